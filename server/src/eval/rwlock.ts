// vstd's `rwlock::RwLock<V, Pred>` as a built-in datatype: a lock is the value stored in it and its predicate (a
// ghost value, `pred()`), and every lock meets `pred.inv(value)` (vstd's type invariant of RwLock: `new` requires it
// and `release_write` requires it of the value written). The handles are run-time values of exec code only
// (exec/rwlock-calls.ts): a read handle is the lock as acquired (`view()` is its value), a write handle also carries
// the number under which the run remembers the place of the lock it came from, where `release_write` stores.
//
// Which `RwLock` is vstd's: a type of that name with two type arguments, when the file has no datatype of that
// name and no `use` brings the name from another crate (`std::sync::RwLock<T>` has one type argument;
// `use parking_lot::RwLock` names another crate). A file's own `RwLock` wins, as for `Option`.

import type { Expr, Span } from '../syntax';
import type { ModelScope } from '../model';
import type { AdtShape } from './type-resolution';
import type { Value } from './value';
import type { ValueType } from './value-type';
import { int, UNIT } from './value';

export const RWLOCK = 'RwLock';
export const READ_HANDLE = 'ReadHandle';
export const WRITE_HANDLE = 'WriteHandle';
/** The fields of the built-in lock: the pairs file writes `{"value": .., "pred": ..}`. */
export const RWLOCK_VALUE = 'value';
export const RWLOCK_PRED = 'pred';
const HANDLE_LOCK = 'rwlock';
const HANDLE_ID = 'handle';

/** Whether the name, written with `typeArgs` type arguments, is vstd's lock in this scope. */
export function isVstdRwLock(scope: ModelScope, name: string, typeArgs: number): boolean {
  if (name !== RWLOCK || typeArgs !== 2 || scope.datatype(RWLOCK) !== undefined) return false;
  const from = scope.externalCrate(RWLOCK);
  return from === undefined || from === 'vstd';
}

/** The value type of vstd's `RwLock<V, Pred>`; undefined for any other type. */
export function rwlockType(scope: ModelScope, name: string, args: readonly ValueType[]): ValueType | undefined {
  return isVstdRwLock(scope, name, args.length) ? { kind: 'adt', name: RWLOCK, args } : undefined;
}

/** The shape of a built-in lock type (called only for a name no datatype of the scope has). */
export function rwlockShape(type: Extract<ValueType, { kind: 'adt' }>): AdtShape | undefined {
  const [value, pred] = type.args;
  if (type.name !== RWLOCK || value === undefined || pred === undefined || type.args.length !== 2) return undefined;
  return {
    kind: 'struct',
    name: RWLOCK,
    fields: {
      kind: 'named',
      fields: [
        { name: RWLOCK_VALUE, type: value },
        { name: RWLOCK_PRED, type: pred },
      ],
    },
  };
}

/** The fields of a value of `shape` a contract can tell apart: for vstd's lock only the predicate (`pred()`), since
 *  no spec fn reads the stored value (a wrong output that differs only there is no output a contract could
 *  reject: mutants leave it alone); every field for any other shape. */
export function visibleLockFields(scope: ModelScope, shape: AdtShape | undefined): AdtShape | undefined {
  if (shape?.kind !== 'struct' || shape.name !== RWLOCK || scope.datatype(RWLOCK) !== undefined) return shape;
  return { ...shape, fields: { ...shape.fields, fields: shape.fields.fields.filter((field) => field.name === RWLOCK_PRED) } };
}

/** The value with the stored value of every built-in lock in it blanked (the unit value): what a contract can tell
 *  apart. Two outcomes equal under it are one outcome to a contract, so a swapped output or a code mutant that
 *  differs from the correct one only inside a lock is not a wrong output. A lock is recognized by its name and its
 *  two fields (a value carries no scope). Remembered per value object (values are immutable). */
export function lockBlind(value: Value): Value {
  const known = BLIND.get(value);
  if (known !== undefined) return known;
  const blind = blindOf(value);
  BLIND.set(value, blind);
  return blind;
}

const BLIND = new WeakMap<Value, Value>();

