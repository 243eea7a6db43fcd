// `spec-harness check`, in process: the examples' scores as a golden, the JSON shape the issue fixes, exit codes,
// and determinism (same text, same pairs, same seed: byte-identical output).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'harness');
const GOLDEN = join(FIXTURES, 'examples.check.json');

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(ROOT);
  const code = await runCli(['check', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('check examples --json', () => {
  it('matches the golden report (UPDATE_GOLDEN=1 rewrites it)', async () => {
    const { code, out, err } = await run('examples', '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(GOLDEN)) writeFileSync(GOLDEN, out);
    expect(out).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('has the shape the issue fixes', async () => {
    const report = JSON.parse((await run('examples/strong.rs', 'examples/change_case.rs', '--json')).out) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(['files', 'summary']);
    const files = report['files'] as Record<string, unknown>[];
    expect(files.map((file) => file['path'])).toEqual(['examples/change_case.rs', 'examples/strong.rs']);
    const file = files[0] as Record<string, unknown>;
    expect(file).toMatchObject({ pairsFile: 'examples/change_case.pairs.json', diagnostics: expect.any(Array) });
    const fn = (file['functions'] as Record<string, unknown>[])[0] as Record<string, unknown>;
    for (const key of ['qualifiedName', 'range', 'status', 'reason', 'scores', 'counts', 'rejectedPairs', 'acceptedMutants', 'rejectedValidInputs', 'admittedInvalidInputs', 'warnings']) {
      expect(fn).toHaveProperty(key);
    }
    expect(Object.keys(fn['scores'] as object)).toEqual(['postCorrectness', 'postCompleteness', 'preCorrectness', 'preCompleteness']);
    expect(Object.keys(fn['counts'] as object)).toEqual(['pairs', 'mutants', 'validInputs', 'invalidInputs', 'indeterminate', 'indeterminatePairs']);
    expect((fn['acceptedMutants'] as object[])[0]).toMatchObject({ input: { c: 'a' }, output: 'A', mutant: 'B', source: 'code', operator: 'replacing the constant `32` with `31`' });
    expect(fn['acceptedMutants']).toContainEqual(expect.objectContaining({ input: { c: 'z' }, mutant: 'Y', source: 'value', operator: 'char-1' }));
    expect(Object.keys((fn['wrongOutputs'] as Record<string, object>)['bySource'] as object)).toEqual(['value', 'swapped', 'code']);
    expect((fn['rejectedValidInputs'] as object[])[0]).toMatchObject({ input: { c: ' ' }, clause: { index: 0, text: "c != ' '" } });
    const summary = report['summary'] as Record<string, unknown>;
    expect(summary).toMatchObject({ functions: 3, scored: 3 });
    // Integer-like keys ("1") come first in any JS object; the set of keys is what the shape fixes.
    expect(Object.keys(summary['postHarnessAt'] as object).sort()).toEqual(['0.25', '0.5', '0.75', '1']);
    expect(Object.keys(summary['harnessAt'] as object).sort()).toEqual(['0.25', '0.5', '0.75', '1']);
  });

  it('is deterministic: two runs print the same bytes', async () => {
    const first = await run('examples', '--json', '--seed', '7');
    const second = await run('examples', '--json', '--seed', '7');
    expect(second.out).toBe(first.out);
    const otherSeed = await run('examples', '--json', '--seed', '8');
    expect(JSON.parse(otherSeed.out).summary.scored).toBe(JSON.parse(first.out).summary.scored);
  });
});

describe('check text output', () => {
  it('prints a table per file, the evidence, and the summary', async () => {
    const { code, out } = await run('examples/change_case.rs', 'examples/vacuous.rs');
    expect(code).toBe(0);
    expect(out).toContain('change_case      1.00      0.19     0.70      N/A');
    expect(out).toContain("accepts 42 of 52 wrong outputs, e.g.\n      change_case('a') = 'B'  (replacing the constant `32` with `31`)\n");
    expect(out).toContain("requires rejects the valid input change_case(' ') by clause 1 `c != ' '`");
    expect(out).toContain('warning: vacuous postcondition');
    // change_case has PostComp 0.19 and count_positive 0: neither meets even t = 0.25.
    expect(out).toMatch(/Post-Harness@t\s+0\.00\s+0\.00\s+0\.00\s+0\.00/);
    expect(out).toContain('Summary: 2 functions with a contract, 2 scored');
  });
});

describe('exit codes', () => {
  it('is 1 when --gate is given and a scored function is below it, 0 when all meet it', async () => {
    expect((await run('examples/vacuous.rs', '--gate', 'post=0.75')).code).toBe(1);
    expect((await run('examples/strong.rs', '--gate', 'post=1,pre=1')).code).toBe(0);
    expect((await run('examples/houdini.rs', '--gate', 'post=0.75')).code).toBe(0);
    const houdini = await run('examples/houdini.rs', '--gate', 'post=0.75,pre=0.5');
    expect(houdini.code).toBe(1);
    expect(houdini.err).toContain('clamp (PreCorr 0.00 < 0.5)');
  });

  it('is 2 on usage errors', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('examples', '--threshold', '2')).code).toBe(2);
    expect((await run('examples', '--gate', 'post')).code).toBe(2);
    expect((await run('examples', '--mutants', '-1')).code).toBe(2);
    expect((await run('examples', '--backend', 'z3')).code).toBe(2);
    expect((await run('examples', '--no-such-flag')).code).toBe(2);
    const pairs = await run('examples', '--pairs', 'examples/strong.pairs.json');
    expect(pairs.code).toBe(2);
    expect(pairs.err).toContain('--pairs needs exactly one source file');
  });

  it('is 2 on I/O errors: a missing source or --pairs file', async () => {
    expect((await run('examples/missing.rs')).code).toBe(2);
    const missingPairs = await run('examples/strong.rs', '--pairs', 'examples/missing.pairs.json');
    expect(missingPairs.code).toBe(2);
    expect(missingPairs.err).toContain("cannot read 'examples/missing.pairs.json'");
  });

  it('is 2 with a clear message when the verus backend cannot run', async () => {
    const result = await run('examples/strong.rs', '--backend', 'verus', '--verus-path', join(FIXTURES, 'no-such-verus'));
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/verus/);
  });

  it('reads a pairs file given with --pairs and reports its errors with file positions', async () => {
    const result = await run(join('test', 'fixtures', 'harness', 'pairs-errors.rs'), '--pairs', 'test/fixtures/harness/pairs-errors.pairs.json');
    expect(result.code).toBe(0);
    expect(result.out).toContain('test/fixtures/harness/pairs-errors.pairs.json:8:32: error: `max_of` has no parameter `b`; expected `a`');
  });
});
