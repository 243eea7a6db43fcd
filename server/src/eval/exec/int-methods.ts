// Integer methods and associated functions: checked_/wrapping_/saturating_/overflowing_ arithmetic, abs, pow,
// min/max, and friends, at the exact width of the receiver's static type.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import type { IntType } from '../value-type';
import type { Ctx, Typed } from './interpreter-state';
import { BOOL, FLEX, intType, optionOf, seqOf, UNKNOWN } from './exec-types';
import type { ExecType } from './exec-types';
import { checkedArith, checkedNeg, inRange, intRange, isIntTypeName, saturateTo, truncateTo } from './int-ops';
import { bitWidth } from '../int-types';
import { fromLeBytes, toLeBytes } from '../le-bytes';
import type { LeBytesFn } from '../le-bytes';
import { notRunnable, panic } from './signals';

const FAMILIES = ['checked', 'wrapping', 'saturating', 'overflowing'] as const;
const OPS: Readonly<Record<string, (a: bigint, b: bigint) => bigint | undefined>> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => (b === 0n ? undefined : a / b),
  rem: (a, b) => (b === 0n ? undefined : a % b),
  pow: (a, b) => machinePow(a, b),
  neg: (a) => -a,
  abs: (a) => (a < 0n ? -a : a),
  shl: (a, b) => a << b,
  shr: (a, b) => a >> b,
};

/** Exponents past this overflow every machine integer type unless the base is -1, 0 or 1. */
const WIDEST_BITS = 128n;
const FAR_OUT = 1n << 256n;

/** `a ** b` as far as a machine integer can tell: exact while it may fit some type; past every type's width
 *  (`12.checked_pow(746_376)`, `x.pow(u32::MAX)`) a value outside every range with the exact power's low 128 bits
 *  (so wrapping truncates it right) and its sign (so saturating goes the right way), without computing a number of
 *  millions of bits. */
function machinePow(a: bigint, b: bigint): bigint {
  if (b <= WIDEST_BITS || a === 0n || a === 1n || a === -1n) return a ** b;
  const modulus = 1n << WIDEST_BITS;
  let low = 1n;
  let base = ((a % modulus) + modulus) % modulus;
  for (let e = b; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) low = (low * base) % modulus;
    base = (base * base) % modulus;
  }
  return (a < 0n && (b & 1n) === 1n ? -FAR_OUT : FAR_OUT) + low;
}

/** `x.method(args)` where x is an integer; undefined when the method is not an integer method. */
export function intMethod(ctx: Ctx, receiver: Typed, method: string, args: readonly Typed[], span: Span): Typed | undefined {
  void ctx;
  if (receiver.value.kind !== 'int') return undefined;
  const type: IntType = receiver.type.kind === 'int' ? receiver.type.int : args[0]?.type.kind === 'int' ? args[0].type.int : 'i32';
  const a = receiver.value.value;
  const b = args[0]?.value.kind === 'int' ? args[0].value.value : 0n;
  const self: ExecType = intType(type);
  const log = integerLog(method, a, b, span);
  if (log !== undefined) return log;
  const family = FAMILIES.find((f) => method.startsWith(`${f}_`));
  if (family !== undefined) return familyOp(type, family, method.slice(family.length + 1), a, b, span);
  switch (method) {
    case 'abs': {
      const res = checkedNeg(type, a < 0n ? a : -a);
      return res.ok ? { value: int(a < 0n ? -a : a), type: self } : panic('attempt to negate with overflow', span);
    }
    case 'unsigned_abs':
      return { value: int(a < 0n ? -a : a), type: intType(unsignedOf(type)) };
    case 'abs_diff':
      return { value: int(a > b ? a - b : b - a), type: intType(unsignedOf(type)) };
    case 'pow': {
      const res = machinePow(a, b);
      return inRange(res, type) ? { value: int(res), type: self } : panic('attempt to multiply with overflow', span);
    }
    case 'min':
      return { value: int(a <= b ? a : b), type: self };
    case 'max':
      return { value: int(a >= b ? a : b), type: self };
    case 'signum':
      return { value: int(a > 0n ? 1n : a < 0n ? -1n : 0n), type: self };
    case 'is_positive':
      return { value: bool(a > 0n), type: BOOL };
    case 'is_negative':
      return { value: bool(a < 0n), type: BOOL };
    case 'count_ones':
      return { value: int(popCount(truncateTo(a, unsignedOf(type)))), type: intType('u32') };
    case 'count_zeros':
    case 'leading_zeros':
    case 'trailing_zeros':
    case 'leading_ones':
    case 'trailing_ones':
      return bitCount(type, method, a, span);
    case 'to_le_bytes':
    case 'to_be_bytes':
    case 'to_ne_bytes':
      return toBytes(type, a, method === 'to_be_bytes', span);
    case 'rem_euclid':
      if (b === 0n) return panic('attempt to calculate the remainder with a divisor of zero', span);
      return { value: int(((a % b) + (b < 0n ? -b : b)) % (b < 0n ? -b : b)), type: self };
    case 'clone':
      return receiver;
    case 'is_ascii_digit':
    case 'is_ascii_lowercase':
    case 'is_ascii_uppercase':
    case 'is_ascii_alphabetic':
    case 'is_ascii_alphanumeric':
    case 'is_ascii_whitespace':
    case 'to_ascii_lowercase':
    case 'to_ascii_uppercase':
      return undefined;
    default:
      return notRunnable(`calls ${type}::${method}`, span);
  }
}

