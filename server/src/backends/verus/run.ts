// Running verus (and any child process of this backend): spawned detached so a time limit or cancellation kills
// the whole process tree by process group, with a bounded number of runs at once. The only spawning code here.

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
  const child = execa(executable, [...args], {
    cwd: options.cwd,
    detached: process.platform !== 'win32',
    reject: false,
    stdin: 'ignore',
    stripFinalNewline: false,
    cleanup: true,
  });
  let timedOut = false;
  const killTree = (): void => {
    if (child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill('SIGKILL');
      else process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };
  const onAbort = (): void => killTree();
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    killTree();
  }, options.timeLimitMs);
  try {
    const result = await child;
    options.signal.throwIfAborted();
    const spawnError = (result as { readonly code?: unknown }).code;
    if (result.exitCode === undefined && !timedOut && typeof spawnError === 'string') {
      throw new VerusBackendError('spawn-failed', `could not start ${executable}: ${spawnError} (${result.shortMessage})`, [
        [executable, ...args].join(' '),
      ]);
    }
    return {
      stdout: String(result.stdout ?? ''),
      stderr: String(result.stderr ?? ''),
      exitCode: result.exitCode,
      outcome: timedOut ? 'time-limit' : 'exited',
    };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
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
