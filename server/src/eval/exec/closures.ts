// Exec closures (`|c: Container| c.into_kube()`) and the std adapters that take them. A closure captures its
// environment by reference, as a non-`move` Rust closure does: its body runs in a scope under the one it was written
// in. Iterators run eagerly: an iterator is its elements (a sequence, as `iter()` gives), so `map`, `filter` and the
// rest make the next sequence, and `collect` keeps it.

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int, UNIT } from '../value';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { childEnv, tick } from './interpreter-state';
import type { ExecType } from './exec-types';
import { BOOL, execTypeOf, seqOf, UNIT_TYPE, UNKNOWN, USIZE } from './exec-types';
import { evalExpecting } from './conversions';
import { bindPattern, matchPattern } from './typed-patterns';
import { notRunnable } from './signals';
import { optionValue, runCallBody } from './calls-and-paths';
import { MAP_OWNERS, SET_OWNERS } from './hash-collections';
import { makeMap, makeSet } from '../value-ops';

type ClosureExpr = Extract<Expr, { kind: 'closure' }>;

interface MadeClosure {
  readonly expr: ClosureExpr;
  readonly frame: Frame;
  readonly env: Env;
}

/** What each closure value was made from; a closure is a run-time value only, never an input or an output. */
const MADE = new WeakMap<Value, MadeClosure>();

export function makeClosure(frame: Frame, env: Env, expr: ClosureExpr): Typed {
  const value: Value = {
    kind: 'closure',
    params: expr.params.map((param) => param.pattern),
    body: expr.body,
    env: new Map(),
    span: expr.span,
  };
  MADE.set(value, { expr, frame, env });
  return { value, type: UNKNOWN };
}

export function isExecClosure(value: Value): boolean {
  return MADE.has(value);
}

/** `f(x)` for a closure value `f`. */
export function callClosure(ctx: Ctx, closure: Value, args: readonly Typed[], span: Span): Typed {
  const made = MADE.get(closure);
  if (made === undefined) return notRunnable('a call through a computed function value', span);
  const { expr, frame } = made;
  if (args.length !== expr.params.length)
    return notRunnable(`a closure of ${expr.params.length} parameters called with ${args.length}`, span);
  tick(ctx);
  const env = childEnv(made.env);
  const bindings = new Map<string, Typed>();
  expr.params.forEach((param, index) => {
    const arg = args[index] as Typed;
    const typed = param.type === undefined ? arg : { value: arg.value, type: execTypeOf(param.type, frame.subst, frame.selfType) };
    if (!matchPattern(ctx, frame, param.pattern, typed, bindings))
      notRunnable('a closure parameter pattern that does not match', param.span);
  });
  bindPattern(env, bindings);
  const returns = expr.ret === undefined ? UNKNOWN : execTypeOf(expr.ret, frame.subst, frame.selfType);
  // `return` inside a closure leaves the closure, not the function around it.
  return runCallBody(ctx, () => evalExpecting(ctx, frame, env, expr.body, returns));
}

/** Iterator adapters on a sequence and the closure-taking methods of `Option`/`Result`; undefined for any other
 *  method, which the caller dispatches as before. */
export function closureMethod(ctx: Ctx, receiver: Typed, method: string, args: readonly Typed[], span: Span): Typed | undefined {
  const value = receiver.value;
  if (isCollected(receiver.type))
    return notRunnable('uses what `collect()` made where its type is not written (a `Vec`, a set or a map)', span);
  if (value.kind === 'seq') return iteratorMethod(ctx, value.elements, elementTypeOf(receiver.type), method, args, span);
  if (value.kind === 'enum' && (value.name === 'Option' || value.name === 'Result') && args.some((arg) => isExecClosure(arg.value)))
    return optionClosureMethod(ctx, receiver, value, method, args, span);
  return undefined;
}

function elementTypeOf(type: ExecType): ExecType {
  return type.kind === 'seq' ? type.element : UNKNOWN;
}

function iteratorMethod(
  ctx: Ctx,
  elements: readonly Value[],
  elementType: ExecType,
  method: string,
  args: readonly Typed[],
  span: Span,
): Typed | undefined {
  const closure = args.find((arg) => isExecClosure(arg.value))?.value;
  const apply = (...params: Typed[]): Typed => callClosure(ctx, closure as Value, params, span);
  const each = elements.map((element): Typed => ({ value: element, type: elementType }));
  const test = (element: Typed): boolean => isTrue(apply(element), span);
  const seq = (items: readonly Typed[], type: ExecType): Typed => ({
    value: { kind: 'seq', elements: items.map((item) => item.value) },
    type: seqOf(type),
  });
  if (method === 'enumerate' && args.length === 0) {
    const indexed = each.map((element, index): Typed => ({
      value: { kind: 'tuple', elements: [int(index), element.value] },
      type: UNKNOWN,
    }));
    return seq(indexed, UNKNOWN);
  }
  if (method === 'collect' && args.length === 0) return { value: { kind: 'seq', elements }, type: collectedType(elementType) };
  if (closure === undefined) return undefined;
  switch (method) {
    case 'map': {
      const mapped = each.map((element) => apply(element));
      return seq(mapped, mapped[0]?.type ?? UNKNOWN);
    }
    case 'filter':
      return seq(
        each.filter((element) => test(element)),
        elementType,
      );
    case 'filter_map': {
      const kept = each.flatMap((element) => {
        const option = apply(element).value;
        return option.kind === 'enum' && option.variant === 'Some' && option.fields[0] !== undefined
          ? [{ value: option.fields[0][1], type: UNKNOWN }]
          : [];
      });
      return seq(kept, UNKNOWN);
    }
    case 'any':
      return { value: bool(each.some((element) => test(element))), type: BOOL };
    case 'all':
      return { value: bool(each.every((element) => test(element))), type: BOOL };
    case 'find':
      return optionValue(
        each.find((element) => test(element)),
        elementType,
      );
    case 'position': {
      const index = each.findIndex((element) => test(element));
      return optionValue(index < 0 ? undefined : { value: int(index), type: USIZE }, USIZE);
    }
    case 'for_each':
      for (const element of each) apply(element);
      return { value: UNIT, type: UNIT_TYPE };
    case 'fold': {
      const init = args[0];
      if (init === undefined || args.length !== 2) return undefined;
      return each.reduce((acc, element) => apply(acc, element), init);
    }
    default:
      return undefined;
  }
}

