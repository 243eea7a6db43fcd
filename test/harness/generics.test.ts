// Generic type parameters (of a fn or of its impl) are measured at `i64` when their bounds allow it, everywhere a
// function's types are resolved: pairs decoding and scores, pair generation, the interpreter, and the Verus stubs.

import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, pendingObligations, planFile } from '../../server/src/harness';
import type { FileReport, FunctionReport } from '../../server/src/harness';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction } from '../../server/src/harness/generate';
import { batchObligations, stubFile } from '../../server/src/backends/verus';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { i, run, vec } from '../exec/helpers';

const wrap = (source: string): string => `use vstd::prelude::*;\nverus! {\n${source}\n}\n`;

function check(source: string, pairs: unknown): FileReport {
  const pairsText = JSON.stringify({ version: 1, functions: pairs });
  return checkFileSync({ path: 'f.rs', text: wrap(source), pairsPath: 'f.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
}

function fnReport(report: FileReport, name: string): FunctionReport {
  const found = report.functions.find((fn) => fn.qualifiedName === name);
  expect(found, name).toBeDefined();
  return found as FunctionReport;
}

const MAX = `
fn choose<T: Copy + PartialEq>(a: T, b: T, first: bool) -> (r: T)
    ensures first ==> r == a, !first ==> r == b,
{ if first { a } else { b } }

fn max<T: Ord + Copy>(a: T, b: T) -> (r: T)
    ensures r == a || r == b,
{ if a >= b { a } else { b } }`;

const STACK = `
struct Stack<V> { items: Vec<V> }

impl<V> Stack<V> {
    fn push(&mut self, v: V)
        ensures self.items@ == old(self).items@.push(v),
    { self.items.push(v); }

    fn peek_or(&self, d: V) -> (r: V) where V: Copy
        ensures self.items.len() == 0 ==> r == d,
    { if self.items.len() == 0 { d } else { self.items[self.items.len() - 1] } }
}`;

const BOUNDED = `
trait Weighted { spec fn weight(&self) -> int; }
fn heavier<T: Weighted + Copy>(a: T, b: T) -> (r: T)
    ensures r == a || r == b,
{ a }`;

describe('a generic fn measured at i64', () => {
  it('scores pairs whose values are integers', () => {
    const report = check(MAX, {
      choose: {
        pairs: [
          { input: { a: 3, b: -9, first: false }, output: -9 },
          { input: { a: 1, b: 2, first: true }, output: 1 },
        ],
      },
      max: { pairs: [{ input: { a: 7, b: 8 }, output: 8 }] },
    });
    const choose = fnReport(report, 'choose');
    expect(choose.status).toBe('scored');
    expect(choose.scores.postCorrectness).toBe(1);
    expect(choose.scores.postCompleteness).toBe(1);
    const max = fnReport(report, 'max');
    expect(max.status).toBe('scored');
    expect(max.scores.postCorrectness).toBe(1);
    // `r == a || r == b` lets the mutant equal to the other input through, so PostComp is below 1.
    expect(max.scores.postCompleteness).toBeLessThan(1);
    expect(max.acceptedMutants.map((m) => m.mutant)).toContain(7);
  });

  it('rejects a pair value that is not an i64', () => {
    const report = check(MAX, { max: { pairs: [{ input: { a: 'x', b: 8 }, output: 8 }] } });
    expect(fnReport(report, 'max').status).toBe('no-pairs');
    expect(JSON.stringify(report)).toMatch(/i64/);
  });

  it('runs in the interpreter with T values behaving as i64', () => {
    expect(run(MAX, 'max', { a: i(-4), b: i(7) })).toBe('returned 7');
    expect(run(STACK, 'Stack::push', { self: { kind: 'struct', name: 'Stack', fields: [['items', vec([1])]] }, v: i(5) })).toBe(
      'returned (); self = Stack { items: [1, 5] }',
    );
  });

  it('generates pairs', () => {
    const model = buildFileModel(parseSourceFile(wrap(MAX)));
    const max = model.functions.find((fn) => fn.name === 'max');
    expect(max).toBeDefined();
    if (max === undefined) return;
    const generated = generateForFunction(model, max, DEFAULT_GENERATE_OPTIONS);
    expect(generated.notRunnable).toBeUndefined();
    expect(generated.pairs.length).toBeGreaterThanOrEqual(10);
    for (const pair of generated.pairs) {
      // Values beyond 2^53 are JSON strings; compare as bigints.
      const json = pair.json as { input: { a: number | string; b: number | string }; output: number | string };
      const [x, y] = [BigInt(json.input.a), BigInt(json.input.b)];
      expect(BigInt(json.output)).toBe(x >= y ? x : y);
    }
  });
});

describe('a generic impl measured at i64', () => {
  it('scores `&mut self` methods of `impl<V> Stack<V>` with a `Vec<V>` field', () => {
    const report = check(STACK, {
      'Stack::push': { pairs: [{ input: { self: { items: [1, 2] }, v: 9 }, after: { self: { items: [1, 2, 9] } } }] },
      'Stack::peek_or': {
        pairs: [
          { input: { self: { items: [] }, d: 4 }, output: 4 },
          { input: { self: { items: [6] }, d: 4 }, output: 6 },
        ],
      },
    });
    const push = fnReport(report, 'Stack::push');
    expect(push.status).toBe('scored');
    expect(push.scores.postCorrectness).toBe(1);
    expect(push.scores.postCompleteness).toBe(1);
    const peek = fnReport(report, 'Stack::peek_or');
    expect(peek.status).toBe('scored');
    expect(peek.scores.postCorrectness).toBe(1);
    // The ensures says nothing about a non-empty stack: its mutants pass.
    expect(peek.scores.postCompleteness).toBeLessThan(1);
  });
});

describe('a bound no code implements', () => {
  it('measures the fn at a stand-in placeholder, says so, and reads an integer written for it as a pairs-file problem', () => {
    const standIn = { opaque: 'a stand-in for T (no impl of Weighted is in the code read)' };
    const report = check(BOUNDED, { heavier: { pairs: [{ input: { a: standIn, b: standIn }, output: standIn }] } });
    const heavier = fnReport(report, 'heavier');
    expect(heavier.instantiation).toEqual({ T: standIn.opaque });
    expect(heavier.scores.postCorrectness).toBeNull();
    const integers = fnReport(check(BOUNDED, { heavier: { pairs: [{ input: { a: 1, b: 2 }, output: 1 }] } }), 'heavier');
    expect(integers.status).toBe('no-pairs');
  });
});

describe('a higher-ranked bound', () => {
  it("is instantiated at the impl of the trait after its binder (`for<'a> Scale<'a>`)", () => {
    const source = `
trait Scale<'a> { fn scale(&self, x: u8) -> u16; }
struct Twice;
impl<'a> Scale<'a> for Twice { fn scale(&self, x: u8) -> u16 { 2 * (x as u16) } }
fn scaled<S: for<'a> Scale<'a>>(s: S, x: u8) -> (r: u16)
    ensures r <= 510,
{ s.scale(x) }`;
    const report = check(source, { scaled: { pairs: [{ input: { s: null, x: 3 }, output: 6 }] } });
    expect(fnReport(report, 'scaled')).toMatchObject({ status: 'scored', instantiation: { S: 'Twice' }, scores: { postCorrectness: 1 } });
  });
});

describe('a trait alias written as a blanket impl', () => {
  it('is instantiated at a type that meets the other bounds too (`K: StT + TotalOrder`, `impl<T: Eq> StT for T`)', () => {
    const source = `
trait TotalOrder: Sized { spec fn le(self, other: Self) -> bool; }
impl TotalOrder for u8 { open spec fn le(self, other: Self) -> bool { self <= other } }
trait StT: Eq + Clone + Sized {}
impl<T> StT for T where T: Eq + Clone + Sized {}
fn larger<K: StT + Ord + TotalOrder>(a: K, b: K) -> (r: K)
    ensures r == a || r == b, b.le(r),
{ if a >= b { a } else { b } }`;
    const report = check(source, { larger: { pairs: [{ input: { a: 3, b: 8 }, output: 8 }] } });
    expect(fnReport(report, 'larger')).toMatchObject({ status: 'scored', instantiation: { K: 'u8' }, scores: { postCorrectness: 1 } });
  });
});

describe("std's sizedness markers", () => {
  it('are bounds every type meets (`T: PointeeSized`, `?Sized`), so the fn is measured at i64', () => {
    const source = `
fn first_or<T: core::marker::PointeeSized + Copy, U: ?Sized + MetaSized>(a: T, b: T, take_a: bool) -> (r: T)
    ensures take_a ==> r == a, !take_a ==> r == b,
{ if take_a { a } else { b } }`;
    const report = check(source, { first_or: { pairs: [{ input: { a: 3, b: 8, take_a: false }, output: 8 }] } });
    expect(fnReport(report, 'first_or')).toMatchObject({ status: 'scored', instantiation: { T: 'i64' }, scores: { postCorrectness: 1 } });
  });
});

describe('the Verus stub of a generic fn', () => {
  it('prints T as i64 in the predicates and the probe literals', () => {
    const text = wrap(MAX);
    const pairsText = JSON.stringify({ version: 1, functions: { max: { pairs: [{ input: { a: 3, b: 8 }, output: 8 }] } } });
    const plan = planFile({ path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
    const options = { sourceName: 'f.rs', recursionDepths: new Map<string, number>(), defaultFuel: 10 };
    const stubs = batchObligations(pendingObligations(plan), 10).map((batch) => stubFile(plan.model, batch, options));
    const stub = stubs.map((s) => s.text).join('\n');
    expect(stubs.flatMap((s) => s.unsupported)).toEqual([]);
    expect(stub).toContain('spec fn post_max(a: i64, b: i64, r: i64) -> bool');
    expect(stub).toContain('assert(post_max(3i64, 8i64, 8i64));');
  });
});
