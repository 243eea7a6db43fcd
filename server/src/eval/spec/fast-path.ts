// The fast path: a clause in a small subset (integer arithmetic and comparisons on ints within
// Number.MAX_SAFE_INTEGER, Kleene logic, seq `len()`/indexing/`@`, `old(x)`, casts to integer types, and
// `forall`/`exists` over integer binders whose domain the guard bounds) is compiled once into JS closures over
// plain numbers, booleans and number arrays. Boxed bigints, environments and failure objects are what the tree walk
// spends its time on; here a clause over a Vec costs about what a hand-written closure does.
// The rule: the fast path decides a clause only when the tree walk would give the same truth value and spend the
// same steps. It counts steps node by node exactly as evaluate.ts, operators.ts and quantifiers.ts do, and bails
// out (the clause is then walked as before, from the same step count) on anything whose exact outcome it does not
// reproduce: a failure of any kind (index out of range, `/ 0`, a value outside the subset or beyond 2^53), the
// step budget running out, a quantifier domain that is not a bounded range, or a cancelled run.

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

export type Run<T> = (frame: Frame) => T;

/** A compiled expression with what it is known to return; `any` is checked where it is used. */
export type Node =
  | { readonly kind: 'int'; readonly run: Run<number>; readonly read?: Read; readonly constant?: number }
  | { readonly kind: 'bool'; readonly run: Run<boolean> }
  | { readonly kind: 'any'; readonly run: Run<Fast>; readonly read?: Read };

/** A node that is a slot's value after `cost` steps (a name, its view, parentheses): a parent reads the slot
 *  itself, one closure call fewer per use (call sites over many clauses' closures are slow polymorphic calls). */
