// The expression and statement evaluator for exec code: Rust run-time semantics (debug build) over typed values.
// Ghost code is erased except for the ghost state contracts read (`let ghost`, proof blocks' updates:
// proof-blocks.ts); loops and calls live in loops.ts and calls-and-paths.ts.

import { overloadedOperator } from './operator-impls';
import type { Block, Expr, Stmt, Type } from '../../syntax';
import type { Value } from '../value';
import { bool, int, UNIT } from '../value';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { chargeWrite, childEnv, fieldPlace, indexPlace, lookup, placeOfBinding, readPlace, tick, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { evalRange } from './ranges';
import { BOOL, CHAR, execTypeOf, FLEX, intType, preferType, seqOf, STRING_TYPE, UNIT_TYPE, UNKNOWN, USIZE } from './exec-types';
import { binaryOp, castValue, checkFits, negate, not } from './typed-operators';
import { bindPattern, matchPattern } from './typed-patterns';
import { collectedAs, makeClosure } from './closures';
import { evalCall, evalPathValue, evalStructLiteral } from './calls-and-paths';
import { evalMethodCall } from './methods';
import { evalLoop, evalFor, evalWhile } from './loops';
import { evalMacro } from './macros';
import { MAYBE_UNINIT_ACCESSORS, rawPointee, rawPointerAddress, rawPointerCast } from './pointers';
import { evalExpecting } from './conversions';
import { sliceOf } from './slices';
import { AssumeViolatedSignal, BreakSignal, ContinueSignal, notRunnable, ReturnSignal, TimeoutSignal } from './signals';
import { isIntTypeName } from './int-ops';
import { bindGhostLet, specValueInScope } from './ghost-values';
import { runProofBlock } from './proof-blocks';
import { assertNever } from '../../stdx';

export const UNIT_TYPED: Typed = { value: UNIT, type: UNIT_TYPE };

export function evalExpr(ctx: Ctx, frame: Frame, env: Env, expr: Expr): Typed {
  tick(ctx);
  switch (expr.kind) {
    case 'int':
      return { value: int(expr.value), type: expr.suffix !== undefined && isIntTypeName(expr.suffix) ? intType(expr.suffix) : FLEX };
    case 'bool':
      return { value: bool(expr.value), type: BOOL };
    case 'char':
      return expr.byte ? { value: int(expr.value.codePointAt(0) ?? 0), type: intType('u8') } : { value: charValue(expr.value), type: CHAR };
    case 'str':
      return expr.byte
        ? { value: bytesValue(expr.value), type: seqOf(intType('u8')) }
        : { value: stringValue(expr.value), type: STRING_TYPE };
    case 'paren':
      return evalExpr(ctx, frame, env, expr.inner);
    case 'path':
      return evalPathValue(ctx, frame, env, expr);
    case 'block':
      return evalBlock(ctx, frame, env, expr.block);
    case 'tuple': {
      const parts = expr.elements.map((element) => evalExpr(ctx, frame, env, element));
      return { value: { kind: 'tuple', elements: parts.map((p) => p.value) }, type: { kind: 'tuple', elements: parts.map((p) => p.type) } };
    }
    case 'array':
      return seqFrom(expr.elements.map((element) => evalExpr(ctx, frame, env, element)));
    case 'array-repeat':
      return repeat(ctx, frame, env, expr.value, expr.count);
    case 'collection-macro':
      if (expr.macro !== 'vec') return notRunnable(`\`${expr.macro}!\` is spec-only`, expr.span);
      if (expr.repeat !== undefined) return repeat(ctx, frame, env, expr.repeat.value, expr.repeat.count);
      return seqFrom(expr.elements.map((element) => evalExpr(ctx, frame, env, element)));
    case 'field':
    case 'index':
      return evalReadOfPlaceExpr(ctx, frame, env, expr);
    case 'unary':
      return evalUnary(ctx, frame, env, expr);
    case 'binary':
      // `e matches P && g` (what `matches!(e, P if g)` reads as): `g` sees P's bindings, as after `if let`.
      if (expr.op === '&&' && containsLet(expr)) return { value: bool(evalCondition(ctx, frame, env, childEnv(env), expr)), type: BOOL };
      return evalBinary(ctx, frame, env, expr);
    case 'cast':
      return evalCast(ctx, frame, env, expr);
    case 'if':
      return evalIf(ctx, frame, env, expr);
    case 'match':
      return evalMatch(ctx, frame, env, expr);
    case 'call':
      return evalCall(ctx, frame, env, expr);
    case 'method-call':
      return evalMethodCall(ctx, frame, env, expr);
    case 'struct-literal':
      return evalStructLiteral(ctx, frame, env, expr);
    case 'macro-call':
      return evalMacro(ctx, frame, env, expr);
    case 'assign':
      evalAssign(ctx, frame, env, expr);
      return UNIT_TYPED;
    case 'return':
      throw new ReturnSignal(expr.value === undefined ? UNIT_TYPED : evalExpecting(ctx, frame, env, expr.value, frame.returnType));
    case 'break':
      throw new BreakSignal(expr.label, expr.value === undefined ? undefined : evalExpr(ctx, frame, env, expr.value));
    case 'continue':
      throw new ContinueSignal(expr.label);
    case 'while':
      return evalWhile(ctx, frame, env, expr);
    case 'loop':
      return evalLoop(ctx, frame, env, expr);
    case 'for':
      return evalFor(ctx, frame, env, expr);
    case 'try':
      return evalTry(ctx, frame, env, expr);
    case 'is': {
      const operand = evalExpr(ctx, frame, env, expr.operand).value;
      const holds = operand.kind === 'enum' && operand.variant === expr.variant;
      return { value: bool(holds !== expr.negated), type: BOOL };
    }
    case 'matches':
      return { value: bool(matchPattern(ctx, frame, expr.pattern, evalExpr(ctx, frame, env, expr.operand), new Map())), type: BOOL };
    case 'ghost':
      if (expr.form === 'assume' && expr.expr !== undefined) checkAssume(ctx, frame, env, expr.expr, expr.span);
      if (expr.block !== undefined) runProofBlock(ctx, frame, env, expr.block);
      return UNIT_TYPED;
    case 'range':
      return evalRange(ctx, frame, env, expr);
    case 'error':
      return notRunnable('a syntax error', expr.span);
    case 'float':
      return notRunnable('floating-point arithmetic', expr.span);
    case 'let-condition':
      return notRunnable('`let` outside `if`/`while`', expr.span);
    case 'closure':
      return makeClosure(frame, env, expr);
    case 'view':
    case 'arrow':
    case 'chain':
    case 'quantifier':
      return notRunnable(`spec-only expression (${expr.kind}) in exec code`, expr.span);
    default:
      return assertNever(expr);
  }
}

export function evalBlock(ctx: Ctx, frame: Frame, env: Env, block: Block): Typed {
  return evalBlockExpecting(ctx, frame, env, block, UNKNOWN);
}

/** A block whose value goes where a value of type `expected` is wanted (a function's body: its return type). */
export function evalBlockExpecting(ctx: Ctx, frame: Frame, env: Env, block: Block, expected: ExecType): Typed {
  const scope = childEnv(env);
  for (const stmt of block.stmts) evalStmt(ctx, frame, scope, stmt);
  return block.tail === undefined ? UNIT_TYPED : evalExpecting(ctx, frame, scope, block.tail, expected);
}

/** A place for `expr` when it denotes one (`v`, `s.f`, `v[i]`, `*r`); otherwise undefined. */
export function evalPlace(ctx: Ctx, frame: Frame, env: Env, expr: Expr): Place | undefined {
  switch (expr.kind) {
    case 'paren':
      return evalPlace(ctx, frame, env, expr.inner);
    case 'path': {
      if (expr.segments.length !== 1) return undefined;
      const binding = lookup(env, expr.segments[0]?.name ?? '');
      return binding === undefined ? undefined : placeOfBinding(binding);
    }
    case 'unary': {
      if (expr.op !== '*' && expr.op !== '&mut' && expr.op !== '&') return undefined;
      const place = evalPlace(ctx, frame, env, expr.operand);
      if (expr.op !== '*') return place;
      // `*p` of a raw pointer is the memory its permission holds; of a reference, the place itself.
      const pointer = place === undefined ? evalExpr(ctx, frame, env, expr.operand) : readPlace(place);
      return rawPointee(env, pointer, expr.span) ?? place;
    }
    case 'method-call':
      // `(*p).assume_init_mut()`: a `MaybeUninit<T>` is its `T`, at the same place; `v.as_mut_slice()` is `v`'s elements.
      return (MAYBE_UNINIT_ACCESSORS.has(expr.method) || expr.method === 'as_mut_slice') && expr.args.length === 0
        ? evalPlace(ctx, frame, env, expr.receiver)
        : undefined;
    case 'field': {
      const base = evalPlace(ctx, frame, env, expr.receiver) ?? tempPlace(evalExpr(ctx, frame, env, expr.receiver));
      return fieldPlace(ctx, base, expr.field, expr.span);
    }
    case 'index': {
      if (expr.index.kind === 'range') return undefined;
      const base = evalPlace(ctx, frame, env, expr.receiver) ?? tempPlace(evalExpr(ctx, frame, env, expr.receiver));
      const index = evalIndex(ctx, frame, env, expr.index);
      return indexPlace(base, index, expr.span);
    }
    default:
      return undefined;
  }
}

export function tempPlace(typed: Typed): Place {
  return { root: { value: typed.value, type: typed.type }, path: [], type: typed.type };
}

/** Pins an unsuffixed-literal variable to the integer type it meets (rustc's inference from the other operand). */
export function pinFlexVariable(env: Env, expr: Expr, type: ExecType): void {
  if (type.kind !== 'int') return;
  const inner = expr.kind === 'paren' ? expr.inner : expr;
  if (inner.kind !== 'path' || inner.segments.length !== 1) return;
  const binding = lookup(env, inner.segments[0]?.name ?? '');
  if (binding?.kind === 'slot' && binding.slot.type.kind === 'flex') binding.slot.type = type;
}

/** Gives a value its declared type, keeping what the value knows that the declaration leaves open. */
export function withDeclaredType(given: Typed, declared: ExecType, span: Expr['span']): Typed {
  const typed = collectedAs(given, declared, span);
  const type = preferType(declared, typed.type);
  checkFits(type, typed.value, span);
  return { value: typed.value, type };
}

export function truthy(typed: Typed, span: Expr['span']): boolean {
  return typed.value.kind === 'bool' ? typed.value.value : notRunnable('a condition that is not a bool', span);
}

/** `if let P = e` / `while let P = e` and plain conditions: binds into `scope`. */
export function evalCondition(ctx: Ctx, frame: Frame, env: Env, scope: Env, condition: Expr): boolean {
  if (condition.kind === 'let-condition' || condition.kind === 'matches') {
    const value = condition.kind === 'matches' ? condition.operand : condition.value;
    const bindings = new Map<string, Typed>();
    if (!matchPattern(ctx, frame, condition.pattern, evalExpr(ctx, frame, env, value), bindings)) return false;
    for (const [name, typed] of bindings) scope.vars.set(name, { kind: 'slot', slot: { value: typed.value, type: typed.type } });
    return true;
  }
  if (condition.kind === 'binary' && condition.op === '&&' && containsLet(condition)) {
    return evalCondition(ctx, frame, env, scope, condition.left) && evalCondition(ctx, frame, scope, scope, condition.right);
  }
  return truthy(evalExpr(ctx, frame, env, condition), condition.span);
}

function evalStmt(ctx: Ctx, frame: Frame, env: Env, stmt: Stmt): void {
  switch (stmt.kind) {
    case 'item':
      return;
    case 'expr':
      evalExpr(ctx, frame, env, stmt.expr);
      return;
    case 'let':
      evalLet(ctx, frame, env, stmt);
      return;
    default:
      assertNever(stmt);
  }
}

function evalLet(ctx: Ctx, frame: Frame, env: Env, stmt: Extract<Stmt, { kind: 'let' }>): void {
  if (stmt.ghostMode !== 'exec') return bindGhostLet(ctx, frame, env, stmt);
  const declared = stmt.type === undefined ? UNKNOWN : execTypeOf(stmt.type, frame.subst, frame.selfType);
  if (stmt.init === undefined) {
    if (stmt.pattern.kind === 'binding') env.vars.set(stmt.pattern.name, { kind: 'slot', slot: { value: UNIT, type: declared } });
    return;
  }
  const init = stmt.init.kind === 'paren' ? stmt.init.inner : stmt.init;
  // `let r = &mut x;` and `let s = v.as_mut_slice();` borrow a place: writes through the name reach it.
  const borrowed =
    init.kind === 'unary' && init.op === '&mut'
      ? init.operand
      : init.kind === 'method-call' && init.method === 'as_mut_slice' && init.args.length === 0
        ? init.receiver
        : undefined;
  if (borrowed !== undefined && stmt.pattern.kind === 'binding') {
    const place = evalPlace(ctx, frame, env, borrowed);
    if (place !== undefined) {
      env.vars.set(stmt.pattern.name, { kind: 'ref', place });
      return;
    }
  }
  const value = withDeclaredType(evalExpecting(ctx, frame, env, stmt.init, declared), declared, stmt.span);
  const bindings = new Map<string, Typed>();
  if (!matchPattern(ctx, frame, stmt.pattern, value, bindings)) {
    if (stmt.else === undefined) return notRunnable('a refutable `let` pattern that did not match', stmt.span);
    evalBlock(ctx, frame, env, stmt.else);
    return notRunnable('`let ... else` whose else block did not diverge', stmt.span);
  }
  bindPattern(env, bindings);
}

function evalAssign(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'assign' }>): void {
  if (expr.target.kind === 'path' && expr.target.segments[0]?.name === '_') {
    evalExpr(ctx, frame, env, expr.value);
    return;
  }
  const value = evalExpr(ctx, frame, env, expr.value);
  const place = evalPlace(ctx, frame, env, expr.target);
  if (place === undefined) return notRunnable('assignment to this target', expr.target.span);
  pinFlexVariable(env, expr.target, value.type);
  const current = readPlace(place);
  if (expr.op === '=') {
    if (place.path.length > 0) chargeWrite(ctx, place);
    writePlace(place, value.value);
    if (place.path.length === 0) place.root.type = preferType(place.root.type, value.type);
    return;
  }
  const op = expr.op.slice(0, -1) as Parameters<typeof binaryOp>[1];
  const target = { value: current.value, type: place.path.length === 0 ? place.root.type : place.type };
  chargeWrite(ctx, place);
  writePlace(place, binaryOp(ctx, op, target, value, expr.span).value);
}

