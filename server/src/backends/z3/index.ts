// The Z3 solver backend (z3-solver, Z3's WASM build): decides what the evaluator leaves indeterminate because a
// quantifier is unbounded, and finds inputs inside a strong `requires`. Loaded lazily, once per process.

export { createZ3Solver, Z3_DEFAULTS } from './z3-solver';
export type { Z3Options, Z3RunStats, Z3Solver } from './z3-solver';
export { clearQueryCache, loadZ3, runQuery, simulateZ3AbortForTests, z3HeapStats, z3Loaded } from './z3-session';
export type { QueryAnswer, QueryLimits, QueryOutcome } from './z3-session';