function optionClosureMethod(
  ctx: Ctx,
  receiver: Typed,
  value: Extract<Value, { kind: 'enum' }>,
  method: string,
  args: readonly Typed[],
  span: Span,
): Typed | undefined {
  const present = value.variant === 'Some' || value.variant === 'Ok';
  const payload: Typed = { value: value.fields[0]?.[1] ?? UNIT, type: UNKNOWN };
  const last = args[args.length - 1];
  if (last === undefined || !isExecClosure(last.value)) return undefined;
  const apply = (...params: Typed[]): Typed => callClosure(ctx, last.value, params, span);
  const wrap = (variant: string, inner: Typed): Typed => ({
    value: { kind: 'enum', name: value.name, variant, fields: [['0', inner.value]] },
    type: UNKNOWN,
  });
  switch (method) {
    case 'map':
      return present ? wrap(value.variant, apply(payload)) : receiver;
    case 'map_err':
      return present ? receiver : wrap(value.variant, apply(payload));
    case 'and_then':
      return present ? apply(payload) : receiver;
    case 'or_else':
      return present ? receiver : value.name === 'Option' ? apply() : apply(payload);
    case 'unwrap_or_else':
      return present ? payload : value.name === 'Option' ? apply() : apply(payload);
    case 'map_or':
      return present ? apply(payload) : (args[0] ?? notRunnable('`map_or` needs a default', span));
    case 'map_or_else':
      return present ? apply(payload) : callClosure(ctx, args[0]?.value ?? UNIT, value.name === 'Option' ? [] : [payload], span);
    case 'is_some_and':
    case 'is_ok_and':
      return { value: bool(present && isTrue(apply(payload), span)), type: BOOL };
    case 'filter':
      return present && isTrue(apply(payload), span)
        ? receiver
        : { value: { kind: 'enum', name: 'Option', variant: 'None', fields: [] }, type: receiver.type };
    case 'ok_or_else':
      return present
        ? { value: { kind: 'enum', name: 'Result', variant: 'Ok', fields: [['0', payload.value]] }, type: UNKNOWN }
        : { value: { kind: 'enum', name: 'Result', variant: 'Err', fields: [['0', apply().value]] }, type: UNKNOWN };
    default:
      return undefined;
  }
}

function isTrue(result: Typed, span: Span): boolean {
  if (result.value.kind !== 'bool') return notRunnable('a closure that should give a `bool` gave another value', span);
  return result.value.value;
}

/** What `collect()` made before a type is written for it: the elements in order, a `Vec`, a set or a map to be. */
const COLLECTED = '<collected>';

function collectedType(element: ExecType): ExecType {
  return { kind: 'adt', name: COLLECTED, args: [element] };
}

function isCollected(type: ExecType): boolean {
  return type.kind === 'adt' && type.name === COLLECTED;
}

/** The result of `collect()` as the type written where it lands (a `let`'s type, a parameter, a field, the return
 *  type): a `Vec` keeps the elements, a set keeps each once, a map keeps the last value of each key; left as it is
 *  while no type is written. */
export function collectedAs(typed: Typed, declared: ExecType, span: Span): Typed {
  if (!isCollected(typed.type) || typed.value.kind !== 'seq' || declared.kind === 'unknown' || declared.kind === 'flex') return typed;
  const elements = typed.value.elements;
  if (declared.kind === 'seq') return { value: typed.value, type: declared };
  // makeSet keeps each element once, and makeMap the last value of each key, as collecting into them does.
  if (declared.kind === 'adt' && SET_OWNERS.has(declared.name)) return { value: makeSet(elements), type: declared };
  if (declared.kind === 'adt' && MAP_OWNERS.has(declared.name)) {
    const entries = elements.map((element): readonly [Value, Value] =>
      element.kind === 'tuple' && element.elements.length === 2
        ? [element.elements[0] as Value, element.elements[1] as Value]
        : notRunnable('`collect()` into a map of items that are not pairs', span),
    );
    return { value: makeMap(entries), type: declared };
  }
  return notRunnable(`\`collect()\` into ${declared.kind === 'adt' ? declared.name : declared.kind}`, span);
}
