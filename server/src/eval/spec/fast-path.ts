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
import { intRange, isIntTypeName } from '../int-types';
import type { Env, SpecContext } from './spec-context';
import { isFailure, lookupName } from './spec-context';
import { intConstant } from './integers';
import { quantifierPlan } from './quantifiers';
import { compileQuantifier } from './fast-quantifiers';

/** A value on the fast path: an int (a safe integer), a bool, or a seq of ints. */
export type Fast = number | boolean | readonly number[];

export interface Frame {
  readonly slots: Fast[];
  steps: number;
  readonly budget: number;
}

export type Run<T> = (frame: Frame) => T;

/** A compiled expression with what it is known to return; `any` is checked where it is used. */
export type Node =
  | { readonly kind: 'int'; readonly run: Run<number> }
  | { readonly kind: 'bool'; readonly run: Run<boolean> }
  | { readonly kind: 'any'; readonly run: Run<Fast> };

/** Thrown (never past fastClause) when the fast path cannot reproduce the tree walk's outcome. */
export const BAIL: unique symbol = Symbol('fast path bails out');

function bail(): never {
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
  readonly slotCount: number;
}

interface CacheEntry {
  readonly selfTypeName: string | undefined;
  readonly modulePath: string;
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
  const slots: Fast[] = new Array<Fast>(compiled.slotCount);
  for (const free of compiled.free) {
    const value = freeValue(free, env);
    if (value === undefined) return undefined;
    slots[free.slot] = value;
  }
  const frame: Frame = { slots, steps: ctx.steps, budget: ctx.stepBudget };
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

function compiledClause(ctx: SpecContext, expr: Expr): CompiledClause | undefined {
  let byExpr = compiledClauses.get(ctx.scope);
  if (byExpr === undefined) {
    byExpr = new WeakMap();
    compiledClauses.set(ctx.scope, byExpr);
  }
  const modulePath = (ctx.modulePath ?? []).join('::');
  const entry = byExpr.get(expr);
  if (entry !== undefined && entry.selfTypeName === ctx.selfTypeName && entry.modulePath === modulePath) return entry.compiled;
  const scope: Scope = { ctx, binders: new Map(), free: [], slotCount: { value: 0 } };
  let compiled: CompiledClause | undefined;
  try {
    const node = compileCond(expr, scope);
    const run = node === undefined ? undefined : asBool(node);
    compiled = run === undefined ? undefined : { run, free: scope.free, slotCount: scope.slotCount.value };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    compiled = undefined;
  }
  byExpr.set(expr, { selfTypeName: ctx.selfTypeName, modulePath, compiled });
  return compiled;
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

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function safeNumber(value: bigint): number | undefined {
  return value <= MAX_SAFE && value >= -MAX_SAFE ? Number(value) : undefined;
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

function asSeq(node: Node): Run<readonly number[]> | undefined {
  if (node.kind !== 'any') return undefined;
  const run = node.run;
  return (f) => {
    const v = run(f);
    return typeof v === 'object' ? v : bail();
  };
}

const int = (run: Run<number>): Node => ({ kind: 'int', run });
const boolNode = (run: Run<boolean>): Node => ({ kind: 'bool', run });

/** evalCond: parentheses cost no step, `&&` one (evalAnd's own). */
export function compileCond(expr: Expr, scope: Scope): Node | undefined {
  if (expr.kind === 'paren') return compileCond(expr.inner, scope);
  if (expr.kind === 'binary' && expr.op === '&&') return compileAnd(expr.left, expr.right, scope);
  return compileExpr(expr, scope);
}

function compileAnd(leftExpr: Expr, rightExpr: Expr, scope: Scope): Node | undefined {
  const left = compileCondBool(leftExpr, scope);
  const right = compileCondBool(rightExpr, scope);
  if (left === undefined || right === undefined) return undefined;
  return boolNode((f) => {
    f.steps++;
    return left(f) && right(f);
  });
}

function compileCondBool(expr: Expr, scope: Scope): Run<boolean> | undefined {
  const node = compileCond(expr, scope);
  return node === undefined ? undefined : asBool(node);
}

function compileBool(expr: Expr, scope: Scope): Run<boolean> | undefined {
  const node = compileExpr(expr, scope);
  return node === undefined ? undefined : asBool(node);
}

function compileInt(expr: Expr, scope: Scope): Run<number> | undefined {
  const node = compileExpr(expr, scope);
  return node === undefined ? undefined : asInt(node);
}

/** evalExpr: one step for the node, then what its kind costs. */
export function compileExpr(expr: Expr, scope: Scope): Node | undefined {
  switch (expr.kind) {
    case 'int': {
      const n = safeNumber(expr.value);
      if (n === undefined) return undefined;
      return int((f) => {
        f.steps++;
        return n;
      });
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
      const index = compileInt(expr.index, scope);
      if (seq === undefined || index === undefined) return undefined;
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

function withStep(node: Node): Node {
  switch (node.kind) {
    case 'int': {
      const run = node.run;
      return int((f) => {
        f.steps++;
        return run(f);
      });
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
      return {
        kind: 'any',
        run: (f) => {
          f.steps++;
          return run(f);
        },
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
    return int((f) => {
      f.steps++;
      return f.slots[binder] as number;
    });
  }
  const slot = freeSlot(scope, 'name', name);
  return {
    kind: 'any',
    run: (f) => {
      f.steps++;
      return f.slots[slot] as Fast;
    },
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

type Compare = (x: number, y: number) => boolean;

const COMPARE: Readonly<Record<string, Compare>> = {
  '<': (x, y) => x < y,
  '<=': (x, y) => x <= y,
  '>': (x, y) => x > y,
  '>=': (x, y) => x >= y,
  '==': (x, y) => x === y,
  '!=': (x, y) => x !== y,
};

const EQUALS: ReadonlySet<string> = new Set(['==', '===', '=~=', '=~~=']);
const NOT_EQUALS: ReadonlySet<string> = new Set(['!=', '!==', '!~=', '!~~=']);

/** Which conditions evalCond may bind names in (operators.ts bindsNames): `==>` evaluates such a left side as a
 *  condition, so its parentheses and `&&` cost what evalCond charges. */
function bindsNames(expr: Expr): boolean {
  return expr.kind === 'paren' || (expr.kind === 'binary' && expr.op === '&&');
}

function compileBinary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope): Node | undefined {
  const op = expr.op;
  switch (op) {
    case '&&': {
      const and = compileAnd(expr.left, expr.right, scope);
      return and === undefined ? undefined : withStep(and);
    }
    case '||':
    case '==>':
    case '<==':
    case '<==>': {
      const l = op === '==>' && bindsNames(expr.left) ? compileCondBool(expr.left, scope) : compileBool(expr.left, scope);
      const r = compileBool(expr.right, scope);
      if (l === undefined || r === undefined) return undefined;
      if (op === '||')
        return boolNode((f) => {
          f.steps++;
          return l(f) || r(f);
        });
      if (op === '==>')
        return boolNode((f) => {
          f.steps++;
          return !l(f) || r(f);
        });
      if (op === '<==')
        return boolNode((f) => {
          f.steps++;
          return l(f) || !r(f);
        });
      return boolNode((f) => {
        f.steps++;
        const a = l(f);
        return a === r(f);
      });
    }
    default:
      break;
  }
  const left = compileExpr(expr.left, scope);
  const right = compileExpr(expr.right, scope);
  if (left === undefined || right === undefined) return undefined;
  if (EQUALS.has(op) || NOT_EQUALS.has(op)) {
    const negate = NOT_EQUALS.has(op);
    const l = left.run;
    const r = right.run;
    return boolNode((f) => {
      f.steps++;
      const a = l(f);
      const b = r(f);
      if (typeof a !== typeof b || typeof a === 'object') return bail();
      return (a === b) !== negate;
    });
  }
  const a = asInt(left);
  const b = asInt(right);
  if (a === undefined || b === undefined) return undefined;
  const compare = COMPARE[op];
  if (compare !== undefined)
    return boolNode((f) => {
      f.steps++;
      const x = a(f);
      return compare(x, b(f));
    });
  switch (op) {
    case '+':
      return int((f) => {
        f.steps++;
        const x = a(f);
        return checked(x + b(f));
      });
    case '-':
      return int((f) => {
        f.steps++;
        const x = a(f);
        return checked(x - b(f));
      });
    case '*':
      return int((f) => {
        f.steps++;
        const x = a(f);
        return checked(x * b(f));
      });
    case '/':
    case '%':
      return int((f) => {
        f.steps++;
        const x = a(f);
        const y = b(f);
        if (y === 0) return bail();
        // JS `%` is exact on integers; the quotient of an exactly divisible difference is exact too.
        const r0 = x % y;
        const r = r0 >= 0 ? r0 : y > 0 ? r0 + y : r0 - y;
        return op === '%' ? r + 0 : checked(checked(x - r) / y) + 0;
      });
    default:
      return undefined;
  }
}

function compileChain(expr: Extract<Expr, { kind: 'chain' }>, scope: Scope): Node | undefined {
  const runs: Run<number>[] = [];
  for (const operand of expr.operands) {
    const node = compileExpr(operand, scope);
    const run = node === undefined ? undefined : asInt(node);
    if (run === undefined) return undefined;
    runs.push(run);
  }
  const compares: Compare[] = [];
  for (const op of expr.ops) {
    const compare = COMPARE[op];
    if (compare === undefined) return undefined;
    compares.push(compare);
  }
  if (runs.length !== compares.length + 1) return undefined;
  // Every operand is evaluated (and charged) before any comparison.
  if (runs.length === 3) {
    const [r0, r1, r2] = runs as [Run<number>, Run<number>, Run<number>];
    const [c0, c1] = compares as [Compare, Compare];
    return boolNode((f) => {
      f.steps++;
      const x = r0(f);
      const y = r1(f);
      const z = r2(f);
      return c0(x, y) && c1(y, z);
    });
  }
  return boolNode((f) => {
    f.steps++;
    const values = runs.map((run) => run(f));
    return compares.every((compare, i) => compare(values[i] as number, values[i + 1] as number));
  });
}

function compileUnary(expr: Extract<Expr, { kind: 'unary' }>, scope: Scope): Node | undefined {
  const operand = compileExpr(expr.operand, scope);
  if (operand === undefined) return undefined;
  if (expr.op === '-') {
    const run = asInt(operand);
    return run === undefined
      ? undefined
      : int((f) => {
          f.steps++;
          return -run(f);
        });
  }
  if (expr.op === '!') {
    // `!` on an int needs its width: walked.
    const run = asBool(operand);
    return run === undefined
      ? undefined
      : boolNode((f) => {
          f.steps++;
          return !run(f);
        });
  }
  return withStep(operand);
}

function compileMethod(expr: Extract<Expr, { kind: 'method-call' }>, scope: Scope): Node | undefined {
  const receiver = compileExpr(expr.receiver, scope);
  const seq = receiver === undefined ? undefined : asSeq(receiver);
  if (seq === undefined) return undefined;
  const method = expr.method;
  if (expr.args.length === 0) {
    if (method === 'len' || method === 'spec_len')
      return int((f) => {
        f.steps++;
        return seq(f).length;
      });
    if (method === 'is_empty')
      return boolNode((f) => {
        f.steps++;
        return seq(f).length === 0;
      });
    return undefined;
  }
  const index =
    expr.args.length === 1 && (method === 'index' || method === 'spec_index') ? compileInt(expr.args[0] as Expr, scope) : undefined;
  if (index === undefined) return undefined;
  return int((f) => {
    f.steps++;
    const xs = seq(f);
    const i = index(f);
    return i >= 0 && i < xs.length ? (xs[i] as number) : bail();
  });
}

function compileCast(expr: Extract<Expr, { kind: 'cast' }>, scope: Scope): Node | undefined {
  const type = expr.type;
  const name = type.kind === 'path' && type.segments.length === 1 ? type.segments[0]?.name : undefined;
  if (!isIntTypeName(name)) return undefined;
  const operand = compileExpr(expr.operand, scope);
  if (operand === undefined) return undefined;
  const run = operand.run;
  const range = intRange(name);
  const min = range.min === undefined ? -Infinity : Number(range.min);
  const max = range.max === undefined ? Infinity : Number(range.max);
  // Inside the target's range a cast is the identity; outside it truncates, which is walked.
  return int((f) => {
    f.steps++;
    const v = run(f);
    const n = typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : bail();
    return n >= min && n <= max ? n : bail();
  });
}
