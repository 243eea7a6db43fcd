// The fast path: a clause in a small subset (integer arithmetic and comparisons on ints within
// Number.MAX_SAFE_INTEGER, Kleene logic, seq `len()`/indexing/`@`, `old(x)`, casts to integer types, and
// `forall`/`exists` over integer binders whose domain the guard bounds) is compiled once into one JS function over
// plain numbers, booleans and number arrays. Boxed bigints, environments and failure objects are what the tree walk
// spends its time on, and a tree of closures still pays a call per node (slow polymorphic calls once many clauses
// share them); here a clause over a Vec costs about what a hand-written closure does.
// The rule: the fast path decides a clause only when the tree walk would give the same truth value and spend the
// same steps. It counts steps node by node exactly as evaluate.ts, operators.ts and quantifiers.ts do, and bails
// out (the clause is then walked as before, from the same step count) on anything whose exact outcome it does not
// reproduce: a failure of any kind (index out of range, `/ 0`, a value outside the subset or beyond 2^53), the
// step budget running out, a quantifier domain that is not a bounded range, or a cancelled run.
// The generated source holds no text of the user's: only slot numbers, numeric constants, operators and the helper
// names below, so compiling it runs nothing the file wrote.

import type { Expr } from '../../syntax';
import type { Value } from '../value';
import type { Env, SpecContext } from './spec-context';
import { isFailure, lookupName } from './spec-context';
import { intConstant } from './integers';
import { quantifierPlan } from './quantifiers';
import { compileQuantifier } from './fast-quantifiers';
import { compileBinary, compileCast, compileChain, compileMethod, compileUnary } from './fast-operators';

/** A value on the fast path: an int (a safe integer), a bool, or a seq of ints. */
export type Fast = number | boolean | readonly number[];

export interface Frame {
  readonly slots: Fast[];
  steps: number;
  budget: number;
}

/** A compiled expression: JS source (an expression over the frame `f`, its slots `S` and the HELPERS) with what it
 *  is known to return; `any` is checked where it is used. Every source is a parenthesized expression or a name,
 *  and evaluates its parts in the order the tree walk does. */
export interface Node {
  readonly kind: 'int' | 'bool' | 'any';
  readonly code: string;
}

/** Thrown (never past fastClause) when the fast path cannot reproduce the tree walk's outcome. */
export const BAIL: unique symbol = Symbol('fast path bails out');

export function bail(): never {
  throw BAIL;
}

/** Where a free name's value comes from when a clause is run, and the slot it is put in. */
interface FreeName {
  readonly kind: 'name' | 'old' | 'final';
  readonly name: string;
  readonly slot: number;
}

/** Names in scope while compiling: quantifier binders by slot (innermost first), free names collected, and the
 *  generated function's temporaries and quantifier functions. */
export interface Scope {
  readonly ctx: SpecContext;
  readonly binders: ReadonlyMap<string, number>;
  readonly free: FreeName[];
  readonly slotCount: { value: number };
  readonly out: Output;
}

interface Output {
  temps: number;
  readonly functions: string[];
}

/** A fresh temporary of the generated function: one per use site, so no two live uses share one. */
export function temp(scope: Scope): string {
  return `t${scope.out.temps++}`;
}

/** Declares a quantifier's function in the generated source; returns its name. */
export function declareFunction(scope: Scope, source: (name: string) => string): string {
  const name = `q${scope.out.functions.length}`;
  scope.out.functions.push(source(name));
  return name;
}

type Run = (frame: Frame) => boolean;

interface CompiledClause {
  readonly run: Run;
  readonly free: readonly FreeName[];
  /** Reused by every run: compiled code calls nothing that could run another clause meanwhile. */
  readonly frame: Frame;
}

interface CacheEntry {
  readonly selfTypeName: string | undefined;
  readonly modulePath: readonly string[] | undefined;
  readonly compiled: CompiledClause | undefined;
}

// A clause's compiled form depends on its syntax and on the quantifier plans, which depend on the scope and the
// function the clause belongs to (selfTypeName, modulePath): keyed by all of them.
const compiledClauses = new WeakMap<object, WeakMap<Expr, CacheEntry>>();

/** The clause's truth value with its steps added to `ctx.steps`, or undefined (nothing changed) when the fast path
 *  does not apply. */
