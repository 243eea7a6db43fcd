// Loops: `while` (and `while let`), `loop` (with `break value`), and `for` over ranges and collections. Loop
// specs (invariants, decreases) are ghost and ignored; every iteration spends budget so divergence times out.

import type { Expr, Span } from '../../syntax';
import { int } from '../value';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { childEnv, tick } from './interpreter-state';
import type { ExecType } from './exec-types';
import { CHAR, FLEX, intType, UNKNOWN } from './exec-types';
import { evalBlock, evalCondition, evalExpr, intValue, pinFlexVariable, tempPlace, UNIT_TYPED } from './interpreter';
import { invokeFunction } from './calls-and-paths';
import { bindPattern, matchPattern } from './typed-patterns';
import { commonIntType } from './typed-operators';
import { iterationOrder, mapMethod, setMethod } from './hash-collections';
import { BreakSignal, ContinueSignal, notRunnable } from './signals';
import { RANGE, rangeBounds } from '../std-ranges';

export function evalWhile(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'while' }>): Typed {
  for (;;) {
    tick(ctx);
    const scope = childEnv(env);
    if (!evalCondition(ctx, frame, env, scope, expr.condition)) return UNIT_TYPED;
    const exit = runBody(ctx, frame, scope, expr.body, expr.label);
    if (exit !== undefined) return UNIT_TYPED;
  }
}

export function evalLoop(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'loop' }>): Typed {
  for (;;) {
    tick(ctx);
    const exit = runBody(ctx, frame, env, expr.body, expr.label);
    if (exit !== undefined) return exit.value ?? UNIT_TYPED;
  }
}

export function evalFor(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'for' }>): Typed {
  for (const item of iterate(ctx, frame, env, expr.iterable)) {
    tick(ctx);
    const scope = childEnv(env);
    const bindings = new Map<string, Typed>();
    if (!matchPattern(ctx, frame, expr.pattern, item, bindings))
      return notRunnable('a `for` pattern that does not match', expr.pattern.span);
    bindPattern(scope, bindings);
    if (runBody(ctx, frame, scope, expr.body, expr.label) !== undefined) return UNIT_TYPED;
  }
  return UNIT_TYPED;
}

/** Runs one iteration; returns the break (with its value) that ends the loop, or undefined to go on. */
function runBody(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  body: Extract<Expr, { kind: 'loop' }>['body'],
  label: string | undefined,
): BreakSignal | undefined {
  try {
    evalBlock(ctx, frame, env, body);
    return undefined;
  } catch (signal) {
    if (signal instanceof BreakSignal && (signal.label === undefined || signal.label === label)) return signal;
    if (signal instanceof ContinueSignal && (signal.label === undefined || signal.label === label)) return undefined;
    throw signal;
  }
}

