// The Backend interface: how the harness asks "does pre(i) hold?" / "does post(i, o) hold?" on concrete values.
// `backends/` implements it (embedded evaluator, the verus process); the harness never knows which it has.

import type { InternalError } from './internal-errors';
import type { Value } from '../eval';
import type { FileModel, FunctionContract } from '../model';
import type { Verdict } from './score/verdict';

export interface Obligation {
  /** Stable and unique within one run, e.g. `max_of/post/pair2/mutant5`. */
  readonly id: string;
  readonly fn: FunctionContract;
  readonly kind: 'pre' | 'post';
  /** Parameter values at entry, by parameter name (`self` for receivers). */
  readonly inputs: ReadonlyMap<string, Value>;
  /** For `post`: the return value checked (the correct output or a mutant); undefined for `()` returns. */
  readonly output: Value | undefined;
  /** For `post`: final values of `&mut` parameters. */
  readonly after: ReadonlyMap<string, Value>;
}

export interface ObligationResult {
  readonly verdict: Verdict;
  /** For `fails`: the index of the first clause that is false (in `requires` or `ensures` order). */
  readonly failingClause: number | undefined;
  /** Deepest user spec fn recursion seen while deciding (sizes `reveal_with_fuel` in Verus stubs). */
  readonly recursionDepth: number;
  /** Set when a solver reached this verdict after the evaluator could not (a "solver verdict"). */
  readonly decidedBy?: 'solver';
  /** Set when a bug was met deciding it (the solver's boundary): its function is then reported as not scored. */
  readonly internalError?: InternalError;
}

export interface Backend {
  readonly name: 'embedded' | 'verus';
  /** Decides each obligation; the result array is parallel to `obligations`. Rejects only on environment
   *  failures (e.g. the verus binary is missing), never because of what the user wrote. */
  check(model: FileModel, obligations: readonly Obligation[], signal: AbortSignal): Promise<readonly ObligationResult[]>;
}

/** A solver for what the evaluator leaves indeterminate because a quantifier is unbounded (`backends/z3`
 *  implements it). One object is one run: it owns that run's budget of queries and time. */
export interface Solver {
  readonly name: 'z3';
  /** `results` (the evaluator's, parallel to `obligations`) with the ones `solverMayDecide` admits re-decided;
   *  every other result is returned as it was. Rejects only when the solver cannot be loaded. */
  decide(
    model: FileModel,
    obligations: readonly Obligation[],
    results: readonly ObligationResult[],
    signal: AbortSignal,
  ): Promise<ObligationResult[]>;
  /** Up to `wanted` distinct inputs that satisfy `fn`'s requires, found as models over symbolic inputs; the same
   *  for the same seed. Empty when the requires or a parameter type has no translation. */
  findInputs(
    model: FileModel,
    fn: FunctionContract,
    wanted: number,
    seed: number,
    signal: AbortSignal,
  ): Promise<ReadonlyMap<string, Value>[]>;
}
