// The Backend interface: how the harness asks "does pre(i) hold?" / "does post(i, o) hold?" on concrete values.
// `backends/` implements it (embedded evaluator, the verus process); the harness never knows which it has.

import type { Value } from '../eval';
import type { FileModel, FunctionContract } from '../model';
import type { Verdict } from './verdict';

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
}

export interface Backend {
  readonly name: 'embedded' | 'verus';
  /** Decides each obligation; the result array is parallel to `obligations`. Rejects only on environment
   *  failures (e.g. the verus binary is missing), never because of what the user wrote. */
  check(model: FileModel, obligations: readonly Obligation[], signal: AbortSignal): Promise<readonly ObligationResult[]>;
}
