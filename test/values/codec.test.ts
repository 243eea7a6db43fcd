// The pairs-file codec: serde_json conventions per type, with exact error messages and JSON paths.
import { describe, expect, it } from 'vitest';
import { decodeJson, encodeJson } from '../../server/src/eval/codec';
import { formatValue } from '../../server/src/eval/format';
import type { ValueType } from '../../server/src/eval/value-type';
import { RAW_POINTER } from '../../server/src/eval/permissions';
import { CTX, T, V } from './helpers';

/** A tracked value of a type the harness does not model: its values are placeholders. */
const TOKEN: ValueType = { kind: 'opaque', text: 'Tracked<Mim::Instance>', reason: 'Mim::Instance: unknown type `Instance`' };
/** A permission predicate, as persistent-memory code passes them. */
const PREDICATE: ValueType = { kind: 'fn', params: [T.seq(T.int('u8'), 'Seq')], ret: T.bool };

function decoded(type: ValueType, json: unknown): string {
  const res = decodeJson(json, type, CTX);
  return res.ok ? formatValue(res.value, type) : `error at ${JSON.stringify(res.error.path)}: ${res.error.message}`;
}

/** Decodes, checks the value, then checks that encoding gives back `canonical` (the input unless stated). */
describe('decode valid JSON and encode it back', () => {
  it.each<[string, ValueType, unknown, string, unknown?]>([
    ['u8', T.int('u8'), 255, '255'],
    ['i8 negative', T.int('i8'), -128, '-128'],
    ['u64 as a string beyond 2^53', T.int('u64'), '18446744073709551615', '18446744073709551615'],
    [
      'u64 beyond 2^53 read exactly (a bigint), written back as a string',
      T.int('u64'),
      18446744073709551615n,
      '18446744073709551615',
      '18446744073709551615',
    ],
    ['i128 below -2^63 read exactly', T.int('i128'), -9223372036854775809n, '-9223372036854775809', '-9223372036854775809'],
    ['a small int as a string is accepted, written back as a number', T.int('u32'), '42', '42', 42],
    ['int beyond 2^53 negative', T.int('int'), '-9007199254740993', '-9007199254740993'],
    ['2^53 - 1 stays a number', T.int('u64'), 9007199254740991, '9007199254740991'],
    ['nat', T.int('nat'), 0, '0'],
    ['bool', T.bool, true, 'true'],
    ['char', T.char, 'x', "'x'"],
    ['astral char', T.char, '🦀', "'🦀'"],
    ['String', T.string, 'héllo', '"héllo"'],
    ['Vec<u8>', T.seq(T.int('u8')), [1, 5, 3], '[1, 5, 3]'],
    ['Seq<char> is an array of chars', T.seq(T.char, 'Seq'), ['a', 'b'], "['a', 'b']"],
    ['[u8; 2]', T.seq(T.int('u8'), 'array', 2), [1, 2], '[1, 2]'],
    ['Vec<Vec<i32>>', T.seq(T.seq(T.int('i32'))), [[1], [], [-2, 3]], '[[1], [], [-2, 3]]'],
    ['Set<int> is sorted and deduplicated', T.set(T.int('int')), [3, 1, 3], '{1, 3}', [1, 3]],
    [
      'Map<int, bool>',
      T.map(T.int('int'), T.bool),
      [
        [2, true],
        [1, false],
      ],
      'map![1 => false, 2 => true]',
      [
        [1, false],
        [2, true],
      ],
    ],
    [
      'Map from an object with string keys',
      T.map(T.string, T.int('u8')),
      { b: 2, a: 1 },
      'map!["a" => 1, "b" => 2]',
      [
        ['a', 1],
        ['b', 2],
      ],
    ],
    ['Multiset<u8>', T.multiset(T.int('u8')), [2, 1, 2], 'multiset![1, 2, 2]', [1, 2, 2]],
    ['(u8, bool)', T.tuple(T.int('u8'), T.bool), [7, false], '(7, false)'],
    ['unit', T.tuple(), null, '()'],
    ['Option None', T.adt('Option', T.int('u8')), null, 'None'],
    ['Option Some', T.adt('Option', T.int('u8')), 3, 'Some(3)'],
    ['Result Ok', T.adt('Result', T.int('u8'), T.string), { Ok: 1 }, 'Ok(1)'],
    ['Result Err', T.adt('Result', T.int('u8'), T.string), { Err: 'bad' }, 'Err("bad")'],
    ['struct', T.adt('Point'), { x: 1, y: -2 }, 'Point { x: 1, y: -2 }'],
    ['newtype struct is its inner value', T.adt('Meters'), 5, 'Meters(5)'],
    ['tuple struct', T.adt('Pair'), [1, true], 'Pair(1, true)'],
    ['unit struct', T.adt('Marker'), null, 'Marker'],
    ['a raw pointer is its address', T.adt(RAW_POINTER, T.adt('Point')), 4096, '0x1000'],
    ['a null raw pointer', T.adt(RAW_POINTER, T.adt('Point')), 0, '0x0'],
    ['a placeholder says what it stands for', TOKEN, { opaque: 'Tracked<Mim::Instance>' }, '<Tracked<Mim::Instance>>'],
    [
      "serde's null for an erased ghost value reads as a placeholder",
      TOKEN,
      null,
      '<Tracked<Mim::Instance>>',
      { opaque: 'Tracked<Mim::Instance>' },
    ],
    ['a spec_fn is its Verus closure text', PREDICATE, { closure: '|s: Seq<u8>| s.len() < 4' }, '|s: Seq<u8>| s.len() < 4'],
    ['braced empty struct', T.adt('Empty'), {}, 'Empty'],
    ['generic struct', T.adt('Wrapper', T.string), { inner: 'a' }, 'Wrapper { inner: "a" }'],
    ['unit variant', T.adt('Color'), 'Red', 'Color::Red'],
    ['tuple variant', T.adt('Color'), { Rgb: [1, 2, 3] }, 'Color::Rgb(1, 2, 3)'],
    ['struct variant', T.adt('Shape'), { Circle: { r: 2 } }, 'Shape::Circle { r: 2 }'],
    ['newtype variant', T.adt('Shape'), { Square: 4 }, 'Shape::Square(4)'],
    ['recursive enum', T.adt('List'), { Cons: [1, { Cons: [2, 'Nil'] }] }, 'List::Cons(1, List::Cons(2, List::Nil))'],
  ])('%s', (_, type, json, expected, canonical) => {
    expect(decoded(type, json)).toBe(expected);
    const res = decodeJson(json, type, CTX);
    if (!res.ok) throw new Error(res.error.message);
    expect(encodeJson(res.value, type, CTX)).toEqual(canonical === undefined ? json : canonical);
  });
});

