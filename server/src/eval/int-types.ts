// Facts about Verus integer types, in one place: names, widths, ranges, truncation. The spec evaluator, the exec
// interpreter, the codec, mutants and input generation all ask here. `usize`/`isize` are 64-bit.

import type { IntType } from './value-type';

export interface IntRange {
  /** Undefined for `int` (unbounded below). */
  readonly min: bigint | undefined;
  /** Undefined for `int` and `nat` (unbounded above). */
  readonly max: bigint | undefined;
  /** Undefined for `int` and `nat`. */
  readonly bits: number | undefined;
  readonly signed: boolean;
}

export function isIntTypeName(name: string | undefined): name is IntType {
  return name !== undefined && Object.prototype.hasOwnProperty.call(RANGES, name);
}

/** Bit width of a machine integer type; undefined for `int`/`nat`. */
export function bitWidth(intType: IntType): number | undefined {
  return RANGES[intType].bits;
}

export function intRange(intType: IntType): IntRange {
  return RANGES[intType];
}

export function inRange(value: bigint, intType: IntType): boolean {
  const range = RANGES[intType];
  return (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);
}

export function isSignedInt(intType: IntType): boolean {
  return RANGES[intType].signed;
}

/** Keeps the low N bits and reads them with the type's signedness: Rust's `as` between integer types and the
 *  `wrapping_*` family. Identity for `int`/`nat`. */
export function truncateTo(value: bigint, intType: IntType): bigint {
  const range = RANGES[intType];
  if (range.bits === undefined) return value;
  return range.signed ? BigInt.asIntN(range.bits, value) : BigInt.asUintN(range.bits, value);
}

function machine(bits: number, signed: boolean): IntRange {
  const width = BigInt(bits);
  return signed
    ? { min: -(1n << (width - 1n)), max: (1n << (width - 1n)) - 1n, bits, signed }
    : { min: 0n, max: (1n << width) - 1n, bits, signed };
}

const RANGES: Readonly<Record<IntType, IntRange>> = {
  u8: machine(8, false),
  u16: machine(16, false),
  u32: machine(32, false),
  u64: machine(64, false),
  u128: machine(128, false),
  usize: machine(64, false),
  i8: machine(8, true),
  i16: machine(16, true),
  i32: machine(32, true),
  i64: machine(64, true),
  i128: machine(128, true),
  isize: machine(64, true),
  int: { min: undefined, max: undefined, bits: undefined, signed: true },
  nat: { min: 0n, max: undefined, bits: undefined, signed: false },
};

/** Every integer type's name, machine types first. */
export const INT_TYPE_NAMES: readonly IntType[] = Object.keys(RANGES) as IntType[];
