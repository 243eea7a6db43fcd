// The model search takes a sequence's length from what the requires allows (`a.len() == 12`), not only 0..8, so a
// requires that fixes a long length and relates its elements to each other (which shape reading leaves out) is
// met by the solver's models.

import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import type { FunctionContract } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import {
  DEFAULT_GENERATE_OPTIONS,
  generateForFunction,
  generateWithSolver,
  requiresVerdict,
  whyNoPairs,
} from '../../server/src/harness/generate';
import { createZ3Solver } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

const SOURCE = `
use vstd::prelude::*;

verus! {

/// Twelve consecutive values: random elements almost never are, and no length 0..8 is twelve.
fn span_of(a: &Vec<u32>) -> (r: u32)
    requires
        a.len() == 12,
        a[0] < 1000,
        forall|i: int| 0 <= i < 11 ==> a[i] + 1 == #[trigger] a[i + 1],
    ensures
        r == 11,
{
    a[11] - a[0]
}

/// No u32 squares to 2: neither the generator nor the solver finds an input.
fn root_of_two(x: u32) -> (r: u32)
    requires
        x * x == 2,
    ensures
        r == x,
{
    x
}

} // verus!
`;

const MODEL = buildFileModel(parseSourceFile(SOURCE));
const SPAN_OF = MODEL.functions.find((fn) => fn.name === 'span_of') as FunctionContract;

function solver() {
  return createZ3Solver({ ...TEST_BUDGET, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
}

describe('a requires that fixes a length beyond 0..8', () => {
  it('gets pairs from models of that length, each inside the requires', async () => {
    const alone = generateForFunction(MODEL, SPAN_OF, DEFAULT_GENERATE_OPTIONS);
    expect(alone.pairs.filter((pair) => pair.requiresHolds === true)).toEqual([]);
    const generated = await generateWithSolver(MODEL, SPAN_OF, DEFAULT_GENERATE_OPTIONS, solver(), new AbortController().signal);
    const inside = generated.pairs.filter((pair) => pair.requiresHolds === true);
    expect(inside.length).toBeGreaterThan(0);
    for (const pair of inside) expect(requiresVerdict(MODEL.scope, SPAN_OF, pair.inputs, 100_000).kind).toBe('holds');
  });
});

describe('a requires neither generation nor the solver meets', () => {
  it('says which clause rejected how many inputs, and that the solver found no model', async () => {
    const fn = MODEL.functions.find((f) => f.name === 'root_of_two') as FunctionContract;
    const generated = await generateWithSolver(MODEL, fn, DEFAULT_GENERATE_OPTIONS, solver(), new AbortController().signal);
    expect(whyNoPairs(MODEL, fn, generated)?.message).toMatch(
      /^no generated input satisfied `requires`: clause 1 \(`x \* x == 2`\) rejected 100% of the \d+ inputs tried; the solver found no model of the `requires` within its budget$/,
    );
  });
});
