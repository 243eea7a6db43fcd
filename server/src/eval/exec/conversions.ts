// Integer conversions whose target type rustc infers from where the value goes: `x.try_into()` (an `Ok` when the
// value fits the target, else `Err(TryFromIntError(()))`) and `x.into()`. The expected type comes down from a `let`
// annotation, a struct field or the function's return type, through parentheses and `.unwrap()`/`.expect(..)`;
// with none the call stays not runnable, named as before. A call also learns the expected type: a trusted callee
// whose result comes from its ensures is built at it (trusted-results.ts).

import type { Expr } from '../../syntax';
import type { Value } from '../value';
import type { IntType } from '../value-type';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { tick } from './interpreter-state';
import { evalCall } from './calls-and-paths';
import type { ExecType } from './exec-types';
import { intType } from './exec-types';
import { evalExpr } from './interpreter';
import { textOf } from '../value-ops';
import { collectedAs } from './closures';
import { inRange } from './int-ops';
import { bitWidth } from '../int-types';
import { FROM_BYTES, TRY_FROM_SLICE_ERROR_TEXT } from './int-methods';
import { notRunnable, panic } from './signals';

/** `expr` evaluated where a value of type `expected` is wanted. */
export function evalExpecting(ctx: Ctx, frame: Frame, env: Env, expr: Expr, expected: ExecType): Typed {
  const conversion = conversionTo(expr, expected);
  if (conversion === undefined && expr.kind === 'call') {
    tick(ctx);
    return evalCall(ctx, frame, env, expr, expected);
  }
  if (conversion === undefined) return collectedAs(evalExpr(ctx, frame, env, expr), expected, expr.span);
  const source = evalExpr(ctx, frame, env, conversion.source);
  if (source.value.kind !== 'int') return notRunnable(`calls ${conversion.method} on a value that is not an integer`, expr.span);
  const value = source.value.value;
  const fits = inRange(value, conversion.target);
  const converted: Typed = { value: { kind: 'int', value }, type: intType(conversion.target) };
  switch (conversion.unwrap) {
    case 'result':
      return fits ? resultOf('Ok', converted, conversion.target) : resultOf('Err', TRY_FROM_INT_ERROR, conversion.target);
    case 'unwrap':
      return fits ? converted : panic(`called \`Result::unwrap()\` on an \`Err\` value: ${TRY_FROM_INT_ERROR_TEXT}`, expr.span);
    case 'expect':
      return fits ? converted : panic(`${expectMessage(ctx, frame, env, expr)}: ${TRY_FROM_INT_ERROR_TEXT}`, expr.span);
    case 'into':
      // `From` exists only where every value fits; a value that does not is a type error rustc would have reported.
      return fits ? converted : notRunnable(`\`into()\` from a value that does not fit in ${conversion.target}`, expr.span);
    default:
      return conversion.unwrap satisfies never;
  }
}

interface Conversion {
  readonly source: Expr;
  readonly method: 'try_into' | 'into';
  readonly target: IntType;
  /** `result`: `x.try_into()` itself; `unwrap`/`expect`: called on it; `into`: `x.into()`. */
  readonly unwrap: 'result' | 'unwrap' | 'expect' | 'into';
}

const TRY_FROM_INT_ERROR_TEXT = 'TryFromIntError(())';
const TRY_FROM_INT_ERROR: Typed = {
  value: { kind: 'struct', name: 'TryFromIntError', fields: [['0', { kind: 'tuple', elements: [] }]] },
  type: { kind: 'adt', name: 'TryFromIntError', args: [] },
};

function conversionTo(expr: Expr, expected: ExecType): Conversion | undefined {
  if (expr.kind === 'paren') return conversionTo(expr.inner, expected);
  if (expr.kind !== 'method-call') return undefined;
  const target = expected.kind === 'int' ? expected.int : undefined;
  if (expr.method === 'into' && expr.args.length === 0 && target !== undefined)
    return { source: expr.receiver, method: 'into', target, unwrap: 'into' };
  if (expr.method === 'try_into' && expr.args.length === 0) {
    const ok = expected.kind === 'adt' && expected.name === 'Result' ? expected.args[0] : undefined;
    return ok?.kind === 'int' ? { source: expr.receiver, method: 'try_into', target: ok.int, unwrap: 'result' } : undefined;
  }
  const inner = expr.receiver.kind === 'paren' ? expr.receiver.inner : expr.receiver;
  const unwrap =
    expr.method === 'unwrap' && expr.args.length === 0
      ? 'unwrap'
      : expr.method === 'expect' && expr.args.length === 1
        ? 'expect'
        : undefined;
  if (unwrap === undefined || target === undefined || inner.kind !== 'method-call' || inner.method !== 'try_into' || inner.args.length > 0)
    return undefined;
  return { source: inner.receiver, method: 'try_into', target, unwrap };
}

/** The arguments of `u32::f(..)`. `u32::from_le_bytes` (and `_be_`, `_ne_`) takes a `[u8; N]` of the type's width:
 *  the idiom `u32::from_le_bytes(buf[0..4].try_into().unwrap())` converts a slice of that length and panics on any
 *  other, as `TryFrom<&[u8]>` for arrays does. */
export function intAssociatedArguments(ctx: Ctx, frame: Frame, env: Env, type: IntType, name: string, args: readonly Expr[]): Typed[] {
  const width = FROM_BYTES.has(name) ? (bitWidth(type) ?? 0) / 8 : undefined;
  const [arg] = args;
  const call = width !== undefined && arg?.kind === 'method-call' && args.length === 1 ? arg : undefined;
  const inner = call?.receiver.kind === 'paren' ? call.receiver.inner : call?.receiver;
  const unwraps = (call?.method === 'unwrap' && call.args.length === 0) || (call?.method === 'expect' && call.args.length === 1);
  if (call === undefined || !unwraps || inner?.kind !== 'method-call' || inner.method !== 'try_into' || inner.args.length > 0)
    return args.map((expr) => evalExpr(ctx, frame, env, expr));
  const slice = evalExpr(ctx, frame, env, inner.receiver);
  if (slice.value.kind !== 'seq') return notRunnable('calls try_into on a value that is not a slice', inner.span);
  if (slice.value.elements.length === width) return [slice];
  const prefix = call.method === 'unwrap' ? 'called `Result::unwrap()` on an `Err` value' : expectMessage(ctx, frame, env, call);
  return panic(`${prefix}: ${TRY_FROM_SLICE_ERROR_TEXT}`, call.span);
}

function resultOf(variant: 'Ok' | 'Err', payload: Typed, target: IntType): Typed {
  const value: Value = { kind: 'enum', name: 'Result', variant, fields: [['0', payload.value]] };
  return { value, type: { kind: 'adt', name: 'Result', args: [intType(target), TRY_FROM_INT_ERROR.type] } };
}

function expectMessage(ctx: Ctx, frame: Frame, env: Env, expr: Expr): string {
  const message = expr.kind === 'method-call' ? expr.args[0] : undefined;
  return message === undefined ? '' : (textOf(evalExpr(ctx, frame, env, message).value) ?? '');
}
