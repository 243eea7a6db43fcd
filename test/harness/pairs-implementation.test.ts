// Hand-written pairs checked against the implementation: a pair whose output differs from what the (runnable)
// implementation returns for its input is flagged on its entry; generated pairs are not re-run.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';

const FIXTURES = join(__dirname, '..', 'fixtures', 'pairs');

function pairsWarnings(source: string, pairsText: string): string[] {
  const report = checkFileSync({ path: 'my_max.rs', text: source, pairsPath: 'my_max.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
  return report.diagnostics
    .filter((d) => d.file === 'pairs')
    .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.message}`);
}

describe('hand-written pairs against the implementation', () => {
  const source = readFileSync(join(FIXTURES, 'my_max.rs'), 'utf8');
  const pairsText = readFileSync(join(FIXTURES, 'my_max.pairs.json'), 'utf8');

  it('flags a hand-written pair whose output the implementation contradicts, on its entry', () => {
    expect(pairsWarnings(source, pairsText)).toEqual(['6:9 warning `my_max(5, 2)` returns 5; this pair says 4']);
  });

  it('says nothing when the function cannot be run', () => {
    const external = source.replace('if a >= b { a } else { b }', 'mystery(a, b)');
    expect(pairsWarnings(external, pairsText)).toEqual([]);
  });
});
