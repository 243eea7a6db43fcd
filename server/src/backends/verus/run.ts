// Running verus (and any child process of this backend) through execa, which enforces the time limit and the
// cancellation signal; spawned in its own process group so that stopping a run kills the whole tree, with a bounded
// number of runs at once. The only spawning code here.

import { VerusBackendError } from './errors';

export interface ProcessOptions {
  readonly signal: AbortSignal;
  /** Wall-clock limit; the process tree is killed when it passes. */
  readonly timeLimitMs: number;
  readonly cwd: string | undefined;
}

export interface ProcessResult {
  readonly stdout: string;
  readonly stderr: string;
  /** Undefined when the process was killed. */
  readonly exitCode: number | undefined;
  readonly outcome: 'exited' | 'time-limit';
}

export interface VerusRunOptions {
  readonly executable: string;
  readonly rlimit: number;
  readonly timeLimitMs: number;
  /** Extra arguments from the user's settings, appended after ours. */
  readonly extraArgs: readonly string[];
}

/** The documented command line for one stub file. */
export function verusArgs(stubPath: string, options: Pick<VerusRunOptions, 'rlimit' | 'extraArgs'>): string[] {
  return [
    stubPath,
    '--crate-type=lib',
    '--error-format=json',
    '--output-json',
    '--multiple-errors',
    '0',
    '--rlimit',
    String(options.rlimit),
    ...options.extraArgs,
  ];
}

/** Runs verus on one stub file. Rejects with the signal's reason when aborted (after killing the tree), and with
 *  a VerusBackendError when the executable cannot be started. */
export async function runVerusOnStub(stubPath: string, options: VerusRunOptions, signal: AbortSignal): Promise<ProcessResult> {
  return runProcess(options.executable, verusArgs(stubPath, options), { signal, timeLimitMs: options.timeLimitMs, cwd: undefined });
}

export async function runProcess(executable: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> {
  options.signal.throwIfAborted();
  // execa is ESM-only; the dynamic import keeps this CommonJS module loadable.
  const { execa } = await import('execa');
  // execa stops the process it started at the time limit or on cancellation (SIGTERM, then SIGKILL after a grace
  // period). Verus's own children (rustc, z3) would outlive it and keep its output pipes open, so that execa would
  // wait for them: it runs in its own process group, which is killed as soon as the process dies of a signal.
  const detached = process.platform !== 'win32';
  const child = execa(executable, [...args], {
    cwd: options.cwd,
    detached,
    reject: false,
    stdin: 'ignore',
    stripFinalNewline: false,
    timeout: options.timeLimitMs,
    cancelSignal: options.signal,
    forceKillAfterDelay: FORCE_KILL_AFTER_MS,
    // Has no effect on a detached process (execa's cleanup skips those); killGroupOnExit covers it.
    cleanup: !detached,
  });
  const removeExitHook = detached ? killGroupOnExit(child.pid) : undefined;
  if (detached)
    child.once('exit', (_code, signal) => {
      if (signal !== null) killGroup(child.pid);
    });
  try {
    const result = await child;
    options.signal.throwIfAborted();
    const spawnError = (result as { readonly code?: unknown }).code;
    if (result.exitCode === undefined && !result.timedOut && typeof spawnError === 'string') {
      throw new VerusBackendError('spawn-failed', `could not start ${executable}: ${spawnError} (${result.shortMessage})`, [
        [executable, ...args].join(' '),
      ]);
    }
    return {
      stdout: String(result.stdout ?? ''),
      stderr: String(result.stderr ?? ''),
      exitCode: result.exitCode,
      outcome: result.timedOut ? 'time-limit' : 'exited',
    };
  } finally {
    removeExitHook?.();
  }
}

/** How long a stopped process gets between SIGTERM and SIGKILL. */
const FORCE_KILL_AFTER_MS = 2_000;

/** Kills a detached run's whole process group, e.g. the rustc and z3 a stopped verus leaves behind. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** While a detached run is in progress, the server or CLI exiting kills its process group. Returns the remover. */
function killGroupOnExit(pid: number | undefined): () => void {
  const onExit = (): void => killGroup(pid);
  process.once('exit', onExit);
  return () => process.removeListener('exit', onExit);
}

/** At most `maxConcurrent` tasks at once; later ones wait their turn in order. */
export function createRunLimiter(maxConcurrent: number): <T>(task: () => Promise<T>) => Promise<T> {
  const limit = Math.max(1, maxConcurrent);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
