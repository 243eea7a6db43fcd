// The exec fns of vstd::arithmetic::overflow's `CheckedU32`/`CheckedU64` (values as `../checked-ints.ts` keeps
// them: the exact value, whether or not it fits).

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import type { Typed } from './interpreter-state';
import { BOOL, intType, optionOf } from './exec-types';
import type { ExecType } from './exec-types';
import { notRunnable, panic } from './signals';
import { checkedIntExact, checkedIntFits, checkedIntValue, checkedIntWidth } from '../checked-ints';

export { isCheckedIntType } from '../checked-ints';

/** `CheckedU64::new(x)` and `CheckedU64::new_overflowed(Ghost(i))` (also `CheckedU32`). */
export function checkedIntCall(typeName: string, name: string, args: readonly Typed[], span: Span): Typed {
  if (name !== 'new' && name !== 'new_overflowed') return notRunnable(`calls ${typeName}::${name}`, span);
  const value = args[0]?.value;
  if (value?.kind !== 'int') return notRunnable(`\`${typeName}::${name}\` needs an integer argument`, span);
  return checked(typeName, value.value);
}

/** The exec methods of vstd's checked integers. */
export function checkedIntMethod(receiver: Extract<Value, { kind: 'struct' }>, method: string, args: readonly Typed[], span: Span): Typed {
  const width = checkedIntWidth(receiver.name);
  const exact = checkedIntExact(receiver) ?? 0n;
  const fits = checkedIntFits(receiver.name, exact);
  switch (method) {
    case 'add_value':
    case 'mul_value':
    case 'add_checked':
    case 'mul_checked': {
      const operand = operandValue(args[0]?.value, method);
      if (operand === undefined) return notRunnable(`\`${receiver.name}::${method}\` needs an argument`, span);
      return checked(receiver.name, method.startsWith('add') ? exact + operand : exact * operand);
    }
    case 'is_overflowed':
      return { value: bool(!fits), type: BOOL };
    case 'unwrap':
      // vstd requires `!is_overflowed()`; its body is `self.v.unwrap()`, which panics as Option's does.
      return fits ? { value: int(exact), type: intType(width) } : panic('called `Option::unwrap()` on a `None` value', span);
    case 'to_option': {
      const option: Value = fits
        ? { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', int(exact)]] }
        : { kind: 'enum', name: 'Option', variant: 'None', fields: [] };
      return { value: option, type: optionOf(intType(width)) };
    }
    case 'clone':
      return { value: receiver, type: checkedType(receiver.name) };
    default:
      return notRunnable(`calls ${receiver.name}::${method}`, span);
  }
}

function checked(typeName: string, exact: bigint): Typed {
  return { value: checkedIntValue(typeName, exact), type: checkedType(typeName) };
}

function checkedType(typeName: string): ExecType {
  return { kind: 'adt', name: typeName, args: [] };
}

/** `add_value` takes a plain integer; `add_checked` another checked integer (by reference), whose exact value counts. */
function operandValue(value: Value | undefined, method: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (method.endsWith('_checked')) return checkedIntExact(value);
  return value.kind === 'int' ? value.value : undefined;
}