/** `x.leading_zeros()` and friends over the bits of the receiver's type (two's complement for signed types). */
function bitCount(type: IntType, method: string, a: bigint, span: Span): Typed {
  const width = bitWidth(type);
  if (width === undefined) return notRunnable(`calls ${type}::${method}`, span);
  const bits = truncateTo(a, unsignedOf(type));
  const ones = method.endsWith('_ones');
  const bitAt = (i: number): boolean => ((bits >> BigInt(i)) & 1n) === 1n;
  let count = 0;
  if (method === 'count_zeros') count = width - popCount(bits);
  else if (method.startsWith('leading_')) while (count < width && bitAt(width - 1 - count) === ones) count += 1;
  else while (count < width && bitAt(count) === ones) count += 1;
  return { value: int(BigInt(count)), type: intType('u32') };
}

/** `u32::MAX.min(x)` forms are methods; these are `i32::abs(x)`, `u8::max(a, b)`, `u64::checked_add(a, b)`. */
export function intAssociatedCall(ctx: Ctx, type: IntType, name: string, args: readonly Typed[], span: Span): Typed {
  const [receiver, ...rest] = args;
  // `usize::default()` (a struct's `Default` impl written out field by field) is zero.
  if (name === 'default' && receiver === undefined) return { value: int(0n), type: intType(type) };
  if (receiver === undefined) return notRunnable(`calls ${type}::${name}`, span);
  if (FROM_BYTES.has(name)) return fromBytes(type, receiver.value, name === 'from_be_bytes', span);
  const typed: Typed = { value: receiver.value, type: intType(type) };
  return intMethod(ctx, typed, name, rest, span) ?? notRunnable(`calls ${type}::${name}`, span);
}

function familyOp(type: IntType, family: (typeof FAMILIES)[number], op: string, a: bigint, b: bigint, span: Span): Typed {
  const compute = OPS[op];
  if (compute === undefined) return notRunnable(`calls ${type}::${family}_${op}`, span);
  const self = intType(type);
  if ((op === 'shl' || op === 'shr') && family !== 'saturating') return shiftFamily(type, family, op, a, b, span);
  const exact = compute(a, b);
  // Rust defines checked_rem(MIN, -1) as overflow even though the remainder (0) fits; the quotient does not.
  const overflows = exact === undefined ? undefined : !inRange(exact, type) || (op === 'rem' && !inRange(a / b, type));
  switch (family) {
    case 'checked':
      return exact === undefined || overflows === true ? optionNone(self) : optionSome(int(exact), self);
    case 'wrapping':
      if (exact === undefined)
        return panic(op === 'rem' ? 'attempt to calculate the remainder with a divisor of zero' : 'attempt to divide by zero', span);
      return { value: int(op === 'rem' && overflows === true ? 0n : truncateTo(exact, type)), type: self };
    case 'saturating':
      if (exact === undefined) return panic('attempt to divide by zero', span);
      return { value: int(saturateTo(type, exact)), type: self };
    case 'overflowing': {
      if (exact === undefined) return panic('attempt to divide by zero', span);
      const wrapped = op === 'rem' && overflows === true ? 0n : truncateTo(exact, type);
      return {
        value: { kind: 'tuple', elements: [int(wrapped), bool(overflows === true)] },
        type: { kind: 'tuple', elements: [self, BOOL] },
      };
    }
  }
}

const LOG_BASES: Readonly<Record<string, bigint | undefined>> = { ilog: undefined, ilog2: 2n, ilog10: 10n };

/** `ilog(b)`, `ilog2()`, `ilog10()` and their `checked_` forms. Rust checks the base before the argument, so
 *  `0.ilog(1)` reports the base. */
function integerLog(method: string, a: bigint, b: bigint, span: Span): Typed | undefined {
  const checked = method.startsWith('checked_');
  const name = checked ? method.slice('checked_'.length) : method;
  if (!(name in LOG_BASES)) return undefined;
  const base = LOG_BASES[name] ?? b;
  const u32 = intType('u32');
  if (checked) return base < 2n || a <= 0n ? optionNone(u32) : optionSome(int(floorLog(a, base)), u32);
  if (base < 2n) return panic('base of integer logarithm must be at least 2', span);
  if (a <= 0n) return panic('argument of integer logarithm must be positive', span);
  return { value: int(floorLog(a, base)), type: u32 };
}

function floorLog(value: bigint, base: bigint): bigint {
  let log = 0n;
  for (let rest = value; rest >= base; rest /= base) log += 1n;
  return log;
}

