// Machine-integer arithmetic with Rust's debug-build run-time semantics: every operation checks the exact range of
// its static type and reports Rust's own panic message; casts truncate; `/` and `%` truncate toward zero.

import type { IntType } from '../value-type';

/** A result of an integer operation: the value, or the panic message Rust prints. */
export type IntResult = { readonly ok: true; readonly value: bigint } | { readonly ok: false; readonly panic: string };

export interface IntRange {
  readonly min: bigint | undefined;
  readonly max: bigint | undefined;
  readonly bits: number | undefined;
  readonly signed: boolean;
}

/** `usize`/`isize` are 64-bit, as on the machines Verus code runs on. */
export function intRange(type: IntType): IntRange {
  switch (type) {
    case 'int':
      return { min: undefined, max: undefined, bits: undefined, signed: true };
    case 'nat':
      return { min: 0n, max: undefined, bits: undefined, signed: false };
    default: {
      const signed = type.startsWith('i');
      const bits = INT_BITS[type] ?? 64;
      const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
      const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
      return { min, max, bits, signed };
    }
  }
}

export function inRange(type: IntType, value: bigint): boolean {
  const range = intRange(type);
  return (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);
}

export function isIntTypeName(name: string): name is IntType {
  return name in INT_BITS || name === 'int' || name === 'nat';
}

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
      return inRangeOr(type, a / b, 'attempt to divide with overflow');
    case '%':
      if (b === 0n) return { ok: false, panic: 'attempt to calculate the remainder with a divisor of zero' };
      // `MIN % -1` overflows in Rust even though the mathematical result (0) fits.
      if (!inRange(type, a / b)) return { ok: false, panic: 'attempt to calculate the remainder with overflow' };
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

/** `-a`: panics on MIN of a signed type; unsigned negation does not type-check in Rust, so it panics too. */
export function checkedNeg(type: IntType, a: bigint): IntResult {
  return inRangeOr(type, -a, 'attempt to negate with overflow');
}

/** `!a` on an integer: bitwise complement within the type's width. */
export function bitNot(type: IntType, a: bigint): bigint {
  const range = intRange(type);
  if (range.bits === undefined) return -a - 1n;
  return wrapTo(type, ~a);
}

/** Truncation to the type's width (keep the low bits, read them as signed or unsigned): `as` and `wrapping_*`. */
export function wrapTo(type: IntType, value: bigint): bigint {
  const range = intRange(type);
  if (range.bits === undefined) return value;
  return range.signed ? BigInt.asIntN(range.bits, value) : BigInt.asUintN(range.bits, value);
}

export function saturateTo(type: IntType, value: bigint): bigint {
  const range = intRange(type);
  if (range.min !== undefined && value < range.min) return range.min;
  if (range.max !== undefined && value > range.max) return range.max;
  return value;
}

const INT_BITS: Record<string, number> = {
  u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, usize: 64,
  i8: 8, i16: 16, i32: 32, i64: 64, i128: 128, isize: 64,
};

function inRangeOr(type: IntType, value: bigint, panic: string): IntResult {
  return inRange(type, value) ? { ok: true, value } : { ok: false, panic };
}

// Debug builds check only the shift amount (it must be below the bit width); bits shifted out are lost.
function shift(type: IntType, op: '<<' | '>>', a: bigint, amount: bigint): IntResult {
  const range = intRange(type);
  const message = op === '<<' ? 'attempt to shift left with overflow' : 'attempt to shift right with overflow';
  if (range.bits === undefined) return { ok: true, value: op === '<<' ? a << amount : a >> amount };
  if (amount < 0n || amount >= BigInt(range.bits)) return { ok: false, panic: message };
  return { ok: true, value: op === '<<' ? wrapTo(type, a << amount) : a >> amount };
}
