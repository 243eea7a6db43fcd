// vstd's permissioned atomics at run time (../atomics.ts): an operation reads and writes the value held by the
// permission passed beside it (`Tracked(&perm)`, `Tracked(&mut perm)`). A permission for another atomic breaks vstd's
// requires (`equal(self.id(), perm.view().patomic)`): a panic, as Verus would have rejected the caller on that input;
// so is `fetch_add`/`fetch_sub` past the type's range, which vstd requires away (the `_wrapping` ones wrap).

import type { Expr, Span } from '../../syntax';
import { parseExpression } from '../../syntax';
import type { Value } from '../value';
import { bool, int, UNIT } from '../value';
import {
  atomicId,
  atomicPermissionParts,
  atomicPermissionValue,
  atomicValue,
  atomicValueType,
  heldValueType,
  isAtomic,
  isSharedAtomic,
  permissionOf,
  sharedAtomicValue,
} from '../atomics';
import { inRange, truncateTo } from '../int-types';
import { valueEquals } from '../value-ops';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { readPlace, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { BOOL, intType, UNIT_TYPE, UNKNOWN } from './exec-types';
import { evalExpr, evalPlace, tempPlace } from './interpreter';
import { permissionPlace } from './pointers';
import { notRunnable, panic } from './signals';

/** `PAtomicU64::new(v)`: a fresh atomic with its permission. Undefined for any other function of the type. */
export function atomicStaticCall(ctx: Ctx, owner: string, method: string, args: () => readonly Typed[], span: Span): Typed | undefined {
  if (method !== 'new' || !isAtomic(owner)) return undefined;
  const value = args()[0] ?? notRunnable(`\`${owner}::new\` without a value`, span);
  ctx.counter.allocations += 1;
  const id = BigInt(ctx.counter.allocations);
  const permission = permissionOf(owner);
  return {
    value: { kind: 'tuple', elements: [atomicValue(owner, id), atomicPermissionValue(permission, id, value.value)] },
    type: { kind: 'tuple', elements: [adt(owner), adt(permission)] },
  };
}

/** A method of an atomic receiver, or undefined when `receiver` is none. */
export function atomicMethodCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  receiver: Typed,
): Typed | undefined {
  const id = atomicId(receiver.value);
  if (id === undefined || receiver.value.kind !== 'struct') return undefined;
  const name = receiver.value.name;
  const call = `${name}::${expr.method}`;
  const permExpr = expr.args[0];
  if (permExpr === undefined) return notRunnable(`\`${call}\` without a permission`, expr.span);
  const place = permissionPlace(ctx, frame, env, permExpr);
  const perm = atomicPermissionParts(readPlace(place).value);
  if (perm === undefined) return notRunnable(`\`${call}\` with a permission the run does not know`, permExpr.span);
  if (perm.id !== id) panic(`${call}: the permission is for atomic ${perm.id}, not ${id}`, expr.span);
  const store = (value: Value): void => writePlace(place, atomicPermissionValue(permissionOf(name), id, value));
  const operand = (index: number): Value | undefined => evaluated(ctx, frame, env, expr.args[index + 1]);
  return (
    atomicOperation(atomicValueType(name), expr.method, perm.value, operand, store, call, expr.span, false) ??
    notRunnable(`\`${call}\``, expr.span)
  );
}