export interface Read {
  readonly slot: number;
  readonly cost: number;
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

/** Names in scope while compiling: quantifier binders by slot (innermost first), free names collected. */
export interface Scope {
  readonly ctx: SpecContext;
  readonly binders: ReadonlyMap<string, number>;
  readonly free: FreeName[];
  readonly slotCount: { value: number };
}

interface CompiledClause {
  readonly run: Run<boolean>;
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
  const scope: Scope = { ctx, binders: new Map(), free: [], slotCount: { value: 0 } };
  let compiled: CompiledClause | undefined;
  try {
    const node = compileCond(expr, scope);
    const run = node === undefined ? undefined : asBool(node);
    const frame: Frame = { slots: new Array<Fast>(scope.slotCount.value).fill(0), steps: 0, budget: 0 };
    compiled = run === undefined ? undefined : { run, free: scope.free, frame };
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

/** An int result, bailing out beyond the safe range (a double is exact only within it). */
export function checked(n: number): number {
  return n <= Number.MAX_SAFE_INTEGER && n >= -Number.MAX_SAFE_INTEGER ? n : bail();
}

export function asInt(node: Node): Run<number> | undefined {
  if (node.kind === 'int') return node.run;
  if (node.kind === 'bool') return undefined;
  const run = node.run;
  return (f) => {
    const v = run(f);
    return typeof v === 'number' ? v : bail();
  };
}

export function asBool(node: Node): Run<boolean> | undefined {
  if (node.kind === 'bool') return node.run;
  if (node.kind === 'int') return undefined;
  const run = node.run;
  return (f) => {
    const v = run(f);
    return typeof v === 'boolean' ? v : bail();
  };
}

export function asSeq(node: Node): Run<readonly number[]> | undefined {
  if (node.kind !== 'any') return undefined;
  const run = node.run;
  return (f) => {
    const v = run(f);
    return typeof v === 'object' ? v : bail();
  };
}

export const int = (run: Run<number>): Node => ({ kind: 'int', run });
export const boolNode = (run: Run<boolean>): Node => ({ kind: 'bool', run });

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
  return boolNode((f) => {
    f.steps++;
    return left(f) && right(f);
  });
}

export function compileCondBool(expr: Expr, scope: Scope): Run<boolean> | undefined {
  const node = compileCond(expr, scope);
  return node === undefined ? undefined : asBool(node);
}

export function compileBool(expr: Expr, scope: Scope): Run<boolean> | undefined {
  const node = compileExpr(expr, scope);
  return node === undefined ? undefined : asBool(node);
}

export function compileInt(expr: Expr, scope: Scope): Run<number> | undefined {
  const node = compileExpr(expr, scope);
  return node === undefined ? undefined : asInt(node);
}

/** evalExpr: one step for the node, then what its kind costs. */
export function compileExpr(expr: Expr, scope: Scope): Node | undefined {
  switch (expr.kind) {
    case 'int': {
      const n = safeNumber(expr.value);
      if (n === undefined) return undefined;
      return {
        kind: 'int',
        run: (f) => {
          f.steps++;
          return n;
        },
        constant: n,
      };
    }
    case 'bool': {
      const b = expr.value;
      return boolNode((f) => {
        f.steps++;
        return b;
      });
    }
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
      const indexNode = compileExpr(expr.index, scope);
      const index = indexNode === undefined ? undefined : asInt(indexNode);
      if (seq === undefined || index === undefined) return undefined;
      const reads = receiver?.kind !== 'bool' && indexNode?.kind !== 'bool' ? [receiver?.read, indexNode?.read] : [];
      if (reads[0] !== undefined && reads[1] !== undefined) {
        const [s, b] = [reads[0].slot, reads[1].slot];
        const cost = 1 + reads[0].cost + reads[1].cost;
        return int((f) => {
          f.steps += cost;
          const xs = f.slots[s];
          const i = f.slots[b];
          if (typeof xs !== 'object' || typeof i !== 'number') return bail();
          return i >= 0 && i < xs.length ? (xs[i] as number) : bail();
        });
      }
      return int((f) => {
        f.steps++;
        const xs = seq(f);
        const i = index(f);
        return i >= 0 && i < xs.length ? (xs[i] as number) : bail();
      });
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
  switch (node.kind) {
    case 'int': {
      const run = node.run;
      const read = node.read === undefined ? undefined : { slot: node.read.slot, cost: node.read.cost + 1 };
      return {
        kind: 'int',
        run: (f) => {
          f.steps++;
          return run(f);
        },
        ...(read === undefined ? {} : { read }),
      };
    }
    case 'bool': {
      const run = node.run;
      return boolNode((f) => {
        f.steps++;
        return run(f);
      });
    }
    default: {
      const run = node.run;
      const read = node.read === undefined ? undefined : { slot: node.read.slot, cost: node.read.cost + 1 };
      return {
        kind: 'any',
        run: (f) => {
          f.steps++;
          return run(f);
        },
        ...(read === undefined ? {} : { read }),
      };
    }
  }
}

function compilePath(expr: Extract<Expr, { kind: 'path' }>, scope: Scope): Node | undefined {
  const segments = expr.segments;
  if (segments.length === 2) {
    const value = intConstant(segments[0]?.name ?? '', segments[1]?.name ?? '');
    const n = value === undefined ? undefined : safeNumber(value);
    if (n === undefined) return undefined;
    return int((f) => {
      f.steps++;
      return n;
    });
  }
  const name = segments.length === 1 ? segments[0]?.name : undefined;
  if (name === undefined) return undefined;
  const binder = scope.binders.get(name);
  if (binder !== undefined) {
    return {
      kind: 'int',
      run: (f) => {
        f.steps++;
        return f.slots[binder] as number;
      },
      read: { slot: binder, cost: 1 },
    };
  }
  const slot = freeSlot(scope, 'name', name);
  return {
    kind: 'any',
    run: (f) => {
      f.steps++;
      return f.slots[slot] as Fast;
    },
    read: { slot, cost: 1 },
  };
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
  const slot = freeSlot(scope, which, name);
  return {
    kind: 'any',
    run: (f) => {
      f.steps++;
      return f.slots[slot] as Fast;
    },
  };
}
