// vstd's permissioned atomics (vstd::atomic: `PAtomicU8`..`PAtomicU64`, `PAtomicUsize`, the signed ones, `PAtomicBool`)
// as built-in datatypes, on the model of a permissioned cell (permissions.ts): an atomic is its id, and its
// permission (`PermissionU64`, ...) holds that id and the value, with the fields of vstd's `PermissionDataU64`
// (`patomic`, `value`), so `perm@.value`, `perm.value()`, `perm.is_for(a)` and `perm.points_to(v)` read it. The run is
// one thread: every operation (a `compare_exchange_weak` too) takes effect at once. A file's own datatype of the
// same name wins, as for `Option`.

import type { AdtShape } from './type-resolution';
import type { Value } from './value';
import type { IntType, ValueType } from './value-type';
import { bool, int } from './value';
import { valueEquals } from './value-ops';

const INT_ATOMICS: ReadonlyMap<string, IntType> = new Map([
  ['U8', 'u8'],
  ['U16', 'u16'],
  ['U32', 'u32'],
  ['U64', 'u64'],
  ['Usize', 'usize'],
  ['I8', 'i8'],
  ['I16', 'i16'],
  ['I32', 'i32'],
  ['I64', 'i64'],
  ['Isize', 'isize'],
]);

/** The value type of an atomic or of its permission, by name (`PAtomicU64`, `PermissionU64`, `PAtomicBool`). */
export function atomicValueType(name: string): ValueType | undefined {
  const suffix = /^(?:PAtomic|Permission)(\w+)$/.exec(name)?.[1];
  if (suffix === undefined) return undefined;
  if (suffix === 'Bool') return { kind: 'bool' };
  const width = INT_ATOMICS.get(suffix);
  return width === undefined ? undefined : { kind: 'int', int: width };
}

/** The value type std's or atomic_ghost's atomic of that name holds (`AtomicU64` -> `u64`), except `AtomicPtr`'s. */
export function heldValueType(name: string): ValueType | undefined {
  return name.startsWith('Atomic') ? atomicValueType(`PAtomic${name.slice('Atomic'.length)}`) : undefined;
}

export function isAtomic(name: string): boolean {
  return name.startsWith('PAtomic') && atomicValueType(name) !== undefined;
}

export function isAtomicPermission(name: string): boolean {
  return name.startsWith('Permission') && atomicValueType(name) !== undefined;
}

/** The permission type of an atomic type (`PAtomicU64` -> `PermissionU64`). */
export function permissionOf(atomic: string): string {
  return `Permission${atomic.slice('PAtomic'.length)}`;
}

const ID_TYPE: ValueType = { kind: 'int', int: 'int' };

/** An atomic is a newtype of its id (the pairs file writes a number); a permission the struct `{ patomic, value }`. */
export function atomicShape(name: string): AdtShape | undefined {
  const valueType = atomicValueType(name);
  if (valueType === undefined) return undefined;
  if (isAtomic(name)) return { kind: 'struct', name, fields: { kind: 'tuple', fields: [{ name: '0', type: ID_TYPE }] } };
  return {
    kind: 'struct',
    name,
    fields: {
      kind: 'named',
      fields: [
        { name: 'patomic', type: ID_TYPE },
        { name: 'value', type: valueType },
      ],
    },
  };
}

export function atomicValue(name: string, id: bigint): Value {
  return { kind: 'struct', name, fields: [['0', int(id)]] };
}

export function atomicPermissionValue(name: string, id: bigint, value: Value): Value {
  return {
    kind: 'struct',
    name,
    fields: [
      ['patomic', int(id)],
      ['value', value],
    ],
  };
}

/** The id of an atomic value, or undefined when `value` is none. */
export function atomicId(value: Value): bigint | undefined {
  if (value.kind !== 'struct' || !isAtomic(value.name)) return undefined;
  const id = value.fields[0]?.[1];
  return id?.kind === 'int' ? id.value : undefined;
}

/** The id and value a permission holds, or undefined when `value` is none. */
export function atomicPermissionParts(value: Value): { readonly id: bigint; readonly value: Value } | undefined {
  if (value.kind !== 'struct' || !isAtomicPermission(value.name)) return undefined;
  const id = value.fields.find(([name]) => name === 'patomic')?.[1];
  const held = value.fields.find(([name]) => name === 'value')?.[1];
  return id?.kind === 'int' && held !== undefined ? { id: id.value, value: held } : undefined;
}

/** vstd's spec fns of an atomic (`id()`) and of its permission (`id()`, `value()`, `is_for(a)`, `points_to(v)`);
 *  undefined for any other receiver or method. */
export function atomicSpecMethod(receiver: Value, method: string, args: readonly Value[]): Value | undefined {
  const id = atomicId(receiver);
  if (id !== undefined) return method === 'id' ? int(id) : undefined;
  const parts = atomicPermissionParts(receiver);
  if (parts === undefined) return undefined;
  switch (method) {
    case 'id':
      return int(parts.id);
    case 'value':
      return parts.value;
    case 'is_for': {
      const other = args[0] === undefined ? undefined : atomicId(args[0]);
      return other === undefined ? undefined : bool(other === parts.id);
    }
    case 'points_to':
      return args[0] === undefined ? undefined : bool(valueEquals(args[0], parts.value));
    default:
      return undefined;
  }
}

/** std's atomics (`core::sync::atomic::AtomicU64`, no type arguments) and vstd::atomic_ghost's (`AtomicU64<K, G, Pred>`,
 *  `AtomicPtr<T, K, G, Pred>`), which hold their value themselves: the struct `{ value }`, read and written by exec
 *  code through `&self` (interior mutability); atomic_ghost's ghost state (its invariant's `G`) is not modelled, so a
 *  contract reading it (`well_formed()`, `constant()`) stays undecided. Undefined for any other name or arity. */
export function sharedAtomicType(name: string, args: readonly ValueType[]): ValueType | undefined {
  if (name === 'AtomicPtr') {
    if (args.length !== 1 && args.length !== 4) return undefined;
    return { kind: 'adt', name, args: args.slice(0, 1) };
  }
  if (args.length !== 0 && args.length !== 3) return undefined;
  return heldValueType(name) === undefined ? undefined : { kind: 'adt', name, args: [] };
}

/** The value type a shared atomic holds (`AtomicPtr<T>`'s is `*mut T`). */
export function sharedAtomicValueType(
  type: Extract<ValueType, { kind: 'adt' }>,
  rawPointer: (pointee: ValueType) => ValueType,
): ValueType | undefined {
  if (type.name === 'AtomicPtr') return type.args[0] === undefined ? undefined : rawPointer(type.args[0]);
  return heldValueType(type.name);
}

export function sharedAtomicShape(
  type: Extract<ValueType, { kind: 'adt' }>,
  rawPointer: (pointee: ValueType) => ValueType,
): AdtShape | undefined {
  const valueType = sharedAtomicValueType(type, rawPointer);
  if (valueType === undefined) return undefined;
  return { kind: 'struct', name: type.name, fields: { kind: 'named', fields: [{ name: 'value', type: valueType }] } };
}

export function isSharedAtomic(value: Value): boolean {
  return (
    value.kind === 'struct' &&
    (value.name === 'AtomicPtr' || heldValueType(value.name) !== undefined) &&
    value.fields.length === 1 &&
    value.fields[0]?.[0] === 'value'
  );
}

export function sharedAtomicValue(name: string, value: Value): Value {
  return { kind: 'struct', name, fields: [['value', value]] };
}
