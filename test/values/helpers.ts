// Test helpers for the value layer: a tiny ModelScope stand-in (lookups only) over hand-built datatypes, and
// builders for syntax types, value types and values, so tables in the tests read like Rust.

import type { ModelScope } from '../../server/src/model/types';
import type {
  ConstItem,
  EnumItem,
  Expr,
  FieldDef,
  Fields,
  GenericParam,
  StructItem,
  Type,
  TypeAliasItem,
} from '../../server/src/syntax/ast';
import type { TypeContext } from '../../server/src/eval/type-resolution';
import type { Value } from '../../server/src/eval/value';
import type { IntType, SeqOrigin, ValueType } from '../../server/src/eval/value-type';

const SPAN = { start: 0, end: 0 };
const BASE = { span: SPAN, attributes: [], docs: '', visibility: 'pub' as const, inVerus: true };

// Syntax types -----------------------------------------------------------------------------------------------

export function ty(name: string, ...generics: Type[]): Type {
  return { kind: 'path', segments: [{ name, generics }], span: SPAN };
}
export function qualified(names: string[], ...generics: Type[]): Type {
  return {
    kind: 'path',
    segments: names.map((name, idx) => ({ name, generics: idx === names.length - 1 ? generics : [] })),
    span: SPAN,
  };
}
export function ref(inner: Type, mutable = false): Type {
  return { kind: 'ref', mutable, inner, span: SPAN };
}
export function tupleTy(...elements: Type[]): Type {
  return { kind: 'tuple', elements, span: SPAN };
}
export function arrayTy(element: Type, length: Expr): Type {
  return { kind: 'array', element, length, span: SPAN };
}
export function sliceTy(element: Type): Type {
  return { kind: 'slice', element, span: SPAN };
}
export function intLit(value: number): Expr {
  return { kind: 'int', value: BigInt(value), suffix: undefined, span: SPAN };
}
export function pathExpr(...names: string[]): Expr {
  return { kind: 'path', segments: names.map((name) => ({ name, generics: [], span: SPAN })), span: SPAN };
}

// Datatypes and the scope stub ---------------------------------------------------------------------------------

function generics(names: string[]): GenericParam[] {
  return names.map((name) => ({ name, kind: 'type', bounds: [], span: SPAN }));
}
function fieldDefs(fields: [string, Type][]): FieldDef[] {
  return fields.map(([name, type]) => ({ name, type, span: SPAN }));
}
export function named(...fields: [string, Type][]): Fields {
  return { kind: 'named', fields: fieldDefs(fields) };
}
export function positional(...types: Type[]): Fields {
  return { kind: 'tuple', fields: fieldDefs(types.map((type, idx) => [String(idx), type])) };
}
export const UNIT_FIELDS: Fields = { kind: 'unit' };

export function structItem(name: string, fields: Fields, typeParams: string[] = []): StructItem {
  return { ...BASE, kind: 'struct', name, nameSpan: SPAN, generics: generics(typeParams), fields };
}
export function enumItem(name: string, variants: [string, Fields][], typeParams: string[] = []): EnumItem {
  return {
    ...BASE,
    kind: 'enum',
    name,
    nameSpan: SPAN,
    generics: generics(typeParams),
    variants: variants.map(([variant, fields]) => ({ name: variant, fields, discriminant: undefined, span: SPAN })),
  };
}
export function aliasItem(name: string, type: Type, typeParams: string[] = []): TypeAliasItem {
  return { ...BASE, kind: 'type', name, generics: generics(typeParams), type };
}
export function constItem(name: string, value: Expr): ConstItem {
  return { ...BASE, kind: 'const', name, nameSpan: SPAN, mode: 'exec', isStatic: false, type: ty('usize'), ensures: [], value };
}

