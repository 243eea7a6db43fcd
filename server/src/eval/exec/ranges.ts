// std's `Range<T>` (std-ranges.ts) in exec code: `a..b` as a value, and the methods code calls on one.

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { chargeWrite, writePlace } from './interpreter-state';
import { BOOL, preferType, USIZE } from './exec-types';
import { notRunnable } from './signals';
import { evalExpr, evalRangeBounds } from './interpreter';
import { spliced } from './slices';
import { RANGE, rangeBounds, rangeValue } from '../std-ranges';

/** `a..b` as a value; `for` and slicing read ranges from their syntax. The other forms (`a..=b`, `a..`, `..b`) are
 *  other std types, not run. */
export function evalRange(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'range' }>): Typed {
  if (expr.inclusive || expr.start === undefined || expr.end === undefined || ctx.model.scope.datatype(RANGE) !== undefined)
    return notRunnable('a range other than `a..b` outside `for` or slicing', expr.span);
  const start = evalExpr(ctx, frame, env, expr.start);
  const end = evalExpr(ctx, frame, env, expr.end);
  return { value: rangeValue(start.value, end.value), type: { kind: 'adt', name: RANGE, args: [preferType(start.type, end.type)] } };
}

/** `v.splice(a..b, items)` and `v.drain(a..b)`: the range is read as bounds from its syntax. */
export function rangeEdit(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  place: Place | undefined,
  receiver: Typed,
): Typed | undefined {
  const [range, items] = expr.args;
  const arity = expr.method === 'splice' ? 2 : expr.method === 'drain' ? 1 : 0;
  if (arity === 0 || expr.args.length !== arity || range?.kind !== 'range' || receiver.value.kind !== 'seq') return undefined;
  if (place === undefined) return notRunnable(`\`${expr.method}\` on a temporary`, expr.span);
  const bounds = evalRangeBounds(ctx, frame, env, range);
  const inserted = items === undefined ? undefined : evalExpr(ctx, frame, env, items).value;
  if (inserted !== undefined && inserted.kind !== 'seq') return notRunnable(`\`splice\` of a ${inserted.kind}`, expr.span);
  const { after, removed } = spliced(receiver.value, bounds, inserted?.elements ?? [], expr.span);
  chargeWrite(ctx, place);
  writePlace(place, after);
  return { value: removed, type: receiver.type };
}

/** A value of std's `Range` (the file defines no `Range` of its own). */
export function isStdRange(ctx: Ctx, value: Value): boolean {
  return value.kind === 'struct' && value.name === RANGE && ctx.model.scope.datatype(RANGE) === undefined;
}

export function rangeMethod(receiver: Typed, method: string, args: readonly Typed[], span: Span): Typed {
  const bounds = rangeBounds(receiver.value);
  if (bounds === undefined) return notRunnable(`\`${method}\` on a range whose bounds are not integers`, span);
  const { start, end } = bounds;
  switch (method) {
    case 'contains': {
      const item = args[0]?.value;
      if (item?.kind !== 'int') return notRunnable('`Range::contains` needs an integer argument', span);
      return { value: bool(start <= item.value && item.value < end), type: BOOL };
    }
    case 'is_empty':
      return { value: bool(!(start < end)), type: BOOL };
    // `ExactSizeIterator::len`: the number of items the range yields.
    case 'len':
      return { value: int(end > start ? end - start : 0n), type: USIZE };
    default:
      return notRunnable(`calls ${method} on a Range`, span);
  }
}
