// A generic type parameter bounded by a trait of the file (`K: KeyTrait`) is measured at the first impl of that
// trait in source order that fits every bound; calls on its values run that impl's methods, in the interpreter
// (reference outputs) and in the spec evaluator (the contract), and the report says which type was used.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import type { FunctionReport } from '../../server/src/harness';
import { i, run } from '../exec/helpers';

const SOURCE = readFileSync(join(__dirname, '../fixtures/harness/generic-impls/generic-impls.rs'), 'utf8');
const BODY = SOURCE.slice(SOURCE.indexOf('verus! {') + 'verus! {'.length, SOURCE.lastIndexOf('}'));

const key = (ukey: number): { ukey: number } => ({ ukey });

const PAIRS = {
  smaller: {
    pairs: [
      { input: { a: key(3), b: key(9) }, output: key(3) },
      { input: { a: key(9), b: key(3) }, output: key(3) },
      { input: { a: key(4), b: key(4) }, output: key(4) },
    ],
  },
  total: {
    pairs: [
      { input: { a: 2, b: 5 }, output: 8 },
      { input: { a: 0, b: 0 }, output: 1 },
    ],
    invalid: [{ input: { a: 600, b: 600 } }],
  },
  'Sorted::first_or': {
    pairs: [
      { input: { self: { items: [] }, d: 7 }, output: 7 },
      { input: { self: { items: [4, 1] }, d: 7 }, output: 4 },
    ],
  },
  sync: { pairs: [{ input: { p: 0, n: 1 }, output: 1 }] },
  scale: { pairs: [{ input: { s: 0, n: 1 }, output: 1 }] },
};

function reports(): ReadonlyMap<string, FunctionReport> {
  const pairsText = JSON.stringify({ version: 1, functions: PAIRS });
  const report = checkFileSync(
    { path: 'generic-impls.rs', text: SOURCE, pairsPath: 'generic-impls.pairs.json', pairsText },
    DEFAULT_CHECK_OPTIONS,
  );
  return new Map(report.functions.map((fn) => [fn.qualifiedName, fn]));
}

function summary(fn: FunctionReport | undefined): unknown {
  if (fn === undefined) return undefined;
  if (fn.status !== 'scored') return { status: fn.status, reason: fn.reason };
  return { instantiation: fn.instantiation, ...fn.scores };
}

describe('a generic fn measured at an impl of its bound', () => {
  const byName = reports();

  it('takes the first impl in source order, and says so', () => {
    expect(summary(byName.get('smaller'))).toEqual({
      instantiation: { K: 'SHTKey' },
      postCorrectness: 1,
      postCompleteness: 1,
      preCorrectness: 1,
      preCompleteness: null,
    });
  });

  it('runs an integer impl: `T::unit()`, `x.width()` and `x.width_spec()` dispatch to `impl Width for u64`', () => {
    expect(summary(byName.get('total'))).toEqual({
      instantiation: { T: 'u64' },
      postCorrectness: 1,
      postCompleteness: 1,
      preCorrectness: 1,
      preCompleteness: 1,
    });
  });

  it('skips an impl whose type misses another bound (`K: KeyTrait + Copy`, SHTKey is not Copy)', () => {
    expect(summary(byName.get('Sorted::first_or'))).toMatchObject({ instantiation: { K: 'u64' }, postCorrectness: 1, postCompleteness: 1 });
  });

  it('stands in a placeholder for a bound no code implements: passed on, it runs; called, it says so', () => {
    const generated = generatePairsText(buildFileModel(parseSourceFile(SOURCE)), null, { count: 10, invalidCount: 2, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const reason = (name: string): string | undefined =>
      generated.summaries.find((found) => found.qualifiedName === name)?.noPairs?.message;
    expect(reason('sync')).toBe('cannot be run: calls flush on <a stand-in for P (no impl of Persistent is in the code read)>');
    const report = checkFileSync(
      { path: 'generic-impls.rs', text: SOURCE, pairsPath: 'generic-impls.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    expect(report.functions.find((fn) => fn.qualifiedName === 'pass_on')).toMatchObject({
      status: 'scored',
      scores: { postCorrectness: 1, postCompleteness: 1 },
    });
    // `DT::WriteOperation` of a stand-in `DT` is a stand-in: a vector of them has a length.
    expect(report.functions.find((fn) => fn.qualifiedName === 'log_ops')).toMatchObject({
      status: 'scored',
      scores: { postCorrectness: 1, postCompleteness: 1 },
    });
  });

  it('names what is missing when no impl fits', () => {
    expect(summary(byName.get('scale'))).toEqual({
      status: 'unsupported',
      reason:
        'generic `S: Scaled` cannot be instantiated: no impl of Scaled in this file fits: `f64` cannot be represented (floating-point types are not supported) (line 71)',
    });
  });

  it('is deterministic: the same file gives the same report', () => {
    expect(JSON.stringify([...reports()])).toBe(JSON.stringify([...byName]));
  });
});

describe('the interpreter on the instantiation', () => {
  const shtKey = (ukey: number) => ({ kind: 'struct' as const, name: 'SHTKey', fields: [['ukey', i(ukey)] as const] });

  it('calls the struct impl’s method on K values', () => {
    expect(run(BODY, 'smaller', { a: shtKey(9), b: shtKey(2) })).toBe('returned SHTKey { ukey: 2 }');
  });

  it('calls the integer impl’s methods and associated fn', () => {
    expect(run(BODY, 'total', { a: i(2), b: i(5) })).toBe('returned 8');
  });
});
