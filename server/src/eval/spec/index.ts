// The three-valued spec evaluator: decides Verus spec expressions on concrete values as true, false,
// indeterminate (with a reason) or unsupported (with the construct), as verus-semantics.md sections 1, 2, 7 say.
//
// Decisions beyond the semantics document (each has a test in test/eval/):
// - `choose` (and `Seq::index_of`, `Set::choose`) is arbitrary among witnesses, so it is defined only when exactly
//   one witness exists; several witnesses or none give "indeterminate".
// - `Seq::update` out of range is indeterminate (older Verus leaves it unspecified; newer makes it a no-op).
// - `Set::new(f)` returns the set itself (pre-2026-06 signature) when `f`'s domain is enumerable; `Map::new`
//   accepts both the old (key predicate) and the new (domain set) first argument.
// - In evaluateClauses, when no clause is false, an unsupported clause outranks an indeterminate one (it says the
//   evaluator lacks something, which another backend may supply).
// - User spec fn calls nest at most `maxRecursionDepth` deep, and at most `maxStackUnits` of body nesting in
//   total: Node's stack bounds recursion, and the bound must be deterministic. Both come from the host's
//   `stackAllowance` (RECURSION_LIMITS: 2,000 / 1,200 by default; 100,000 / 300,000 in a 256 MB-stack worker).
// - Callers point the context at the contract (`enterFunction`: its impl, module and generic instantiation)
//   before evaluating it.

export type { EvalResult, InternalErrors, RecursionLimits, SpecContext, SpecContextOptions, SpecEnv, StackAllowance } from './spec-context';
export {
  createSpecContext,
  DEFAULT_MAX_RECURSION_DEPTH,
  DEFAULT_MAX_STACK_UNITS,
  DEFAULT_STEP_BUDGET,
  EMPTY_SPEC_ENV,
  LARGE_STACK_SIZE_MB,
  internalErrorsFrom,
  RECURSION_LIMITS,
  stackAllowanceFor,
} from './spec-context';
export type { ClausesOutcome, ClausesVerdict } from './entry-points';
export { enterFunction, evaluateClauses, evaluateExpr } from './entry-points';
export {
  BUDGET_EXHAUSTED,
  CHOOSE_NO_WITNESS,
  CHOOSE_SEVERAL_WITNESSES,
  FUNCTION_BUDGET_SPENT,
  isUnboundedQuantifier,
  RECURSION_TOO_DEEP,
  RUN_CANCELLED,
  unboundedQuantifier,
} from './reasons';
export { unfoldCall } from './quantifier-candidates';
export { aliasedIntConstant } from './integers';
export type { UnfoldSite } from './quantifier-candidates';
export { mentions } from './quantifier-candidates';
