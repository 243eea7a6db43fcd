// Public entry points: `evaluateExpr` for one expression and `evaluateClauses` for a requires/ensures list.
// Both never throw: a bug maps to "unsupported", a JS stack overflow to "recursion too deep".

import type { Clause, Expr, Span, Type } from '../../syntax';
import type { Env, EvalResult, Failure, Res, SpecContext, SpecEnv } from './spec-context';
import { RECURSION_TOO_DEEP } from './reasons';
import { indeterminate, isFailure, unsupported } from './spec-context';
import { evalCond, truth } from './operators';
import { fastClause } from './fast-path';
import type { Value } from '../value';
import { valueEquals } from '../value-ops';
import type { FunctionContract } from '../../model';
import { constInstantiation, functionTypeContext, instantiatedTypeNames } from '../function-type-context';

/** The verdict on a list of clauses; structurally the harness's `Verdict` (eval must not import harness). */
export type ClausesVerdict =
  | { readonly kind: 'holds' }
  | { readonly kind: 'fails' }
  | { readonly kind: 'indeterminate'; readonly reason: string; readonly span?: Span }
  | { readonly kind: 'unsupported'; readonly construct: string; readonly span: Span };

export interface ClausesOutcome {
  readonly verdict: ClausesVerdict;
  /** For `fails`: the index of the first false clause. */
  readonly failingClause: number | undefined;
  /** Deepest user spec fn call nesting seen. */
  readonly recursionDepth: number;
  readonly steps: number;
}

/** Points the context at a contract before its clauses are evaluated: its impl (`Self::`), its module, and the
 *  concrete types its generic parameters are measured at (as functionTypeContext chose them). */
export function enterFunction(ctx: SpecContext, fn: FunctionContract): void {
  ctx.selfTypeName = fn.selfTypeName;
  ctx.implSelf = fn.implHeader?.selfType;
  ctx.modulePath = fn.modulePath;
  let instantiation = ctx.instantiationByFn.get(fn);
  if (instantiation === undefined) {
    instantiation = {
      typeParams: instantiatedTypeNames(functionTypeContext(fn, ctx.scope)),
      constParams: constInstantiation(fn, ctx.scope),
    };
    ctx.instantiationByFn.set(fn, instantiation);
  }
  ctx.typeParams = instantiation.typeParams;
  ctx.constParams = instantiation.constParams;
}

/** Evaluates one expression. Steps accumulate on `ctx` across calls (the budget is per context). */
export function evaluateExpr(ctx: SpecContext, expr: Expr, env: SpecEnv): EvalResult {
  const res = guarded(ctx, expr.span, () => overWitnesses(ctx, () => evalCond(ctx, expr, { base: env, locals: undefined }).res, 0));
  return isFailure(res) ? res : { kind: 'value', value: res };
}

/** Evaluates clauses in order as a Kleene conjunction, threading `matches` bindings to later clauses. Resets
 *  the context's counters first: one call is one obligation with its own step budget.
 *  - fails: some clause is false (the first false one is reported even when an earlier one is undecided);
 *  - unsupported: no clause is false and some clause uses an unimplemented construct (the first such);
 *  - indeterminate: no clause is false or unsupported, and some clause is undecided (the first such);
 *  - holds: every clause is true. */
export function evaluateClauses(ctx: SpecContext, clauses: readonly Clause[], env: SpecEnv): ClausesOutcome {
  ctx.steps = 0;
  ctx.callDepth = 0;
  ctx.stackUnits = 0;
  ctx.maxCallDepth = 0;
  // Most obligations call no spec fn: an empty memo is not cleared again (a runtime call per obligation).
  if (ctx.memo.size !== 0) ctx.memo.clear();
  let current: Env = { base: env, locals: undefined };
  let firstIndeterminate: Failure | undefined;
  let firstUnsupported: Failure | undefined;
  for (let idx = 0; idx < clauses.length; idx++) {
    const clause = clauses[idx] as Clause;
    const fast = ctx.fastPath ? fastClause(ctx, clause.expr, current) : undefined;
    if (fast === true) continue;
    if (fast === false) return outcome(ctx, FAILS, idx);
    let res: Res;
    const saved = saveCallState(ctx);
    try {
      const before = current;
      const cond = evalCond(ctx, clause.expr, before);
      current = cond.env;
      res = ctx.pendingChoice === undefined ? cond.res : overWitnesses(ctx, () => evalCond(ctx, clause.expr, before).res, 0, cond.res);
    } catch (error) {
      res = thrownFailure(ctx, saved, error, clause.span);
    }
    const t = truth(res, clause.span);
    if (t === false) return outcome(ctx, FAILS, idx);
    if (t === true) continue;
    if (t.kind === 'unsupported') firstUnsupported ??= t;
    else firstIndeterminate ??= t;
  }
  const undecided = firstUnsupported ?? firstIndeterminate;
  if (undecided === undefined) return outcome(ctx, HOLDS, undefined);
  const verdict: ClausesVerdict =
    undecided.kind === 'unsupported'
      ? { kind: 'unsupported', construct: undecided.construct, span: undecided.span }
      : { kind: 'indeterminate', reason: undecided.reason, span: undecided.span };
  return outcome(ctx, verdict, undefined);
}

