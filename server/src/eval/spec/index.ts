// The three-valued spec evaluator: decides Verus spec expressions on concrete values as true, false,
// indeterminate (with a reason) or unsupported (with the construct), as verus-semantics.md sections 1, 2, 7 say.

export type { EvalResult, SpecContext, SpecContextOptions, SpecEnv } from './context';
export { createSpecContext, DEFAULT_MAX_RECURSION_DEPTH, DEFAULT_STEP_BUDGET, EMPTY_SPEC_ENV } from './context';
export type { ClausesOutcome } from './entry';
export { evaluateClauses, evaluateExpr } from './entry';
