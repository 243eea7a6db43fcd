// `--jobs N`: a command's per-file work spread over worker threads. Each worker takes one file at a time and
// answers what the command computes for it on this thread; answers are handed on in file order, so the output is
// byte for byte that of one job. A file whose worker died or threw is done again on this thread, so the pool
// never changes an answer, only where it is computed.

import { availableParallelism } from 'node:os';
import { Worker, resourceLimits } from 'node:worker_threads';
import type { CliIo } from './io';

export interface FilePool {
  /** The script a worker runs: the bundled CLI, whose main module starts `runFilePoolWorker` in a pool worker. */
  readonly script: string;
  readonly workers: number;
}

/** What a pool worker is started with (its `workerData`). */
export const FILE_POOL_ROLE = 'spec-harness file pool';

/** `--jobs N`'s usage line, shared by the commands that take it. */
export const JOBS_USAGE =
  "--jobs N: files worked on at once, each on a thread of its own (default: the machine's cores, at most the\n          file count); the output is the same for any N.\n";

/** `--jobs`: undefined for the default, a count from 1 to MAX_JOBS, or the mistake. */
export function parseJobs(text: string | undefined): number | undefined | { readonly mistake: string } {
  if (text === undefined) return undefined;
  const jobs = Number(text);
  return /^\d+$/.test(text) && jobs >= 1 && jobs <= MAX_JOBS
    ? jobs
    : { mistake: `--jobs must be an integer from 1 to ${MAX_JOBS} (got '${text}')` };
}

/** The pool for `--jobs` (undefined: the machine's cores) over `files` files; undefined when one thread does it all
 *  or this CLI cannot start workers (run from source, or inside a test's process: `CliIo.workerScript`). */
export function filePool(io: Pick<CliIo, 'workerScript'>, jobs: number | undefined, files: number): FilePool | undefined {
  const workers = Math.min(jobs ?? availableParallelism(), files);
  return io.workerScript === undefined || workers < 2 ? undefined : { script: io.workerScript, workers };
}

const MAX_JOBS = 256;

/** How a command does one file: here (`inProcess`) or on a worker, which is sent `message` (plain data, see
 *  pool-worker.ts) and runs the same computation. */
export interface FileWork<A> {
  readonly inProcess: (index: number) => Promise<A>;
  readonly message: (index: number) => unknown;
  /** How big the file is (its length): workers take the biggest first, so a slow file does not start last and
   *  hold up the end of the run alone. */
  readonly size: (index: number) => number;
}

/** Does files `0..count-1`, on `pool`'s workers when there is a pool and more than one file, and calls `onAnswer`
 *  with each answer in file order, as soon as the answers before it are in. `onAnswer` returning false stops the
 *  run (a failure that ends the command): no answer after it is handed on, and no file not yet started starts. */
export async function forEachFile<A>(
  pool: FilePool | undefined,
  count: number,
  work: FileWork<A>,
  onAnswer: (answer: A, index: number) => boolean,
): Promise<void> {
  if (pool === undefined || pool.workers < 2 || count < 2) {
    for (let index = 0; index < count; index += 1) if (!onAnswer(await work.inProcess(index), index)) return;
    return;
  }
  const order = biggestFirst(count, work.size);
  const next = { position: 0 };
  const run = { stopped: false };
  const inOrder = orderedDelivery<A>((answer, index) => {
    if (run.stopped || onAnswer(answer, index)) return;
    run.stopped = true;
    next.position = count;
  });
  const threads = Array.from({ length: Math.min(pool.workers, count) }, () => startWorker(pool.script));
  try {
    await Promise.all(threads.map((thread) => drain(thread, order, next, work, inOrder)));
  } finally {
    // Idle by now (every file answered or taken back), so ending them interrupts no native call.
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}

interface PoolThread {
  readonly worker: Worker;
  /** Settles with the next message, or with undefined when the worker errs or exits. */
  readonly ask: (message: unknown) => Promise<unknown>;
}

/** Hands files to one worker until none is left. An answer the worker could not give (it threw or died) is
 *  computed here instead; a dead worker takes no further file. */
async function drain<A>(
  thread: PoolThread,
  order: readonly number[],
  next: { position: number },
  work: FileWork<A>,
  deliver: (answer: A, index: number) => void,
): Promise<void> {
  let alive = true;
  while (next.position < order.length) {
    const index = order[next.position] as number;
    next.position += 1;
    const reply = alive ? await thread.ask({ index, job: work.message(index) }) : undefined;
    if (isAnswer<A>(reply, index)) {
      deliver(reply.answer, index);
      continue;
    }
    if (reply === undefined) alive = false;
    deliver(await work.inProcess(index), index);
  }
}

function startWorker(script: string): PoolThread {
  // The same stack as this thread: the evaluator's recursion limits (chosen from it) hold in the worker too.
  const stackSizeMb = resourceLimits.stackSizeMb;
  const worker = new Worker(script, {
    workerData: FILE_POOL_ROLE,
    ...(stackSizeMb === undefined ? {} : { resourceLimits: { stackSizeMb } }),
  });
  // An idle worker does not keep this thread alive: when this thread's own work drains (a file done here after a
  // worker was lost, whose reply never comes), the CLI's rule for a drained run applies, not a silent hang.
  worker.unref();
  return {
    worker,
    ask: (message) =>
      new Promise((resolve) => {
        const settle = (value: unknown): void => {
          worker.off('message', settle);
          worker.off('error', lost);
          worker.off('exit', lost);
          worker.unref();
          resolve(value);
        };
        const lost = (): void => settle(undefined);
        worker.on('message', settle);
        worker.on('error', lost);
        worker.on('exit', lost);
        worker.ref();
        worker.postMessage(message);
      }),
  };
}

/** A worker's reply for `index`: `{ index, answer }`; a `{ index, crash }` reply (it threw) is not one. */
function isAnswer<A>(reply: unknown, index: number): reply is { readonly index: number; readonly answer: A } {
  return typeof reply === 'object' && reply !== null && 'answer' in reply && (reply as { index?: unknown }).index === index;
}

/** The files' indices, biggest first (ties in file order). */
function biggestFirst(count: number, size: (index: number) => number): number[] {
  const sizes = Array.from({ length: count }, (_, index) => size(index));
  return sizes.map((_, index) => index).sort((a, b) => (sizes[b] as number) - (sizes[a] as number) || a - b);
}

/** Calls `deliver` in index order whatever order answers arrive in. */
function orderedDelivery<A>(deliver: (answer: A, index: number) => void): (answer: A, index: number) => void {
  const waiting = new Map<number, A>();
  let nextIndex = 0;
  return (answer, index) => {
    waiting.set(index, answer);
    while (waiting.has(nextIndex)) {
      const ready = waiting.get(nextIndex) as A;
      waiting.delete(nextIndex);
      deliver(ready, nextIndex);
      nextIndex += 1;
    }
  };
}
