// The solver budget the tests use: generous, so that what they assert does not depend on how loaded the machine is
// (the shipped defaults, Z3_DEFAULTS, are tighter; the time-limit test sets its own per-query limit).
export const TEST_BUDGET = { timeLimitMs: 10_000, maxQueries: 1_000, maxTotalMs: 120_000 } as const;
