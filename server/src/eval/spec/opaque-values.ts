// What spec code reads of a value the harness does not know: a placeholder (`opaque`: a ghost or tracked value of
// a type the harness cannot represent) and a raw pointer's provenance and metadata. Each read is indeterminate,
// never a truth value made up from the placeholder's structure.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { int, opaqueValue } from '../value';
import { pointerAddress, RAW_POINTER } from '../permissions';
import { isSharedAtomic } from '../atomics';
import { isLockShaped } from '../rwlock';
import { valueEquals } from '../value-ops';
import type { Failure, Res } from './spec-context';
import { indeterminate } from './spec-context';

/** The failure of any operation on `value` when it is a placeholder; undefined otherwise. */
export function readOfOpaque(value: Value, span: Span): Failure | undefined {
  return value.kind === 'opaque' ? indeterminate(`reads \`${value.text}\`, a ghost value the harness does not model`, span) : undefined;
}

/** Spec `==`: false where the two values certainly differ; undefined where they agree except at a placeholder;
 *  true otherwise. Two raw pointers are equal when their addresses are: the model has one allocation per address
 *  (generated pointers and permissions are built that way, and exec code only derives pointers from them), so the
 *  provenance spec equality also compares is that allocation's on both sides. */
export function specEquals(a: Value, b: Value): boolean | undefined {
  if (a.kind === 'opaque' || b.kind === 'opaque') return undefined;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'seq':
    case 'tuple': {
      const other = b as typeof a;
      return a.elements.length === other.elements.length ? allEqual(a.elements, other.elements) : false;
    }
    case 'struct': {
      const other = b as typeof a;
      if (a.name !== other.name) return false;
      if (a.name === RAW_POINTER) return pointerAddress(a) === pointerAddress(other);
      // What an atomic or a lock holds is no spec value (Verus compares their identities, which the model does not
      // have): two that hold the same are taken as one, two that hold different values are not told apart.
      if (isLockShaped(a) || isSharedAtomic(a)) return heldEquals(a, other);
      return fieldsEqual(a.fields, other.fields);
    }
    case 'enum': {
      const other = b as typeof a;
      return a.name === other.name && a.variant === other.variant ? fieldsEqual(a.fields, other.fields) : false;
    }
    default:
      return plainEquals(a, b);
  }
}

/** The spec view of a raw pointer (vstd's `PtrData`): its address, and placeholders for its provenance and
 *  metadata; undefined when `value` is no raw pointer. */
export function rawPointerView(value: Value): Value | undefined {
  if (value.kind !== 'struct' || value.name !== RAW_POINTER) return undefined;
  const addr = pointerAddress(value) ?? 0n;
  return {
    kind: 'struct',
    name: 'PtrData',
    fields: [
      ['addr', int(addr)],
      ['provenance', opaqueValue('Provenance')],
      ['metadata', opaqueValue('Metadata')],
    ],
  };
}

/** The spec methods of a raw pointer that read its address (`addr()`, `is_null()`) or its view. */
export function rawPointerMethod(receiver: Value, method: string): Res | undefined {
  const view = rawPointerView(receiver);
  if (view === undefined) return undefined;
  const addr = pointerAddress(receiver) ?? 0n;
  switch (method) {
    case 'view':
      return view;
    case 'addr':
      return int(addr);
    case 'is_null':
      return { kind: 'bool', value: addr === 0n };
    default:
      return undefined;
  }
}

function allEqual(a: readonly Value[], b: readonly Value[]): boolean | undefined {
  let known = true;
  for (let i = 0; i < a.length; i++) {
    const equal = specEquals(a[i] as Value, b[i] as Value);
    if (equal === false) return false;
    if (equal === undefined) known = false;
  }
  return known ? true : undefined;
}

function fieldsEqual(a: readonly (readonly [string, Value])[], b: readonly (readonly [string, Value])[]): boolean | undefined {
  if (a.length !== b.length || a.some(([name], i) => name !== b[i]?.[0])) return false;
  return allEqual(
    a.map(([, value]) => value),
    b.map(([, value]) => value),
  );
}

/** An atomic's `value` or a lock's stored value (its first field) is not compared; a lock's predicate is. */
function heldEquals(a: Extract<Value, { kind: 'struct' }>, b: Extract<Value, { kind: 'struct' }>): boolean | undefined {
  const rest = fieldsEqual(a.fields.slice(1), b.fields.slice(1));
  if (rest !== true) return rest;
  return valueEquals(a, b) ? true : undefined;
}

/** Sets, maps and multisets pair their elements by the canonical order, in which a placeholder or a raw pointer
 *  has no known place: holding one, they are not compared. */
function plainEquals(a: Value, b: Value): boolean | undefined {
  if (a.kind !== 'set' && a.kind !== 'map' && a.kind !== 'multiset') return valueEquals(a, b);
  return holdsUnknown(a) || holdsUnknown(b) ? undefined : valueEquals(a, b);
}

function holdsUnknown(value: Value): boolean {
  switch (value.kind) {
    case 'opaque':
      return true;
    case 'seq':
    case 'set':
    case 'tuple':
      return value.elements.some(holdsUnknown);
    case 'map':
      return value.entries.some(([key, entry]) => holdsUnknown(key) || holdsUnknown(entry));
    case 'multiset':
      return value.entries.some(([element]) => holdsUnknown(element));
    case 'struct':
    case 'enum':
      return (value.kind === 'struct' && value.name === RAW_POINTER) || value.fields.some(([, field]) => holdsUnknown(field));
    default:
      return false;
  }
}
