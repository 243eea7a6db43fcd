// The expression dispatcher of the spec evaluator, plus the structural forms (literals, blocks, `if`, `match`,
// closures, tuples, collection literals). Every node costs one step; the budget bounds all work.

import type { Block, Expr } from '../../syntax';
import { expandMacroCall } from '../../model';
import type { Value } from '../value';
import { bool, UNIT } from '../value';
import { makeMap, makeMultiset, makeSet, textValue } from '../value-ops';
import { evalArrow, evalField, evalIs, evalStructLiteral } from './adt';
import { evalCall, evalMethodCall } from './calls';
import type { Env, Res, SpecContext } from './spec-context';
import { BUDGET_EXHAUSTED, captureEnv, charge, indeterminate, isFailure, step, unsupported } from './spec-context';
import { evalBinary, evalCast, evalChain, evalCond, evalIndex, evalUnary, evalView } from './operators';
import { evalPath } from './names';
import { matchPattern } from './patterns';
import { evalQuantifier } from './quantifiers';
import { RANGE, rangeValue } from '../std-ranges';

export function evalExpr(ctx: SpecContext, expr: Expr, env: Env): Res {
  const spent = step(ctx, expr.span);
  if (spent !== undefined) return spent;
  // Frequent kinds first: a string switch tests its cases in order.
  switch (expr.kind) {
    case 'path':
      return evalPath(ctx, expr, env);
    case 'int':
      return { kind: 'int', value: expr.value };
    case 'binary':
      return evalBinary(ctx, expr, env);
    case 'method-call':
      return evalMethodCall(ctx, expr, env);
    case 'index':
      return evalIndex(ctx, expr, env);
    case 'chain':
      return evalChain(ctx, expr, env);
    case 'paren':
      return evalExpr(ctx, expr.inner, env);
    case 'call':
      return evalCall(ctx, expr, env);
    case 'field':
      return evalField(ctx, expr, env);
    case 'quantifier':
      return evalQuantifier(ctx, expr, env);
    case 'bool':
      return bool(expr.value);
    case 'char':
      return charLiteral(expr.value, expr.byte);
    case 'str':
      return expr.byte ? byteString(expr.value) : textValue(expr.value);
    case 'arrow':
      return evalArrow(ctx, expr, env);
    case 'view':
      return evalView(ctx, expr, env);
    case 'unary':
      return evalUnary(ctx, expr, env);
    case 'is':
      return evalIs(ctx, expr, env);
    case 'matches':
    case 'let-condition':
      return evalCond(ctx, expr, env).res;
    case 'cast':
      return evalCast(ctx, expr, env);
    case 'if':
      return evalIf(ctx, expr, env);
    case 'match':
      return evalMatch(ctx, expr, env);
    case 'block':
      return evalBlock(ctx, expr.block, env);
    case 'closure':
      return makeClosure(ctx, expr, env);
    case 'collection-macro':
      return evalCollectionMacro(ctx, expr, env);
    case 'struct-literal':
      return evalStructLiteral(ctx, expr, env);
    case 'tuple':
    case 'array':
      return evalTupleOrArray(ctx, expr, env);
    case 'array-repeat':
      return evalRepeat(ctx, expr.value, expr.count, env, expr.span);
    case 'float':
      return unsupported('float literal', expr.span);
    case 'macro-call': {
      const expansion = expandMacroCall(ctx.scope, expr);
      if (expansion?.kind === 'expanded') return evalExpr(ctx, expansion.expr, env);
      return unsupported(expansion?.reason ?? `macro ${expr.name}!`, expr.span);
    }
    case 'try':
      return unsupported('`?` operator', expr.span);
    case 'range':
      return evalRange(ctx, expr, env);
    case 'ghost':
      return unsupported('ghost statement in a spec expression', expr.span);
    case 'error':
      return unsupported('syntax error', expr.span);
    case 'assign':
    case 'return':
    case 'break':
    case 'continue':
    case 'while':
    case 'loop':
    case 'for':
      return unsupported(`\`${expr.kind}\` in a spec expression`, expr.span);
    default:
      // The parser never makes another kind: this is a bug, which evaluateClauses reports as an internal error.
      throw new Error(`unknown expression kind ${String((expr as { readonly kind: unknown }).kind)}`);
  }
}

/** Evaluates expressions left to right; the first failure wins. */
export function evalList(ctx: SpecContext, exprs: readonly Expr[], env: Env): Value[] | Exclude<Res, Value> {
  const values: Value[] = [];
  for (const expr of exprs) {
    const res = evalExpr(ctx, expr, env);
    if (isFailure(res)) return res;
    values.push(res);
  }
  return values;
}

export function evalBlock(ctx: SpecContext, block: Block, env: Env): Res {
  let current = env;
  for (const stmt of block.stmts) {
    if (stmt.kind === 'item') continue;
    if (stmt.kind === 'expr') {
      // Proof statements (assert, reveal, ...) are erased; other statements have no effect in spec code.
      if (stmt.expr.kind === 'ghost') continue;
      const res = evalExpr(ctx, stmt.expr, current);
      if (isFailure(res)) return res;
      continue;
    }
    if (stmt.init === undefined) return unsupported('`let` without initializer', stmt.span);
    if (stmt.else !== undefined) return unsupported('`let ... else`', stmt.span);
    const init = evalExpr(ctx, stmt.init, current);
    if (isFailure(init)) return init;
    const bound = matchPattern(ctx, stmt.pattern, init, current);
    if (bound === undefined) return indeterminate('`let` pattern did not match', stmt.span);
    if ('kind' in bound) return bound;
    current = bound;
  }
  return block.tail === undefined ? UNIT : evalExpr(ctx, block.tail, current);
}

