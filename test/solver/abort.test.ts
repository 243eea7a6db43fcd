// A WASM instance that aborts (its 2 GiB heap exhausted, reported by the pthread running the check) costs the query
// it happened in, answered `out of memory`, and nothing else: the next query runs on a fresh instance.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import { clearQueryCache, createZ3Solver, runQuery, simulateZ3AbortForTests, z3HeapStats } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

const LIMITS = { rlimit: TEST_BUDGET.rlimit, timeLimitMs: TEST_BUDGET.timeLimitMs };
const EASY = '(declare-const r Int) (assert (= r 14)) (assert (exists ((k Int)) (= (* 2 k) r)))';

describe('an aborted Z3 instance', () => {
  it('answers the query it aborted in "out of memory", uncached, and the next query runs on a fresh instance', async () => {
    clearQueryCache();
    const { restarts } = await z3HeapStats();
    simulateZ3AbortForTests();
    expect((await runQuery(EASY, LIMITS)).answer).toBe('out of memory');
    expect((await runQuery(EASY, LIMITS)).answer).toBe('sat');
    expect((await z3HeapStats()).restarts).toBe(restarts + 1);
  });

  it('leaves the obligation it happened in indeterminate with the reason "solver: out of memory"', async () => {
    clearQueryCache();
    const input = {
      path: 'quantified.rs',
      text: readFileSync(join(__dirname, '..', 'fixtures', 'solver', 'quantified.rs'), 'utf8'),
      pairsPath: 'quantified.pairs.json',
      pairsText: JSON.stringify({ version: 1, functions: { make_odd: { pairs: [{ input: { n: 3 }, output: 7 }] } } }),
    };
    const solver = createZ3Solver({ ...TEST_BUDGET, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
    await z3HeapStats();
    simulateZ3AbortForTests();
    const report = await checkFile(
      input,
      { ...DEFAULT_CHECK_OPTIONS, codeMutants: 0, functions: ['make_odd'] },
      undefined,
      undefined,
      solver,
    );
    const fn = report.functions[0];
    // The first query was lost; the other eight obligations were decided on the fresh instance.
    expect(fn?.indeterminate.map((v) => v.reason)).toEqual(['solver: out of memory']);
    expect(fn?.counts.solverVerdicts).toBe(8);
  });
});
