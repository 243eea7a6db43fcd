// Operators: Kleene logic (with `matches`/`let` bindings flowing into `&&`/`==>` right operands), exact integer
// arithmetic with Euclidean division, comparisons and chains, bit operators, casts, indexing and `@`.

import type { BinaryOp, ComparisonOp, Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { compareValues, makeSet, valueEquals } from '../value-ops';
import { viewValue } from './calls';
import type { Env, Failure, Res, SpecContext } from './spec-context';
import { BUDGET_EXHAUSTED, charge, declaredTypeOf, indeterminate, isFailure, lookupName, unsupported } from './spec-context';
import { evalExpr } from './evaluate';
import type { StaticTypes } from './integers';
import { bitWidth, euclidDiv, euclidMod, intTypeOf, staticIntType, truncateTo } from './integers';
import { bindPoisoned, matchPattern } from './patterns';
import { collectionContains, indexMap, indexSeq } from './collections';
import { rawPointerView, readOfOpaque, specEquals } from './opaque-values';
import { pointerAddress } from '../permissions';

export interface CondResult {
  readonly res: Res;
  /** The environment extended with bindings of `matches`/`let` patterns that held (for later operands/clauses). */
  readonly env: Env;
}

const TRUE = bool(true);
const FALSE = bool(false);

/** Evaluates a condition, returning the bindings its `matches`/`let` patterns introduce. */
export function evalCond(ctx: SpecContext, expr: Expr, env: Env): CondResult {
  switch (expr.kind) {
    case 'matches':
    case 'let-condition': {
      if (++ctx.steps > ctx.stepBudget) return { res: indeterminate(BUDGET_EXHAUSTED, expr.span), env };
      const scrutinee = evalExpr(ctx, expr.kind === 'matches' ? expr.operand : expr.value, env);
      if (isFailure(scrutinee)) return { res: scrutinee, env: bindPoisoned(env, expr.pattern, scrutinee) };
      const bound = matchPattern(ctx, expr.pattern, scrutinee, env);
      if (bound === undefined) return { res: FALSE, env };
      if ('kind' in bound) return { res: bound, env: bindPoisoned(env, expr.pattern, bound) };
      return { res: TRUE, env: bound };
    }
    case 'paren':
      return evalCond(ctx, expr.inner, env);
    case 'binary':
      if (expr.op === '&&') return evalAnd(ctx, expr, env);
      return { res: evalExpr(ctx, expr, env), env };
    default:
      return { res: evalExpr(ctx, expr, env), env };
  }
}

/** A result as a truth value, or the failure that keeps it from being one. */
export function truth(res: Res, span: Span): boolean | Failure {
  if (res.kind === 'bool') return res.value;
  if (isFailure(res)) return res;
  const unknown = readOfOpaque(res, span);
  if (unknown !== undefined) return unknown;
  return unsupported(`logical operator on a ${res.kind} value`, span);
}

/** Whether evalCond may return bindings for this expression (otherwise it is evalExpr with the same env). */
function bindsNames(expr: Expr): boolean {
  return expr.kind === 'matches' || expr.kind === 'let-condition' || expr.kind === 'paren' || (expr.kind === 'binary' && expr.op === '&&');
}

function evalAnd(ctx: SpecContext, expr: Extract<Expr, { kind: 'binary' }>, env: Env): CondResult {
  if (++ctx.steps > ctx.stepBudget) return { res: indeterminate(BUDGET_EXHAUSTED, expr.span), env };
  const left = evalCond(ctx, expr.left, env);
  const l = truth(left.res, expr.left.span);
  if (l === false) return { res: FALSE, env };
  const right = evalCond(ctx, expr.right, left.env);
  const r = truth(right.res, expr.right.span);
  if (r === false) return { res: FALSE, env };
  if (l === true) return { res: r === true ? TRUE : r, env: right.env };
  return { res: l, env: right.env };
}

function evalLogic(ctx: SpecContext, expr: Extract<Expr, { kind: 'binary' }>, env: Env): Res {
  switch (expr.op) {
    case '&&':
      return evalAnd(ctx, expr, env).res;
    case '||': {
      const l = truth(evalExpr(ctx, expr.left, env), expr.left.span);
      if (l === true) return TRUE;
      const r = truth(evalExpr(ctx, expr.right, env), expr.right.span);
      if (r === true) return TRUE;
      if (l === false) return r === false ? FALSE : r;
      return l;
    }
    case '==>': {
      // Only a condition that can bind names (matches, let, &&, parens around them) needs evalCond's env.
      let l: boolean | Failure;
      let rightEnv = env;
      if (bindsNames(expr.left)) {
        const left = evalCond(ctx, expr.left, env);
        l = truth(left.res, expr.left.span);
        rightEnv = left.env;
      } else {
        l = truth(evalExpr(ctx, expr.left, env), expr.left.span);
      }
      if (l === false) return TRUE;
      const r = truth(evalExpr(ctx, expr.right, rightEnv), expr.right.span);
      if (r === true) return TRUE;
      if (l === true) return r === false ? FALSE : r;
      return l;
    }
    case '<==': {
      const l = truth(evalExpr(ctx, expr.left, env), expr.left.span);
      if (l === true) return TRUE;
      const r = truth(evalExpr(ctx, expr.right, env), expr.right.span);
      if (r === false) return TRUE;
      if (l === false) return r === true ? FALSE : r;
      return l;
    }
    default: {
      const l = truth(evalExpr(ctx, expr.left, env), expr.left.span);
      const r = truth(evalExpr(ctx, expr.right, env), expr.right.span);
      if (typeof l !== 'boolean') return l;
      if (typeof r !== 'boolean') return r;
      return bool(l === r);
    }
  }
}

export function evalBinary(ctx: SpecContext, expr: Extract<Expr, { kind: 'binary' }>, env: Env): Res {
  const op = expr.op;
  if (op === '&&' || op === '||' || op === '==>' || op === '<==' || op === '<==>') return evalLogic(ctx, expr, env);
  const left = evalExpr(ctx, expr.left, env);
  if (isFailure(left)) return left;
  const right = evalExpr(ctx, expr.right, env);
  if (isFailure(right)) return right;
  return applyBinary(ctx, expr, env, op, left, right);
}

function applyBinary(ctx: SpecContext, expr: Extract<Expr, { kind: 'binary' }>, env: Env, op: BinaryOp, left: Value, right: Value): Res {
  switch (op) {
    case '==':
    case '===':
    case '=~=':
    case '=~~=':
      return equality(left, right, true, expr.span);
    case '!=':
    case '!==':
    case '!~=':
    case '!~~=':
      return equality(left, right, false, expr.span);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compareOrdered(op, left, right, expr.span);
    case 'has':
      return collectionContains(left, right, expr.span);
    default:
      break;
  }
  if (left.kind === 'int' && right.kind === 'int') return intBinary(ctx, expr, env, op, left.value, right.value);
  const unknown = readOfOpaque(left, expr.left.span) ?? readOfOpaque(right, expr.right.span);
  if (unknown !== undefined) return unknown;
  if (left.kind === 'bool' && right.kind === 'bool') {
    if (op === '&') return bool(left.value && right.value);
    if (op === '|') return bool(left.value || right.value);
    if (op === '^') return bool(left.value !== right.value);
  }
  if (left.kind === 'seq' && right.kind === 'seq' && op === '+') {
    const exhausted = charge(ctx, left.elements.length + right.elements.length, expr.span);
    return exhausted ?? { kind: 'seq', elements: [...left.elements, ...right.elements] };
  }
  if (left.kind === 'set' && right.kind === 'set') {
    const exhausted = charge(ctx, left.elements.length + right.elements.length, expr.span);
    if (exhausted !== undefined) return exhausted;
    if (op === '+') return makeSet([...left.elements, ...right.elements]);
    if (op === '*') return makeSet(left.elements.filter((e) => right.elements.some((o) => valueEquals(e, o))));
    if (op === '-') return makeSet(left.elements.filter((e) => !right.elements.some((o) => valueEquals(e, o))));
  }
  return unsupported(`\`${op}\` on ${left.kind} and ${right.kind}`, expr.span);
}

function intBinary(ctx: SpecContext, expr: Extract<Expr, { kind: 'binary' }>, env: Env, op: BinaryOp, a: bigint, b: bigint): Res {
  switch (op) {
    case '+':
      return { kind: 'int', value: a + b };
    case '-':
      return { kind: 'int', value: a - b };
    case '*':
      return bigResult(ctx, a * b, expr.span);
    case '/':
      return b === 0n ? indeterminate('division by zero', expr.span) : { kind: 'int', value: euclidDiv(a, b) };
    case '%':
      return b === 0n ? indeterminate('division by zero', expr.span) : { kind: 'int', value: euclidMod(a, b) };
    case '&':
      return { kind: 'int', value: a & b };
    case '|':
      return { kind: 'int', value: a | b };
    case '^':
      return { kind: 'int', value: a ^ b };
    case '>>':
      if (b < 0n) return indeterminate(`shift by a negative amount (${b})`, expr.right.span);
      if (b > 1_000_000n) return { kind: 'int', value: a < 0n ? -1n : 0n };
      return { kind: 'int', value: a >> b };
    case '<<': {
      if (b < 0n) return indeterminate(`shift by a negative amount (${b})`, expr.right.span);
      const intType = staticIntType(expr.left, staticTypes(ctx, env));
      const width = intType === undefined ? undefined : bitWidth(intType);
      if (intType !== undefined && width !== undefined) {
        return { kind: 'int', value: b >= BigInt(width) ? 0n : truncateTo(a << b, intType) };
      }
      // A result inside i8's range is what every integer type gives; beyond it, truncation depends on a
      // width we do not know. An unsuffixed literal is an `int`.
      const fitsEveryType = a === 0n || (b < 8n && a << b >= -128n && a << b <= 127n);
      if (intType === undefined && expr.left.kind !== 'int' && !fitsEveryType) {
        return indeterminate('`<<` on an integer of unknown width', expr.span);
      }
      const exhausted = charge(ctx, Number(b > 100_000_000n ? 100_000_000n : b) / 64, expr.span);
      return exhausted ?? bigResult(ctx, a << b, expr.span);
    }
    default:
      return unsupported(`\`${op}\` on integers`, expr.span);
  }
}

/** Charges for very large integers so that repeated squaring cannot exhaust memory within the budget. */
function bigResult(ctx: SpecContext, value: bigint, span: Span): Res {
  const magnitude = value < 0n ? -value : value;
  if (magnitude > BIG_THRESHOLD) {
    const exhausted = charge(ctx, magnitude.toString(16).length / 16, span);
    if (exhausted !== undefined) return exhausted;
  }
  return { kind: 'int', value };
}

const BIG_THRESHOLD = 1n << 4096n;

function compareOrdered(op: ComparisonOp, left: Value, right: Value, span: Span): Res {
  if (left.kind === 'int' && right.kind === 'int')
    return bool(holdsOrder(op, left.value < right.value ? -1 : left.value > right.value ? 1 : 0));
  if (left.kind === 'char' && right.kind === 'char') return bool(holdsOrder(op, left.codePoint - right.codePoint));
  if (left.kind === 'set' && right.kind === 'set' && (op === '<=' || op === '>=')) {
    const [small, big] = op === '<=' ? [left, right] : [right, left];
    return bool(small.elements.every((e) => big.elements.some((o) => valueEquals(e, o))));
  }
  if (left.kind === 'bool' && right.kind === 'bool') return bool(holdsOrder(op, compareValues(left, right)));
  return unsupported(`\`${op}\` on ${left.kind} and ${right.kind}`, span);
}

/** Whether two values `order` apart (negative, zero, positive: a comparator's answer) stand in `op`. */
export function holdsOrder(op: ComparisonOp, order: number): boolean {
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '==':
      return order === 0;
    default:
      return order !== 0;
  }
}