/** The value `fetch_<op>` leaves, or undefined for a method vstd's atomics do not have. */
function fetchOperation(
  method: string,
  old: Value,
  operand: Value,
  valueType: ReturnType<typeof atomicValueType>,
  call: string,
  span: Span,
): Value | undefined {
  if (old.kind === 'bool' && operand.kind === 'bool') {
    const [a, b] = [old.value, operand.value];
    const ops: Record<string, boolean> = { fetch_and: a && b, fetch_or: a || b, fetch_xor: a !== b, fetch_nand: !(a && b) };
    return method in ops ? bool(ops[method] ?? false) : undefined;
  }
  if (old.kind !== 'int' || operand.kind !== 'int' || valueType?.kind !== 'int') return undefined;
  const width = valueType.int;
  const [a, b] = [old.value, operand.value];
  const checked = (exact: bigint): Value => (inRange(exact, width) ? int(exact) : panic(`${call}: ${exact} is outside ${width}`, span));
  switch (method) {
    case 'fetch_add':
      return checked(a + b);
    case 'fetch_sub':
      return checked(a - b);
    case 'fetch_add_wrapping':
      return int(truncateTo(a + b, width));
    case 'fetch_sub_wrapping':
      return int(truncateTo(a - b, width));
    case 'fetch_and':
      return int(truncateTo(a & b, width));
    case 'fetch_or':
      return int(truncateTo(a | b, width));
    case 'fetch_xor':
      return int(truncateTo(a ^ b, width));
    case 'fetch_nand':
      return int(truncateTo(~(a & b), width));
    case 'fetch_max':
      return int(a > b ? a : b);
    case 'fetch_min':
      return int(a < b ? a : b);
    default:
      return undefined;
  }
}

function evaluated(ctx: Ctx, frame: Frame, env: Env, expr: Expr | undefined): Value | undefined {
  return expr === undefined ? undefined : evalExpr(ctx, frame, env, expr).value;
}

function adt(name: string): ExecType {
  return { kind: 'adt', name, args: [] };
}

/** A method of std's or atomic_ghost's atomic (../atomics.ts `sharedAtomicType`) on the value it holds in `place`;
 *  undefined when `receiver` is none. std's orderings are read and ignored (the run is one thread); its `fetch_add`
 *  and `fetch_sub` wrap, as std's do. */
export function sharedAtomicMethodCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  place: Place | undefined,
  receiver: Typed,
): Typed | undefined {
  if (receiver.value.kind !== 'struct' || !isSharedAtomic(receiver.value)) return undefined;
  const call = `${receiver.value.name}::${expr.method}`;
  // std's orderings (`Ordering::SeqCst`) come after the operands and are never evaluated.
  const operand = (index: number): Value | undefined => evaluated(ctx, frame, env, expr.args[index]);
  return sharedAtomicOperation(place ?? tempPlace(receiver), receiver.value, expr.method, operand, call, expr.span, true);
}

/** `op` on the std or atomic_ghost atomic `atomic`, which is at `place`, where the new value is stored. */
function sharedAtomicOperation(
  place: Place,
  atomic: Extract<Value, { kind: 'struct' }>,
  op: string,
  operand: (index: number) => Value | undefined,
  call: string,
  span: Span,
  wrapping: boolean,
): Typed | undefined {
  const held = atomic.fields[0]?.[1] ?? UNIT;
  const store = (value: Value): void => writePlace(place, sharedAtomicValue(atomic.name, value));
  return atomicOperation(heldValueType(atomic.name), op, held, operand, store, call, span, wrapping);
}

/** `op` on an atomic of `valueType` holding `held`; `store` writes the new value; undefined for an operation atomics do
 *  not have. `wrapping`: std's `fetch_add`/`fetch_sub`, which wrap (vstd's require no overflow). */
