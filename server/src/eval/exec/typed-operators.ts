// Operators on typed run-time values: arithmetic at the operand's static width, comparisons (structural, with
// derive(PartialOrd) ordering), unary minus/not, and `as` casts with Rust's truncation rules.

import type { BinaryOp, Span, Type } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import type { IntType } from '../value-type';
import type { Ctx, Typed } from './interpreter-state';
import type { ExecType } from './exec-types';
import { BOOL, CHAR, FLEX, intType } from './exec-types';
import type { ArithOp } from './int-ops';
import { bitNot, checkedArith, checkedNeg, inRange, isIntTypeName, isUnboundedInt, truncateTo } from './int-ops';
import { variantIndex } from './datatypes';
import { notRunnable, panic, UnspecifiedSignal } from './signals';

/** The integer type two operands share: the pinned one wins over an unsuffixed literal. */
export function commonIntType(left: ExecType, right: ExecType): IntType | undefined {
  if (left.kind === 'int') return left.int;
  if (right.kind === 'int') return right.int;
  return undefined;
}

export function binaryOp(ctx: Ctx, op: BinaryOp, left: Typed, right: Typed, span: Span): Typed {
  switch (op) {
    case '==':
      return { value: bool(valuesEqual(left.value, right.value)), type: BOOL };
    case '!=':
      return { value: bool(!valuesEqual(left.value, right.value)), type: BOOL };
    case '<':
    case '<=':
    case '>':
    case '>=':
      return { value: bool(compareHolds(op, compareValues(ctx, left.value, right.value))), type: BOOL };
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case '&':
    case '|':
    case '^':
    case '<<':
    case '>>':
      return arith(op, left, right, span);
    default:
      return notRunnable(`spec operator \`${op}\` in exec code`, span);
  }
}

export function negate(operand: Typed, span: Span): Typed {
  if (operand.value.kind !== 'int') return notRunnable('`-` on a non-integer', span);
  if (operand.type.kind !== 'int') return { value: int(-operand.value.value), type: operand.type };
  const res = checkedNeg(operand.type.int, operand.value.value);
  return res.ok ? { value: int(res.value), type: operand.type } : panic(res.panic, span);
}

export function not(operand: Typed, span: Span): Typed {
  if (operand.value.kind === 'bool') return { value: bool(!operand.value.value), type: BOOL };
  if (operand.value.kind === 'int' && operand.type.kind === 'int') {
    return { value: int(bitNot(operand.type.int, operand.value.value)), type: operand.type };
  }
  return notRunnable('`!` on this operand', span);
}

/** `e as T`: integers truncate to T's width; char <-> u8/u32; bool -> int. */
export function castValue(operand: Typed, target: Type, span: Span): Typed {
  const name = target.kind === 'path' ? target.segments[target.segments.length - 1]?.name : undefined;
  if (name === undefined) return notRunnable('cast to this type', span);
  const source = operand.value;
  let code: bigint;
  if (source.kind === 'int') code = source.value;
  else if (source.kind === 'char') code = BigInt(source.codePoint);
  else if (source.kind === 'bool') code = source.value ? 1n : 0n;
  else return notRunnable(`cast of a ${source.kind} value`, span);
  if (isIntTypeName(name)) return { value: int(truncateTo(code, name)), type: intType(name) };
  if (name === 'char') {
    // Only u8 casts to char in Rust; other sources do not compile, so any value reaching here is a byte.
    return { value: { kind: 'char', codePoint: Number(BigInt.asUintN(8, code)) }, type: CHAR };
  }
  return notRunnable(`cast to ${name}`, span);
}

