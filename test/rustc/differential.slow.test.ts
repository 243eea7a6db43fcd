// The interpreter against real Rust: each fixture under test/fixtures/rustc/ is plain Rust (exec fns of verified
// Verus code with contracts and ghost code removed). Its fns run on the inputs below through the interpreter and
// through one binary rustc builds for the whole fixture (overflow checks on); the return values (as `{:?}`) and
// panics must agree. Without rustc on PATH the suite is skipped with a message.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXEC_LIMITS, formatDebug, runExecFunction } from '../../server/src/eval/exec';
import type { Value } from '../../server/src/eval/value';
import { buildFileModel } from '../../server/src/model';
import type { FunctionContract } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

type Input = number | bigint | readonly Input[];

/** Inputs per fixture and fn, one array of arguments per run. */
const CASES: Readonly<Record<string, Readonly<Record<string, readonly (readonly Input[])[]>>>> = {
  'arith.rs': {
    sum_to: [[0], [10], [361], [362], [1000]],
    late_typed: [[0], [2], [3]],
    cfg_dead: [[0], [255]],
    capacity: [[0], [5], [-1]],
    div_rem: [
      [7, 2],
      [-7, 2],
      [7, -2],
      [1, 0],
      [-2147483648, -1],
      [-2147483648, 1],
    ],
    abs_diff: [
      [3, 9],
      [2147483647, -1],
      [-2147483648, 0],
      [0, 0],
    ],
    shift: [
      [1, 31],
      [1, 32],
      [3, 0],
    ],
    casts: [[300], [-1], [-129], [4294967296]],
  },
  'seqs.rs': {
    argmax: [[[1, 5, 3]], [[5, 1, 5]], [[]], [[-3, -1, -2]]],
    max_of: [[[4]], [[2, 9, 9]], [[]]],
    prefix_sums: [[[1, 2, 3]], [[]], [[2147483647, 1]]],
    reversed: [[[1, 2, 3]], [[]]],
    count_eq: [
      [[1, 2, 1], 1],
      [[], 0],
    ],
    middle: [[[1, 2, 3, 4]], [[7]], [[]]],
  },
  'layout.rs': {
    primitive_sizes: [[1], [3]],
    record_layouts: [[1], [2]],
  },
  'closures.rs': {
    evens_doubled: [[[1, 2, 3, 4]], [[]], [[7]]],
    count_above: [
      [[1, 5, 9], 4],
      [[], 0],
      [[3, 3], 2],
    ],
    first_over: [
      [[1, 5, 9], 4],
      [[1, 2], 9],
    ],
    indexed_sum: [[[4, 5, 6]], [[]]],
    halves: [[[2, 3, 8]], [[1]]],
    option_chain: [
      [0, 3],
      [20, 3],
      [5, 9],
    ],
    overflowing: [[[1, 2]], [[100]]],
    early_return: [[[3, -2, 7]], [[]]],
  },
  'std-gaps.rs': {
    money_ops: [
      [100, 25],
      [-7, 3],
      [2147483647, 1],
      [-2147483648, 1],
    ],
    logs_u32: [
      [100, 3],
      [1, 2],
      [4294967295, 2],
      [0, 2],
      [5, 1],
      [0, 0],
    ],
    logs_i8: [
      [127, 3],
      [-5, 2],
      [5, -2],
    ],
    checked_logs_u64: [
      [1000, 10],
      [0, 2],
      [5, 1],
      [18446744073709551615n, 16],
    ],
    is_simple_power: [
      [16, 2],
      [1, 4],
      [3, 2],
      [27, 3],
      [64, 4],
      [8, 1],
    ],
    count_occurrences: [
      [[1, 2, 1, 1], [1]],
      [[], [1]],
      [[3], [3]],
    ],
    split_lengths: [
      [[1, 2, 3], 0],
      [[1, 2, 3], 3],
      [[1, 2, 3], 4],
    ],
    filled: [
      [[1, 2], 9],
      [[], 9],
    ],
    appended: [
      [[1], [2, 3]],
      [[], []],
    ],
    sum_through_iterator: [[[1, 2, 3]], [[]], [[200, 100]]],
    bit_counts_u64: [[0], [1], [4096], [18446744073709551615n], [9223372036854775808n], [6]],
    bit_counts_i8: [[0], [-1], [-128], [127], [12]],
    bytes_u16: [[0], [1], [258], [65535]],
    bytes_i32: [[0], [-1], [-2147483648], [16909060]],
    bytes_u64: [[0], [1], [18446744073709551615n], [72623859790382856n]],
    le_u32_of: [[[1, 2, 3, 4]], [[1, 2, 3]], [[255, 255, 255, 255]]],
    be_u16_of: [[[9, 1, 2]], [[0, 1, 2, 3]], [[1, 2]]],
    mem_moves: [
      [[1, 2, 3], 7],
      [[], 0],
    ],
    swap_fields: [
      [1, 2],
      [0, 255],
    ],
    powers_u32: [
      [12, 746376],
      [3, 4294967295],
      [2, 31],
      [2, 32],
      [1, 4294967295],
      [0, 4294967295],
      [0, 0],
    ],
    powers_i32: [
      [-3, 4294967295],
      [-3, 4294967294],
      [-1, 4294967295],
      [-2, 31],
      [7, 200],
    ],
    plain_pow: [
      [-1, 4294967295],
      [2, 62],
      [2, 63],
      [-2, 63],
      [12, 746376],
    ],
    spliced: [
      [[0, 0, 0, 0], 1, [7, 8]],
      [[0, 0], 0, []],
      [[1, 2, 3], 3, []],
      [[1, 2, 3], 2, [9, 9]],
      [[1, 2], 5, [4]],
    ],
    drained: [
      [[1, 2, 3, 4], 2],
      [[1, 2], 0],
      [[1, 2, 3], 2],
      [[1], 2],
    ],
    lengths_by_path: [[[1, 2, 3]], [[]]],
    btree_orders: [[[5, 1, 4, 1, 3]], [[]], [[9, 8, 7]]],
    as_text: [
      [-12, 12],
      [7, 7],
      [-9223372036854775808n, 18446744073709551615n],
      [0, 0],
    ],
    copied_buffer: [
      [[1, 2, 3], 0],
      [[], 0],
      [[1, 2], 1],
    ],
    guarded_sum: [[[1, 2, 3]], [[]], [[4294967295, 2]]],
  },
};