const HOLDS: ClausesVerdict = { kind: 'holds' };
const FAILS: ClausesVerdict = { kind: 'fails' };

/** How many `choose` expressions with several witnesses one clause may fix at once (nested re-evaluations). */
const CHOOSE_NESTING_LIMIT = 3;

/** Evaluates `run` (a whole clause or expression); when it meets a `choose` with several witnesses, evaluates it
 *  again once per witness with that `choose` fixed to it. The clause's value is defined whatever witness Verus
 *  picks only if every pick gives the same value: then that is the value, otherwise it stays indeterminate. */
function overWitnesses(ctx: SpecContext, run: () => Res, nesting: number, first: Res = run()): Res {
  const pending = ctx.pendingChoice;
  ctx.pendingChoice = undefined;
  if (pending === undefined || !isFailure(first) || nesting >= CHOOSE_NESTING_LIMIT) return first;
  let agreed: Value | undefined;
  for (const pick of pending.witnesses) {
    ctx.chosen.set(pending.expr, { witnesses: pending.witnesses, pick });
    // Memoized spec fn results may depend on the pick.
    ctx.memo.clear();
    const res = overWitnesses(ctx, run, nesting + 1);
    if (isFailure(res) || (agreed !== undefined && !valueEquals(agreed, res))) {
      agreed = undefined;
      break;
    }
    agreed = res;
  }
  ctx.chosen.delete(pending.expr);
  ctx.memo.clear();
  return agreed ?? first;
}

function outcome(ctx: SpecContext, verdict: ClausesVerdict, failingClause: number | undefined): ClausesOutcome {
  return { verdict, failingClause, recursionDepth: ctx.maxCallDepth, steps: ctx.steps };
}

/** Runs an evaluation, mapping anything thrown to a failure and restoring the context's call state. */
function guarded(ctx: SpecContext, span: Span, run: () => Res): Res {
  const saved = saveCallState(ctx);
  try {
    return run();
  } catch (error) {
    return thrownFailure(ctx, saved, error, span);
  }
}

interface CallState {
  readonly selfTypeName: string | undefined;
  readonly implSelf: Type | undefined;
  readonly callDepth: number;
  readonly modulePath: readonly string[] | undefined;
  readonly stackUnits: number;
}

function saveCallState(ctx: SpecContext): CallState {
  return {
    selfTypeName: ctx.selfTypeName,
    implSelf: ctx.implSelf,
    callDepth: ctx.callDepth,
    modulePath: ctx.modulePath,
    stackUnits: ctx.stackUnits,
  };
}

/** Restores the call state and words what was thrown: a JS stack overflow is "recursion too deep", anything else
 *  a bug (rethrown when the context says so). */
function thrownFailure(ctx: SpecContext, saved: CallState, error: unknown, span: Span): Failure {
  ctx.selfTypeName = saved.selfTypeName;
  ctx.implSelf = saved.implSelf;
  ctx.callDepth = saved.callDepth;
  ctx.modulePath = saved.modulePath;
  ctx.stackUnits = saved.stackUnits;
  if (error instanceof RangeError && /call stack/i.test(error.message)) return indeterminate(RECURSION_TOO_DEEP, span);
  if (ctx.internalErrors === 'throw') throw error;
  const message = error instanceof Error ? error.message : String(error);
  return unsupported(`internal error: ${message}`, span);
}
