// The spec functions of vstd's `RwLock` and its handles on the built-in values (../rwlock.ts): `lock.pred()`,
// `lock.inv(v)` (the predicate's `inv`, dispatched on the predicate value's type; vstd's impl for `spec_fn(V) ->
// bool` applies the closure), `handle.view()` (a read handle's value), `handle.rwlock()`.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { handleParts, rwlockParts } from '../rwlock';
import type { Res, SpecContext } from './spec-context';
import { applyFn, callMethod } from './calls';

/** Undefined when `receiver` is no built-in lock or handle (or a predicate closure) or `method` none of their spec
 *  fns. */
export function rwlockSpecMethod(ctx: SpecContext, receiver: Value, method: string, args: readonly Value[], span: Span): Res | undefined {
  // vstd's `impl<V> RwLockPredicate<V> for spec_fn(V) -> bool { open spec fn inv(self, v: V) -> bool { self(v) } }`.
  if (receiver.kind === 'closure') return method === 'inv' && args.length === 1 ? applyFn(ctx, receiver, args, span) : undefined;
  if (receiver.kind !== 'struct') return undefined;
  const lock = rwlockParts(ctx.scope, receiver);
  if (lock !== undefined) {
    if (method === 'pred' && args.length === 0) return lock.pred;
    if (method === 'inv' && args.length === 1) return callMethod(ctx, lock.pred, 'inv', args, span);
    return undefined;
  }
  const handle = handleParts(ctx.scope, receiver);
  if (handle === undefined) return undefined;
  if (method === 'rwlock' && args.length === 0) return handle.lock;
  if (method === 'view' && args.length === 0 && handle.kind === 'read') return rwlockParts(ctx.scope, handle.lock)?.value;
  return undefined;
}