const rustc = spawnSync('rustc', ['--version'], { encoding: 'utf8' });
const hasRustc = rustc.status === 0;
if (!hasRustc) console.warn('test/rustc: skipped, no `rustc` on PATH (install a Rust toolchain to compare the interpreter with Rust)');

const workDir = hasRustc ? mkdtempSync(join(tmpdir(), 'spec-harness-rustc-')) : '';
afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

describe.skipIf(!hasRustc)('the interpreter agrees with rustc (overflow checks on)', () => {
  for (const [fixture, cases] of Object.entries(CASES)) {
    it(fixture, () => {
      const text = readFileSync(join(__dirname, '..', 'fixtures', 'rustc', fixture), 'utf8');
      const model = buildFileModel(parseSourceFile(text));
      const runs = Object.entries(cases).flatMap(([name, inputs]) => inputs.map((args) => ({ fn: fnNamed(model.functions, name), args })));
      const fromRust = runWithRustc(fixture, text, runs);
      const fromInterpreter = runs.map(({ fn, args }) => interpret(model, fn, args));
      const label = (i: number): string =>
        `${runs[i]?.fn.name}(${JSON.stringify(runs[i]?.args, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))})`;
      expect(fromInterpreter.map((outcome, i) => `${label(i)} -> ${outcome}`)).toEqual(
        fromRust.map((outcome, i) => `${label(i)} -> ${outcome}`),
      );
    });
  }
});

interface Run {
  readonly fn: FunctionContract;
  readonly args: readonly Input[];
}

function fnNamed(functions: readonly FunctionContract[], name: string): FunctionContract {
  const fn = functions.find((f) => f.qualifiedName === name);
  if (fn === undefined) throw new Error(`fixture has no fn ${name}`);
  return fn;
}

function interpret(model: ReturnType<typeof buildFileModel>, fn: FunctionContract, args: readonly Input[]): string {
  const inputs = new Map(fn.params.map((param, i) => [param.name, toValue(args[i] ?? 0)] as const));
  const outcome = runExecFunction(model, fn, inputs, DEFAULT_EXEC_LIMITS);
  if (outcome.kind === 'returned') return `ok ${formatDebug(outcome.value)}`;
  if (outcome.kind === 'panicked') return 'panic';
  return outcome.kind;
}

function toValue(input: Input): Value {
  if (typeof input === 'number' || typeof input === 'bigint') return { kind: 'int', value: BigInt(input) };
  return { kind: 'seq', elements: input.map(toValue) };
}

/** Builds the fixture plus a `main` that runs every case under catch_unwind, and returns one line per case. */
function runWithRustc(fixture: string, text: string, runs: readonly Run[]): string[] {
  const calls = runs.map(({ fn, args }) => {
    const lets = fn.params.map((param, i) => `let a${i}: ${ownedType(param.typeText)} = ${rustLiteral(args[i] ?? 0)};`).join(' ');
    const passed = fn.params.map((param, i) => (param.typeText.startsWith('&') ? `&a${i}` : `a${i}`)).join(', ');
    return `    match std::panic::catch_unwind(|| { ${lets} ${fn.name}(${passed}) }) { Ok(v) => println!("ok {:?}", v), Err(_) => println!("panic") }`;
  });
  const main = `\n#[allow(unused_parens)]\nfn main() {\n    std::panic::set_hook(Box::new(|_| {}));\n${calls.join('\n')}\n}\n`;
  const source = join(workDir, fixture);
  const binary = join(workDir, fixture.replace(/\.rs$/, ''));
  writeFileSync(source, `#![allow(dead_code, unused_variables, unused_mut, arithmetic_overflow, unconditional_panic)]\n${text}${main}`);
  const compiled = spawnSync(
    'rustc',
    ['--edition', '2021', '-C', 'overflow-checks=on', '-C', 'debug-assertions=on', '-o', binary, source],
    { encoding: 'utf8' },
  );
  if (compiled.status !== 0) throw new Error(`rustc failed on ${fixture}:\n${compiled.stderr}`);
  const ran = spawnSync(binary, [], { encoding: 'utf8' });
  return ran.stdout.trimEnd().split('\n');
}

/** `&Vec<T>` -> `Vec<T>`; `&[T]` -> `Vec<T>` (borrowed as a slice at the call). */
function ownedType(typeText: string): string {
  const inner = typeText.replace(/^&\s*(mut\s+)?/, '');
  const slice = /^\[(.*)\]$/.exec(inner);
  return slice === null ? inner : `Vec<${slice[1]}>`;
}

function rustLiteral(input: Input): string {
  if (typeof input === 'number' || typeof input === 'bigint') return BigInt(input) < 0n ? `(${input})` : `${input}`;
  return `vec![${input.map(rustLiteral).join(', ')}]`;
}
