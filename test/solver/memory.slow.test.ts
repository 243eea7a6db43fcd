// Z3's WASM heap is a fixed 2 GiB for the whole process: every query must give back what it took, or a long run
// (the CLI over a corpus, an editor session) ends in an out-of-memory abort. Thousands of queries, model searches
// included, leave the heap where a few hundred left it, give or take the allocator's steps: Z3's allocator takes
// memory in chunks of tens of MB at moments of its own choosing (seen: +40 MB once between queries 250 and 500,
// then flat to 4,000), so the bound is a per-query average far below what one kept context or model costs.

import { describe, expect, it } from 'vitest';
import { clearQueryCache, runQuery, z3HeapStats } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

const LIMITS = { rlimit: TEST_BUDGET.rlimit, timeLimitMs: TEST_BUDGET.timeLimitMs };
const MB = 1024 * 1024;

/** A different script each time (no answer comes from the cache): a sequence, a quantifier and a model asked for;
 *  every fifth is unsatisfiable. */
function query(i: number): string {
  const bound = i % 5 === 0 ? `(< x ${-i})` : `(> x ${i})`;
  return `(declare-const s (Seq Int)) (declare-const x Int) (assert (= (seq.len s) 3)) (assert (forall ((k Int)) (=> (and (<= 0 k) (< k 3)) (> (seq.nth s k) x)))) (assert (> x 0)) (assert ${bound})`;
}

describe('the Z3 heap over a long run', () => {
  it('stays flat: 1,800 queries after the first 200 add under 36 KB each on average (64 MB in all), with no restart', async () => {
    clearQueryCache();
    const before = await z3HeapStats();
    const ask = async (from: number, to: number) => {
      for (let i = from; i < to; i += 1) {
        const outcome = await runQuery(query(i), LIMITS, [{ name: 'x', sort: 'Int' }]);
        expect(outcome.answer).toBe(i % 5 === 0 ? 'unsat' : 'sat');
      }
    };
    await ask(0, 200);
    const early = await z3HeapStats();
    await ask(200, 2_000);
    const late = await z3HeapStats();
    expect(late.heapBytes - early.heapBytes).toBeLessThanOrEqual(64 * MB);
    expect(late.restarts).toBe(before.restarts);
    clearQueryCache();
  }, 600_000);
});