export function scopeOf(items: (StructItem | EnumItem | TypeAliasItem | ConstItem)[]): ModelScope {
  const find = <K extends string>(kind: K, name: string) => items.find((item) => item.kind === kind && item.name === name);
  return {
    resolveFunction: () => undefined,
    resolveMethod: () => undefined,
    implMethods: () => [],
    blanketMethods: () => [],
    constantsOfType: () => [],
    datatype: (name) => {
      const item = find('struct', name) ?? find('enum', name);
      return item?.kind === 'struct' || item?.kind === 'enum' ? item : undefined;
    },
    enumOfVariant: () => undefined,
    useAlias: () => undefined,
    macroRules: () => undefined,
    traitImpls: () => [],
    typeImpls: () => [],
    derivers: () => [],
    declaredLayout: () => undefined,
    externalCrate: () => undefined,
    constant: (path) => {
      const item = find('const', path[path.length - 1] ?? '');
      return item?.kind === 'const' ? item : undefined;
    },
    typeAlias: (name) => {
      const item = find('type', name);
      return item?.kind === 'type' ? item : undefined;
    },
  };
}

/** Datatypes shared by the value tests. */
export const SCOPE = scopeOf([
  structItem('Point', named(['x', ty('i32')], ['y', ty('i32')])),
  structItem('Meters', positional(ty('u32'))),
  structItem('Pair', positional(ty('u8'), ty('bool'))),
  structItem('Marker', UNIT_FIELDS),
  structItem('Empty', named()),
  structItem('Wrapper', named(['inner', ty('T')]), ['T']),
  enumItem('Color', [
    ['Red', UNIT_FIELDS],
    ['Green', UNIT_FIELDS],
    ['Rgb', positional(ty('u8'), ty('u8'), ty('u8'))],
  ]),
  enumItem('Shape', [
    ['Circle', named(['r', ty('u32')])],
    ['Square', positional(ty('u32'))],
    ['Dot', UNIT_FIELDS],
  ]),
  enumItem('List', [
    ['Nil', UNIT_FIELDS],
    ['Cons', positional(ty('int'), ty('Box', ty('List')))],
  ]),
  aliasItem('Bytes', ty('Vec', ty('u8'))),
  aliasItem('Table', ty('Map', ty('K'), ty('int')), ['K']),
  aliasItem('Loop', ty('Loop')),
  constItem('N', intLit(4)),
]);
export const CTX: TypeContext = { scope: SCOPE };

// Value types -------------------------------------------------------------------------------------------------

export const T = {
  int: (int: IntType): ValueType => ({ kind: 'int', int }),
  bool: { kind: 'bool' } as ValueType,
  char: { kind: 'char' } as ValueType,
  string: { kind: 'seq', element: { kind: 'char' }, origin: 'String' } as ValueType,
  seq: (element: ValueType, origin: SeqOrigin = 'Vec', length?: number): ValueType =>
    length === undefined ? { kind: 'seq', element, origin } : { kind: 'seq', element, origin, length },
  set: (element: ValueType): ValueType => ({ kind: 'set', element }),
  map: (key: ValueType, value: ValueType): ValueType => ({ kind: 'map', key, value }),
  multiset: (element: ValueType): ValueType => ({ kind: 'multiset', element }),
  tuple: (...elements: ValueType[]): ValueType => ({ kind: 'tuple', elements }),
  adt: (name: string, ...args: ValueType[]): ValueType => ({ kind: 'adt', name, args }),
};

// Values -------------------------------------------------------------------------------------------------------

export const V = {
  int: (value: number | bigint): Value => ({ kind: 'int', value: BigInt(value) }),
  bool: (value: boolean): Value => ({ kind: 'bool', value }),
  char: (char: string): Value => ({ kind: 'char', codePoint: char.codePointAt(0) ?? 0 }),
  seq: (...elements: Value[]): Value => ({ kind: 'seq', elements }),
  ints: (...values: number[]): Value => ({ kind: 'seq', elements: values.map((value) => V.int(value)) }),
  text: (text: string): Value => ({ kind: 'seq', elements: [...text].map((char) => V.char(char)), text: true }),
  tuple: (...elements: Value[]): Value => ({ kind: 'tuple', elements }),
  struct: (name: string, fields: [string, Value][]): Value => ({ kind: 'struct', name, fields }),
  variant: (name: string, variant: string, ...fields: Value[]): Value => ({
    kind: 'enum',
    name,
    variant,
    fields: fields.map((field, idx) => [String(idx), field] as const),
  }),
  some: (value: Value): Value => V.variant('Option', 'Some', value),
  none: { kind: 'enum', name: 'Option', variant: 'None', fields: [] } as Value,
};