/** `a <= b < c`: a Kleene conjunction of the adjacent comparisons. */
export function evalChain(ctx: SpecContext, expr: Extract<Expr, { kind: 'chain' }>, env: Env): Res {
  const ops = expr.ops;
  const exprs = expr.operands;
  // Every operand is evaluated (and charged) before any comparison; `a <= i < b` has three, kept in locals.
  if (ops.length === 2 && exprs.length === 3) {
    const a = evalExpr(ctx, exprs[0] as Expr, env);
    const b = evalExpr(ctx, exprs[1] as Expr, env);
    const c = evalExpr(ctx, exprs[2] as Expr, env);
    const first = chainLink(ops[0] as ComparisonOp, a, b, expr.span);
    if (first === false) return FALSE;
    const second = chainLink(ops[1] as ComparisonOp, b, c, expr.span);
    if (second === false) return FALSE;
    if (first !== true) return first;
    return second === true ? TRUE : second;
  }
  const operands: Res[] = [];
  for (const operand of exprs) operands.push(evalExpr(ctx, operand, env));
  let firstFailure: Failure | undefined;
  for (let i = 0; i < ops.length; i++) {
    const left = operands[i];
    const right = operands[i + 1];
    const op = ops[i];
    if (left === undefined || right === undefined || op === undefined) break;
    const t = chainLink(op, left, right, expr.span);
    if (t === false) return FALSE;
    if (t !== true) firstFailure ??= t;
  }
  return firstFailure ?? TRUE;
}

