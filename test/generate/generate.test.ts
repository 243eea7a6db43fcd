// Pair generation: an oracle over fixture functions with correct contracts, determinism, and the pairs command.

import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { DEFAULT_EXEC_LIMITS, runExecFunction } from '../../server/src/eval/exec';
import {
  DEFAULT_GENERATE_OPTIONS,
  ensuresVerdict,
  generateForFunction,
  generatePairsText,
  requiresVerdict,
} from '../../server/src/harness/generate';
import { runPairsCommand } from '../../server/src/cli/pairs-command';
import { captureIo } from '../../server/src/cli/io';

afterAll(removeTempDirs);

const FIXTURE = path.join(__dirname, '../fixtures/generate/oracle.rs');
const model = buildFileModel(parseSourceFile(readFileSync(FIXTURE, 'utf8')));
const execFns = model.functions.filter((fn) => fn.mode === 'exec' && fn.name !== 'main');

describe('oracle: fixture functions with correct contracts', () => {
  for (const fn of execFns) {
    it(`${fn.qualifiedName}: pairs inside requires satisfy ensures; inputs inside requires never panic`, () => {
      const generated = generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS);
      expect(generated.notRunnable).toBeUndefined();
      expect(generated.pairs.length).toBeGreaterThanOrEqual(10);
      for (const pair of generated.pairs) {
        if (requiresVerdict(model.scope, fn, pair.inputs, 100_000).kind !== 'holds') continue;
        const verdict = ensuresVerdict(model.scope, fn, pair, 100_000);
        expect({ input: pair.json, verdict: verdict.kind }).toEqual({ input: pair.json, verdict: 'holds' });
      }
      for (const invalid of generated.invalid) {
        expect({ input: invalid.json, requires: requiresVerdict(model.scope, fn, invalid.inputs, 100_000).kind }).not.toEqual({
          input: invalid.json,
          requires: 'holds',
        });
      }
    });
  }
  it('finds the invalid inputs the requires rules out', () => {
    const reasons = (name: string): string[] =>
      generateForFunction(
        model,
        execFns.find((f) => f.name === name)!,
        DEFAULT_GENERATE_OPTIONS,
      ).invalid.map((e) => e.reason);
    expect(reasons('abs_of')).toContain('attempt to negate with overflow');
    expect(reasons('max_of')).toContain('index out of bounds: the len is 0 but the index is 0');
    expect(reasons('sum_all')).toContain('attempt to add with overflow');
    expect(reasons('factorial')).toContain('attempt to multiply with overflow');
  });
  it('uses example calls from the file and doc comments first', () => {
    const maxOf = generateForFunction(
      model,
      execFns.find((f) => f.name === 'max_of')!,
      DEFAULT_GENERATE_OPTIONS,
    );
    // `max_of(&v)` in main passes a variable (not a literal), so the doc example `max_of(vec![1, 5, 3])` comes first.
    expect(maxOf.pairs[0]?.json).toEqual({ input: { a: [1, 5, 3] }, output: 5, origin: 'generated' });
    const absOf = generateForFunction(
      model,
      execFns.find((f) => f.name === 'abs_of')!,
      DEFAULT_GENERATE_OPTIONS,
    );
    expect(absOf.pairs[0]?.json).toEqual({ input: { x: -4 }, output: 4, origin: 'generated' });
  });
  it('records after-values of &mut parameters', () => {
    const pushTwice = generateForFunction(
      model,
      execFns.find((f) => f.name === 'push_twice')!,
      DEFAULT_GENERATE_OPTIONS,
    );
    expect(pushTwice.pairs[0]?.json).toEqual({ input: { v: [], x: 3 }, after: { v: [3, 3] }, origin: 'generated' });
  });
});

describe('determinism', () => {
  it('same seed, same text; another seed, other random inputs', () => {
    const options = { count: 20, invalidCount: 10, seed: 7 };
    const first = generatePairsText(model, null, options);
    const second = generatePairsText(model, null, options);
    const other = generatePairsText(model, null, { ...options, seed: 8 });
    expect(first.ok && second.ok && other.ok).toBe(true);
    if (first.ok && second.ok && other.ok) {
      expect(second.text).toBe(first.text);
      expect(other.text).not.toBe(first.text);
      expect(JSON.parse(first.text).version).toBe(1);
    }
  });
  it('the interpreter is deterministic on the same input', () => {
    const fn = execFns.find((f) => f.name === 'binary_search')!;
    const inputs = new Map([
      ['v', { kind: 'seq' as const, elements: [1n, 3n, 5n].map((value) => ({ kind: 'int' as const, value })) }],
      ['k', { kind: 'int' as const, value: 5n }],
    ]);
    expect(runExecFunction(model, fn, inputs, DEFAULT_EXEC_LIMITS)).toEqual(runExecFunction(model, fn, inputs, DEFAULT_EXEC_LIMITS));
  });
});

describe('spec-harness pairs', () => {
  it('writes foo.pairs.json beside foo.rs, keeps hand-written entries, refuses a broken file', async () => {
    const dir = tempDir('pairs-');
    const rs = path.join(dir, 'oracle.rs');
    copyFileSync(FIXTURE, rs);
    const pairsPath = path.join(dir, 'oracle.pairs.json');
    writeFileSync(pairsPath, `{"version": 1, "functions": {"abs_of": {"pairs": [{"input": {"x": -9}, "output": 9}]}}}`);
    const io = captureIo(dir);
    expect(await runPairsCommand(['oracle.rs', '--fn', 'abs_of', '--count', '3', '--seed', '2'], io)).toBe(0);
    expect(io.out()).toContain('abs_of: 3 pairs, 1 invalid input');
    const written = JSON.parse(readFileSync(pairsPath, 'utf8'));
    expect(written.functions.abs_of.pairs[0]).toEqual({ input: { x: -9 }, output: 9 });
    expect(written.functions.abs_of.pairs).toHaveLength(4);
    writeFileSync(pairsPath, '{"version": 1, "functions": {');
    const broken = captureIo(dir);
    expect(await runPairsCommand(['oracle.rs'], broken)).toBe(2);
    expect(broken.err()).toBe(
      'spec-harness pairs: oracle.pairs.json:1:30: JSON syntax error: closing brace expected; fix it before regenerating\n',
    );
    expect(readFileSync(pairsPath, 'utf8')).toBe('{"version": 1, "functions": {');
    const usage = captureIo(dir);
    expect(await runPairsCommand(['oracle.rs', '--count', 'many'], usage)).toBe(2);
  });
  it('reports functions it cannot run and why', async () => {
    const dir = tempDir('pairs-');
    writeFileSync(path.join(dir, 'ext.rs'), 'use vstd::prelude::*;\nverus! {\nfn f(x: u8) -> (r: u8) ensures r == x { mystery(x) }\n}\n');
    const io = captureIo(dir);
    expect(await runPairsCommand(['ext.rs', '--fn', 'f', '--out', 'out.json'], io)).toBe(0);
    expect(io.out()).toContain('f: not runnable: calls mystery (3:41)');
    expect(JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8'))).toEqual({ version: 1, functions: {} });
  });
});
