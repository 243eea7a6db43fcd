// An `assume(c)` inside a `proof { }` block limits what Verus verified exactly as an exec `assume` does: runs where c
// is false are no inputs of the fn (neither pairs nor invalid inputs), and `admit()` leaves nothing verified after it.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync, generatePairsText } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'proof-assume.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'generate', NAME), 'utf8');
const GENERATED = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 12, invalidCount: 2, seed: 3 });

describe('an assume inside a proof block', () => {
  it('keeps only runs where it holds, so every pair is one the verified ensures accepts', () => {
    if (!GENERATED.ok) throw new Error(GENERATED.error);
    const report = checkFileSync(
      { path: NAME, text: TEXT, pairsPath: 'proof-assume.pairs.json', pairsText: GENERATED.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const paddr = report.functions.find((fn) => fn.qualifiedName === 'PageTableEntry::paddr');
    expect(paddr?.counts.pairs).toBeGreaterThan(0);
    expect(paddr?.rejectedPairs).toEqual([]);
    expect(paddr?.scores.postCorrectness).toBe(1);
  });

  it("an unproved lemma's ensures is an assumption too: runs where it is false give no pair", () => {
    if (!GENERATED.ok) throw new Error(GENERATED.error);
    const report = checkFileSync(
      { path: NAME, text: TEXT, pairsPath: 'proof-assume.pairs.json', pairsText: GENERATED.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const same = report.functions.find((fn) => fn.qualifiedName === 'is_small');
    expect(same?.counts.pairs).toBeGreaterThan(0);
    expect(same?.rejectedPairs).toEqual([]);
  });

  it('admit() leaves no verified run, and the reason says so', () => {
    const admitted = GENERATED.summaries.find((summary) => summary.qualifiedName === 'next_admitted');
    expect(admitted?.pairs).toBe(0);
    expect(admitted?.noPairs?.message).toMatch(/^the body reached `admit\(\)` on every input `requires` admitted/);
  });
});
