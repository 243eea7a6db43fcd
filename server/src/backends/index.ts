// Backend construction by kind, for the CLI and the language server: `embedded` (always available) and `verus`
// (needs a verus binary). Environment problems are returned as errors, for the caller to report (CLI exit 2).

import type { Backend, Solver } from '../harness';
import { createZ3Solver, Z3_DEFAULTS } from './z3';
import type { StackAllowance } from '../eval';
import { createEmbeddedBackend } from './embedded';
import { VERUS_DEFAULTS, createVerusBackend } from './verus';
import type { VerusRunEvent } from './verus';

export { createEmbeddedBackend } from './embedded';
export type { EmbeddedBackend, EmbeddedBackendOptions } from './embedded';
export { batchObligations, DEFAULT_PROBES_PER_FILE, gradeVerusRun, stubFile, verifyFile, VERUS_DEFAULTS } from './verus';
export type { VerifyError, VerifyErrorKind, VerifyOptions, VerifyResult } from './verus';

export { createZ3Solver, Z3_DEFAULTS, z3Loaded } from './z3';
export type { Z3RunStats, Z3Solver } from './z3';

export type BackendKind = 'embedded' | 'verus';

/** `z3` (default): decide what the evaluator leaves indeterminate for an unbounded quantifier; `none`: do not. */
export type SolverKind = 'z3' | 'none';

export const SOLVER_KINDS: readonly SolverKind[] = ['z3', 'none'];

export interface SolverOptions {
  readonly stepBudget: number;
  readonly stackAllowance?: StackAllowance;
  /** Per query, the wall-clock safety net against a hang; Z3_DEFAULTS.timeLimitMs when absent. */
  readonly timeLimitMs?: number;
  /** Per query, Z3 resource units (what bounds a query, deterministically); Z3_DEFAULTS.rlimit when absent. */
  readonly rlimit?: number;
}

/** A solver for one run (its own budget), or undefined for `none`. Nothing is loaded until the first query. */
export function createSolver(kind: SolverKind, options: SolverOptions): Solver | undefined {
  if (kind === 'none') return undefined;
  return createZ3Solver({
    ...Z3_DEFAULTS,
    timeLimitMs: options.timeLimitMs ?? Z3_DEFAULTS.timeLimitMs,
    rlimit: options.rlimit ?? Z3_DEFAULTS.rlimit,
    stepBudget: options.stepBudget,
    stackAllowance: options.stackAllowance ?? 'default',
    now: () => performance.now(),
  });
}

export interface BackendOptions {
  /** Evaluation steps per obligation (embedded, and the evaluator pass that sizes Verus fuel). */
  readonly stepBudget: number;
  /** The JS stack the host gives the embedded evaluator; `default` when absent. */
  readonly stackAllowance?: StackAllowance;
  /** Only for `verus`: where and how to run it. The front end reads the environment and passes it in. */
  readonly verus?: VerusEnvironment;
}

export interface VerusEnvironment {
  /** Workspace trust (the CLI is always trusted: the user ran it). */
  readonly trusted: boolean;
  /** An explicit verus executable; undefined searches `searchPath`. */
  readonly verusPath: string | undefined;
  /** PATH as the front end read it. */
  readonly searchPath: string | undefined;
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  readonly timeLimitMs?: number;
  /** Extra verus arguments (settings `specHarness.verus.extraArgs`, CLI `--verus-arg`), appended after ours. */
  readonly extraArgs?: readonly string[];
  readonly onRunEvent?: (event: VerusRunEvent) => void;
}

export type CreatedBackend = { readonly ok: true; readonly backend: Backend } | { readonly ok: false; readonly error: string };

export function createBackend(kind: BackendKind, options: BackendOptions): CreatedBackend {
  switch (kind) {
    case 'embedded':
      return { ok: true, backend: createEmbeddedBackend({ stepBudget: options.stepBudget, stackAllowance: options.stackAllowance }) };
    case 'verus': {
      const env = options.verus;
      if (env === undefined) return { ok: false, error: 'the verus backend needs its environment (verus path, PATH, cwd)' };
      const backend = createVerusBackend({
        trusted: env.trusted,
        verusPath: env.verusPath,
        searchPath: env.searchPath,
        cwd: env.cwd,
        platform: env.platform,
        rlimit: VERUS_DEFAULTS.rlimit,
        timeLimitMs: env.timeLimitMs ?? VERUS_DEFAULTS.timeLimitMs,
        extraArgs: env.extraArgs ?? [],
        probesPerFile: VERUS_DEFAULTS.probesPerFile,
        maxConcurrentRuns: VERUS_DEFAULTS.maxConcurrentRuns,
        defaultFuel: VERUS_DEFAULTS.defaultFuel,
        embedded: createEmbeddedBackend({ stepBudget: options.stepBudget, stackAllowance: options.stackAllowance }),
        onRunEvent: env.onRunEvent ?? (() => undefined),
      });
      return { ok: true, backend };
    }
    default:
      return { ok: false, error: `unknown backend '${String(kind)}'` };
  }
}