function evalReadOfPlaceExpr(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'field' | 'index' }>): Typed {
  if (expr.kind === 'index' && expr.index.kind === 'range') {
    return sliceOf(evalExpr(ctx, frame, env, expr.receiver), evalRangeBounds(ctx, frame, env, expr.index), expr.span);
  }
  const place = evalPlace(ctx, frame, env, expr);
  if (place === undefined) return notRunnable(`this ${expr.kind} expression`, expr.span);
  return readPlace(place);
}

export function evalRangeBounds(ctx: Ctx, frame: Frame, env: Env, range: Extract<Expr, { kind: 'range' }>) {
  const start = range.start === undefined ? undefined : intValue(evalExpr(ctx, frame, env, range.start), range.span);
  const end = range.end === undefined ? undefined : intValue(evalExpr(ctx, frame, env, range.end), range.span);
  return { start, end, inclusive: range.inclusive };
}

export function evalIndex(ctx: Ctx, frame: Frame, env: Env, index: Expr): bigint {
  pinFlexVariable(env, index, USIZE);
  return intValue(evalExpr(ctx, frame, env, index), index.span);
}

export function intValue(typed: Typed, span: Expr['span']): bigint {
  return typed.value.kind === 'int' ? typed.value.value : notRunnable(`an integer was expected, found ${typed.value.kind}`, span);
}

