// Where the ensures follows a recursive spec fn down from its argument, the generator's full-range random inputs
// are beyond any step budget: pairs on them measure nothing. Generation tells them apart (on a small budget once
// full checks keep running out) and tries inputs with every integer small, so the pairs `check` decides fill the
// quota.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync, generatePairsText } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'recursive-spec.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'generate', NAME), 'utf8');

describe('a recursive spec fn in the ensures', () => {
  it('gets pairs the check decides, from small inputs, beside few it cannot', () => {
    const generated = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 20, invalidCount: 2, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync(
      { path: NAME, text: TEXT, pairsPath: 'recursive-spec.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const fn = report.functions.find((candidate) => candidate.qualifiedName === 'fib_below');

    expect(fn?.counts.pairs).toBe(20);
    // The body times out from about n = 19 and `fib` is beyond the budget at a random n: without the small inputs
    // tried last, half of the pairs would be undecided.
    expect(fn?.counts.indeterminatePairs).toBeLessThanOrEqual(6);
    expect(fn?.scores.postCorrectness).toBe(1);
  });
});