export function valuesEqual(a: Value, b: Value): boolean {
  switch (a.kind) {
    case 'int':
      return b.kind === 'int' && a.value === b.value;
    case 'bool':
      return b.kind === 'bool' && a.value === b.value;
    case 'char':
      return b.kind === 'char' && a.codePoint === b.codePoint;
    case 'seq':
    case 'tuple':
    case 'set':
      return (b.kind === 'seq' || b.kind === 'tuple' || b.kind === 'set') && listsEqual(a.elements, b.elements);
    case 'struct':
      return b.kind === 'struct' && a.name === b.name && fieldsEqual(a.fields, b.fields);
    case 'enum':
      return b.kind === 'enum' && a.name === b.name && a.variant === b.variant && fieldsEqual(a.fields, b.fields);
    default:
      return false;
  }
}

/** Rust's `Ord`: integers, chars, bools, then lexicographic sequences/tuples/structs; enums by variant order. */
export function compareValues(ctx: Ctx, a: Value, b: Value): number {
  if (a.kind === 'int' && b.kind === 'int') return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  if (a.kind === 'char' && b.kind === 'char') return a.codePoint - b.codePoint;
  if (a.kind === 'bool' && b.kind === 'bool') return Number(a.value) - Number(b.value);
  if ((a.kind === 'seq' || a.kind === 'tuple') && (b.kind === 'seq' || b.kind === 'tuple'))
    return compareLists(ctx, a.elements, b.elements);
  if (a.kind === 'struct' && b.kind === 'struct')
    return compareLists(
      ctx,
      a.fields.map((f) => f[1]),
      b.fields.map((f) => f[1]),
    );
  if (a.kind === 'enum' && b.kind === 'enum') {
    const order = variantIndex(ctx, a.name, a.variant) - variantIndex(ctx, b.name, b.variant);
    return order !== 0
      ? order
      : compareLists(
          ctx,
          a.fields.map((f) => f[1]),
          b.fields.map((f) => f[1]),
        );
  }
  return 0;
}

function compareHolds(op: '<' | '<=' | '>' | '>=', order: number): boolean {
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

function arith(op: ArithOp, left: Typed, right: Typed, span: Span): Typed {
  const a = left.value;
  const b = right.value;
  if (a.kind === 'bool' && b.kind === 'bool' && (op === '&' || op === '|' || op === '^')) {
    const value = op === '&' ? a.value && b.value : op === '|' ? a.value || b.value : a.value !== b.value;
    return { value: bool(value), type: BOOL };
  }
  if (a.kind !== 'int' || b.kind !== 'int') return notRunnable(`\`${op}\` on ${a.kind} and ${b.kind}`, span);
  // Shifts take the left operand's type whatever the amount's type is.
  const type = op === '<<' || op === '>>' ? (left.type.kind === 'int' ? left.type.int : undefined) : commonIntType(left.type, right.type);
  if (type === undefined) return { value: int(unboundedArith(op, a.value, b.value, span)), type: FLEX };
  if (isUnboundedInt(type) && (op === '/' || op === '%') && b.value === 0n)
    throw new UnspecifiedSignal(`\`${op}\` by zero on \`${type}\``, span);
  const res = checkedArith(type, op, a.value, b.value);
  return res.ok ? { value: int(res.value), type: intType(type) } : panic(res.panic, span);
}

function unboundedArith(op: ArithOp, a: bigint, b: bigint, span: Span): bigint {
  const res = checkedArith('int', op, a, b);
  return res.ok ? res.value : panic(res.panic, span);
}

function listsEqual(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i] as Value));
}

function fieldsEqual(a: readonly (readonly [string, Value])[], b: readonly (readonly [string, Value])[]): boolean {
  return listsEqual(
    a.map((f) => f[1]),
    b.map((f) => f[1]),
  );
}

function compareLists(ctx: Ctx, a: readonly Value[], b: readonly Value[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const order = compareValues(ctx, a[i] as Value, b[i] as Value);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** Checks that a value fits the type it is pinned to (an unsuffixed literal computation reaching a typed place). */
export function checkFits(type: ExecType, value: Value, span: Span): void {
  if (type.kind === 'int' && value.kind === 'int' && !inRange(value.value, type.int)) {
    panic(`arithmetic overflow: ${value.value} does not fit in ${type.int}`, span);
  }
}
