// vstd::arithmetic::overflow's `CheckedU32`/`CheckedU64` as built-in datatypes: a value is its exact mathematical
// value (vstd's ghost `i`), a newtype over `nat`, so the pairs file writes a plain number and a wrong output is
// another number. vstd's exec `v: Option<uN>` is `Some(i)` exactly when `i` fits (its type invariant), so it is not
// stored: every value of this shape is one the type's invariant admits. A file's own datatype of the same name wins.

import type { AdtShape } from './type-resolution';
import type { Value } from './value';
import { bool, int } from './value';
import type { IntType } from './value-type';

const WIDTHS: Readonly<Record<string, IntType>> = { CheckedU32: 'u32', CheckedU64: 'u64' };
const MAX: Readonly<Record<string, bigint>> = { CheckedU32: 2n ** 32n - 1n, CheckedU64: 2n ** 64n - 1n };

export function isCheckedIntType(typeName: string): boolean {
  return Object.hasOwn(WIDTHS, typeName);
}

/** The exec integer type a checked integer holds when it has not overflowed. */
export function checkedIntWidth(typeName: string): IntType {
  return WIDTHS[typeName] ?? 'u64';
}

export function checkedIntShape(name: string): AdtShape | undefined {
  if (!isCheckedIntType(name)) return undefined;
  return { kind: 'struct', name, fields: { kind: 'tuple', fields: [{ name: '0', type: { kind: 'int', int: 'nat' } }] } };
}

export function checkedIntValue(typeName: string, exact: bigint): Value {
  return { kind: 'struct', name: typeName, fields: [['0', int(exact)]] };
}

/** The exact value of a checked integer, or undefined for any other value. */
export function checkedIntExact(value: Value): bigint | undefined {
  if (value.kind !== 'struct' || !isCheckedIntType(value.name)) return undefined;
  const exact = value.fields[0]?.[1];
  return exact?.kind === 'int' ? exact.value : undefined;
}

export function checkedIntFits(typeName: string, exact: bigint): boolean {
  return exact <= (MAX[typeName] ?? 0n);
}

/** The spec view and methods vstd gives it: `x@` (the exact value) and `is_overflowed()`. */
export function checkedIntSpecMethod(receiver: Value, method: string): Value | undefined {
  const exact = checkedIntExact(receiver);
  if (exact === undefined || receiver.kind !== 'struct') return undefined;
  switch (method) {
    case 'view':
      return int(exact);
    case 'is_overflowed':
    case 'spec_is_overflowed':
      return bool(!checkedIntFits(receiver.name, exact));
    default:
      return undefined;
  }
}