/** One comparison of a chain as a truth value (or the failure that keeps it from being one). */
function chainLink(op: ComparisonOp, left: Res, right: Res, span: Span): boolean | Failure {
  if (left.kind === 'int' && right.kind === 'int') {
    const x = left.value;
    const y = right.value;
    switch (op) {
      case '<':
        return x < y;
      case '<=':
        return x <= y;
      case '>':
        return x > y;
      case '>=':
        return x >= y;
      case '==':
        return x === y;
      default:
        return x !== y;
    }
  }
  if (isFailure(left)) return left;
  if (isFailure(right)) return right;
  const res = op === '==' || op === '!=' ? equality(left, right, op === '==', span) : compareOrdered(op, left, right, span);
  return truth(res, span);
}

/** `==` (`equal`) or `!=` on two values, indeterminate where they agree but for what the model does not know. */
function equality(left: Value, right: Value, equal: boolean, span: Span): Res {
  if (left.kind === 'int' && right.kind === 'int') return bool((left.value === right.value) === equal);
  const known = specEquals(left, right);
  if (known === undefined)
    return indeterminate('compares values that hold a ghost value or pointer provenance the harness does not model', span);
  return bool(known === equal);
}

export function evalUnary(ctx: SpecContext, expr: Extract<Expr, { kind: 'unary' }>, env: Env): Res {
  const operand = evalExpr(ctx, expr.operand, env);
  if (isFailure(operand)) return operand;
  if (expr.op === '-' || expr.op === '!') {
    const unknown = readOfOpaque(operand, expr.span);
    if (unknown !== undefined) return unknown;
  }
  switch (expr.op) {
    case '-':
      return operand.kind === 'int' ? { kind: 'int', value: -operand.value } : unsupported(`unary \`-\` on ${operand.kind}`, expr.span);
    case '!': {
      if (operand.kind === 'bool') return bool(!operand.value);
      if (operand.kind !== 'int') return unsupported(`\`!\` on ${operand.kind}`, expr.span);
      const intType = staticIntType(expr.operand, staticTypes(ctx, env));
      if (intType === undefined || bitWidth(intType) === undefined) {
        return indeterminate('bitwise `!` on an integer of unknown width', expr.span);
      }
      return { kind: 'int', value: truncateTo(~operand.value, intType) };
    }
    default:
      // `*x`, `&x`, `&mut x` are the value itself in spec code.
      return operand;
  }
}

