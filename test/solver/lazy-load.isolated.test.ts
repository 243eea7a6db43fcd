// The solver costs nothing where nothing is left to it: z3-solver is not even loaded (an *.isolated.test.ts file:
// no other test file shares its module state).

import { expect, it } from 'vitest';
import { checkFile, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import { createZ3Solver, z3Loaded } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

it('is never loaded when no verdict is indeterminate for an unbounded quantifier', async () => {
  const text = `use vstd::prelude::*;\nverus! {\nfn inc(x: u8) -> (r: u8)\n    requires x < 255,\n    ensures r == x + 1, forall|i: int| 0 <= i < 3 ==> i < r + 3,\n{ x + 1 }\n}\n`;
  const pairsText = JSON.stringify({ version: 1, functions: { inc: { pairs: [{ input: { x: 1 }, output: 2 }] } } });
  const solver = createZ3Solver({ ...TEST_BUDGET, stepBudget: 100_000, now: () => performance.now() });
  const report = await checkFile(
    { path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText },
    DEFAULT_CHECK_OPTIONS,
    undefined,
    undefined,
    solver,
  );
  expect(report.functions[0]?.scores.postCorrectness).toBe(1);
  expect(solver.stats.queries).toBe(0);
  expect(z3Loaded()).toBe(false);
});
