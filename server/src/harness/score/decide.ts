// Decides obligations on concrete values with the spec evaluator: the embedded backend's engine. Lives in the
// harness (not in backends/) so the synchronous scoring path (LSP worker, bench) needs no backend object.

import type { Value } from '../../eval';
import { FUNCTION_BUDGET_SPENT, RUN_CANCELLED, createSpecContext, enterFunction, evaluateClauses } from '../../eval';
import type { InternalErrors, SpecContext, SpecEnv, StackAllowance } from '../../eval';
import type { Clause, Type } from '../../syntax';
import type { ClauseModel, FileModel, FunctionContract } from '../../model';
import { UNNAMED_RETURN_NAME } from '../../model';
import type { Obligation, ObligationResult } from '../backend';

export interface DecideOptions {
  /** Evaluation steps per obligation. */
  readonly stepBudget: number;
  /** The JS stack the host gives (RECURSION_LIMITS); `default` when absent. */
  readonly stackAllowance?: StackAllowance;
  /** The editor's cancellation flag, polled by the evaluator and between obligations; never true when absent. */
  readonly cancelled?: () => boolean;
  /** What an evaluator bug becomes (`unsupported` when absent). */
  readonly internalErrors?: InternalErrors;
  /** Steps one function's obligations may spend together in a batch (FUNCTION_STEP_BUDGET when absent). */
  readonly functionStepBudget?: number;
}

export function decideObligations(model: FileModel, obligations: readonly Obligation[], options: DecideOptions): ObligationResult[] {
  // One evaluator context serves the whole batch (evaluateClauses resets its counters per obligation), so what it
  // caches by syntax node (quantifier plans, body depths) is computed once per batch; clause lists likewise.
  const ctx = createSpecContext(model.scope, decideOptionsOf(options));
  const clauseLists = new Map<readonly ClauseModel[], Clause[]>();
  const cancelled = options.cancelled;
  const functionBudget = options.functionStepBudget ?? FUNCTION_STEP_BUDGET;
  const spent = new Map<FunctionContract, number>();
  // A cancelled batch answers the rest at once: its results are discarded by the caller.
  return obligations.map((obligation) => {
    if (cancelled?.() === true) return CANCELLED_RESULT;
    // Counted work, not time: the same obligations are cut at the same place on any machine.
    const before = spent.get(obligation.fn) ?? 0;
    if (before >= functionBudget) return FUNCTION_BUDGET_RESULT;
    const { result, steps } = decideWith(ctx, obligation, clauseLists);
    spent.set(obligation.fn, before + steps);
    return result;
  });
}

/** Evaluation steps all of one function's obligations in a batch may spend together (about 5 s of CPU on this
 *  project's reference machine, `npm run bench`): past it, its remaining obligations are indeterminate
 *  `FUNCTION_BUDGET_SPENT`. Each obligation also has its own `stepBudget`. */
export const FUNCTION_STEP_BUDGET = 25_000_000;

const FUNCTION_BUDGET_RESULT: ObligationResult = {
  verdict: { kind: 'indeterminate', reason: FUNCTION_BUDGET_SPENT },
  failingClause: undefined,
  recursionDepth: 0,
};

const CANCELLED_RESULT: ObligationResult = {
  verdict: { kind: 'indeterminate', reason: RUN_CANCELLED },
  failingClause: undefined,
  recursionDepth: 0,
};

export function decideObligation(model: FileModel, obligation: Obligation, options: DecideOptions): ObligationResult {
  return decideWith(createSpecContext(model.scope, decideOptionsOf(options)), obligation, new Map()).result;
}

/** The decide options a check's (or a backend's) options imply. */
export function decideOptionsOf(options: DecideOptions): DecideOptions {
  return {
    stepBudget: options.stepBudget,
    stackAllowance: options.stackAllowance,
    internalErrors: options.internalErrors,
    ...(options.functionStepBudget === undefined ? {} : { functionStepBudget: options.functionStepBudget }),
    ...(options.cancelled === undefined ? {} : { cancelled: options.cancelled }),
  };
}

function decideWith(
  ctx: SpecContext,
  obligation: Obligation,
  clauseLists: Map<readonly ClauseModel[], Clause[]>,
): { readonly result: ObligationResult; readonly steps: number } {
  const fn = obligation.fn;
  const models = contractClauses(obligation);
  let clauses = clauseLists.get(models);
  if (clauses === undefined) {
    clauses = models.map(clauseOf);
    clauseLists.set(models, clauses);
  }
  enterFunction(ctx, fn);
  const outcome = evaluateClauses(ctx, clauses, obligationEnv(obligation));
  return {
    result: { verdict: outcome.verdict, failingClause: outcome.failingClause, recursionDepth: outcome.recursionDepth },
    steps: outcome.steps,
  };
}

function clauseOf(clause: ClauseModel): Clause {
  return clause.clause;
}

/** Parameters at entry; the return name bound to the output; each `&mut` parameter with its entry value as
 *  `old(x)` and its final value as `x` / `final(x)` (in `requires`, both are the entry value). */
