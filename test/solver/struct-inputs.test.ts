// The solver's model search over a struct parameter: its fields are symbolic (a ghost sequence, a fixed-size array
// at its length, an integer), `old(self).wf()` is inlined at the type's const generic, and the models it finds are
// run as any other input.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import type { FunctionContract } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction, generateWithSolver } from '../../server/src/harness/generate';
import { createZ3Solver } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

const SOURCE = readFileSync(join(__dirname, '..', 'fixtures', 'generate', 'invariants', 'pool.rs'), 'utf8');
const MODEL = buildFileModel(parseSourceFile(SOURCE));
const TAKE = MODEL.functions.find((fn) => fn.qualifiedName === 'Pool::take') as FunctionContract;

describe('a struct parameter whose wf no generated row meets', () => {
  it('gets pairs from the solver’s models', async () => {
    expect(generateForFunction(MODEL, TAKE, DEFAULT_GENERATE_OPTIONS).pairs).toHaveLength(0);
    const solver = createZ3Solver({ ...TEST_BUDGET, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
    const generated = await generateWithSolver(MODEL, TAKE, DEFAULT_GENERATE_OPTIONS, solver, new AbortController().signal);
    expect(generated.pairs.length).toBeGreaterThan(0);
    expect(generated.pairs.every((pair) => pair.requiresHolds === true)).toBe(true);
    expect(generated.solverSearch?.admitted).toBeGreaterThan(0);
  });
});
