// Operators on datatypes, as Rust desugars them: `a | b` on a struct is `BitOr::bitor(a, b)` of its impl
// (bitflags' set operations, a user's `impl Add for Point`). Comparisons stay structural (derived `PartialEq`).

import type { Expr } from '../../syntax';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { callResolved } from './calls-and-paths';

const OPERATOR_METHODS: ReadonlyMap<string, string> = new Map([
  ['+', 'add'],
  ['-', 'sub'],
  ['*', 'mul'],
  ['/', 'div'],
  ['%', 'rem'],
  ['&', 'bitand'],
  ['|', 'bitor'],
  ['^', 'bitxor'],
  ['<<', 'shl'],
  ['>>', 'shr'],
]);

/** `left op right` through the left operand's operator impl; undefined when it is no datatype with one. */
export function overloadedOperator(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'binary' }>,
  left: Typed,
): Typed | undefined {
  const method = OPERATOR_METHODS.get(expr.op);
  const value = left.value;
  if (method === undefined || (value.kind !== 'struct' && value.kind !== 'enum')) return undefined;
  const resolved = ctx.model.scope.resolveMethod(value.name, method);
  if (resolved === undefined || resolved.item.params[0]?.isSelf !== true) return undefined;
  return callResolved(ctx, frame, env, resolved, { kind: 'value', typed: left }, [expr.right], expr.span);
}