export function fastClause(ctx: SpecContext, expr: Expr, env: Env): boolean | undefined {
  const compiled = compiledClause(ctx, expr);
  if (compiled === undefined) return undefined;
  const frame = compiled.frame;
  for (const free of compiled.free) {
    const value = freeValue(free, env);
    if (value === undefined) return undefined;
    frame.slots[free.slot] = value;
  }
  frame.steps = ctx.steps;
  frame.budget = ctx.stepBudget;
  let result: boolean;
  try {
    result = compiled.run(frame);
  } catch (error) {
    if (error === BAIL || (error instanceof RangeError && /call stack/i.test(error.message))) return undefined;
    throw error;
  }
  if (frame.steps > ctx.stepBudget) return undefined;
  // The tree walk polls the cancellation flag every CANCEL_POLL_STEPS steps; a run cancelled meanwhile is walked.
  if (Math.floor(frame.steps / 4096) !== Math.floor(ctx.steps / 4096) && ctx.cancelled()) return undefined;
  ctx.steps = frame.steps;
  ctx.fastClauses++;
  return result;
}

// The scope a batch evaluates in, remembered: one lookup less per clause.
let lastScope: object | undefined;
let lastByExpr: WeakMap<Expr, CacheEntry> | undefined;

function compiledClause(ctx: SpecContext, expr: Expr): CompiledClause | undefined {
  let byExpr = lastScope === ctx.scope ? lastByExpr : compiledClauses.get(ctx.scope);
  if (byExpr === undefined) {
    byExpr = new WeakMap();
    compiledClauses.set(ctx.scope, byExpr);
  }
  lastScope = ctx.scope;
  lastByExpr = byExpr;
  const entry = byExpr.get(expr);
  if (entry !== undefined && entry.selfTypeName === ctx.selfTypeName && samePath(entry.modulePath, ctx.modulePath)) return entry.compiled;
  const scope: Scope = { ctx, binders: new Map(), free: [], slotCount: { value: 0 }, out: { temps: 0, functions: [] } };
  let compiled: CompiledClause | undefined;
  try {
    const node = compileCond(expr, scope);
    const code = node === undefined ? undefined : asBool(node);
    const frame: Frame = { slots: new Array<Fast>(scope.slotCount.value).fill(0), steps: 0, budget: 0 };
    compiled = code === undefined ? undefined : { run: generate(code, scope.out), free: scope.free, frame };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    compiled = undefined;
  }
  byExpr.set(expr, { selfTypeName: ctx.selfTypeName, modulePath: ctx.modulePath, compiled });
  return compiled;
}

function samePath(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (a ?? []).join('::') === (b ?? []).join('::');
}

function freeValue(free: FreeName, env: Env): Fast | undefined {
  if (free.kind === 'name') {
    const res = lookupName(env, free.name);
    return res === undefined || isFailure(res) ? undefined : toFast(res);
  }
  const pair = env.base.mutables.get(free.name);
  return pair === undefined ? undefined : toFast(free.kind === 'old' ? pair.old : pair.final);
}

const seqNumbers = new WeakMap<Value, readonly number[] | null>();

/** A value as the fast path holds it; a seq's conversion is kept per value object (inputs are shared by many
 *  obligations). */
function toFast(value: Value): Fast | undefined {
  switch (value.kind) {
    case 'int':
      return safeNumber(value.value);
    case 'bool':
      return value.value;
    case 'seq': {
      let numbers = seqNumbers.get(value);
      if (numbers === undefined) {
        numbers = value.text === true ? null : intElements(value.elements);
        seqNumbers.set(value, numbers);
      }
      return numbers ?? undefined;
    }
    default:
      return undefined;
  }
}

function intElements(elements: readonly Value[]): readonly number[] | null {
  const numbers: number[] = [];
  for (const element of elements) {
    const n = element.kind === 'int' ? safeNumber(element.value) : undefined;
    if (n === undefined) return null;
    numbers.push(n);
  }
  return numbers;
}

