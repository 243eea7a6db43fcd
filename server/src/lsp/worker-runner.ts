// Runs scoring and generation jobs one at a time in one long-lived worker thread, off the request thread. A job is
// keyed (e.g. `score:<uri>`); cancelling a key drops its queued job and cancels a running one cooperatively: the
// run's id goes into a shared flag the worker's evaluator polls, the job is answered as cancelled at once, and the
// next job is posted when the worker answers the cancelled one (soon: the evaluator stops within a few thousand
// steps). No worker is terminated while it runs: stopping a thread inside tree-sitter's native parse aborts the
// whole process ("terminate called after throwing an instance of 'Napi::Error'").

import type { Worker } from 'node:worker_threads';
import type { WorkerMessage, WorkerRequest } from './worker-protocol';

export type JobOutcome<T> =
  { readonly kind: 'done'; readonly value: T } | { readonly kind: 'cancelled' } | { readonly kind: 'failed'; readonly error: string };

/** How long shutdown waits for the worker to answer its current job before stopping it anyway. */
const SHUTDOWN_WAIT_MS = 15_000;

/** Owns the worker, its cancellation flag and the queue: at most one job in the worker, one queued job per key. */
export class WorkerRunner {
  private worker: Worker | null = null;
  /** The worker's current job; `settled` once it was answered as cancelled while the worker still finishes it. */
  private running: RunningJob | null = null;
  private readonly queue: QueuedJob[] = [];
  private readonly cancelFlag = new SharedArrayBuffer(4);
  private nextId = 1;
  private stopped = false;

  /** `createWorker` gets the shared flag to hand the worker (workerData). */
  constructor(private readonly createWorker: (cancelFlag: SharedArrayBuffer) => Worker) {}

  /** Starts the worker ahead of its first job: its bundle loads and warms up while the client is still starting. */
  start(): void {
    if (!this.stopped) this.ensureWorker();
  }

  /** `onProgress` gets the job's progress messages (a long score run's partial results) until it is settled. */
  run<T, P = never>(key: string, request: WorkerRequest, onProgress?: (progress: P) => void): Promise<JobOutcome<T>> {
    this.cancel(key);
    if (this.stopped) return Promise.resolve({ kind: 'cancelled' });
    return new Promise<JobOutcome<T>>((resolve) => {
      this.queue.push({
        key,
        request,
        settle: resolve as (outcome: JobOutcome<unknown>) => void,
        onProgress: onProgress as ((progress: unknown) => void) | undefined,
      });
      this.pump();
    });
  }

  /** Drops the queued job for `key` and cancels the running one, resolving both as cancelled. */
  cancel(key: string): void {
    for (let idx = this.queue.length - 1; idx >= 0; idx--) {
      const job = this.queue[idx];
      if (job !== undefined && job.key === key) {
        this.queue.splice(idx, 1);
        job.settle({ kind: 'cancelled' });
      }
    }
    const running = this.running;
    if (running !== null && running.key === key && !running.settled) this.cancelRunning(running);
  }

  isBusy(key: string): boolean {
    return (this.running?.key === key && !this.running.settled) || this.queue.some((job) => job.key === key);
  }

  /** Stops for shutdown: queued jobs are cancelled, a running one is cancelled and answered first (at most
   *  `maxWaitMs`: a parse cannot be interrupted), then the worker is terminated while idle. */
  async dispose(maxWaitMs = SHUTDOWN_WAIT_MS): Promise<void> {
    this.stopped = true;
    for (const job of this.queue.splice(0)) job.settle({ kind: 'cancelled' });
    const worker = this.worker;
    if (worker === null) return;
    const running = this.running;
    if (running !== null) {
      if (!running.settled) this.cancelRunning(running);
      // A progress message is not the answer: the worker is still inside the run.
      const answered = new Promise<void>((resolve) => {
        const onMessage = (message: WorkerMessage): void => {
          if ('progress' in message) return;
          worker.off('message', onMessage);
          resolve();
        };
        worker.on('message', onMessage);
        worker.once('exit', () => resolve());
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([answered, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
      clearTimeout(timer);
    }
    this.worker = null;
    await worker.terminate();
  }

  private cancelRunning(running: RunningJob): void {
    const flag = new Int32Array(this.cancelFlag);
    Atomics.store(flag, 0, running.id);
    Atomics.notify(flag, 0);
    running.settled = true;
    running.settle({ kind: 'cancelled' });
  }

  private pump(): void {
    if (this.running !== null || this.stopped) return;
    const job = this.queue.shift();
    if (job === undefined) return;
    const id = this.nextId++;
    this.running = { ...job, id, settled: false };
    this.ensureWorker().postMessage({ id, request: job.request });
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = this.createWorker(this.cancelFlag);
    worker.on('message', (message: WorkerMessage) => this.onMessage(message));
    worker.on('error', (error: Error) => this.onCrash(worker, error.stack ?? error.message));
    worker.on('exit', (code: number) => this.onCrash(worker, `score worker exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private onMessage(message: WorkerMessage): void {
    const running = this.running;
    if (running === null || running.id !== message.id) return;
    if ('progress' in message) {
      if (!running.settled) running.onProgress?.(message.progress);
      return;
    }
    this.running = null;
    if (!running.settled) running.settle(message.ok ? { kind: 'done', value: message.value } : { kind: 'failed', error: message.error });
    this.pump();
  }

  /** A worker that dies on its own (a bug, out of memory) fails its job; the next job gets a fresh worker. */
  private onCrash(worker: Worker, error: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const running = this.running;
    this.running = null;
    if (running !== null && !running.settled) running.settle({ kind: 'failed', error });
    this.pump();
  }
}

interface QueuedJob {
  readonly key: string;
  readonly request: WorkerRequest;
  readonly settle: (outcome: JobOutcome<unknown>) => void;
  readonly onProgress: ((progress: unknown) => void) | undefined;
}

interface RunningJob extends QueuedJob {
  readonly id: number;
  settled: boolean;
}
