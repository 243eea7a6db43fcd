// Spec integer semantics: exact arithmetic, Euclidean `/` and `%`, truncating casts to machine widths,
// bit operators, and a small static inference of an expression's integer type (for `<<` and `!` widths).

import type { Expr, Type } from '../../syntax';
import type { IntType } from '../value-type';
import { bitWidth, intRange, isIntTypeName } from '../int-types';

export { bitWidth, truncateTo } from '../int-types';

/** The integer type a name denotes (`u8`, `int`, ...), or undefined. */
export function asIntType(name: string | undefined): IntType | undefined {
  return isIntTypeName(name) ? name : undefined;
}

/** Euclidean division: `a == b*q + r` with `0 <= r < |b|`. The caller rules out `b == 0`. */
export function euclidDiv(a: bigint, b: bigint): bigint {
  const r = euclidMod(a, b);
  return (a - r) / b;
}

export function euclidMod(a: bigint, b: bigint): bigint {
  const r = a % b;
  if (r >= 0n) return r;
  return b > 0n ? r + b : r - b;
}

/** The integer type named by a type (`u8`, `int`, through aliases), or undefined. */
export function intTypeOf(type: Type, resolveAlias: (name: string) => Type | undefined): IntType | undefined {
  let current: Type | undefined = type;
  for (let hops = 0; current !== undefined && hops < 8; hops++) {
    if (current.kind === 'ref') {
      current = current.inner;
      continue;
    }
    if (current.kind !== 'path' || current.segments.length !== 1) return undefined;
    const name = current.segments[0]?.name;
    const known = asIntType(name);
    if (known !== undefined || name === undefined) return known;
    current = resolveAlias(name);
  }
  return undefined;
}

/** The integer type an expression statically has when it is evident (suffixed literal, cast, `T::MAX`),
 *  used for the widths of `<<` and bitwise `!`. Everything else is treated as `int`. */
export function staticIntType(expr: Expr, resolveAlias: (name: string) => Type | undefined): IntType | undefined {
  switch (expr.kind) {
    case 'int':
      return asIntType(expr.suffix);
    case 'cast':
      return intTypeOf(expr.type, resolveAlias);
    case 'paren':
      return staticIntType(expr.inner, resolveAlias);
    case 'path':
      return expr.segments.length === 2 ? asIntType(expr.segments[0]?.name) : undefined;
    case 'binary':
      if (['+', '-', '*', '/', '%', '&', '|', '^'].includes(expr.op)) {
        return staticIntType(expr.left, resolveAlias) ?? staticIntType(expr.right, resolveAlias);
      }
      if (expr.op === '<<' || expr.op === '>>') return staticIntType(expr.left, resolveAlias);
      return undefined;
    case 'unary':
      return expr.op === '-' ? undefined : staticIntType(expr.operand, resolveAlias);
    default:
      return undefined;
  }
}

/** `T::MAX`, `T::MIN`, `T::BITS` for integer types. */
export function intConstant(typeName: string, constant: string): bigint | undefined {
  const intType = asIntType(typeName);
  if (intType === undefined) return undefined;
  const range = intRange(intType);
  if (constant === 'MAX') return range.max;
  if (constant === 'MIN') return range.min;
  if (constant === 'BITS') {
    const bits = bitWidth(intType);
    return bits === undefined ? undefined : BigInt(bits);
  }
  return undefined;
}