export function atomicOperation(
  valueType: ReturnType<typeof atomicValueType>,
  op: string,
  held: Value,
  operand: (index: number) => Value | undefined,
  store: (value: Value) => void,
  call: string,
  span: Span,
  wrapping: boolean,
): Typed | undefined {
  const type: ExecType = valueType?.kind === 'int' ? intType(valueType.int) : valueType?.kind === 'bool' ? BOOL : UNKNOWN;
  const result = (value: Value, resultType: ExecType = type): Typed => ({ value, type: resultType });
  switch (op) {
    case 'load':
    case 'into_inner':
      return result(held);
    case 'store':
      store(operand(0) ?? notRunnable(`\`${call}\` without a value`, span));
      return result(UNIT, UNIT_TYPE);
    case 'swap':
      store(operand(0) ?? notRunnable(`\`${call}\` without a value`, span));
      return result(held);
    case 'compare_exchange':
    case 'compare_exchange_weak': {
      const [current, replacement] = [operand(0), operand(1)];
      if (current === undefined || replacement === undefined) return notRunnable(`\`${call}\` without its operands`, span);
      const swapped = valueEquals(held, current);
      if (swapped) store(replacement);
      return result(
        { kind: 'enum', name: 'Result', variant: swapped ? 'Ok' : 'Err', fields: [['0', held]] },
        { kind: 'adt', name: 'Result', args: [type, type] },
      );
    }
    default: {
      const given = operand(0);
      const method = wrapping && (op === 'fetch_add' || op === 'fetch_sub') ? `${op}_wrapping` : op;
      const next = given === undefined ? undefined : fetchOperation(method, held, given, valueType, call, span);
      if (next === undefined) return undefined;
      store(next);
      return result(held);
    }
  }
}

/** `AtomicU64::new(v)` (std) or `AtomicU64::new(Ghost(k), v, Tracked(g))` (atomic_ghost); undefined otherwise. */
export function sharedAtomicStaticCall(owner: string, method: string, args: () => readonly Typed[], span: Span): Typed | undefined {
  if (method !== 'new' || !(owner === 'AtomicPtr' || heldValueType(owner) !== undefined)) return undefined;
  const given = args();
  const value = (given.length === 3 ? given[1] : given[0]) ?? notRunnable(`\`${owner}::new\` without a value`, span);
  return { value: sharedAtomicValue(owner, value.value), type: adt(owner) };
}

/** vstd's `atomic_with_ghost!(atomic => op(args); [update p -> n;] [returning r;] ghost g => { .. })`: the exec
 *  operation on an atomic_ghost atomic (the ghost block is erased). Its parts are re-parsed from the call's text, so
 *  a message about them points at the whole call. */
export function atomicWithGhost(ctx: Ctx, frame: Frame, env: Env, call: Extract<Expr, { kind: 'macro-call' }>): Typed {
  const text = call.argsText;
  const arrow = topLevelIndex(text, '=>', 0);
  const end = arrow < 0 ? -1 : topLevelIndex(text, ';', arrow + 2);
  if (arrow < 0 || end < 0) return notRunnable('an `atomic_with_ghost!` call of a form the run does not read', call.span);
  const atomicExpr = parseExpression(text.slice(0, arrow).trim()).expr;
  const opExpr = parseExpression(text.slice(arrow + 2, end).trim()).expr;
  if (opExpr.kind !== 'call' || opExpr.callee.kind !== 'path')
    return notRunnable('an `atomic_with_ghost!` operation the run does not read', call.span);
  const op = opExpr.callee.segments[opExpr.callee.segments.length - 1]?.name ?? '';
  const target = atomicExpr.kind === 'unary' && atomicExpr.op === '&' ? atomicExpr.operand : atomicExpr;
  const place = evalPlace(ctx, frame, env, target) ?? tempPlace(evalExpr(ctx, frame, env, target));
  const atomic = readPlace(place).value;
  if (atomic.kind !== 'struct' || !isSharedAtomic(atomic))
    return notRunnable(`\`atomic_with_ghost!\` on a value that is no atomic_ghost atomic`, call.span);
  if (op === 'no_op') return { value: UNIT, type: UNIT_TYPE };
  const operand = (index: number): Value | undefined => evaluated(ctx, frame, env, opExpr.args[index]);
  return (
    sharedAtomicOperation(place, atomic, op, operand, `atomic_with_ghost!(.. => ${op}(..))`, call.span, false) ??
    notRunnable(`\`atomic_with_ghost!\` operation \`${op}\``, call.span)
  );
}

/** The index of `token` in `text` outside brackets and parentheses, from `from`; -1 when there is none. */
function topLevelIndex(text: string, token: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i] ?? '';
    if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    else if (depth === 0 && text.startsWith(token, i)) return i;
  }
  return -1;
}
