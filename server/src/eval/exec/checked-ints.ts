// vstd::arithmetic::overflow's `CheckedU32`/`CheckedU64`: an exec `v: Option<uN>` (None once overflowed) beside
// the ghost `i`, the exact mathematical value. Both are kept as fields, like vstd's struct, so `@` stays exact.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import type { IntType } from '../value-type';
import type { Typed } from './interpreter-state';
import { BOOL, intType, optionOf } from './exec-types';
import type { ExecType } from './exec-types';
import { intRange } from './int-ops';
import { notRunnable, panic } from './signals';

const WIDTHS: Readonly<Record<string, IntType>> = { CheckedU32: 'u32', CheckedU64: 'u64' };

export function isCheckedIntType(typeName: string): boolean {
  return WIDTHS[typeName] !== undefined;
}

/** `CheckedU64::new(x)` (also `CheckedU32`). */
export function checkedIntCall(typeName: string, name: string, args: readonly Typed[], span: Span): Typed {
  if (name !== 'new') return notRunnable(`calls ${typeName}::${name}`, span);
  const value = args[0]?.value;
  if (value?.kind !== 'int') return notRunnable(`\`${typeName}::new\` needs an integer argument`, span);
  return checkedValue(typeName, value.value);
}

/** The exec methods of vstd's checked integers. */
export function checkedIntMethod(receiver: Extract<Value, { kind: 'struct' }>, method: string, args: readonly Typed[], span: Span): Typed {
  const width = WIDTHS[receiver.name] ?? 'u64';
  const exact = ghostValue(receiver);
  const fits = exact <= (intRange(width).max ?? 0n);
  switch (method) {
    case 'add_value':
    case 'mul_value':
    case 'add_checked':
    case 'mul_checked': {
      const operand = operandValue(args[0]?.value, method);
      if (operand === undefined) return notRunnable(`\`${receiver.name}::${method}\` needs an argument`, span);
      return checkedValue(receiver.name, method.startsWith('add') ? exact + operand : exact * operand);
    }
    case 'is_overflowed':
      return { value: bool(!fits), type: BOOL };
    case 'unwrap':
      // vstd requires `!is_overflowed()`; its body is `self.v.unwrap()`, which panics as Option's does.
      return fits ? { value: int(exact), type: intType(width) } : panic('called `Option::unwrap()` on a `None` value', span);
    case 'to_option':
      return { value: optionField(width, exact), type: optionOf(intType(width)) };
    case 'clone':
      return { value: receiver, type: checkedType(receiver.name) };
    default:
      return notRunnable(`calls ${receiver.name}::${method}`, span);
  }
}

function checkedValue(typeName: string, exact: bigint): Typed {
  const width = WIDTHS[typeName] ?? 'u64';
  const fields: (readonly [string, Value])[] = [
    ['i', int(exact)],
    ['v', optionField(width, exact)],
  ];
  return { value: { kind: 'struct', name: typeName, fields }, type: checkedType(typeName) };
}

function checkedType(typeName: string): ExecType {
  return { kind: 'adt', name: typeName, args: [] };
}

function optionField(width: IntType, exact: bigint): Value {
  return exact <= (intRange(width).max ?? 0n)
    ? { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', int(exact)]] }
    : { kind: 'enum', name: 'Option', variant: 'None', fields: [] };
}

function ghostValue(receiver: Extract<Value, { kind: 'struct' }>): bigint {
  const ghost = receiver.fields.find(([name]) => name === 'i')?.[1];
  return ghost?.kind === 'int' ? ghost.value : 0n;
}

/** `add_value` takes a plain integer; `add_checked` another checked integer (by reference), whose exact value counts. */
function operandValue(value: Value | undefined, method: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (method.endsWith('_checked')) return value.kind === 'struct' && isCheckedIntType(value.name) ? ghostValue(value) : undefined;
  return value.kind === 'int' ? value.value : undefined;
}
