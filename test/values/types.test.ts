// Type resolution: declared Verus/Rust types to value types, datatype shapes, and type text for messages.
import { describe, expect, it } from 'vitest';
import { adtShape, firstUnsupported, resolveValueType, valueTypeText } from '../../server/src/eval/type-resolution';
import type { Type } from '../../server/src/syntax/ast';
import type { ValueType } from '../../server/src/eval/value-type';
import { arrayTy, CTX, intLit, pathExpr, qualified, ref, SCOPE, sliceTy, T, tupleTy, ty } from './helpers';

function check(type: Type): string {
  const resolved = resolveValueType(type, CTX);
  return resolved.kind === 'unsupported' ? `unsupported ${resolved.text}: ${resolved.reason}` : valueTypeText(resolved);
}

describe('resolveValueType', () => {
  it.each<[string, Type, string]>([
    ['u8', ty('u8'), 'u8'],
    ['nat', ty('nat'), 'nat'],
    ['bool', ty('bool'), 'bool'],
    ['char', ty('char'), 'char'],
    ['Vec<i32>', ty('Vec', ty('i32')), 'Vec<i32>'],
    ['std::vec::Vec<u64>', qualified(['std', 'vec', 'Vec'], ty('u64')), 'Vec<u64>'],
    ['[u8; 4]', arrayTy(ty('u8'), intLit(4)), '[u8; 4]'],
    ['[u8; N] with const N = 4', arrayTy(ty('u8'), pathExpr('N')), '[u8; 4]'],
    ['&[u32]', ref(sliceTy(ty('u32'))), '&[u32]'],
    ['Seq<int>', ty('Seq', ty('int')), 'Seq<int>'],
    ['VecDeque<u8>', ty('VecDeque', ty('u8')), 'VecDeque<u8>'],
    ['String', ty('String'), 'String'],
    ['&str', ref(ty('str')), '&str'],
    ['Set<int>', ty('Set', ty('int')), 'Set<int>'],
    ['HashSet<u8>', ty('HashSet', ty('u8')), 'Set<u8>'],
    ['Map<int, bool>', ty('Map', ty('int'), ty('bool')), 'Map<int, bool>'],
    ['HashMap<String, u8>', ty('HashMap', ty('String'), ty('u8')), 'Map<String, u8>'],
    ['Multiset<int>', ty('Multiset', ty('int')), 'Multiset<int>'],
    ['(u8, bool)', tupleTy(ty('u8'), ty('bool')), '(u8, bool)'],
    ['(u8,)', tupleTy(ty('u8')), '(u8,)'],
    ['()', tupleTy(), '()'],
    ['Option<u8>', ty('Option', ty('u8')), 'Option<u8>'],
    ['Result<u8, String>', ty('Result', ty('u8'), ty('String')), 'Result<u8, String>'],
    ['Point', ty('Point'), 'Point'],
    ['Wrapper<u8>', ty('Wrapper', ty('u8')), 'Wrapper<u8>'],
    ['Box<u8>', ty('Box', ty('u8')), 'u8'],
    ['Rc<Vec<u8>>', ty('Rc', ty('Vec', ty('u8'))), 'Vec<u8>'],
    ['&mut Vec<u8>', ref(ty('Vec', ty('u8')), true), 'Vec<u8>'],
    ['Ghost<int>', ty('Ghost', ty('int')), 'int'],
    ['Tracked<nat>', ty('Tracked', ty('nat')), 'nat'],
    ['alias Bytes', ty('Bytes'), 'Vec<u8>'],
    ['generic alias Table<u8>', ty('Table', ty('u8')), 'Map<u8, int>'],
    ['f64', ty('f64'), 'unsupported f64: floating-point types are not supported'],
    ['unknown name', ty('Widget'), 'unsupported Widget: unknown type `Widget`'],
    ['alias cycle', ty('Loop'), 'unsupported Loop: type alias chain is too deep (a cycle?)'],
    ['Wrapper without args', ty('Wrapper'), 'unsupported Wrapper: Wrapper takes 1 type argument(s), found 0'],
    [
      'dyn Trait',
      { kind: 'opaque', text: 'dyn Fn(u8)', span: { start: 0, end: 0 } },
      'unsupported dyn Fn(u8): trait objects and `impl Trait` types are not supported',
    ],
    [
      'a raw pointer is an address (Verus treats `*const` and `*mut` alike)',
      { kind: 'opaque', text: '*const u8', pointee: ty('u8'), span: { start: 0, end: 0 } },
      '*mut u8',
    ],
    [
      '[u8; n] with an unknown length',
      arrayTy(ty('u8'), pathExpr('M')),
      'unsupported [u8; _]: the array length is not an integer literal or constant',
    ],
    [
      'an array too large to build says how large, however its length is written (a kernel page array)',
      arrayTy(ty('u8'), { kind: 'binary', op: '*', left: intLit(2 * 1024), right: intLit(1024), span: { start: 0, end: 0 } }),
      'unsupported [u8; 2097152]: a fixed-size array of 2097152 elements, more than the 65536 the harness builds',
    ],
    [
      'an array of structs counts their fields: 40000 points are 80000 values to build and write',
      arrayTy(ty('Point'), intLit(40_000)),
      'unsupported [Point; 40000]: a fixed-size array of 40000 values of 2 fields each, more than the 65536 the harness builds',
    ],
    [
      "and of Options of them too (a kernel's `[Option<PageTable>; 4096]`)",
      arrayTy(ty('Option', ty('Point')), intLit(40_000)),
      'unsupported [Option<Point>; 40000]: a fixed-size array of 40000 values of 2 fields each, more than the 65536 the harness builds',
    ],
    ['fewer fit', arrayTy(ty('Option', ty('Point')), intLit(30_000)), '[Option<Point>; 30000]'],
    ['FnSpec<(int,), bool>', ty('FnSpec', tupleTy(ty('int')), ty('bool')), 'spec_fn(int) -> bool'],
    ['Self outside an impl', ty('Self'), 'unsupported Self: `Self` outside an impl'],
  ])('%s', (_, type, expected) => {
    expect(check(type)).toBe(expected);
  });

  it('resolves spec_fn types to fn value types', () => {
    const fnType: Type = { kind: 'fn', name: 'spec_fn', params: [ty('int')], ret: ty('bool'), span: { start: 0, end: 0 } };
    expect(valueTypeText(resolveValueType(fnType, CTX))).toBe('spec_fn(int) -> bool');
    const exec: Type = { kind: 'fn', name: 'Fn', params: [ty('int')], ret: ty('bool'), span: { start: 0, end: 0 } };
    expect(resolveValueType(exec, CTX).kind).toBe('unsupported');
  });

  it('substitutes generic parameters and Self from the context', () => {
    const ctx = { scope: SCOPE, generics: new Map<string, ValueType>([['T', T.int('u16')]]), selfType: T.adt('Point') };
    expect(valueTypeText(resolveValueType(ty('Vec', ty('T')), ctx))).toBe('Vec<u16>');
    expect(valueTypeText(resolveValueType(ref(ty('Self')), ctx))).toBe('Point');
  });

  it('marks strings as seqs of char with their origin', () => {
    expect(resolveValueType(ty('String'), CTX)).toEqual({ kind: 'seq', element: { kind: 'char' }, origin: 'String' });
    expect(resolveValueType(ref(ty('str')), CTX)).toEqual({ kind: 'seq', element: { kind: 'char' }, origin: 'str' });
  });

  it('finds the first unsupported part of a type', () => {
    expect(firstUnsupported(resolveValueType(ty('Vec', ty('Option', ty('f32'))), CTX))?.text).toBe('f32');
    expect(firstUnsupported(resolveValueType(ty('Vec', ty('u8')), CTX))).toBeUndefined();
  });
});

