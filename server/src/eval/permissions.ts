// vstd's pointers and their permissions as built-in datatypes (verus-systems.md §2): a `PPtr<V>` is its address,
// a `PointsTo<V>` holds the address it is for and the value stored there (`None` while uninitialized). A file's own
// datatype of the same name wins, as for `Option`. vstd's permissioned cells (`cell::PCell`, `cell::pcell::PCell`,
// `cell::pcell_maybe_uninit::PCell`) are the same model: a `PCell<V>` is its id, as a pointer is its address, and the
// cell's `PointsTo<V>` holds that id (read as `id()`, legacy `perm@.pcell`) and the value, so a cell is accessed
// through its permission exactly as memory is.

import type { Pattern } from '../syntax';
import type { AdtShape, FieldsShape } from './type-resolution';
import type { Value } from './value';
import type { ValueType } from './value-type';
import { int } from './value';

export const POINTS_TO = 'PointsTo';
export const PPTR = 'PPtr';
export const PCELL = 'PCell';
export const MEM_CONTENTS = 'MemContents';
/** A raw pointer (`*mut T`, `*const T`, the same to Verus): its value is its address, its one type argument the
 *  pointee. The name is no Rust path, so no file's datatype can take it. */
export const RAW_POINTER = '*ptr';

/** The built-in names `resolvePath` turns into `adt` types, with their number of type arguments. */
export const PERMISSION_TYPES: ReadonlyMap<string, number> = new Map([
  [POINTS_TO, 1],
  [PPTR, 1],
  [PCELL, 1],
  [MEM_CONTENTS, 1],
]);

const USIZE: ValueType = { kind: 'int', int: 'usize' };

/** The fields of `PointsTo<V>` (`addr`, `value: Option<V>`), `PPtr<V>`, `PCell<V>` and a raw pointer (its address, a newtype,
 *  so the pairs file writes a plain number) and the variants of `MemContents<V>`. */
export function permissionShape(name: string, element: ValueType): AdtShape | undefined {
  switch (name) {
    case POINTS_TO:
      return {
        kind: 'struct',
        name,
        fields: named([
          ['addr', USIZE],
          ['value', { kind: 'adt', name: 'Option', args: [element] }],
        ]),
      };
    case PPTR:
    case PCELL:
    case RAW_POINTER:
      return { kind: 'struct', name, fields: { kind: 'tuple', fields: [{ name: '0', type: USIZE }] } };
    case MEM_CONTENTS:
      return {
        kind: 'enum',
        name,
        variants: [
          { name: 'Init', fields: { kind: 'tuple', fields: [{ name: '0', type: element }] } },
          { name: 'Uninit', fields: { kind: 'unit', fields: [] } },
        ],
      };
    default:
      return undefined;
  }
}

export function pointsToValue(addr: bigint, contents: Value | undefined): Value {
  const value: Value =
    contents === undefined
      ? { kind: 'enum', name: 'Option', variant: 'None', fields: [] }
      : { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', contents]] };
  return {
    kind: 'struct',
    name: POINTS_TO,
    fields: [
      ['addr', int(addr)],
      ['value', value],
    ],
  };
}

export function pptrValue(addr: bigint): Value {
  return { kind: 'struct', name: PPTR, fields: [['0', int(addr)]] };
}

export function pcellValue(id: bigint): Value {
  return { kind: 'struct', name: PCELL, fields: [['0', int(id)]] };
}

/** The address and contents (undefined: uninitialized) of a `PointsTo` value. */
export function pointsToParts(value: Value): { readonly addr: bigint; readonly contents: Value | undefined } | undefined {
  if (value.kind !== 'struct' || value.name !== POINTS_TO) return undefined;
  const addr = value.fields.find(([name]) => name === 'addr')?.[1];
  const option = value.fields.find(([name]) => name === 'value')?.[1];
  if (addr?.kind !== 'int' || option?.kind !== 'enum') return undefined;
  return { addr: addr.value, contents: option.variant === 'Some' ? option.fields[0]?.[1] : undefined };
}

export function rawPointerValue(addr: bigint): Value {
  return { kind: 'struct', name: RAW_POINTER, fields: [['0', int(addr)]] };
}

/** The address of a `PPtr` or raw pointer value, the id of a `PCell`, or a plain integer used as an address
 *  (atmosphere's `type PagePtr = usize`). */
export function pointerAddress(value: Value): bigint | undefined {
  if (value.kind === 'int') return value.value;
  if (value.kind !== 'struct' || (value.name !== PPTR && value.name !== PCELL && value.name !== RAW_POINTER)) return undefined;
  const addr = value.fields[0]?.[1];
  return addr?.kind === 'int' ? addr.value : undefined;
}

export function memContentsValue(contents: Value | undefined): Value {
  return contents === undefined
    ? { kind: 'enum', name: MEM_CONTENTS, variant: 'Uninit', fields: [] }
    : { kind: 'enum', name: MEM_CONTENTS, variant: 'Init', fields: [['0', contents]] };
}

/** The pattern inside `Tracked(p)` / `Ghost(g)`: the wrappers are transparent for values, so it matches the value. */
export function unwrappedModePattern(pattern: Pattern): Pattern | undefined {
  if (pattern.kind !== 'tuple-struct' || pattern.elements.length !== 1) return undefined;
  const name = pattern.path[pattern.path.length - 1]?.name;
  return name === 'Tracked' || name === 'Ghost' ? pattern.elements[0] : undefined;
}

function named(fields: readonly (readonly [string, ValueType])[]): FieldsShape {
  return { kind: 'named', fields: fields.map(([name, type]) => ({ name, type })) };
}