export function evalCast(ctx: SpecContext, expr: Extract<Expr, { kind: 'cast' }>, env: Env): Res {
  const operand = evalExpr(ctx, expr.operand, env);
  if (isFailure(operand)) return operand;
  const target = intTypeOf(expr.type, (name) => ctx.scope.typeAlias(name)?.type);
  const typeName = expr.type.kind === 'path' ? expr.type.segments.map((s) => s.name).join('::') : expr.type.kind;
  const unknown = readOfOpaque(operand, expr.span);
  if (unknown !== undefined) return unknown;
  let source: bigint;
  if (operand.kind === 'int') source = operand.value;
  else if (rawPointerView(operand) !== undefined) source = pointerAddress(operand) ?? 0n;
  else if (operand.kind === 'char') source = BigInt(operand.codePoint);
  else if (operand.kind === 'bool') source = operand.value ? 1n : 0n;
  else return unsupported(`cast of a ${operand.kind} value`, expr.span);
  if (target === 'int') return { kind: 'int', value: source };
  if (target === 'nat') return source < 0n ? indeterminate(`\`as nat\` of ${source}`, expr.span) : { kind: 'int', value: source };
  if (target !== undefined) return { kind: 'int', value: truncateTo(source, target) };
  if (typeName === 'char') {
    const valid = source >= 0n && source <= 0x10ffffn && !(source >= 0xd800n && source <= 0xdfffn);
    return valid ? { kind: 'char', codePoint: Number(source) } : indeterminate(`\`as char\` of ${source}`, expr.span);
  }
  return unsupported(`cast to ${typeName}`, expr.span);
}

