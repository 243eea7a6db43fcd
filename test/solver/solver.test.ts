// Solver verdicts: what the evaluator leaves indeterminate because a quantifier is unbounded, Z3 decides (holds
// and fails both), marked as the solver's; a query past its resource limit and a construct without a translation stay
// indeterminate, with the reason.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import type { FunctionReport } from '../../server/src/harness';
import { createZ3Solver } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';
import { functionMarkdown } from '../../server/src/lsp/markdown';

const SOURCE = readFileSync(join(__dirname, '..', 'fixtures', 'solver', 'quantified.rs'), 'utf8');

async function check(
  name: string,
  pairs: readonly unknown[],
  solver: 'z3' | 'none',
  rlimit: number = TEST_BUDGET.rlimit,
): Promise<FunctionReport> {
  const input = {
    path: 'quantified.rs',
    text: SOURCE,
    pairsPath: 'quantified.pairs.json',
    pairsText: JSON.stringify({ version: 1, functions: { [name]: { pairs } } }),
  };
  const z3 = createZ3Solver({ ...TEST_BUDGET, rlimit, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
  // Value mutants only: the counts below are those of one pair and its eight mutants.
  const report = await checkFile(
    input,
    { ...DEFAULT_CHECK_OPTIONS, codeMutants: 0, functions: [name] },
    undefined,
    undefined,
    solver === 'z3' ? z3 : undefined,
  );
  expect(report.functions).toHaveLength(1);
  return report.functions[0] as FunctionReport;
}

describe('the z3 solver', () => {
  it('decides an ensures over all of int: the correct pair holds, an even mutant fails', async () => {
    const fn = await check('make_odd', [{ input: { n: 3 }, output: 7 }], 'z3');
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.counts.indeterminate).toBe(0);
    expect(fn.counts.solverVerdicts).toBe(9);
    // Odd wrong outputs satisfy `forall|k| 2 * k != r`; even ones are refuted by k = r / 2.
    const accepted = fn.acceptedMutants.map((m) => m.mutant);
    expect(accepted.every((m) => typeof m === 'number' && m % 2 === 1)).toBe(true);
    expect(fn.acceptedMutants.every((m) => m.decidedBy === 'solver')).toBe(true);
    expect(fn.scores.postCompleteness).toBe(0.5);
    // The hover marks them too.
    expect(functionMarkdown(fn)).toContain('9 solver verdicts');
    expect(functionMarkdown(fn)).toContain('int=MAX (solver)');
  });

  it('leaves the same obligations indeterminate without it', async () => {
    const fn = await check('make_odd', [{ input: { n: 3 }, output: 7 }], 'none');
    expect(fn.scores.postCorrectness).toBeNull();
    expect(fn.counts.indeterminate).toBe(9);
    expect(fn.counts.solverVerdicts).toBeUndefined();
    expect(fn.indeterminate[0]?.reason).toBe('unbounded quantifier over int');
  });

  it('translates a spec fn whose body has an unbounded exists', async () => {
    const fn = await check('triple', [{ input: { n: 4 }, output: 12 }], 'z3');
    expect(fn.scores).toMatchObject({ postCorrectness: 1, postCompleteness: 1 });
    expect(fn.counts.indeterminate).toBe(0);
  });

  it('translates a tuple result by its parts', async () => {
    const fn = await check('odd_sum_split', [{ input: { n: 3 }, output: [3, 4] }], 'z3');
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.counts.solverVerdicts).toBeGreaterThan(0);
  });

  it('reports a query past its resource limit as "solver: resource limit"', async () => {
    const fn = await check('cube_sum', [{ input: { x: 4 }, output: 0 }], 'z3', 20_000);
    expect(fn.scores.postCorrectness).toBeNull();
    expect(fn.indeterminate.map((v) => v.reason)).toContain('solver: resource limit');
  });

  it("keeps the evaluator's reason where a construct has no translation (sets)", async () => {
    const fn = await check('not_member', [{ input: { x: 4 }, output: true }], 'z3');
    expect(fn.counts.solverVerdicts).toBeUndefined();
    expect(fn.indeterminate[0]?.reason).toBe('unbounded quantifier over int');
  });
});