function shiftFamily(
  type: IntType,
  family: 'checked' | 'wrapping' | 'overflowing',
  op: 'shl' | 'shr',
  a: bigint,
  b: bigint,
  span: Span,
): Typed {
  const bits = BigInt(intRange(type).bits ?? 64);
  const self = intType(type);
  const amount = family === 'checked' ? b : b % bits;
  const res = checkedArith(type, op === 'shl' ? '<<' : '>>', a, amount);
  if (family === 'checked') return res.ok ? optionSome(int(res.value), self) : optionNone(self);
  if (!res.ok) return panic(res.panic, span);
  if (family === 'wrapping') return { value: int(res.value), type: self };
  return { value: { kind: 'tuple', elements: [int(res.value), bool(b >= bits)] }, type: { kind: 'tuple', elements: [self, BOOL] } };
}

function optionSome(value: Value, inner: ExecType): Typed {
  return { value: { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', value]] }, type: optionOf(inner) };
}

function optionNone(inner: ExecType): Typed {
  return { value: { kind: 'enum', name: 'Option', variant: 'None', fields: [] }, type: optionOf(inner ?? UNKNOWN) };
}

/** `u32::from_le_bytes(..)` and its byte orders: each takes a `[u8; N]` of the type's width. */
export const FROM_BYTES: ReadonlySet<string> = new Set(['from_le_bytes', 'from_be_bytes', 'from_ne_bytes']);

/** The error `slice.try_into()` gives when the slice is not the array's length. */
export const TRY_FROM_SLICE_ERROR_TEXT = 'TryFromSliceError(())';

/** `x.to_le_bytes()`: the `[u8; N]` of the value's two's complement bits, least significant first (`to_be_bytes`:
 *  most significant first; `to_ne_bytes`: the target's order, little-endian as for x86-64). */
function toBytes(type: IntType, a: bigint, bigEndian: boolean, span: Span): Typed {
  const width = bitWidth(type);
  if (width === undefined) return notRunnable(`calls ${type}::to_le_bytes`, span);
  const bytes = toLeBytes(truncateTo(a, unsignedOf(type)), width).map(int);
  return {
    value: { kind: 'seq', elements: bigEndian ? bytes.reverse() : bytes },
    type: { kind: 'seq', element: intType('u8'), text: false },
  };
}

/** `u16::from_le_bytes(bytes)`: the value whose bytes (an array of exactly the type's width) are these. */
function fromBytes(type: IntType, bytes: Value, bigEndian: boolean, span: Span): Typed {
  const width = bitWidth(type);
  const ordered = bytes.kind !== 'seq' ? undefined : bigEndian ? [...bytes.elements].reverse() : bytes.elements;
  const bits = width === undefined || ordered === undefined ? undefined : fromLeBytes(ordered, width);
  if (bits === undefined) return notRunnable(`calls ${type}::from_le_bytes on a value that is not ${(width ?? 0) / 8} bytes`, span);
  return { value: int(truncateTo(bits, type)), type: intType(type) };
}

function unsignedOf(type: IntType): IntType {
  if (type === 'int') return 'nat';
  return type.startsWith('i') ? (`u${type.slice(1)}` as IntType) : type;
}

function popCount(value: bigint): number {
  let count = 0;
  for (let v = value; v > 0n; v >>= 1n) count += Number(v & 1n);
  return count;
}

export { FLEX };

/** vstd's `u64_to_le_bytes(x)` (a `Vec<u8>`) and `u64_from_le_bytes(s)` (which panics unless `s` has 8 bytes, as
 *  `try_into().unwrap()` in vstd's body does). */
export function leBytesCall(conversion: LeBytesFn, args: readonly Typed[], span: Span): Typed {
  const [arg] = args;
  const width = `u${conversion.bits}` as const;
  if (conversion.direction === 'to') {
    if (arg?.value.kind !== 'int') return notRunnable('`to_le_bytes` of a value that is not an integer', span);
    return { value: { kind: 'seq', elements: toLeBytes(arg.value.value, conversion.bits).map(int) }, type: seqOf(intType('u8')) };
  }
  if (arg?.value.kind !== 'seq') return notRunnable('`from_le_bytes` of a value that is not a slice', span);
  const value = fromLeBytes(arg.value.elements, conversion.bits);
  return value === undefined
    ? panic(`called \`Result::unwrap()\` on an \`Err\` value: ${TRY_FROM_SLICE_ERROR_TEXT}`, span)
    : { value: int(value), type: intType(width) };
}

/** `u32::MAX`, `i8::MIN`, `u64::BITS`, and the deprecated `std::u32::MAX`. */
export function intLimit(names: readonly string[]): Typed | undefined {
  const [typeName, constName] = names.slice(-2);
  if (typeName === undefined || constName === undefined || !isIntTypeName(typeName)) return undefined;
  const range = intRange(typeName);
  if (constName === 'MAX' && range.max !== undefined) return { value: int(range.max), type: intType(typeName) };
  if (constName === 'MIN' && range.min !== undefined) return { value: int(range.min), type: intType(typeName) };
  if (constName === 'BITS' && range.bits !== undefined) return { value: int(range.bits), type: intType('u32') };
  return undefined;
}