function evalIf(ctx: SpecContext, expr: Extract<Expr, { kind: 'if' }>, env: Env): Res {
  const cond = evalCond(ctx, expr.condition, env);
  if (isFailure(cond.res)) return cond.res;
  if (cond.res.kind !== 'bool') return unsupported('`if` condition that is not a bool', expr.condition.span);
  if (cond.res.value) return evalBlock(ctx, expr.then, cond.env);
  return expr.else === undefined ? UNIT : evalExpr(ctx, expr.else, env);
}

function evalMatch(ctx: SpecContext, expr: Extract<Expr, { kind: 'match' }>, env: Env): Res {
  const scrutinee = evalExpr(ctx, expr.scrutinee, env);
  if (isFailure(scrutinee)) return scrutinee;
  for (const arm of expr.arms) {
    const bound = matchPattern(ctx, arm.pattern, scrutinee, env);
    if (bound === undefined) continue;
    if ('kind' in bound) return bound;
    if (arm.guard !== undefined) {
      const guard = evalCond(ctx, arm.guard, bound);
      if (isFailure(guard.res)) return guard.res;
      if (guard.res.kind !== 'bool') return unsupported('match guard that is not a bool', arm.guard.span);
      if (!guard.res.value) continue;
      return evalExpr(ctx, arm.body, guard.env);
    }
    return evalExpr(ctx, arm.body, bound);
  }
  return indeterminate('no `match` arm matched', expr.span);
}

function makeClosure(ctx: SpecContext, expr: Extract<Expr, { kind: 'closure' }>, env: Env): Res {
  ctx.closureParamTypes.set(
    expr.body,
    expr.params.map((param) => param.type),
  );
  return {
    kind: 'closure',
    params: expr.params.map((param) => param.pattern),
    body: expr.body,
    env: captureEnv(env),
    span: expr.span,
  };
}

function evalCollectionMacro(ctx: SpecContext, expr: Extract<Expr, { kind: 'collection-macro' }>, env: Env): Res {
  if (expr.macro === 'map') {
    const entries: (readonly [Value, Value])[] = [];
    for (const [keyExpr, valueExpr] of expr.entries) {
      const key = evalExpr(ctx, keyExpr, env);
      if (isFailure(key)) return key;
      const value = evalExpr(ctx, valueExpr, env);
      if (isFailure(value)) return value;
      entries.push([key, value]);
    }
    return makeMap(entries);
  }
  if (expr.repeat !== undefined) {
    if (expr.macro !== 'seq' && expr.macro !== 'vec') return unsupported(`${expr.macro}![e; n]`, expr.span);
    return evalRepeat(ctx, expr.repeat.value, expr.repeat.count, env, expr.span);
  }
  const elements = evalList(ctx, expr.elements, env);
  if (!Array.isArray(elements)) return elements;
  const exhausted = charge(ctx, elements.length, expr.span);
  if (exhausted !== undefined) return exhausted;
  if (expr.macro === 'set') return makeSet(elements);
  if (expr.macro === 'multiset') return makeMultiset(elements);
  return { kind: 'seq', elements };
}

function evalRepeat(ctx: SpecContext, valueExpr: Expr, countExpr: Expr, env: Env, span: Expr['span']): Res {
  const value = evalExpr(ctx, valueExpr, env);
  if (isFailure(value)) return value;
  const count = evalExpr(ctx, countExpr, env);
  if (isFailure(count)) return count;
  if (count.kind !== 'int') return unsupported('repeat count that is not an integer', countExpr.span);
  if (count.value < 0n) return indeterminate(`repeat count ${count.value} is negative`, countExpr.span);
  if (count.value > BigInt(ctx.stepBudget)) return indeterminate(BUDGET_EXHAUSTED, span);
  const n = Number(count.value);
  const exhausted = charge(ctx, n, span);
  if (exhausted !== undefined) return exhausted;
  return { kind: 'seq', elements: new Array<Value>(n).fill(value) };
}

function charLiteral(text: string, byte: boolean): Value {
  const codePoint = text.codePointAt(0) ?? 0;
  return byte ? { kind: 'int', value: BigInt(codePoint) } : { kind: 'char', codePoint };
}

function evalTupleOrArray(ctx: SpecContext, expr: Extract<Expr, { kind: 'tuple' | 'array' }>, env: Env): Res {
  const elements = evalList(ctx, expr.elements, env);
  if (!Array.isArray(elements)) return elements;
  return expr.kind === 'tuple' ? { kind: 'tuple', elements } : { kind: 'seq', elements };
}

function byteString(text: string): Value {
  const elements: Value[] = [];
  for (let i = 0; i < text.length; i++) elements.push({ kind: 'int', value: BigInt(text.charCodeAt(i) & 0xff) });
  return { kind: 'seq', elements };
}

/** `a..b` (a constant's value, `FRAME_METADATA_RANGE`): std's `Range` struct (std-ranges.ts); the other forms are
 *  other std types. */
function evalRange(ctx: SpecContext, expr: Extract<Expr, { kind: 'range' }>, env: Env): Res {
  if (expr.inclusive || expr.start === undefined || expr.end === undefined || ctx.scope.datatype(RANGE) !== undefined)
    return unsupported('range expression other than `a..b`', expr.span);
  const start = evalExpr(ctx, expr.start, env);
  if (isFailure(start)) return start;
  const end = evalExpr(ctx, expr.end, env);
  return isFailure(end) ? end : rangeValue(start, end);
}
