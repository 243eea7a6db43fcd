// value-ops: equality, the total order, canonical collections, text, integer ranges.
import { describe, expect, it } from 'vitest';
import {
  charValue,
  compareValues,
  inRange,
  intRange,
  makeMap,
  makeMultiset,
  makeSet,
  multisetFromCounts,
  textOf,
  textValue,
  valueEquals,
} from '../../server/src/eval/value-ops';
import { formatValue } from '../../server/src/eval/format';
import type { Value } from '../../server/src/eval/value';
import { V } from './helpers';

describe('valueEquals', () => {
  it.each<[string, Value, Value, boolean]>([
    ['equal ints', V.int(3), V.int(3), true],
    ['different ints', V.int(3), V.int(4), false],
    ['int vs bool', V.int(1), V.bool(true), false],
    ['nested seqs', V.seq(V.ints(1, 2), V.ints()), V.seq(V.ints(1, 2), V.ints()), true],
    ['prefix is not equal', V.ints(1, 2), V.ints(1, 2, 3), false],
    ['String equals Seq<char> with the same chars', V.text('ab'), V.seq(V.char('a'), V.char('b')), true],
    ['structs by fields', V.struct('P', [['x', V.int(1)]]), V.struct('P', [['x', V.int(2)]]), false],
    ['enum variants', V.some(V.int(1)), V.none, false],
    ['same struct name and fields', V.struct('P', [['x', V.int(1)]]), V.struct('P', [['x', V.int(1)]]), true],
  ])('%s', (_, a, b, expected) => {
    expect(valueEquals(a, b)).toBe(expected);
    expect(valueEquals(b, a)).toBe(expected);
  });

  it('compares closures by identity', () => {
    const closure: Value = {
      kind: 'closure',
      params: [],
      body: { kind: 'bool', value: true, span: { start: 0, end: 4 } },
      env: new Map(),
      span: { start: 0, end: 4 },
    };
    const copy: Value = { ...closure };
    expect(valueEquals(closure, closure)).toBe(true);
    expect(valueEquals(closure, copy)).toBe(false);
  });
});

describe('compareValues', () => {
  it('orders by kind, then contents', () => {
    const values = [V.ints(2), V.bool(true), V.int(10), V.int(-3), V.ints(1, 9), V.ints(1), V.char('b'), V.bool(false)];
    expect([...values].sort(compareValues).map((value) => formatValue(value))).toEqual([
      '-3',
      '10',
      'false',
      'true',
      "'b'",
      '[1]',
      '[1, 9]',
      '[2]',
    ]);
  });

  it('is antisymmetric on bigints beyond 2^53', () => {
    const big = V.int(2n ** 70n);
    const bigger = V.int(2n ** 70n + 1n);
    expect(compareValues(big, bigger)).toBeLessThan(0);
    expect(compareValues(bigger, big)).toBeGreaterThan(0);
  });
});

describe('canonical collections', () => {
  it('makeSet sorts and removes duplicates', () => {
    expect(formatValue(makeSet([V.int(3), V.int(1), V.int(3), V.int(2)]))).toBe('{1, 2, 3}');
  });

  it('makeMap sorts by key and the rightmost duplicate key wins', () => {
    const map = makeMap([
      [V.int(2), V.text('b')],
      [V.int(1), V.text('a')],
      [V.int(2), V.text('z')],
    ]);
    expect(formatValue(map)).toBe('map![1 => "a", 2 => "z"]');
  });

  it('makeMultiset counts occurrences; multisetFromCounts drops non-positive totals', () => {
    expect(makeMultiset([V.int(2), V.int(1), V.int(2)])).toEqual({
      kind: 'multiset',
      entries: [
        [V.int(1), 1n],
        [V.int(2), 2n],
      ],
    });
    expect(
      multisetFromCounts([
        [V.int(1), 1n],
        [V.int(1), -1n],
        [V.int(5), 2n],
      ]),
    ).toEqual({
      kind: 'multiset',
      entries: [[V.int(5), 2n]],
    });
  });
});

describe('text and chars', () => {
  it('charValue takes exactly one Unicode scalar', () => {
    expect(charValue('a')).toEqual({ kind: 'char', codePoint: 97 });
    expect(charValue('🦀')).toEqual({ kind: 'char', codePoint: 0x1f980 });
    expect(charValue('ab')).toBeUndefined();
    expect(charValue('')).toBeUndefined();
    expect(charValue('\ud800')).toBeUndefined();
  });

  it('textValue and textOf round-trip, counting scalars not UTF-16 units', () => {
    const value = textValue('a🦀b');
    expect(value.kind === 'seq' && value.elements.length).toBe(3);
    expect(value.kind === 'seq' && value.text).toBe(true);
    expect(textOf(value)).toBe('a🦀b');
    expect(textOf(V.ints(1))).toBeUndefined();
  });
});

describe('integer ranges', () => {
  it.each([
    ['u8', 0n, 255n],
    ['i8', -128n, 127n],
    ['u16', 0n, 65535n],
    ['i32', -(2n ** 31n), 2n ** 31n - 1n],
    ['u64', 0n, 2n ** 64n - 1n],
    ['usize', 0n, 2n ** 64n - 1n],
    ['isize', -(2n ** 63n), 2n ** 63n - 1n],
    ['i128', -(2n ** 127n), 2n ** 127n - 1n],
    ['nat', 0n, undefined],
    ['int', undefined, undefined],
  ] as const)('%s is %s..=%s', (intType, min, max) => {
    expect(intRange(intType)).toMatchObject({ min, max });
    if (min !== undefined) expect(inRange(min - 1n, intType)).toBe(false);
    if (max !== undefined) expect(inRange(max + 1n, intType)).toBe(false);
    expect(inRange(0n, intType)).toBe(true);
  });
});
