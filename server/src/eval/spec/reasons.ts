// The reasons an obligation is indeterminate that other code keys on (the solver backend retries obligations whose
// reason says a quantifier was unbounded). The wording is part of the API: change it only together with its users.

/** The evaluation ran out of its step budget. */
export const BUDGET_EXHAUSTED = 'step budget exhausted';

/** A function's obligations together spent the work budget of one function (harness/score/decide.ts): the rest
 *  of them were not evaluated. Starts with `budget`, the word reports and tests key on. */
export const FUNCTION_BUDGET_SPENT = "budget: the function's evaluation steps are spent";

/** The editor cancelled the run (a newer version of the file arrived); such results are discarded, never shown. */
export const RUN_CANCELLED = 'run cancelled';

/** User spec fn calls nested deeper than the recursion limits allow. */
export const RECURSION_TOO_DEEP = 'recursion too deep';

/** An uninterpreted observation (`observations.ts`) of a value no input or contract pinned. */
export function observationUndetermined(typeName: string, observation: string): string {
  return `\`${typeName}::${observation}\` is uninterpreted and nothing pinned its value here`;
}

/** A `choose` has several witnesses and the enclosing clause's value depends on which one is picked. */
export const CHOOSE_SEVERAL_WITNESSES = 'choose has several witnesses';

/** A bounded `choose` has no witness. */
export const CHOOSE_NO_WITNESS = '`choose` with no witness in range';

const UNBOUNDED_QUANTIFIER_PREFIX = 'unbounded quantifier over ';

/** A `forall`/`exists`/`choose` (or a set comprehension) whose binder has no finite domain the evaluator can
 *  enumerate, and no candidate value decided it. `typeName` is the binder's type as written, without generic
 *  arguments (`int`, `nat`, `i32`, `Seq`); an unannotated binder is `int`. */
export function unboundedQuantifier(typeName: string): string {
  return `${UNBOUNDED_QUANTIFIER_PREFIX}${typeName}`;
}

/** Whether a reason is `unboundedQuantifier(..)`: what a solver can still decide. */
export function isUnboundedQuantifier(reason: string): boolean {
  return reason.startsWith(UNBOUNDED_QUANTIFIER_PREFIX);
}
