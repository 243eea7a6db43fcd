// The one policy and the held-out split as specifications: Harness@t never exceeds Post-Harness@t (a property over
// arbitrary scores and counts), and the split is a fixed function of the input as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHeldOut, meetsHarness, meetsPostHarness, scoreStanding, summarize } from '../../server/src/harness';
import type { Counts, FileReport, FunctionReport, Scores } from '../../server/src/harness';

const arbitraryScore = fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null });
const arbitraryCount = fc.nat({ max: 50 });
const arbitraryFunction = fc.record({
  scores: fc.record<Scores>({
    postCorrectness: arbitraryScore,
    postCompleteness: arbitraryScore,
    preCorrectness: arbitraryScore,
    preCompleteness: arbitraryScore,
  }),
  counts: fc.record<Counts>({
    pairs: arbitraryCount,
    mutants: arbitraryCount,
    validInputs: arbitraryCount,
    invalidInputs: arbitraryCount,
    indeterminate: arbitraryCount,
    indeterminatePairs: arbitraryCount,
  }),
});
const THRESHOLD_VALUES = [0.25, 0.5, 0.75, 1];

function asReport(fn: { scores: Scores; counts: Counts }, index: number): FunctionReport {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return {
    qualifiedName: `f${index}`,
    range,
    nameRange: range,
    status: 'scored',
    reason: null,
    ...fn,
    rejectedPairs: [],
    acceptedMutants: [],
    rejectedValidInputs: [],
    admittedInvalidInputs: [],
    indeterminate: [],
    unsupported: [],
    warnings: [],
    requiresRange: null,
    ensuresRange: null,
  };
}

describe('the policy', () => {
  it('never lets Harness@t exceed Post-Harness@t, per function and in the summary', () => {
    fc.assert(
      fc.property(fc.array(arbitraryFunction, { minLength: 1, maxLength: 8 }), (functions) => {
        const reports = functions.map(asReport);
        for (const fn of reports) for (const t of THRESHOLD_VALUES) if (meetsHarness(fn, t)) expect(meetsPostHarness(fn, t)).toBe(true);
        const file: FileReport = { path: 'f.rs', pairsFile: null, diagnostics: [], functions: reports };
        const summary = summarize([file], 0.75);
        for (const key of ['0.25', '0.5', '0.75', '1'] as const)
          expect(summary.harnessAt[key] ?? 0).toBeLessThanOrEqual(summary.postHarnessAt[key] ?? 0);
      }),
    );
  });

  it('tells an undecided N/A from one with nothing to measure', () => {
    expect(scoreStanding(null, 12, 0.75)).toEqual({ kind: 'undecided', items: 12 });
    expect(scoreStanding(null, 0, 0.75)).toEqual({ kind: 'nothing-to-measure' });
    expect(scoreStanding(0.75, 4, 0.75)).toEqual({ kind: 'meets', value: 0.75 });
    expect(scoreStanding(0.74, 4, 0.75)).toEqual({ kind: 'below', value: 0.74 });
  });
});

describe('the held-out split', () => {
  it('is a fixed function of the input: the same inputs are held out on every run and machine', () => {
    const inputs = [0, 1, 2, 3, 5, 7, 10, 13, 42, 64, 77, 100, 250, 500, 999, 1000];
    expect(inputs.filter((x) => isHeldOut({ x }, 4))).toEqual([3, 7, 10, 999, 1000]);
    expect(isHeldOut({ a: [1, 5, 3] }, 4)).toBe(false);
    expect(isHeldOut({ s: 'héllo', n: '18446744073709551615' }, 4)).toBe(false);
    expect(isHeldOut({ s: 'abc', v: [[1, 2], [3]] }, 4)).toBe(true);
  });

  it('ignores the order of parameters as written', () => {
    fc.assert(fc.property(fc.integer(), fc.string(), (a, b) => isHeldOut({ a, b }, 4) === isHeldOut({ b, a }, 4)));
  });

  it('holds out about one input in four', () => {
    const heldOut = Array.from({ length: 4000 }, (_, x) => isHeldOut({ x }, 4)).filter(Boolean).length;
    expect(heldOut).toBeGreaterThan(900);
    expect(heldOut).toBeLessThan(1100);
  });
});