export function evalIndex(ctx: SpecContext, expr: Extract<Expr, { kind: 'index' }>, env: Env): Res {
  const receiver = evalExpr(ctx, expr.receiver, env);
  if (isFailure(receiver)) return receiver;
  const index = evalExpr(ctx, expr.index, env);
  if (isFailure(index)) return index;
  const unknown = readOfOpaque(receiver, expr.receiver.span);
  if (unknown !== undefined) return unknown;
  if (receiver.kind === 'seq') return indexSeq(receiver, index, expr.span);
  if (receiver.kind === 'map') return indexMap(receiver, index, expr.span);
  return unsupported(`indexing a ${receiver.kind} value`, expr.span);
}

export function evalView(ctx: SpecContext, expr: Extract<Expr, { kind: 'view' }>, env: Env): Res {
  const operand = evalExpr(ctx, expr.operand, env);
  if (isFailure(operand)) return operand;
  return viewValue(ctx, operand, expr.span);
}

function staticTypes(ctx: SpecContext, env: Env): StaticTypes {
  return {
    resolveAlias: (name) => ctx.scope.typeAlias(name)?.type,
    declaredType: (name) => declaredTypeOf(env, name),
    constantType: (path) =>
      path.length === 1 && lookupName(env, path[0] ?? '') !== undefined
        ? undefined
        : ctx.scope.constant(path, ctx.selfTypeName, ctx.modulePath)?.type,
  };
}

/** The prelude's `add`/`sub`/`mul` (`vstd::prelude::mul(a, b)`) on arguments evidently of type `int` or `nat`:
 *  the exact result, since nothing wraps there. Undefined otherwise (a fixed-width argument needs its width). */
export function preludeArithmetic(
  ctx: SpecContext,
  names: readonly string[],
  argExprs: readonly Expr[],
  args: readonly Value[],
  env: Env,
): Res | undefined {
  const fn = names[names.length - 1];
  const prefix = names.slice(0, -1).join('::');
  if ((fn !== 'add' && fn !== 'sub' && fn !== 'mul') || !PRELUDE_PATHS.has(prefix)) return undefined;
  const [x, y] = args;
  if (args.length !== 2 || x?.kind !== 'int' || y?.kind !== 'int') return undefined;
  const types = staticTypes(ctx, env);
  const unbounded = argExprs.every((arg) => {
    const type = staticIntType(arg, types);
    return type === 'int' || type === 'nat';
  });
  if (!unbounded) return undefined;
  return { kind: 'int', value: fn === 'add' ? x.value + y.value : fn === 'sub' ? x.value - y.value : x.value * y.value };
}

/** Where the prelude's arithmetic fns are reached from: bare, or through vstd or the builtin crate. */
export const PRELUDE_PATHS: ReadonlySet<string> = new Set(['', 'vstd::prelude', 'builtin', 'verus_builtin', 'vstd']);