function evalUnary(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'unary' }>): Typed {
  const operand = evalExpr(ctx, frame, env, expr.operand);
  switch (expr.op) {
    case '-':
      return negate(operand, expr.span);
    case '!':
      return not(operand, expr.span);
    default: {
      // References are transparent: `&x`, `&mut x` and `*r` read the same value; `*p` of a raw pointer reads the
      // memory its permission holds.
      const pointee = expr.op === '*' ? rawPointee(env, operand, expr.span) : undefined;
      return pointee === undefined ? operand : readPlace(pointee);
    }
  }
}

function evalBinary(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'binary' }>): Typed {
  if (expr.op === '&&' || expr.op === '||') {
    const left = truthy(evalExpr(ctx, frame, env, expr.left), expr.left.span);
    if (expr.op === '&&' ? !left : left) return { value: bool(left), type: BOOL };
    return { value: bool(truthy(evalExpr(ctx, frame, env, expr.right), expr.right.span)), type: BOOL };
  }
  const left = evalExpr(ctx, frame, env, expr.left);
  const overloaded = overloadedOperator(ctx, frame, env, expr, left);
  if (overloaded !== undefined) return overloaded;
  const right =
    expr.op === '<<' || expr.op === '>>' ? evalExpr(ctx, frame, env, expr.right) : evalOperand(ctx, frame, env, expr.right, left.type);
  if (expr.op !== '<<' && expr.op !== '>>') {
    pinFlexVariable(env, expr.left, right.type);
    pinFlexVariable(env, expr.right, left.type);
  }
  return binaryOp(ctx, expr.op, left, right, expr.span);
}

