// Parameters of compound types (a `Vec` of tuples) beside ones the solver understands: the solver decides what it
// can translate and declines the rest cleanly, so generation and scoring go on with the evaluator's verdicts.

import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import type { FunctionContract } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { checkFile, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction, generateWithSolver } from '../../server/src/harness/generate';
import { createZ3Solver } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

const SOURCE = `
use vstd::prelude::*;

verus! {

/// Random inputs almost never meet \`n * 3 == 999_999\`; only the solver decides the quantified clause.
fn rare_odd(edges: &Vec<(usize, usize)>, n: u32) -> (r: u32)
    requires
        n * 3 == 999_999,
        forall|k: int| 2 * k != n,
    ensures
        forall|k: int| 2 * k != r,
{
    n
}

} // verus!
`;

const MODEL = buildFileModel(parseSourceFile(SOURCE));
const RARE_ODD = MODEL.functions.find((fn) => fn.name === 'rare_odd') as FunctionContract;

function solver() {
  return createZ3Solver({ ...TEST_BUDGET, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
}

describe('a Vec<(usize, usize)> parameter', () => {
  it('is left out of a verdict query whose clause does not read it: the solver decides the ensures', async () => {
    const input = {
      path: 'rare.rs',
      text: SOURCE,
      pairsPath: 'rare.pairs.json',
      pairsText: JSON.stringify({
        version: 1,
        functions: { rare_odd: { pairs: [{ input: { edges: [[1, 2]], n: 333_333 }, output: 333_333 }] } },
      }),
    };
    const report = await checkFile(input, { ...DEFAULT_CHECK_OPTIONS, codeMutants: 0 }, undefined, undefined, solver());
    const fn = report.functions[0];
    expect(fn?.scores.postCorrectness).toBe(1);
    expect(fn?.counts.solverVerdicts).toBeGreaterThan(0);
  });

  it('does not stop generation: the model search declines it and the generator keeps its own results', async () => {
    const alone = generateForFunction(MODEL, RARE_ODD, DEFAULT_GENERATE_OPTIONS);
    expect(alone.pairsOutsideRequires).toBeGreaterThan(0);
    const generated = await generateWithSolver(MODEL, RARE_ODD, DEFAULT_GENERATE_OPTIONS, solver(), new AbortController().signal);
    expect(generated.pairs.map((pair) => pair.json)).toEqual(alone.pairs.map((pair) => pair.json));
  });
});
