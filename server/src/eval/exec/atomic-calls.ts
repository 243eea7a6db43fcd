// vstd's permissioned atomics at run time (../atomics.ts): an operation reads and writes the value held by the
// permission passed beside it (`Tracked(&perm)`, `Tracked(&mut perm)`). A permission for another atomic breaks vstd's
// requires (`equal(self.id(), perm.view().patomic)`): a panic, as Verus would have rejected the caller on that input;
// so is `fetch_add`/`fetch_sub` past the type's range, which vstd requires away (the `_wrapping` ones wrap).

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import { atomicId, atomicPermissionParts, atomicPermissionValue, atomicValue, atomicValueType, isAtomic, permissionOf } from '../atomics';
import { inRange, truncateTo } from '../int-types';
import { valueEquals } from '../value-ops';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { readPlace, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { BOOL, intType, UNIT_TYPE } from './exec-types';
import { evalExpr, evalPlace, tempPlace } from './interpreter';
import { trackedOperand } from './pointers';
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
  const inner = trackedOperand(permExpr);
  const place = evalPlace(ctx, frame, env, inner) ?? tempPlace(evalExpr(ctx, frame, env, inner));
  const perm = atomicPermissionParts(readPlace(place).value);
  if (perm === undefined) return notRunnable(`\`${call}\` with a permission the run does not know`, permExpr.span);
  if (perm.id !== id) panic(`${call}: the permission is for atomic ${perm.id}, not ${id}`, expr.span);
  const valueType = atomicValueType(name);
  const type: ExecType = valueType?.kind === 'int' ? intType(valueType.int) : BOOL;
  const store = (value: Value): void => writePlace(place, atomicPermissionValue(permissionOf(name), id, value));
  const operand = (index: number): Value =>
    evalExpr(ctx, frame, env, expr.args[index] ?? notRunnable(`\`${call}\` without its operand`, expr.span)).value;
  const old = perm.value;
  const result = (value: Value, resultType: ExecType = type): Typed => ({ value, type: resultType });
  switch (expr.method) {
    case 'load':
    case 'into_inner':
      return result(old);
    case 'store':
      store(operand(1));
      return result({ kind: 'tuple', elements: [] }, UNIT_TYPE);
    case 'swap':
      store(operand(1));
      return result(old);
    case 'compare_exchange':
    case 'compare_exchange_weak': {
      const current = operand(1);
      const replacement = operand(2);
      const swapped = valueEquals(old, current);
      if (swapped) store(replacement);
      const variant = swapped ? 'Ok' : 'Err';
      return result({ kind: 'enum', name: 'Result', variant, fields: [['0', old]] }, { kind: 'adt', name: 'Result', args: [type, type] });
    }
    default: {
      const next = fetchOperation(expr.method, old, operand(1), valueType, call, expr.span);
      if (next === undefined) return notRunnable(`\`${call}\``, expr.span);
      store(next);
      return result(old);
    }
  }
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

function adt(name: string): ExecType {
  return { kind: 'adt', name, args: [] };
}
