// The solver budget the tests use: the shipped defaults (Z3's resource limit makes answers independent of the
// machine's load), with the wall-clock safety net far out of reach so that a loaded machine never trips it.
import { Z3_DEFAULTS } from '../../server/src/backends/z3';

export const TEST_BUDGET = { ...Z3_DEFAULTS, timeLimitMs: 600_000 } as const;
