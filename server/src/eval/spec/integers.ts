// Spec integer semantics: exact arithmetic, Euclidean `/` and `%`, truncating casts to machine widths,
// bit operators, and a small static inference of an expression's integer type (for `<<` and `!` widths).

import type { Expr, Type } from '../../syntax';
import type { IntType } from '../value-type';
import type { ModelScope } from '../../model';
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

/** How staticIntType reads types: aliases through the scope, plain names through their declarations. */
export interface StaticTypes {
  readonly resolveAlias: (name: string) => Type | undefined;
  readonly declaredType: (name: string) => Type | undefined;
  /** The declared type of a constant a path names (`MASK`, `Self::MASK`), when no local binds the name. */
  readonly constantType?: (path: readonly string[]) => Type | undefined;
}

/** The integer type an expression statically has when it is evident (suffixed literal, cast, `T::MAX`, a name
 *  or constant declared with an integer type), used for the widths of `<<` and bitwise `!`; undefined when not evident. */
export function staticIntType(expr: Expr, types: StaticTypes): IntType | undefined {
  switch (expr.kind) {
    case 'int':
      return asIntType(expr.suffix);
    case 'cast':
      return intTypeOf(expr.type, types.resolveAlias);
    case 'paren':
      return staticIntType(expr.inner, types);
    case 'path': {
      const names = expr.segments.map((segment) => segment.name);
      const limit = names.length === 2 ? asIntType(names[0]) : undefined;
      if (limit !== undefined) return limit;
      const declared = (names.length === 1 ? types.declaredType(names[0] ?? '') : undefined) ?? types.constantType?.(names);
      return declared === undefined ? undefined : intTypeOf(declared, types.resolveAlias);
    }
    case 'binary':
      return binaryIntType(expr.op, staticIntType(expr.left, types) ?? staticIntType(expr.right, types));
    case 'unary':
      return expr.op === '-' ? undefined : staticIntType(expr.operand, types);
    default:
      return undefined;
  }
}

/** Spec arithmetic never wraps: `+` and `*` give `int` (`nat` from `nat`s), `-` gives `int`, `/` keeps an
 *  unsigned type and gives `int` for a signed one; `%`, the bit operators and the shifts keep the type. */
function binaryIntType(op: string, operand: IntType | undefined): IntType | undefined {
  if (operand === undefined) return undefined;
  switch (op) {
    case '+':
    case '*':
      return operand === 'nat' ? 'nat' : 'int';
    case '-':
      return 'int';
    case '/':
      return intRange(operand).signed ? 'int' : operand;
    case '%':
    case '&':
    case '|':
    case '^':
    case '<<':
    case '>>':
      return operand;
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

/** intConstant through `type` aliases (`SLLIndex::MAX` with `type SLLIndex = i32`). */
export function aliasedIntConstant(scope: ModelScope, typeName: string, constant: string): bigint | undefined {
  let name = typeName;
  for (let step = 0; step < 8; step += 1) {
    const value = intConstant(name, constant);
    if (value !== undefined) return value;
    const target = scope.typeAlias(name)?.type;
    const next = target?.kind === 'path' && target.segments.length === 1 ? target.segments[0]?.name : undefined;
    if (next === undefined) return undefined;
    name = next;
  }
  return undefined;
}
