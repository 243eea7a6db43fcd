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
// - User spec fn calls nest at most `maxRecursionDepth` (default 2,000) deep, and at most `maxStackUnits` of
//   body nesting in total (default 1,200): Node's stack bounds recursion, and the bound must be deterministic.
// - Callers set `ctx.selfTypeName` and `ctx.modulePath` to the contract's impl and module before evaluating it.

export type { EvalResult, SpecContext, SpecContextOptions, SpecEnv } from './context';
export { createSpecContext, DEFAULT_MAX_RECURSION_DEPTH, DEFAULT_MAX_STACK_UNITS, DEFAULT_STEP_BUDGET, EMPTY_SPEC_ENV } from './context';
export type { ClausesOutcome, ClausesVerdict } from './entry';
export { evaluateClauses, evaluateExpr } from './entry';
