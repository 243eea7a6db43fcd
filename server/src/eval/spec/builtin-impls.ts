// Methods from the file on values of built-in types: `impl Marshalable for u64`, `for Vec<u8>`, `for (K, V)`.
// Such values do not say which impl they belong to (an integer carries no width; a sequence no element type), so
// the candidates come from what the receiver's expression states, the impl being evaluated, and the contract's
// instantiation; calls.ts runs them and keeps a result only when every candidate agrees on it.

import type { Expr } from '../../syntax';
import type { ResolvedFn } from '../../model';
import { SEQUENCE_IMPL_NAMES, TUPLE_IMPL_NAMES } from '../../model';
import type { Value } from '../value';
import type { SpecContext } from './spec-context';
import { INT_TYPE_NAMES, isIntTypeName } from '../int-types';

/** The impls of `method` that may own a call on `receiver`, a value of a built-in type; empty when none does. */
export function builtinTypeImpls(ctx: SpecContext, receiver: Value, method: string, receiverExpr: Expr | undefined): readonly ResolvedFn[] {
  switch (receiver.kind) {
    case 'int':
      return intTraitMethod(ctx, method, receiverExpr === undefined ? undefined : writtenIntType(ctx, receiverExpr));
    case 'seq':
      return ownImpl(ctx, builtinTypeMethods(ctx, SEQUENCE_IMPL_NAMES, method), receiverExpr);
    case 'tuple':
      return ownImpl(ctx, builtinTypeMethods(ctx, TUPLE_IMPL_NAMES, method), receiverExpr);
    default:
      return [];
  }
}

/** Whether the receiver is `self` (`self`, `*self`, `&self`, in parentheses). */
function isSelfReceiver(receiver: Expr): boolean {
  if (receiver.kind === 'paren') return isSelfReceiver(receiver.inner);
  if (receiver.kind === 'unary') return (receiver.op === '*' || receiver.op === '&') && isSelfReceiver(receiver.operand);
  return receiver.kind === 'path' && receiver.segments.length === 1 && receiver.segments[0]?.name === 'self';
}

/** The integer type an integer receiver's expression states: the target of a cast (`(*self as u64).f()`), or
 *  `Self` for `self` in an impl for an integer type. Integer values carry no width, and two integer types' impls of
 *  one trait (`impl Marshalable for u64`, `for usize`) differ. */
function writtenIntType(ctx: SpecContext, receiver: Expr): string | undefined {
  switch (receiver.kind) {
    case 'paren':
      return writtenIntType(ctx, receiver.inner);
    case 'unary':
      return receiver.op === '*' || receiver.op === '&' ? writtenIntType(ctx, receiver.operand) : undefined;
    case 'cast': {
      const target = receiver.type.kind === 'path' && receiver.type.segments.length === 1 ? receiver.type.segments[0]?.name : undefined;
      return isIntTypeName(target) ? target : undefined;
    }
    case 'path':
      return isSelfReceiver(receiver) && isIntTypeName(ctx.selfTypeName) ? ctx.selfTypeName : undefined;
    default:
      return undefined;
  }
}

/** The impls of a method from the file that may apply to an integer value, which carries no width: the one of
 *  the type the receiver's expression states, else of the integer type of the impl being evaluated, else of the
 *  integer types the contract's generic parameters are measured at (`impl KeyTrait for u64`, the only ones a
 *  generic body reaches it by); else every integer type's impl of it. */
function intTraitMethod(ctx: SpecContext, method: string, written: string | undefined): readonly ResolvedFn[] {
  const stated = [written, ctx.selfTypeName, ...ctx.typeParams.values()];
  for (const typeName of stated) {
    const resolved = isIntTypeName(typeName) ? ctx.scope.resolveMethod(typeName, method) : undefined;
    if (resolved !== undefined) return [resolved];
  }
  return INT_TYPE_NAMES.flatMap((typeName) => ctx.scope.resolveMethod(typeName, method) ?? []);
}

/** `self.f()` inside one of several impls of `f` for a built-in type is that impl's `f`. */
function ownImpl(ctx: SpecContext, impls: readonly ResolvedFn[], receiverExpr: Expr | undefined): readonly ResolvedFn[] {
  if (impls.length <= 1 || receiverExpr === undefined || !isSelfReceiver(receiverExpr)) return impls;
  const own = impls.find((impl) => impl.implHeader !== undefined && impl.implHeader.selfType === ctx.implSelf);
  return own === undefined ? impls : [own];
}

/** The impls from the file of a method on a value of a built-in type (`impl Marshalable for Vec<u8>`, `for (K,
 *  V)`), by the names such impls are indexed under. */
function builtinTypeMethods(ctx: SpecContext, typeNames: readonly string[], method: string): readonly ResolvedFn[] {
  return typeNames.flatMap((typeName) => ctx.scope.implMethods(typeName, method));
}
