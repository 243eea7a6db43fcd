// Rust-like display of values in messages and tables.
import { describe, expect, it } from 'vitest';
import { formatDebug, formatDisplay, formatValue } from '../../server/src/eval/format';
import { makeMap, makeMultiset, makeSet } from '../../server/src/eval/value-ops';
import type { Value } from '../../server/src/eval/value';
import type { ValueType } from '../../server/src/eval/value-type';
import { T, V } from './helpers';

describe('formatValue', () => {
  it.each<[string, Value, string, ValueType?]>([
    ['int', V.int(-7), '-7'],
    ['big int', V.int(2n ** 64n), '18446744073709551616'],
    ['bool', V.bool(true), 'true'],
    ['char', V.char('a'), "'a'"],
    ['quote char', V.char("'"), "'\\''"],
    ['newline char', V.char('\n'), "'\\n'"],
    ['control char', V.char('\u0001'), "'\\u{1}'"],
    ['String', V.text('a"b\\'), '"a\\"b\\\\"'],
    ['Seq<char> without text mark', V.seq(V.char('x')), "['x']"],
    ['chars declared String print as a string', V.seq(V.char('x')), '"x"', T.string],
    ['Vec', V.ints(1, 5, 3), '[1, 5, 3]'],
    ['empty Vec', V.ints(), '[]'],
    ['nested', V.seq(V.ints(1), V.ints()), '[[1], []]'],
    ['set', makeSet([V.int(2), V.int(1)]), '{1, 2}'],
    ['empty set', makeSet([]), '{}'],
    ['map', makeMap([[V.int(1), V.int(2)]]), 'map![1 => 2]'],
    ['multiset', makeMultiset([V.int(1), V.int(1)]), 'multiset![1, 1]'],
    ['tuple', V.tuple(V.int(1), V.bool(true)), '(1, true)'],
    ['one-tuple', V.tuple(V.int(1)), '(1,)'],
    ['unit', V.tuple(), '()'],
    ['Some', V.some(V.int(3)), 'Some(3)'],
    ['None', V.none, 'None'],
    ['Ok', V.variant('Result', 'Ok', V.text('x')), 'Ok("x")'],
    [
      'struct',
      V.struct('Point', [
        ['x', V.int(1)],
        ['y', V.int(2)],
      ]),
      'Point { x: 1, y: 2 }',
    ],
    ['tuple struct', V.struct('Meters', [['0', V.int(5)]]), 'Meters(5)'],
    ['unit struct', V.struct('Marker', []), 'Marker'],
    ['unit variant', V.variant('Color', 'Red'), 'Color::Red'],
    ['tuple variant', V.variant('Color', 'Rgb', V.int(1), V.int(2), V.int(3)), 'Color::Rgb(1, 2, 3)'],
    ['struct variant', { kind: 'enum', name: 'Shape', variant: 'Circle', fields: [['r', V.int(2)]] }, 'Shape::Circle { r: 2 }'],
  ])('%s', (_, value, expected, type) => {
    expect(formatValue(value, type)).toBe(expected);
  });
});

// Rust's `{:?}` and `{}` as the program prints them (panic messages): the same escapes as formatValue, but variants
// unqualified as `derive(Debug)` prints them.
describe('formatDebug and formatDisplay', () => {
  it.each<[string, Value, string, string]>([
    ['int', V.int(-7), '-7', '-7'],
    ['String', V.text('a"b\n'), '"a\\"b\\n"', 'a"b\n'],
    ['control chars as rustc escapes them', V.text('\u0001\0'), '"\\u{1}\\0"', '\u0001\0'],
    ['newline char', V.char('\n'), "'\\n'", '\n'],
    ['Vec', V.ints(1, 5, 3), '[1, 5, 3]', '[1, 5, 3]'],
    ['one-tuple', V.tuple(V.int(1)), '(1,)', '(1,)'],
    ['Some', V.some(V.int(3)), 'Some(3)', 'Some(3)'],
    ['unit variant', V.variant('Color', 'Red'), 'Red', 'Red'],
    ['tuple variant', V.variant('Color', 'Rgb', V.int(1), V.int(2), V.int(3)), 'Rgb(1, 2, 3)', 'Rgb(1, 2, 3)'],
    [
      'struct',
      V.struct('Point', [
        ['x', V.int(1)],
        ['y', V.int(2)],
      ]),
      'Point { x: 1, y: 2 }',
      'Point { x: 1, y: 2 }',
    ],
  ])('%s', (_, value, debug, display) => {
    expect([formatDebug(value), formatDisplay(value)]).toEqual([debug, display]);
  });
});