describe('adtShape', () => {
  function shapeText(type: ValueType): string {
    if (type.kind !== 'adt') return 'not an adt';
    const shape = adtShape(type, CTX);
    if (shape === undefined) return 'unknown';
    const fields = (f: { kind: string; fields: readonly { name: string; type: ValueType }[] }): string =>
      f.kind === 'unit' ? '' : `${f.kind}(${f.fields.map((field) => `${field.name}: ${valueTypeText(field.type)}`).join(', ')})`;
    if (shape.kind === 'struct') return `struct ${shape.name} ${fields(shape.fields)}`;
    return `enum ${shape.name} ${shape.variants.map((variant) => variant.name + fields(variant.fields)).join(' | ')}`;
  }

  it.each<[ValueType, string]>([
    [T.adt('Option', T.int('u8')), 'enum Option None | Sometuple(0: u8)'],
    [T.adt('Result', T.int('u8'), T.bool), 'enum Result Oktuple(0: u8) | Errtuple(0: bool)'],
    [T.adt('Point'), 'struct Point named(x: i32, y: i32)'],
    [T.adt('Meters'), 'struct Meters tuple(0: u32)'],
    [T.adt('Marker'), 'struct Marker '],
    [T.adt('Wrapper', T.seq(T.bool)), 'struct Wrapper named(inner: Vec<bool>)'],
    [T.adt('Shape'), 'enum Shape Circlenamed(r: u32) | Squaretuple(0: u32) | Dot'],
    [T.adt('List'), 'enum List Nil | Constuple(0: int, 1: List)'],
    [T.adt('Nope'), 'unknown'],
  ])('%j', (type, expected) => {
    expect(shapeText(type)).toBe(expected);
  });
});
