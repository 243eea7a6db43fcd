// Evaluates a function's `requires` (to steer generation) or `ensures` (for oracle tests) on concrete values
// with the spec evaluator. `&mut` parameters are bound as `old(x)` = entry value and `x`/`final(x)` = after value.

import type { ClauseModel, FunctionContract, ModelScope } from '../../model';
import type { Value } from '../../eval';
import { createSpecContext, enterFunction, evaluateClauses } from '../../eval';
import type { SpecContext, StackAllowance } from '../../eval';
import { contractEnv } from '../score/decide';
import type { Verdict } from '../score/verdict';

export function requiresVerdict(
  scope: ModelScope,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  stepBudget: number,
  stackAllowance?: StackAllowance,
): Verdict {
  return requiresOutcome(scope, fn, inputs, stepBudget, stackAllowance).verdict;
}

/** requiresVerdict with the index of the first false clause when it fails (which clause keeps inputs out). */
export function requiresOutcome(
  scope: ModelScope,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  stepBudget: number,
  stackAllowance?: StackAllowance,
): { readonly verdict: Verdict; readonly failingClause: number | undefined } {
  return clausesOutcome(scope, fn, fn.requires, inputs, stepBudget, stackAllowance);
}

/** The `requires` without clause `skip`: whether an input that clause `skip` rejects satisfies all the others,
 *  so that the code's behaviour on it speaks about that one clause. */
export function requiresVerdictWithout(
  scope: ModelScope,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  skip: number,
  stepBudget: number,
  stackAllowance?: StackAllowance,
): Verdict {
  const others = fn.requires.filter((_, index) => index !== skip);
  return clausesOutcome(scope, fn, others, inputs, stepBudget, stackAllowance).verdict;
}

/** Clause `index` of the `requires` alone (which clause leaves an input undecided, and why). */
export function requiresClauseVerdict(
  scope: ModelScope,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  index: number,
  stepBudget: number,
): Verdict {
  return clausesOutcome(scope, fn, fn.requires.slice(index, index + 1), inputs, stepBudget, undefined).verdict;
}

/** Some of the `requires` clauses on the inputs (none: they hold). */
function clausesOutcome(
  scope: ModelScope,
  fn: FunctionContract,
  clauses: readonly ClauseModel[],
  inputs: ReadonlyMap<string, Value>,
  stepBudget: number,
  stackAllowance: StackAllowance | undefined,
): { readonly verdict: Verdict; readonly failingClause: number | undefined } {
  if (clauses.length === 0) return { verdict: { kind: 'holds' }, failingClause: undefined };
  const ctx = contractContext(scope, fn, stepBudget, stackAllowance);
  return evaluateClauses(
    ctx,
    clauses.map((c) => c.clause),
    contractEnv(fn, inputs, undefined, inputs),
  );
}

export function ensuresVerdict(
  scope: ModelScope,
  fn: FunctionContract,
  call: { readonly inputs: ReadonlyMap<string, Value>; readonly output: Value | undefined; readonly after: ReadonlyMap<string, Value> },
  stepBudget: number,
  stackAllowance?: StackAllowance,
): Verdict {
  if (fn.ensures.length === 0) return { kind: 'holds' };
  const ctx = contractContext(scope, fn, stepBudget, stackAllowance);
  return evaluateClauses(
    ctx,
    fn.ensures.map((c) => c.clause),
    contractEnv(fn, call.inputs, call.output, call.after),
  ).verdict;
}

/** The contract is evaluated in its function's module and impl, at the types its generic parameters are measured at
 *  (`C::BASE_PAGE_SIZE()` is the chosen impl's), with the host's stack allowance. */
function contractContext(
  scope: ModelScope,
  fn: FunctionContract,
  stepBudget: number,
  stackAllowance: StackAllowance | undefined,
): SpecContext {
  const ctx = createSpecContext(scope, { stepBudget, stackAllowance: stackAllowance ?? 'default' });
  enterFunction(ctx, fn);
  return ctx;
}
