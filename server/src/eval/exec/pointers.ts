// vstd's simple_pptr at run time: a `PPtr<V>` is an address and the `PointsTo<V>` passed beside it (`Tracked(&perm)`,
// `Tracked(&mut perm)`) holds the value stored there, so the shadow execution reads and writes memory through the
// permission. A vstd precondition the call breaks (another address, uninitialized memory) is a panic: Verus would
// have rejected the caller on that input.

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { int, UNIT } from '../value';
import { pointerAddress, pointsToParts, pointsToValue, pptrValue, POINTS_TO, PPTR } from '../permissions';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { readPlace, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { UNIT_TYPE, UNKNOWN, USIZE } from './exec-types';
import { evalExpr, evalPlace, tempPlace } from './interpreter';
import { notRunnable, panic } from './signals';

/** A method of a `PPtr` receiver, or undefined when `receiver` is no built-in pointer. */
export function pointerMethodCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  receiver: Typed,
): Typed | undefined {
  const addr = receiver.value.kind === 'struct' && receiver.value.name === PPTR ? pointerAddress(receiver.value) : undefined;
  if (addr === undefined) return undefined;
  if (expr.method === 'addr' || expr.method === 'to_usize') return { value: int(addr), type: USIZE };
  if (expr.method === 'clone') return receiver;
  const permExpr = expr.args[0];
  if (permExpr === undefined) return notRunnable(`\`PPtr::${expr.method}\` without a permission`, expr.span);
  const place = permissionPlace(ctx, frame, env, permExpr);
  const perm = pointsToParts(readPlace(place).value);
  if (perm === undefined) return notRunnable(`\`PPtr::${expr.method}\` with a permission the run does not know`, permExpr.span);
  if (perm.addr !== addr) panic(`PPtr::${expr.method}: the permission is for address ${perm.addr}, not ${addr}`, expr.span);
  const element = elementType(receiver.type);
  const stored = (): Typed => ({
    value: perm.contents ?? panic(`PPtr::${expr.method}: the memory is uninitialized`, expr.span),
    type: element,
  });
  const store = (contents: Value | undefined): void => writePlace(place, pointsToValue(addr, contents));
  const newValue = (): Value =>
    evalExpr(ctx, frame, env, expr.args[1] ?? notRunnable(`\`PPtr::${expr.method}\` without a value`, expr.span)).value;
  switch (expr.method) {
    case 'borrow':
    case 'read':
    case 'into_inner':
      return stored();
    case 'write':
      store(newValue());
      return { value: UNIT, type: UNIT_TYPE };
    case 'put':
      if (perm.contents !== undefined) panic('PPtr::put: the memory is initialized', expr.span);
      store(newValue());
      return { value: UNIT, type: UNIT_TYPE };
    case 'take': {
      const taken = stored();
      store(undefined);
      return taken;
    }
    case 'replace': {
      const old = stored();
      store(newValue());
      return old;
    }
    case 'free':
      if (perm.contents !== undefined) panic('PPtr::free: the memory is initialized', expr.span);
      return { value: UNIT, type: UNIT_TYPE };
    default:
      // `borrow_mut` hands out a reference into the permission; writes through it are not modelled.
      return notRunnable(`\`PPtr::${expr.method}\``, expr.span);
  }
}

/** `PPtr::new(v)`, `PPtr::empty()` (a fresh allocation with its permission) and `PPtr::from_addr(u)`. */
export function pointerStaticCall(ctx: Ctx, method: string, args: () => readonly Typed[], span: Span): Typed | undefined {
  switch (method) {
    case 'new':
    case 'empty': {
      const addr = freshAddress(ctx);
      const contents = method === 'new' ? (args()[0] ?? notRunnable('`PPtr::new` without a value', span)) : undefined;
      const element = contents?.type ?? UNKNOWN;
      return {
        value: { kind: 'tuple', elements: [pptrValue(addr), pointsToValue(addr, contents?.value)] },
        type: { kind: 'tuple', elements: [pointerType(PPTR, element), pointerType(POINTS_TO, element)] },
      };
    }
    case 'from_addr':
    case 'from_usize': {
      const addr = args()[0]?.value;
      if (addr?.kind !== 'int') return notRunnable(`\`PPtr::${method}\` of a non-integer`, span);
      return { value: pptrValue(addr.value), type: pointerType(PPTR, UNKNOWN) };
    }
    default:
      return undefined;
  }
}

/** Allocations made by the run start at 1 MiB, above the generated inputs' addresses (pointer-inputs.ts), so they never alias. */
const FRESH_BASE = 0x10_0000n;
const FRESH_STRIDE = 0x1000n;

function freshAddress(ctx: Ctx): bigint {
  ctx.counter.allocations += 1;
  return FRESH_BASE + FRESH_STRIDE * BigInt(ctx.counter.allocations);
}

/** The permission a `Tracked(&mut perm)` / `Tracked(&*perm)` / `Tracked(perm)` argument names. */
function permissionPlace(ctx: Ctx, frame: Frame, env: Env, expr: Expr): Place {
  const inner = trackedOperand(expr);
  return evalPlace(ctx, frame, env, inner) ?? tempPlace(evalExpr(ctx, frame, env, inner));
}

/** The operand of a `Tracked(e)` call, through the tracked value's own `borrow()`/`borrow_mut()` (the wrapper is
 *  transparent, so they name the same place); other expressions stand for themselves. */
export function trackedOperand(expr: Expr): Expr {
  const plain = expr.kind === 'paren' ? expr.inner : expr;
  if (plain.kind === 'method-call' && TRACKED_ACCESSORS.has(plain.method) && plain.args.length === 0) return trackedOperand(plain.receiver);
  if (plain.kind !== 'call' || plain.callee.kind !== 'path' || plain.args.length !== 1) return plain;
  const segments = plain.callee.segments;
  return segments[segments.length - 1]?.name === 'Tracked' ? trackedOperand(plain.args[0] ?? plain) : plain;
}

const TRACKED_ACCESSORS: ReadonlySet<string> = new Set(['borrow', 'borrow_mut']);

function elementType(type: ExecType): ExecType {
  return type.kind === 'adt' ? (type.args[0] ?? UNKNOWN) : UNKNOWN;
}

function pointerType(name: string, element: ExecType): ExecType {
  return { kind: 'adt', name, args: [element] };
}