/** The items a `for` loop visits. Collections are snapshotted (the borrow checker forbids mutating them meanwhile). */
function* iterate(ctx: Ctx, frame: Frame, env: Env, iterable: Expr): Generator<Typed> {
  const inner = stripRefs(iterable);
  if (inner.kind === 'range') {
    yield* rangeItems(ctx, frame, env, inner, false);
    return;
  }
  if (inner.kind === 'method-call' && inner.args.length === 0) {
    const receiver = stripRefs(inner.receiver);
    if (inner.method === 'rev' && receiver.kind === 'range') {
      yield* rangeItems(ctx, frame, env, receiver, true);
      return;
    }
    if (inner.method === 'enumerate') {
      let index = 0n;
      for (const item of iterate(ctx, frame, env, receiver)) {
        yield {
          value: { kind: 'tuple', elements: [int(index), item.value] },
          type: { kind: 'tuple', elements: [intType('usize'), item.type] },
        };
        index += 1n;
      }
      return;
    }
    if (inner.method === 'rev') {
      yield* Array.from(iterate(ctx, frame, env, receiver)).reverse();
      return;
    }
  }
  const evaluated = evalExpr(ctx, frame, env, inner);
  // A B-tree visits its entries in key order; a hash collection in an order the program cannot know.
  const ordered = iterationOrder(ctx, evaluated.type);
  const collection =
    evaluated.value.kind === 'map'
      ? mapMethod(evaluated.value, 'iter', [], iterable.span, ordered).value
      : evaluated.value.kind === 'set'
        ? setMethod(evaluated.value, 'iter', [], iterable.span, ordered).value
        : evaluated;
  const bounds = ctx.model.scope.datatype(RANGE) === undefined ? rangeBounds(collection.value) : undefined;
  if (bounds !== undefined) {
    const element = collection.type.kind === 'adt' ? (collection.type.args[0] ?? UNKNOWN) : UNKNOWN;
    for (let i = bounds.start; i < bounds.end; i += 1n) {
      tick(ctx);
      yield { value: int(i), type: element };
    }
    return;
  }
  if (collection.value.kind === 'struct' || collection.value.kind === 'enum') {
    yield* userIteratorItems(ctx, collection, iterable.span);
    return;
  }
  if (collection.value.kind !== 'seq') notRunnable(`iterating over a ${collection.value.kind}`, iterable.span);
  const elementType = collection.type.kind === 'seq' ? collection.type.element : collection.value.text === true ? CHAR : UNKNOWN;
  for (const element of collection.value.elements) yield { value: element, type: elementType };
}

/** A user type implementing `Iterator`: its `next` runs (on the loop's own copy) before each iteration until it
 *  returns None, as Rust's desugaring of `for` does. */
function* userIteratorItems(ctx: Ctx, iterator: Typed, span: Span): Generator<Typed> {
  const name = iterator.value.kind === 'struct' || iterator.value.kind === 'enum' ? iterator.value.name : '';
  const next = ctx.model.scope.resolveMethod(name, 'next');
  if (next === undefined) return notRunnable(`iterating over a ${name} without a \`next\` method`, span);
  const place = tempPlace(iterator);
  for (;;) {
    const item = invokeFunction(ctx, next, [{ kind: 'place', place }], span);
    if (item.value.kind !== 'enum' || item.value.name !== 'Option')
      return notRunnable(`${next.qualifiedName} does not return an Option`, span);
    const payload = item.value.fields[0]?.[1];
    if (item.value.variant === 'None' || payload === undefined) return;
    yield { value: payload, type: item.type.kind === 'adt' ? (item.type.args[0] ?? UNKNOWN) : UNKNOWN };
  }
}

function* rangeItems(ctx: Ctx, frame: Frame, env: Env, range: Extract<Expr, { kind: 'range' }>, reversed: boolean): Generator<Typed> {
  if (range.start === undefined || range.end === undefined) notRunnable('an unbounded range in `for`', range.span);
  const start = evalExpr(ctx, frame, env, range.start);
  const end = evalExpr(ctx, frame, env, range.end);
  pinFlexVariable(env, range.start, end.type);
  pinFlexVariable(env, range.end, start.type);
  const int_ = commonIntType(start.type, end.type);
  const type: ExecType = int_ === undefined ? FLEX : intType(int_);
  const low = intValue(start, range.span);
  const high = intValue(end, range.span) - (range.inclusive ? 0n : 1n);
  if (reversed) {
    for (let i = high; i >= low; i -= 1n) yield { value: int(i), type };
  } else {
    for (let i = low; i <= high; i += 1n) yield { value: int(i), type };
  }
}

function stripRefs(expr: Expr): Expr {
  if (expr.kind === 'paren') return stripRefs(expr.inner);
  if (expr.kind === 'unary' && (expr.op === '&' || expr.op === '&mut')) return stripRefs(expr.operand);
  if (
    expr.kind === 'method-call' &&
    (expr.method === 'iter' || expr.method === 'into_iter' || expr.method === 'chars') &&
    expr.args.length === 0
  ) {
    // `.chars()` on a String and `.iter()` on a Vec both visit the elements of the same seq value.
    return stripRefs(expr.receiver);
  }
  return expr;
}

export type { Span };
