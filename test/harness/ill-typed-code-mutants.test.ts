// A code mutant whose output its return type forbids (the tail expression deleted: `()` for an `Option<u64>`) is
// dropped: no caller sees such a value, and the ensures cannot be asked about it (its `match` has no arm for it).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'option-tail.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'harness', 'code-mutants', NAME), 'utf8');

describe('code mutants with an output of the wrong type', () => {
  it('are not wrong outputs: nothing is left indeterminate for want of a match arm', () => {
    const generated = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 20, invalidCount: 10, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync(
      { path: NAME, text: TEXT, pairsPath: 'option-tail.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const fn = report.functions[0];
    expect(fn?.indeterminate.map((verdict) => verdict.reason)).toEqual([]);
    expect(fn?.wrongOutputs?.bySource.code.decided).toBeGreaterThan(0);
    expect(fn?.scores).toMatchObject({ postCorrectness: 1, postCompleteness: 1 });
  });
});
