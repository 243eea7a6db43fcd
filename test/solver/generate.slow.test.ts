// Pair generation with the solver: inputs inside a `requires` that random sampling almost never satisfies are
// found as models of it, a `requires` only the solver decides is decided, and no pair is ever written on an input
// whose `requires` is undecided.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import type { FunctionContract } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction, generateWithSolver, requiresVerdict } from '../../server/src/harness/generate';
import type { FunctionGeneration } from '../../server/src/harness/generate';
import { createZ3Solver } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';
import type { Value } from '../../server/src/eval';

const MODEL = buildFileModel(parseSourceFile(readFileSync(join(__dirname, '..', 'fixtures', 'solver', 'generate.rs'), 'utf8')));

function fnNamed(name: string): FunctionContract {
  const fn = MODEL.functions.find((f) => f.name === name);
  if (fn === undefined) throw new Error(`no fn ${name}`);
  return fn;
}

async function generate(name: string): Promise<FunctionGeneration> {
  const solver = createZ3Solver({ ...TEST_BUDGET, stepBudget: 100_000, now: () => performance.now() });
  return generateWithSolver(MODEL, fnNamed(name), DEFAULT_GENERATE_OPTIONS, solver, new AbortController().signal);
}

function int(value: Value | undefined): bigint {
  if (value?.kind !== 'int') throw new Error('not an int');
  return value.value;
}

describe('generation with the solver', () => {
  it('finds every input of a linear requires that random inputs miss', async () => {
    expect(generateForFunction(MODEL, fnNamed('weights'), DEFAULT_GENERATE_OPTIONS).pairs).toHaveLength(0);
    const generated = await generate('weights');
    // 3x + 7y = 1000 with x > 100 and y > 50 has exactly 16 solutions (y = 52, 55, ..., 97).
    expect(generated.pairs).toHaveLength(16);
    for (const pair of generated.pairs) {
      const x = int(pair.inputs.get('x'));
      const y = int(pair.inputs.get('y'));
      expect(3n * x + 7n * y).toBe(1000n);
      expect(int(pair.output)).toBe(x + y);
    }
    expect(new Set(generated.pairs.map((p) => JSON.stringify(p.json))).size).toBe(16);
  });

  it('decides a requires over all of int, and writes no pair where it stays undecided', async () => {
    expect(generateForFunction(MODEL, fnNamed('half_down'), DEFAULT_GENERATE_OPTIONS).pairs).toHaveLength(0);
    const generated = await generate('half_down');
    expect(generated.pairs.length).toBe(DEFAULT_GENERATE_OPTIONS.count);
    expect(generated.pairs.every((pair) => int(pair.inputs.get('n')) % 2n === 1n)).toBe(true);
  });

  it('finds strictly increasing sequences that contain a key with key * key == 49', async () => {
    const alone = generateForFunction(MODEL, fnNamed('find_key'), DEFAULT_GENERATE_OPTIONS).pairs.length;
    expect(alone).toBeLessThan(DEFAULT_GENERATE_OPTIONS.count / 4);
    const generated = await generate('find_key');
    expect(generated.pairs.length).toBeGreaterThan(alone);
    for (const pair of generated.pairs) {
      expect(requiresVerdict(MODEL.scope, fnNamed('find_key'), pair.inputs, 100_000).kind).toBe('holds');
    }
  });

  it('gives the same pairs for the same seed', async () => {
    const first = await generate('weights');
    const second = await generate('weights');
    expect(second.pairs.map((p) => p.json)).toEqual(first.pairs.map((p) => p.json));
  });
});