/** Exact: a bigint beyond the safe range converts to a double beyond it too (rounding is monotone). */
function safeNumber(value: bigint): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** What generated code calls: each is small and always the same function at its call sites, so V8 inlines it. */
const HELPERS = {
  bail,
  /** An int result, bailing out beyond the safe range (a double is exact only within it). */
  checked: (n: number): number => (n <= Number.MAX_SAFE_INTEGER && n >= -Number.MAX_SAFE_INTEGER ? n : bail()),
  asI: (v: Fast): number => (typeof v === 'number' ? v : bail()),
  asB: (v: Fast): boolean => (typeof v === 'boolean' ? v : bail()),
  asS: (v: Fast): readonly number[] => (typeof v === 'object' ? v : bail()),
  at: (xs: readonly number[], i: number): number => (i >= 0 && i < xs.length ? (xs[i] as number) : bail()),
  /** `==` on two values of one kind that are not seqs (seq equality is walked). */
  eq: (a: Fast, b: Fast): boolean => (typeof a !== typeof b || typeof a === 'object' ? bail() : a === b),
  /** Euclidean `%` and `/`, as Verus's int has them. JS `%` is exact on integers; the quotient of an exactly
   *  divisible difference is exact too. */
  emod: (x: number, y: number): number => {
    if (y === 0) return bail();
    const r0 = x % y;
    return (r0 >= 0 ? r0 : y > 0 ? r0 + y : r0 - y) + 0;
  },
  ediv: (x: number, y: number): number => {
    if (y === 0) return bail();
    const r0 = x % y;
    const r = r0 >= 0 ? r0 : y > 0 ? r0 + y : r0 - y;
    return HELPERS.checked(HELPERS.checked(x - r) / y) + 0;
  },
  /** A cast to an integer type: the identity inside its range; outside it truncates, which is walked. */
  cast: (v: Fast, min: number, max: number): number => {
    const n = typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : bail();
    return n >= min && n <= max ? n : bail();
  },
  /** The end (exclusive) of a quantifier binder's domain as quantifiers.ts domainOf gives it, or a bail-out where
   *  that is no bounded range within the safe integers the budget left can enumerate. */
  rangeEnd: (
    f: Frame,
    lo: number | undefined,
    hi: number | undefined,
    loFromGuard: boolean,
    hiFromGuard: boolean,
    small: boolean,
  ): number => {
    if (lo === undefined || hi === undefined) return bail();
    if (!(loFromGuard || small || lo === 0) || !(hiFromGuard || small)) return bail();
    if (lo < -Number.MAX_SAFE_INTEGER || hi > Number.MAX_SAFE_INTEGER + 1) return bail();
    const end = hi < lo ? lo : hi;
    return end - lo > Math.max(0, f.budget - f.steps) ? bail() : end;
  },
};

const HELPER_NAMES = Object.keys(HELPERS).join(', ');

/** The clause's one JS function: its quantifiers' functions and temporaries around the expression. */
function generate(code: string, out: Output): Run {
  const temps = Array.from({ length: out.temps }, (_, i) => `t${i}`);
  const source = [
    `const { ${HELPER_NAMES} } = h;`,
    temps.length === 0 ? '' : `let ${temps.join(', ')};`,
    ...out.functions,
    `return function clause(f) { const S = f.slots; return ${code}; };`,
  ].join('\n');
  // The source is built from slot numbers, numeric constants and operators only (see the header).
  const factory = new Function('h', source) as (helpers: typeof HELPERS) => Run;
  return factory(HELPERS);
}

export function asInt(node: Node): string | undefined {
  if (node.kind === 'int') return node.code;
  return node.kind === 'bool' ? undefined : `asI(${node.code})`;
}

export function asBool(node: Node): string | undefined {
  if (node.kind === 'bool') return node.code;
  return node.kind === 'int' ? undefined : `asB(${node.code})`;
}

export function asSeq(node: Node): string | undefined {
  return node.kind === 'any' ? `asS(${node.code})` : undefined;
}

/** The node's own step, then `code`. */
export function stepped(kind: Node['kind'], code: string): Node {
  return { kind, code: `(f.steps++, ${code})` };
}

export const int = (code: string): Node => stepped('int', code);
export const boolNode = (code: string): Node => stepped('bool', code);

/** A numeric constant as source: negative ones parenthesized, so `-` before them never reads as `--`. */
export function numberCode(n: number): string {
  return n < 0 || Object.is(n, -0) ? `(${String(n)})` : String(n);
}

/** evalCond: parentheses cost no step, `&&` one (evalAnd's own). */
export function compileCond(expr: Expr, scope: Scope): Node | undefined {
  if (expr.kind === 'paren') return compileCond(expr.inner, scope);
  if (expr.kind === 'binary' && expr.op === '&&') return compileAnd(expr.left, expr.right, scope);
  return compileExpr(expr, scope);
}