/** The right operand of a binary operator: `!lit` of an unsuffixed literal takes the left operand's integer type,
 *  as rustc infers it (`flags & !1` on a `u8` is `flags & 0xfe`), since `!` of an unpinned literal has no width. */
function evalOperand(ctx: Ctx, frame: Frame, env: Env, expr: Expr, other: ExecType): Typed {
  const plain = expr.kind === 'paren' ? expr.inner : expr;
  if (plain.kind !== 'unary' || plain.op !== '!' || other.kind !== 'int') return evalExpr(ctx, frame, env, expr);
  const operand = evalExpr(ctx, frame, env, plain.operand);
  return not(operand.type.kind === 'flex' ? { value: operand.value, type: other } : operand, plain.span);
}

function evalIf(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'if' }>): Typed {
  const scope = childEnv(env);
  if (evalCondition(ctx, frame, env, scope, expr.condition)) return evalBlock(ctx, frame, scope, expr.then);
  return expr.else === undefined ? UNIT_TYPED : evalExpr(ctx, frame, env, expr.else);
}

function evalMatch(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'match' }>): Typed {
  const scrutinee = evalExpr(ctx, frame, env, expr.scrutinee);
  for (const arm of expr.arms) {
    const bindings = new Map<string, Typed>();
    if (!matchPattern(ctx, frame, arm.pattern, scrutinee, bindings)) continue;
    const scope = childEnv(env);
    bindPattern(scope, bindings);
    if (arm.guard !== undefined && !truthy(evalExpr(ctx, frame, scope, arm.guard), arm.guard.span)) continue;
    return evalExpr(ctx, frame, scope, arm.body);
  }
  return notRunnable('a `match` with no matching arm', expr.span);
}