export function obligationEnv(obligation: Obligation): SpecEnv {
  const post = obligation.kind === 'post';
  return contractEnv(obligation.fn, obligation.inputs, post ? obligation.output : undefined, post ? obligation.after : EMPTY_AFTER);
}

/** The environment a contract is evaluated in, for a call with these inputs and (for `ensures`) this output and
 *  these after-values. An unnamed return is bound as `result`, which `returns e` compares against. */
export function contractEnv(
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  output: Value | undefined,
  after: ReadonlyMap<string, Value>,
): SpecEnv {
  const values = new Map<string, Value>();
  let mutables: Map<string, { readonly old: Value; readonly final: Value }> | undefined;
  let complete = true;
  for (const param of fn.params) {
    const entry = inputs.get(param.name);
    if (entry === undefined) {
      complete = false;
      continue;
    }
    if (param.passing === 'mut') (mutables ??= new Map()).set(param.name, { old: entry, final: after.get(param.name) ?? entry });
    else values.set(param.name, entry);
  }
  const returnName = fn.returnName ?? UNNAMED_RETURN_NAME;
  // `result` names the return only when no parameter does (an unnamed return is reachable only through `returns`).
  const bindsOutput = output !== undefined && (fn.returnName !== undefined || !values.has(returnName));
  if (bindsOutput) values.set(returnName, output);
  const types = complete ? contractTypes(fn, bindsOutput) : typesOf(fn, inputs, bindsOutput);
  return { values, mutables: mutables ?? NO_MUTABLES, types };
}

const NO_MUTABLES: ReadonlyMap<string, { readonly old: Value; readonly final: Value }> = new Map();

/** The declared types of a contract's names when every parameter is bound: the same for each of its obligations,
 *  so made once per contract (with and without the return). */
const typesByContract = new WeakMap<FunctionContract, { withOutput?: ReadonlyMap<string, Type>; without?: ReadonlyMap<string, Type> }>();

function contractTypes(fn: FunctionContract, bindsOutput: boolean): ReadonlyMap<string, Type> {
  let known = typesByContract.get(fn);
  if (known === undefined) {
    known = {};
    typesByContract.set(fn, known);
  }
  const cached = bindsOutput ? known.withOutput : known.without;
  if (cached !== undefined) return cached;
  const types = typesOf(fn, undefined, bindsOutput);
  if (bindsOutput) known.withOutput = types;
  else known.without = types;
  return types;
}

/** The types of the bound parameters (all of them when `inputs` is undefined) and of the return when bound. */
function typesOf(fn: FunctionContract, inputs: ReadonlyMap<string, Value> | undefined, bindsOutput: boolean): ReadonlyMap<string, Type> {
  const types = new Map<string, Type>();
  for (const param of fn.params) if (inputs === undefined || inputs.has(param.name)) types.set(param.name, param.type);
  if (bindsOutput && fn.returnType !== undefined) types.set(fn.returnName ?? UNNAMED_RETURN_NAME, fn.returnType);
  return types;
}

const EMPTY_AFTER: ReadonlyMap<string, Value> = new Map();

/** Whether a solver may re-decide this result: the evaluator gave up only because a quantifier's domain has no
 *  bound it could enumerate. Other indeterminate verdicts (an index out of range, `/ 0`, the step budget) are
 *  about the values, and a solver would not see more. */
export function solverMayDecide(result: ObligationResult): boolean {
  return result.verdict.kind === 'indeterminate' && result.verdict.reason.startsWith(UNBOUNDED_QUANTIFIER);
}

const UNBOUNDED_QUANTIFIER = 'unbounded quantifier';

/** Each clause of the obligation's contract decided on its own, in order (for a solver to take up the undecided
 *  ones). A clause that needs a `matches` binding from an earlier clause is undecided here. */
export function decideClausesApart(model: FileModel, obligation: Obligation, options: DecideOptions): ObligationResult[] {
  const fn = obligation.fn;
  const ctx = createSpecContext(model.scope, decideOptionsOf(options));
  enterFunction(ctx, fn);
  const env = obligationEnv(obligation);
  return contractClauses(obligation).map((clause) => {
    const result = evaluateClauses(ctx, [clause.clause], env);
    return { verdict: result.verdict, failingClause: undefined, recursionDepth: result.recursionDepth };
  });
}

/** The clauses an obligation asks about: the `requires` for `pre`, the `ensures` for `post`. */
export function contractClauses(obligation: Obligation): readonly ClauseModel[] {
  return obligation.kind === 'pre' ? obligation.fn.requires : obligation.fn.ensures;
}

/** The `pre` obligation on one input (pair generation asks the same question the scores do). */
export function requiresObligation(fn: FunctionContract, inputs: ReadonlyMap<string, Value>, id: string): Obligation {
  return { id, fn, kind: 'pre', inputs, output: undefined, after: EMPTY_AFTER };
}
