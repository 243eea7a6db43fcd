// `spec-harness check`, in process: the examples' scores and accepted wrong outputs (an inline snapshot of what
// matters, not the whole report), the JSON shape the issue fixes, exit codes,
// and determinism (same text, same pairs, same seed: byte-identical output).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'harness');

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(ROOT);
  const code = await runCli(['check', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('check examples --json', () => {
  it('scores the examples: per function scores and the wrong outputs each ensures accepts', async () => {
    const { code, out, err } = await run('examples', '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(scoreSummary(JSON.parse(out) as CheckJson)).toMatchInlineSnapshot(`
      [
        "examples/argmax.rs argmax: scored, post 1.00/1.00, pre 1.00/-",
        "examples/change_case.rs change_case: scored, post 1.00/0.19, pre 0.70/-",
        "  accepts {"c":"a"} -> "B" (code)",
        "  accepts {"c":"a"} -> "M" (swapped)",
        "  accepts {"c":"a"} -> "Z" (swapped)",
        "  accepts {"c":"m"} -> "L" (code)",
        "  accepts {"c":"m"} -> "N" (code)",
        "  accepts {"c":"m"} -> "Z" (swapped)",
        "  accepts {"c":"z"} -> "Y" (value)",
        "  accepts {"c":"A"} -> "!" (code)",
        "  accepts {"c":"A"} -> "A" (code)",
        "  accepts {"c":"A"} -> "b" (code)",
        "  accepts {"c":"A"} -> "\`" (code)",
        "  accepts {"c":"A"} -> "q" (swapped)",
        "  accepts {"c":"A"} -> "0" (swapped)",
        "  accepts {"c":"Q"} -> "1" (code)",
        "  accepts {"c":"Q"} -> "Q" (code)",
        "  accepts {"c":"Q"} -> "r" (code)",
        "  accepts {"c":"Q"} -> "p" (code)",
        "  accepts {"c":"Q"} -> "0" (swapped)",
        "  accepts {"c":"Q"} -> "7" (swapped)",
        "  accepts {"c":"0"} -> "P" (code)",
        "  accepts {"c":"0"} -> "7" (swapped)",
        "  accepts {"c":"0"} -> "_" (swapped)",
        "  accepts {"c":"0"} -> "1" (value)",
        "  accepts {"c":"0"} -> "/" (value)",
        "  accepts {"c":"7"} -> "W" (code)",
        "  accepts {"c":"7"} -> "_" (swapped)",
        "  accepts {"c":"7"} -> "!" (swapped)",
        "  accepts {"c":"7"} -> "8" (value)",
        "  accepts {"c":"7"} -> "6" (value)",
        "  accepts {"c":" "} -> " " (code)",
        "  accepts {"c":" "} -> "!" (swapped)",
        "  accepts {"c":" "} -> "é" (swapped)",
        "  accepts {"c":" "} -> "\`" (value)",
        "  accepts {"c":" "} -> "^" (value)",
        "  accepts {"c":"!"} -> "é" (swapped)",
        "  accepts {"c":"!"} -> "A" (swapped)",
        "  accepts {"c":"!"} -> "\\"" (value)",
        "  accepts {"c":"!"} -> " " (value)",
        "  accepts {"c":"é"} -> "A" (swapped)",
        "  accepts {"c":"é"} -> "M" (swapped)",
        "  accepts {"c":"é"} -> "ê" (value)",
        "  accepts {"c":"é"} -> "è" (value)",
        "examples/houdini.rs clamp: scored, post 1.00/1.00, pre 0.00/1.00",
        "examples/push_twice.rs Solution::push_twice: scored, post 1.00/1.00, pre 1.00/-",
        "examples/push_twice.rs Solution::push_twice_loose: scored, post 1.00/0.91, pre 1.00/-",
        "  accepts {"v":[],"x":7} -> null (value)",
        "  accepts {"v":[],"x":7} -> null (value)",
        "  accepts {"v":[1],"x":7} -> null (value)",
        "examples/recursive.rs sum_vec: scored, post 1.00/1.00, pre 1.00/1.00",
        "examples/recursive.rs fib_iter: scored, post 1.00/1.00, pre 1.00/1.00",
        "examples/strings.rs is_palindrome: scored, post 1.00/1.00, pre 1.00/-",
        "examples/strings.rs count_char: scored, post 1.00/0.64, pre 1.00/-",
        "  accepts {"s":"banana","c":"a"} -> 4 (code)",
        "  accepts {"s":"banana","c":"a"} -> 0 (code)",
        "  accepts {"s":"banana","c":"a"} -> 6 (code)",
        "  accepts {"s":"banana","c":"a"} -> 1 (code)",
        "  accepts {"s":"banana","c":"a"} -> 2 (value)",
        "  accepts {"s":"banana","c":"a"} -> 5 (value)",
        "  accepts {"s":"banana","c":"z"} -> 1 (code)",
        "  accepts {"s":"banana","c":"z"} -> 6 (code)",
        "  accepts {"s":"banana","c":"z"} -> 4 (swapped)",
        "  accepts {"s":"banana","c":"z"} -> 3 (swapped)",
        "  accepts {"s":"banana","c":"z"} -> 5 (value)",
        "  accepts {"s":"banana","c":"z"} -> 2 (value)",
        "  accepts {"s":"aaaa","c":"a"} -> 3 (code)",
        "  accepts {"s":"aaaa","c":"a"} -> 0 (code)",
        "  accepts {"s":"aaaa","c":"a"} -> 2 (code)",
        "  accepts {"s":"aaaa","c":"a"} -> 1 (value)",
        "examples/strong.rs max_of: scored, post 1.00/1.00, pre 1.00/1.00",
        "examples/strong.rs abs: scored, post 1.00/1.00, pre 1.00/1.00",
        "examples/vacuous.rs count_positive: scored, post 1.00/0.00, pre 1.00/-",
        "  accepts {"v":[]} -> 1 (code)",
        "  accepts {"v":[]} -> 2 (swapped)",
        "  accepts {"v":[]} -> 3 (swapped)",
        "  accepts {"v":[]} -> "18446744073709551615" (value)",
        "  accepts {"v":[]} -> 4 (value)",
        "  accepts {"v":[]} -> 5 (value)",
        "  accepts {"v":[]} -> 6 (value)",
        "  accepts {"v":[]} -> 7 (value)",
        "  accepts {"v":[]} -> 8 (value)",
        "  accepts {"v":[]} -> 9 (value)",
        "  accepts {"v":[]} -> 10 (value)",
        "  accepts {"v":[1,-2,3]} -> 3 (code)",
        "  accepts {"v":[1,-2,3]} -> 1 (code)",
        "  accepts {"v":[1,-2,3]} -> 0 (code)",
        "  accepts {"v":[1,-2,3]} -> 4 (code)",
        "  accepts {"v":[1,-2,3]} -> "18446744073709551615" (value)",
        "  accepts {"v":[1,-2,3]} -> 5 (value)",
        "  accepts {"v":[1,-2,3]} -> 6 (value)",
        "  accepts {"v":[1,-2,3]} -> 7 (value)",
        "  accepts {"v":[1,-2,3]} -> 8 (value)",
        "  accepts {"v":[1,-2,3]} -> 9 (value)",
        "  accepts {"v":[1,-2,3]} -> 10 (value)",
        "  accepts {"v":[1,-2,3]} -> 11 (value)",
        "  accepts {"v":[-1,-1]} -> 2 (code)",
        "  accepts {"v":[-1,-1]} -> 3 (swapped)",
        "  accepts {"v":[-1,-1]} -> 1 (value)",
        "  accepts {"v":[-1,-1]} -> "18446744073709551615" (value)",
        "  accepts {"v":[-1,-1]} -> 4 (value)",
        "  accepts {"v":[-1,-1]} -> 5 (value)",
        "  accepts {"v":[-1,-1]} -> 6 (value)",
        "  accepts {"v":[-1,-1]} -> 7 (value)",
        "  accepts {"v":[-1,-1]} -> 8 (value)",
        "  accepts {"v":[-1,-1]} -> 9 (value)",
        "  accepts {"v":[5,6,7,0]} -> 2 (code)",
        "  accepts {"v":[5,6,7,0]} -> 0 (code)",
        "  accepts {"v":[5,6,7,0]} -> 4 (code)",
        "  accepts {"v":[5,6,7,0]} -> 6 (code)",
        "  accepts {"v":[5,6,7,0]} -> "18446744073709551615" (value)",
        "  accepts {"v":[5,6,7,0]} -> 5 (value)",
        "  accepts {"v":[5,6,7,0]} -> 7 (value)",
        "  accepts {"v":[5,6,7,0]} -> 1 (value)",
        "  accepts {"v":[5,6,7,0]} -> 8 (value)",
        "  accepts {"v":[5,6,7,0]} -> 9 (value)",
        "  accepts {"v":[5,6,7,0]} -> 10 (value)",
        "  accepts {"v":[5,6,7,0]} -> 11 (value)",
        "12 functions, 4 below the threshold, Harness@0.75 0.67",
      ]
    `);
  });

  it('has the shape the issue fixes', async () => {
    const report = JSON.parse((await run('examples/strong.rs', 'examples/change_case.rs', '--json')).out) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(['files', 'summary']);
    const files = report['files'] as Record<string, unknown>[];
    expect(files.map((file) => file['path'])).toEqual(['examples/change_case.rs', 'examples/strong.rs']);
    const file = files[0] as Record<string, unknown>;
    expect(file).toMatchObject({ pairsFile: 'examples/change_case.pairs.json', diagnostics: expect.any(Array) });
    const fn = (file['functions'] as Record<string, unknown>[])[0] as Record<string, unknown>;
    for (const key of [
      'qualifiedName',
      'range',
      'status',
      'reason',
      'scores',
      'counts',
      'rejectedPairs',
      'acceptedMutants',
      'rejectedValidInputs',
      'admittedInvalidInputs',
      'warnings',
    ]) {
      expect(fn).toHaveProperty(key);
    }
    expect(Object.keys(fn['scores'] as object)).toEqual(['postCorrectness', 'postCompleteness', 'preCorrectness', 'preCompleteness']);
    expect(Object.keys(fn['counts'] as object)).toEqual([
      'pairs',
      'mutants',
      'validInputs',
      'invalidInputs',
      'indeterminate',
      'indeterminatePairs',
    ]);
    expect((fn['acceptedMutants'] as object[])[0]).toMatchObject({
      input: { c: 'a' },
      output: 'A',
      mutant: 'B',
      source: 'code',
      operator: 'replacing the constant `32` with `31`',
    });
    expect(fn['acceptedMutants']).toContainEqual(
      expect.objectContaining({ input: { c: 'z' }, mutant: 'Y', source: 'value', operator: 'char-1' }),
    );
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
    const result = await run(
      join('test', 'fixtures', 'harness', 'pairs-errors.rs'),
      '--pairs',
      'test/fixtures/harness/pairs-errors.pairs.json',
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('test/fixtures/harness/pairs-errors.pairs.json:8:32: error: `max_of` has no parameter `b`; expected `a`');
  });
});

interface CheckJson {
  readonly files: readonly { readonly path: string; readonly functions: readonly CheckJsonFunction[] }[];
  readonly summary: { readonly functions: number; readonly belowThreshold: number; readonly harnessAt: Record<string, number> };
}

interface CheckJsonFunction {
  readonly qualifiedName: string;
  readonly status: string;
  readonly scores: Record<'postCorrectness' | 'postCompleteness' | 'preCorrectness' | 'preCompleteness', number | null>;
  readonly acceptedMutants: readonly { readonly input: unknown; readonly mutant: unknown; readonly source: string }[];
}

/** One line per function (status and the four scores), one per accepted wrong output, and the totals. */
function scoreSummary(report: CheckJson): string[] {
  const score = (value: number | null): string => (value === null ? '-' : value.toFixed(2));
  const lines = report.files.flatMap((file) =>
    file.functions.flatMap((fn) => {
      const { postCorrectness, postCompleteness, preCorrectness, preCompleteness } = fn.scores;
      const head = `${file.path} ${fn.qualifiedName}: ${fn.status}, post ${score(postCorrectness)}/${score(postCompleteness)}, pre ${score(preCorrectness)}/${score(preCompleteness)}`;
      return [head, ...fn.acceptedMutants.map((m) => `  accepts ${JSON.stringify(m.input)} -> ${JSON.stringify(m.mutant)} (${m.source})`)];
    }),
  );
  const { functions, belowThreshold, harnessAt } = report.summary;
  return [...lines, `${functions} functions, ${belowThreshold} below the threshold, Harness@0.75 ${score(harnessAt['0.75'] ?? null)}`];
}
