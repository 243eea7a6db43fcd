// Machine-integer arithmetic with Rust's debug-build run-time semantics: every operation checks the exact range of
// its static type and reports Rust's own panic message; casts truncate; `/` and `%` truncate toward zero (on
// `int`/`nat`, Verus's mathematical integers, they are Euclidean).

import { inRange, intRange, truncateTo } from '../int-types';
import { euclidDiv, euclidMod } from '../spec/integers';
import type { IntType } from '../value-type';

export { intRange, inRange, isIntTypeName, truncateTo } from '../int-types';

/** A result of an integer operation: the value, or the panic message Rust prints. */
export type IntResult = { readonly ok: true; readonly value: bigint } | { readonly ok: false; readonly panic: string };

export type ArithOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';

/** `a op b` at type `type` as a debug build computes it. */
export function checkedArith(type: IntType, op: ArithOp, a: bigint, b: bigint): IntResult {
  switch (op) {
    case '+':
      return inRangeOr(type, a + b, 'attempt to add with overflow');
    case '-':
      return inRangeOr(type, a - b, 'attempt to subtract with overflow');
    case '*':
      return inRangeOr(type, a * b, 'attempt to multiply with overflow');
    case '/':
      if (b === 0n) return { ok: false, panic: 'attempt to divide by zero' };
      // `int` and `nat` are Verus's mathematical integers, whose `/` and `%` are Euclidean in any mode.
      if (isUnboundedInt(type)) return { ok: true, value: euclidDiv(a, b) };
      return inRangeOr(type, a / b, 'attempt to divide with overflow');
    case '%':
      if (b === 0n) return { ok: false, panic: 'attempt to calculate the remainder with a divisor of zero' };
      if (isUnboundedInt(type)) return { ok: true, value: euclidMod(a, b) };
      // `MIN % -1` overflows in Rust even though the mathematical result (0) fits.
      if (!inRange(a / b, type)) return { ok: false, panic: 'attempt to calculate the remainder with overflow' };
      return { ok: true, value: a % b };
    case '&':
      return { ok: true, value: a & b };
    case '|':
      return { ok: true, value: a | b };
    case '^':
      return { ok: true, value: a ^ b };
    case '<<':
    case '>>':
      return shift(type, op, a, b);
  }
}

/** `int` and `nat`: Verus's mathematical integers. */
export function isUnboundedInt(type: IntType): boolean {
  return type === 'int' || type === 'nat';
}

/** `-a`: panics on MIN of a signed type; unsigned negation does not type-check in Rust, so it panics too. */
export function checkedNeg(type: IntType, a: bigint): IntResult {
  return inRangeOr(type, -a, 'attempt to negate with overflow');
}

/** `!a` on an integer: bitwise complement within the type's width. */
export function bitNot(type: IntType, a: bigint): bigint {
  const range = intRange(type);
  if (range.bits === undefined) return -a - 1n;
  return truncateTo(~a, type);
}

export function saturateTo(type: IntType, value: bigint): bigint {
  const range = intRange(type);
  if (range.min !== undefined && value < range.min) return range.min;
  if (range.max !== undefined && value > range.max) return range.max;
  return value;
}

function inRangeOr(type: IntType, value: bigint, panic: string): IntResult {
  return inRange(value, type) ? { ok: true, value } : { ok: false, panic };
}

// Debug builds check only the shift amount (it must be below the bit width); bits shifted out are lost.
function shift(type: IntType, op: '<<' | '>>', a: bigint, amount: bigint): IntResult {
  const range = intRange(type);
  const message = op === '<<' ? 'attempt to shift left with overflow' : 'attempt to shift right with overflow';
  if (range.bits === undefined) return { ok: true, value: op === '<<' ? a << amount : a >> amount };
  if (amount < 0n || amount >= BigInt(range.bits)) return { ok: false, panic: message };
  return { ok: true, value: op === '<<' ? truncateTo(a << amount, type) : a >> amount };
}