function evalTry(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'try' }>): Typed {
  const operand = evalExpr(ctx, frame, env, expr.operand);
  const value = operand.value;
  if (value.kind !== 'enum') return notRunnable('`?` on a value that is not Option or Result', expr.span);
  if (value.variant === 'None' || value.variant === 'Err') throw new ReturnSignal({ value, type: frame.returnType });
  const inner = value.fields[0]?.[1] ?? UNIT;
  const innerType = operand.type.kind === 'adt' ? (operand.type.args[0] ?? UNKNOWN) : UNKNOWN;
  return { value: inner, type: innerType };
}

function repeat(ctx: Ctx, frame: Frame, env: Env, valueExpr: Expr, countExpr: Expr): Typed {
  const element = evalExpr(ctx, frame, env, valueExpr);
  const count = intValue(evalExpr(ctx, frame, env, countExpr), countExpr.span);
  // Building the elements costs a step each: a count past the budget is this input's time-out, not a construct the
  // run lacks (a mock region of `vec![0; size as usize]` runs on every other size).
  if (count > BigInt(ctx.limits.stepBudget)) throw new TimeoutSignal();
  ctx.counter.steps += Number(count);
  tick(ctx);
  return { value: { kind: 'seq', elements: new Array<Value>(Number(count)).fill(element.value) }, type: seqOf(element.type) };
}