export function compileAnd(leftExpr: Expr, rightExpr: Expr, scope: Scope): Node | undefined {
  const left = compileCondBool(leftExpr, scope);
  const right = compileCondBool(rightExpr, scope);
  if (left === undefined || right === undefined) return undefined;
  return boolNode(`${left} && ${right}`);
}

export function compileCondBool(expr: Expr, scope: Scope): string | undefined {
  const node = compileCond(expr, scope);
  return node === undefined ? undefined : asBool(node);
}

export function compileBool(expr: Expr, scope: Scope): string | undefined {
  const node = compileExpr(expr, scope);
  return node === undefined ? undefined : asBool(node);
}

export function compileInt(expr: Expr, scope: Scope): string | undefined {
  const node = compileExpr(expr, scope);
  return node === undefined ? undefined : asInt(node);
}

/** evalExpr: one step for the node, then what its kind costs. */
export function compileExpr(expr: Expr, scope: Scope): Node | undefined {
  switch (expr.kind) {
    case 'int': {
      const n = safeNumber(expr.value);
      return n === undefined ? undefined : int(numberCode(n));
    }
    case 'bool':
      return boolNode(expr.value ? 'true' : 'false');
    case 'path':
      return compilePath(expr, scope);
    case 'paren': {
      const inner = compileExpr(expr.inner, scope);
      return inner === undefined ? undefined : withStep(inner);
    }
    case 'binary':
      return compileBinary(expr, scope);
    case 'chain':
      return compileChain(expr, scope);
    case 'unary':
      return compileUnary(expr, scope);
    case 'method-call':
      return compileMethod(expr, scope);
    case 'index': {
      const receiver = compileExpr(expr.receiver, scope);
      const seq = receiver === undefined ? undefined : asSeq(receiver);
      const index = compileInt(expr.index, scope);
      if (seq === undefined || index === undefined) return undefined;
      return int(`at(${seq}, ${index})`);
    }
    case 'view': {
      // A seq of ints views to itself, and so do ints and bools.
      const operand = compileExpr(expr.operand, scope);
      return operand === undefined ? undefined : withStep(operand);
    }
    case 'call':
      return compileOldFinal(expr, scope);
    case 'cast':
      return compileCast(expr, scope);
    case 'quantifier':
      return compileQuantifier(expr, scope, quantifierPlan(scope.ctx, expr));
    default:
      return undefined;
  }
}

export function withStep(node: Node): Node {
  return stepped(node.kind, node.code);
}

function compilePath(expr: Extract<Expr, { kind: 'path' }>, scope: Scope): Node | undefined {
  const segments = expr.segments;
  if (segments.length === 2) {
    const value = intConstant(segments[0]?.name ?? '', segments[1]?.name ?? '');
    const n = value === undefined ? undefined : safeNumber(value);
    return n === undefined ? undefined : int(numberCode(n));
  }
  const name = segments.length === 1 ? segments[0]?.name : undefined;
  if (name === undefined) return undefined;
  const binder = scope.binders.get(name);
  if (binder !== undefined) return int(`S[${binder}]`);
  return stepped('any', `S[${freeSlot(scope, 'name', name)}]`);
}

function freeSlot(scope: Scope, kind: FreeName['kind'], name: string): number {
  const known = scope.free.find((entry) => entry.kind === kind && entry.name === name);
  if (known !== undefined) return known.slot;
  const slot = scope.slotCount.value++;
  scope.free.push({ kind, name, slot });
  return slot;
}

/** `old(x)`/`final(x)` of a `&mut` parameter cost the call's step only (evalOldFinal); other calls are walked. */
function compileOldFinal(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): Node | undefined {
  const callee = expr.callee;
  const which = callee.kind === 'path' && callee.segments.length === 1 ? callee.segments[0]?.name : undefined;
  if ((which !== 'old' && which !== 'final') || expr.args.length !== 1) return undefined;
  let target = expr.args[0] as Expr;
  while ((target.kind === 'unary' && target.op === '*') || target.kind === 'paren')
    target = target.kind === 'paren' ? target.inner : target.operand;
  const name = target.kind === 'path' && target.segments.length === 1 ? target.segments[0]?.name : undefined;
  if (name === undefined) return undefined;
  return stepped('any', `S[${freeSlot(scope, which, name)}]`);
}