describe('decode invalid JSON', () => {
  it.each<[string, ValueType, unknown, string]>([
    ['u8 out of range', T.int('u8'), 300, 'error at []: 300 is out of range for u8 (0..=255)'],
    [
      'a placeholder is not a value',
      TOKEN,
      7,
      'error at []: expected {"opaque": "Tracked<Mim::Instance>"} (a placeholder: Mim::Instance: unknown type `Instance`), found 7',
    ],
    [
      'a spec_fn is not a string',
      PREDICATE,
      '|s| true',
      'error at []: expected {"closure": "|..| .."} (a `spec_fn(Seq<u8>) -> bool` as Verus closure text), found string "|s| true"',
    ],
    [
      'a spec_fn takes its parameters',
      PREDICATE,
      { closure: '|a, b| true' },
      'error at []: the closure `|a, b| true` takes 2 parameters; `spec_fn(Seq<u8>) -> bool` takes 1',
    ],
    [
      'a spec_fn that does not parse',
      PREDICATE,
      { closure: '|s| s.len( <' },
      'error at []: the closure `|s| s.len( <` does not parse: expected a type',
    ],
    ['u8 negative', T.int('u8'), -1, 'error at []: -1 is out of range for u8 (0..=255)'],
    ['nat negative', T.int('nat'), '-5', 'error at []: -5 is out of range for nat (0..)'],
    ['i8 below MIN', T.int('i8'), -129, 'error at []: -129 is out of range for i8 (-128..=127)'],
    ['a fraction', T.int('i32'), 1.5, 'error at []: expected an integer (i32), found 1.5'],
    ['a non-decimal string', T.int('i32'), '0x10', 'error at []: expected an integer (i32), found string "0x10"'],
    [
      'an unsafe JSON number',
      T.int('u64'),
      2 ** 60,
      'error at []: 1152921504606847000 is beyond 2^53 and may have lost precision; write its digits in full',
    ],
    [
      'u64 beyond its range, exactly',
      T.int('u64'),
      18446744073709551616n,
      'error at []: 18446744073709551616 is out of range for u64 (0..=18446744073709551615)',
    ],
    ['bool from a big integer', T.bool, 18446744073709551615n, 'error at []: expected a boolean, found 18446744073709551615'],
    ['bool from a number', T.bool, 1, 'error at []: expected a boolean, found 1'],
    ['char of two scalars', T.char, 'ab', 'error at []: expected a char (a string of one character), found string "ab"'],
    ['String from an array', T.string, ['a'], 'error at []: expected a string, found an array of length 1'],
    ['Vec from an object', T.seq(T.int('u8')), {}, 'error at []: expected an array (Vec<u8>), found an object'],
    ['element out of range, with its index', T.seq(T.int('u8')), [1, 256], 'error at [1]: 256 is out of range for u8 (0..=255)'],
    [
      'array of the wrong length',
      T.seq(T.int('u8'), 'array', 3),
      [1, 2],
      'error at []: expected an array of length 3 ([u8; 3]), found an array of length 2',
    ],
    ['nested path', T.seq(T.seq(T.bool)), [[true], [false, 0]], 'error at [1,1]: expected a boolean, found 0'],
    [
      'tuple of the wrong length',
      T.tuple(T.int('u8'), T.bool),
      [1],
      'error at []: expected an array of length 2 ((u8, bool)), found an array of length 1',
    ],
    ['unit from 0', T.tuple(), 0, 'error at []: expected null (the unit value), found 0'],
    [
      'map entry not a pair',
      T.map(T.int('int'), T.bool),
      [[1, true], [2]],
      'error at [1]: expected a [key, value] array, found an array of length 1',
    ],
    ['map value wrong', T.map(T.int('int'), T.bool), [[1, 'x']], 'error at [0,1]: expected a boolean, found string "x"'],
    ['struct missing field', T.adt('Point'), { x: 1 }, 'error at []: missing field "y" of Point'],
    ['struct unknown field', T.adt('Point'), { x: 1, y: 2, z: 3 }, 'error at ["z"]: unknown field "z" of Point; expected "x", "y"'],
    ['struct field wrong type', T.adt('Point'), { x: 1, y: true }, 'error at ["y"]: expected an integer (i32), found true'],
    ['struct from an array', T.adt('Point'), [1, 2], 'error at []: expected an object (Point), found an array of length 2'],
    ['unknown variant', T.adt('Color'), 'Blue', 'error at []: unknown variant "Blue" of Color; expected one of "Red", "Green", "Rgb"'],
    [
      'unknown variant in an object',
      T.adt('Color'),
      { Blue: 1 },
      'error at ["Blue"]: unknown variant "Blue" of Color; expected one of "Red", "Green", "Rgb"',
    ],
    ['variant with fields as a string', T.adt('Color'), 'Rgb', 'error at []: variant Rgb of Color has fields; write {"Rgb": ...}'],
    [
      'tuple variant arity',
      T.adt('Color'),
      { Rgb: [1, 2] },
      'error at ["Rgb"]: expected an array of length 3 (Color::Rgb), found an array of length 2',
    ],
    [
      'enum from a number',
      T.adt('Color'),
      3,
      'error at []: expected a variant of Color ("Name" or {"Name": ...}; one of "Red", "Green", "Rgb"), found 3',
    ],
    [
      'Result with two keys',
      T.adt('Result', T.int('u8'), T.bool),
      { Ok: 1, Err: true },
      'error at []: expected a variant of Result ("Name" or {"Name": ...}; one of "Ok", "Err"), found an object',
    ],
    ['Option inner wrong', T.adt('Option', T.int('u8')), 'x', 'error at []: expected an integer (u8), found string "x"'],
    [
      'deep in a struct variant',
      T.adt('Shape'),
      { Circle: { r: -1 } },
      'error at ["Circle","r"]: -1 is out of range for u32 (0..=4294967295)',
    ],
    [
      'unsupported type',
      { kind: 'unsupported', text: 'f64', reason: 'floating-point types are not supported' },
      1.5,
      'error at []: values of type f64 are not supported: floating-point types are not supported',
    ],
    [
      'a spec fn is not null',
      { kind: 'fn', params: [T.int('int')], ret: T.bool },
      null,
      'error at []: expected {"closure": "|..| .."} (a `spec_fn(int) -> bool` as Verus closure text), found null',
    ],
  ])('%s', (_, type, json, expected) => {
    expect(decoded(type, json)).toBe(expected);
  });
});

describe('encode: the 2^53 rule', () => {
  it.each<[bigint, unknown]>([
    [9007199254740991n, 9007199254740991],
    [-9007199254740991n, -9007199254740991],
    [9007199254740992n, '9007199254740992'],
    [-9007199254740992n, '-9007199254740992'],
    [2n ** 127n, '170141183460469231731687303715884105728'],
  ])('%s', (value, json) => {
    expect(encodeJson(V.int(value), T.int('int'), CTX)).toEqual(json);
  });

  it('encodes a String seq as a JSON string and a Seq<char> as an array', () => {
    expect(encodeJson(V.text('ab'), T.string, CTX)).toBe('ab');
    expect(encodeJson(V.seq(V.char('a')), T.seq(T.char, 'Seq'), CTX)).toEqual(['a']);
  });
});

describe('hostile input', () => {
  it('bounds the nesting depth of recursive types instead of exhausting the stack', () => {
    let json: unknown = 'Nil';
    for (let idx = 0; idx < 600; idx++) json = { Cons: [idx, json] };
    const res = decodeJson(json, T.adt('List'), CTX);
    expect(res.ok ? 'ok' : res.error.message).toBe('the value is nested more than 500 levels deep');
  });
});
