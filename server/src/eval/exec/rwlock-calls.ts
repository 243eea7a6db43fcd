// vstd's `RwLock` in exec code (../rwlock.ts): `RwLock::new(v, Ghost(pred))`, `acquire_read` / `borrow` /
// `release_read`, `acquire_write` / `release_write`, `into_inner`. The run is sequential, so a lock is never
// contended: acquiring returns at once with the stored value. `release_write(new)` stores `new` in the lock the
// handle came from (interior mutability through `&self`): `acquire_write` remembers the lock's place under a
// number the handle carries, in a table of the run (`Ctx`), and the release writes there. A place reaches as far
// as the interpreter passes places: through `&mut`, and through `&self` and other shared references to a value
// holding a lock (../interior-mutability.ts).
//
// Where vstd's `requires` is broken at run time (`new` or `release_write` with a value the predicate's `inv`
// rejects), the run panics, as a pointer access outside vstd's requires does (pointers.ts): Verus proved no input
// the caller admits gets there, so such an input is the caller's invalid input. An `inv` the spec evaluator does
// not decide (an opaque predicate) lets the run go on.

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { UNIT } from '../value';
import { handleParts, READ_HANDLE, rwlockParts, rwlockValue, WRITE_HANDLE } from '../rwlock';
import { createSpecContext } from '../spec/spec-context';
import { evaluateExpr } from '../spec/entry-points';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { readPlace, tick, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { UNIT_TYPE, UNKNOWN } from './exec-types';
import { evalExpr, tempPlace } from './interpreter';
import { notRunnable, panic } from './signals';

/** The places of the locks write handles came from, by the handle's number, per run. */
const WRITE_PLACES = new WeakMap<Ctx, Place[]>();

/** `RwLock::new(v, Ghost(pred))`; undefined for any other associated fn (or when the scope has its own RwLock). */
export function rwlockStaticCall(ctx: Ctx, frame: Frame, env: Env, name: string, expr: Extract<Expr, { kind: 'call' }>): Typed | undefined {
  if (name !== 'new' || expr.args.length !== 2 || ctx.model.scope.datatype('RwLock') !== undefined) return undefined;
  const [valueExpr, predExpr] = expr.args as [Expr, Expr];
  const value = evalExpr(ctx, frame, env, valueExpr);
  const pred = evalExpr(ctx, frame, env, predExpr);
  requireInv(ctx, pred.value, value.value, '`RwLock::new` with a value its predicate rejects', expr.span);
  return { value: rwlockValue(value.value, pred.value), type: lockType(value.type) };
}

/** A method of a built-in lock or handle; undefined when the receiver is neither. */
export function rwlockMethodCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  place: Place | undefined,
  receiver: Typed,
): Typed | undefined {
  const scope = ctx.model.scope;
  const lock = rwlockParts(scope, receiver.value);
  const valueType = receiver.type.kind === 'adt' ? (receiver.type.args[0] ?? UNKNOWN) : UNKNOWN;
  if (lock !== undefined) {
    if (expr.args.length !== 0) return undefined;
    switch (expr.method) {
      case 'acquire_read':
        return {
          value: { kind: 'struct', name: READ_HANDLE, fields: [['rwlock', receiver.value]] },
          type: handleType(READ_HANDLE, receiver.type),
        };
      case 'acquire_write': {
        const places = WRITE_PLACES.get(ctx) ?? [];
        WRITE_PLACES.set(ctx, places);
        places.push(place ?? tempPlace(receiver));
        const handle: Value = {
          kind: 'struct',
          name: WRITE_HANDLE,
          fields: [
            ['rwlock', receiver.value],
            ['handle', { kind: 'int', value: BigInt(places.length - 1) }],
          ],
        };
        return {
          value: { kind: 'tuple', elements: [lock.value, handle] },
          type: { kind: 'tuple', elements: [valueType, handleType(WRITE_HANDLE, receiver.type)] },
        };
      }
      case 'into_inner':
        return { value: lock.value, type: valueType };
      default:
        return undefined;
    }
  }
  const handle = handleParts(scope, receiver.value);
  if (handle === undefined) return undefined;
  const held = rwlockParts(scope, handle.lock);
  if (held === undefined) return undefined;
  if (handle.kind === 'read' && expr.args.length === 0) {
    if (expr.method === 'borrow') return { value: held.value, type: valueType };
    if (expr.method === 'release_read') return { value: UNIT, type: UNIT_TYPE };
    return undefined;
  }
  if (handle.kind !== 'write' || expr.method !== 'release_write' || expr.args.length !== 1) return undefined;
  const written = evalExpr(ctx, frame, env, expr.args[0] as Expr);
  requireInv(ctx, held.pred, written.value, "`release_write` with a value the lock's predicate rejects", expr.span);
  const target = handle.id === undefined ? undefined : WRITE_PLACES.get(ctx)?.[handle.id];
  if (target === undefined) return notRunnable('releases a write handle the run did not acquire', expr.span);
  const current = rwlockParts(scope, readPlace(target).value);
  writePlace(target, rwlockValue(written.value, current?.pred ?? held.pred));
  return { value: UNIT, type: UNIT_TYPE };
}

function lockType(valueType: ExecType): ExecType {
  return { kind: 'adt', name: 'RwLock', args: [valueType, UNKNOWN] };
}

function handleType(name: string, lock: ExecType): ExecType {
  return { kind: 'adt', name, args: lock.kind === 'adt' ? lock.args : [UNKNOWN, UNKNOWN] };
}

/** Spec steps the predicate's `inv` may take, charged to the run's step budget as one step per hundred. */
const INV_STEP_BUDGET = 20_000;

/** A panic when the spec evaluator decides `pred.inv(value)` is false. */
function requireInv(ctx: Ctx, pred: Value, value: Value, what: string, span: Span): void {
  const spec = createSpecContext(ctx.model.scope, { stepBudget: INV_STEP_BUDGET, constParams: ctx.consts });
  const name = (text: string): Expr => ({ kind: 'path', segments: [{ name: text, generics: [], span }], span });
  const call: Expr = {
    kind: 'method-call',
    receiver: name('pred'),
    method: 'inv',
    methodSpan: span,
    generics: [],
    args: [name('value')],
    span,
  };
  const values = new Map<string, Value>([
    ['pred', pred],
    ['value', value],
  ]);
  const result = evaluateExpr(spec, call, { values, mutables: new Map() });
  for (let charged = 0; charged < spec.steps; charged += 100) tick(ctx);
  if (result.kind === 'value' && result.value.kind === 'bool' && !result.value.value) panic(`${what} (vstd's requires)`, span);
}