function seqFrom(parts: readonly Typed[]): Typed {
  const elementType = parts.reduce<ExecType>((acc, part) => preferType(acc, part.type), UNKNOWN);
  return { value: { kind: 'seq', elements: parts.map((p) => p.value) }, type: seqOf(elementType) };
}

function containsLet(expr: Expr): boolean {
  if (expr.kind === 'let-condition' || expr.kind === 'matches') return true;
  return expr.kind === 'binary' && expr.op === '&&' && (containsLet(expr.left) || containsLet(expr.right));
}

export function charValue(text: string): Value {
  return { kind: 'char', codePoint: text.codePointAt(0) ?? 0 };
}

export function stringValue(text: string): Value {
  return { kind: 'seq', elements: Array.from(text, (ch) => charValue(ch)), text: true };
}

function bytesValue(text: string): Value {
  return { kind: 'seq', elements: Array.from(new TextEncoder().encode(text), (b) => int(b)) };
}

/** `assume(c)` is ghost code, but Verus checked the fn only for runs where c holds: an input on which c is false
 *  is outside what was verified, so the run stops there (neither a pair nor an invalid input). c is run with exec
 *  semantics first (cheap); a condition that cannot run that way (spec-only syntax such as `10 < a < 20`, or an
 *  exec overflow where spec arithmetic is unbounded) goes to the spec evaluator. Only a definite `false` counts. */
function checkAssume(ctx: Ctx, frame: Frame, env: Env, condition: Expr, span: Expr['span']): void {
  let holds: boolean | undefined;
  try {
    const value = evalExpr(ctx, frame, env, condition).value;
    holds = value.kind === 'bool' ? value.value : undefined;
  } catch (signal) {
    if (signal instanceof TimeoutSignal) throw signal;
    const value = specValueInScope(ctx, frame, env, condition);
    holds = value?.kind === 'bool' ? value.value : undefined;
  }
  if (holds === false) throw new AssumeViolatedSignal(span);
}

/** `e as T`: `addr as *mut T` makes a raw pointer, and a raw pointer cast to an integer is its address. */
function evalCast(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'cast' }>): Typed {
  const operand = evalExpr(ctx, frame, env, expr.operand);
  if (expr.type.kind === 'opaque' && expr.type.pointee !== undefined)
    return rawPointerCast(operand, execTypeOf(expr.type.pointee, frame.subst, frame.selfType), expr.span);
  return castValue(rawPointerAddress(operand) ?? operand, castTarget(ctx, expr.type), expr.span);
}

/** A cast's target with `type` aliases followed (`i as SLLIndex`, `type SLLIndex = i32`). */
function castTarget(ctx: Ctx, type: Type): Type {
  let current = type;
  for (let step = 0; step < 8; step += 1) {
    const name = current.kind === 'path' && current.segments.length === 1 ? current.segments[0]?.name : undefined;
    const target = name === undefined ? undefined : ctx.model.scope.typeAlias(name)?.type;
    if (target === undefined) return current;
    current = target;
  }
  return current;
}
