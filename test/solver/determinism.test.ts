// Solver answers do not depend on the machine's load or on what was asked before: each query is bounded by Z3's
// resource limit (a count of Z3's own work, not time) and runs in a fresh context, so asking the same query again
// gives the same answer with the same resources used, and checking the same file twice gives the same report.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import type { FileReport } from '../../server/src/harness';
import { clearQueryCache, createZ3Solver, runQuery } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

const LIMITS = { rlimit: TEST_BUDGET.rlimit, timeLimitMs: TEST_BUDGET.timeLimitMs };

/** `r == 6` and no cube is the sum of two positive cubes plus 6: far beyond a small resource limit. */
const HARD =
  '(declare-const r Int) (assert (= r 6)) (assert (not (forall ((a Int) (b Int) (c Int)) (=> (and (> a 0) (> b 0) (> c 0)) (not (= (+ (* a a a) (* b b b)) (+ (* c c c) r)))))))';
/** Some k with 2k = r for r = 14: k = 7. */
const EASY = '(declare-const r Int) (assert (= r 14)) (assert (exists ((k Int)) (= (* 2 k) r)))';

describe('a solver query', () => {
  it('asked again after other queries gives the same answer and uses the same resources', async () => {
    const easy = await runQuery(EASY, LIMITS);
    const hard = await runQuery(HARD, { ...LIMITS, rlimit: 50_000 });
    clearQueryCache();
    const hardAgain = await runQuery(HARD, { ...LIMITS, rlimit: 50_000 });
    clearQueryCache();
    const easyAgain = await runQuery(EASY, LIMITS);
    expect(easy.answer).toBe('sat');
    expect(easyAgain).toEqual(easy);
    expect(hard.answer).toBe('resource limit');
    expect(hardAgain).toEqual(hard);
  });

  it('with model values asked for gives the same model again', async () => {
    const constants = [
      { name: 'x', sort: 'Int' as const },
      { name: 'y', sort: 'Int' as const },
    ];
    const script = '(declare-const x Int) (declare-const y Int) (assert (and (> x 3) (< (* x y) 100) (> y 7)))';
    const first = await runQuery(script, LIMITS, constants);
    clearQueryCache();
    const second = await runQuery(script, LIMITS, constants);
    expect(first.answer).toBe('sat');
    expect(second.values).toEqual(first.values);
  });
});

describe('checking a file with the solver', () => {
  it('twice, from a cold cache, gives the same verdicts, resource-limited ones included', async () => {
    const text = readFileSync(join(__dirname, '..', 'fixtures', 'solver', 'quantified.rs'), 'utf8');
    const pairs = { make_odd: { pairs: [{ input: { n: 3 }, output: 7 }] }, cube_sum: { pairs: [{ input: { x: 4 }, output: 0 }] } };
    const input = {
      path: 'quantified.rs',
      text,
      pairsPath: 'quantified.pairs.json',
      pairsText: JSON.stringify({ version: 1, functions: pairs }),
    };
    const run = async (): Promise<FileReport> => {
      clearQueryCache();
      const solver = createZ3Solver({ ...TEST_BUDGET, rlimit: 50_000, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => 0 });
      return checkFile(
        input,
        { ...DEFAULT_CHECK_OPTIONS, codeMutants: 0, functions: ['make_odd', 'cube_sum'] },
        undefined,
        undefined,
        solver,
      );
    };
    const first = await run();
    const second = await run();
    const verdicts = (report: FileReport) =>
      report.functions.map((fn) => ({ name: fn.qualifiedName, scores: fn.scores, indeterminate: fn.indeterminate.map((v) => v.reason) }));
    expect(verdicts(first).find((fn) => fn.name === 'cube_sum')?.indeterminate).toContain('solver: resource limit');
    expect(verdicts(second)).toEqual(verdicts(first));
  });
});