function blindOf(value: Value): Value {
  switch (value.kind) {
    case 'struct':
    case 'enum': {
      if (value.kind === 'struct' && isLockShaped(value)) return rwlockValue(UNIT, lockBlind(value.fields[1]?.[1] as Value));
      const fields = value.fields.map(([name, field]) => [name, lockBlind(field)] as const);
      return fields.every(([, field], i) => field === value.fields[i]?.[1]) ? value : { ...value, fields };
    }
    case 'seq':
    case 'tuple':
    case 'set': {
      const elements = value.elements.map(lockBlind);
      return elements.every((element, i) => element === value.elements[i]) ? value : { ...value, elements };
    }
    case 'map': {
      const entries = value.entries.map(([key, entry]) => [lockBlind(key), lockBlind(entry)] as const);
      return entries.every(([key, entry], i) => key === value.entries[i]?.[0] && entry === value.entries[i]?.[1])
        ? value
        : { ...value, entries };
    }
    default:
      return value;
  }
}

/** Whether a struct value has the built-in lock's shape (a file's own `RwLock` of the same fields too). */
export function isLockShaped(value: Extract<Value, { kind: 'struct' }>): boolean {
  return (
    value.name === RWLOCK && value.fields.length === 2 && value.fields[0]?.[0] === RWLOCK_VALUE && value.fields[1]?.[0] === RWLOCK_PRED
  );
}

export function rwlockValue(value: Value, pred: Value): Value {
  return {
    kind: 'struct',
    name: RWLOCK,
    fields: [
      [RWLOCK_VALUE, value],
      [RWLOCK_PRED, pred],
    ],
  };
}

/** The stored value and predicate of a built-in lock value; undefined for any other value, and for a value of the
 *  scope's own `RwLock`. */
export function rwlockParts(scope: ModelScope, value: Value): { readonly value: Value; readonly pred: Value } | undefined {
  if (value.kind !== 'struct' || value.name !== RWLOCK || scope.datatype(RWLOCK) !== undefined) return undefined;
  const stored = field(value, RWLOCK_VALUE);
  const pred = field(value, RWLOCK_PRED);
  return stored === undefined || pred === undefined ? undefined : { value: stored, pred };
}

export function readHandleValue(lock: Value): Value {
  return { kind: 'struct', name: READ_HANDLE, fields: [[HANDLE_LOCK, lock]] };
}

export function writeHandleValue(lock: Value, id: number): Value {
  return {
    kind: 'struct',
    name: WRITE_HANDLE,
    fields: [
      [HANDLE_LOCK, lock],
      [HANDLE_ID, int(id)],
    ],
  };
}

/** The lock a handle value was acquired from (as it was then) and, for a write handle, its number. */
export function handleParts(
  scope: ModelScope,
  value: Value,
): { readonly kind: 'read' | 'write'; readonly lock: Value; readonly id: number | undefined } | undefined {
  if (value.kind !== 'struct' || (value.name !== READ_HANDLE && value.name !== WRITE_HANDLE)) return undefined;
  if (scope.datatype(value.name) !== undefined) return undefined;
  const lock = field(value, HANDLE_LOCK);
  if (lock === undefined) return undefined;
  const id = field(value, HANDLE_ID);
  return { kind: value.name === READ_HANDLE ? 'read' : 'write', lock, id: id?.kind === 'int' ? Number(id.value) : undefined };
}

/** `lock.pred.inv(lock.value)` over the fields of the built-in lock at `lock`: the lock's invariant as a clause
 *  that completion unfolds through the predicate's `inv` (the pred and the value are places) and the spec
 *  evaluator decides (`inv` of a `spec_fn` predicate applies it). */
export function rwlockInvariantClause(lock: Expr, span: Span): Expr {
  const fieldOf = (name: string): Expr => ({ kind: 'field', receiver: lock, field: name, span });
  return {
    kind: 'method-call',
    receiver: fieldOf(RWLOCK_PRED),
    method: 'inv',
    methodSpan: span,
    generics: [],
    args: [fieldOf(RWLOCK_VALUE)],
    span,
  };
}

function field(value: Extract<Value, { kind: 'struct' }>, name: string): Value | undefined {
  return value.fields.find(([fieldName]) => fieldName === name)?.[1];
}
