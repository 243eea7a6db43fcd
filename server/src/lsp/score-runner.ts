// Runs scoring and generation jobs one at a time in a worker thread, off the request thread. A job is keyed
// (e.g. `score:<uri>`); cancelling a key drops its queued job, and a running one is abandoned: its worker is set aside
// to finish (runs are step-budgeted) and is terminated once idle, while the next job gets a fresh worker at once.
// Terminating a worker in the middle of a run is not safe: tree-sitter's native addon aborts the whole process
// ("terminate called after throwing an instance of 'Napi::Error'") when its thread is stopped inside a parse.

import type { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

export type JobOutcome<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'cancelled' } | { readonly kind: 'failed'; readonly error: string };

/** How long shutdown waits for a run in progress to finish before stopping its worker anyway. */
const SHUTDOWN_WAIT_MS = 15_000;

/** Abandoned workers still finishing a stale run; beyond this many, new jobs wait for one to drain. */
const MAX_DRAINING_WORKERS = 2;

/** Owns the workers and the queue: at most one live job, one queued job per key, a bounded set of draining workers. */
export class ScoreRunner {
  private worker: Worker | null = null;
  private running: RunningJob | null = null;
  private readonly queue: QueuedJob[] = [];
  private readonly draining = new Set<Worker>();
  private nextId = 1;

  constructor(private readonly createWorker: () => Worker) {}

  run<T>(key: string, request: WorkerRequest): Promise<JobOutcome<T>> {
    this.cancel(key);
    return new Promise<JobOutcome<T>>((resolve) => {
      this.queue.push({ key, request, settle: resolve as (outcome: JobOutcome<unknown>) => void });
      this.pump();
    });
  }

  /** Drops the queued job for `key` and stops the running one, resolving both as cancelled. */
  cancel(key: string): void {
    for (let idx = this.queue.length - 1; idx >= 0; idx--) {
      const job = this.queue[idx];
      if (job !== undefined && job.key === key) {
        this.queue.splice(idx, 1);
        job.settle({ kind: 'cancelled' });
      }
    }
    if (this.running !== null && this.running.key === key) {
      const running = this.running;
      this.running = null;
      this.abandonWorker();
      running.settle({ kind: 'cancelled' });
      this.pump();
    }
  }

  isBusy(key: string): boolean {
    return this.running?.key === key || this.queue.some((job) => job.key === key);
  }

  /** Stops everything for shutdown. Queued jobs are cancelled; a running one is abandoned and left to finish, since
   *  terminating a worker inside a parse aborts the whole process (a crash instead of a clean exit); an idle worker is
   *  terminated at once. Resolves when every worker has stopped, or after `maxWaitMs` (runs are step-budgeted, so
   *  this is a bound, not a wait) with the rest terminated anyway. */
  async dispose(maxWaitMs = SHUTDOWN_WAIT_MS): Promise<void> {
    for (const job of this.queue.splice(0)) job.settle({ kind: 'cancelled' });
    const running = this.running;
    this.running = null;
    if (running !== null) {
      this.abandonWorker();
      running.settle({ kind: 'cancelled' });
    } else if (this.worker !== null) {
      const idle = this.worker;
      this.worker = null;
      await idle.terminate();
    }
    const stopped = [...this.draining].map((worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(stopped), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
    clearTimeout(timer);
    for (const worker of this.draining) void worker.terminate();
    this.draining.clear();
  }

  private pump(): void {
    if (this.running !== null) return;
    if (this.worker === null && this.draining.size >= MAX_DRAINING_WORKERS) return; // pumped again when one drains
    const job = this.queue.shift();
    if (job === undefined) return;
    const id = this.nextId++;
    this.running = { ...job, id };
    this.ensureWorker().postMessage({ id, request: job.request });
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = this.createWorker();
    worker.on('message', (message: WorkerResponse) => this.onMessage(message));
    worker.on('error', (error: Error) => this.onCrash(worker, error.stack ?? error.message));
    worker.on('exit', (code: number) => this.onCrash(worker, `score worker exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private onMessage(message: WorkerResponse): void {
    const running = this.running;
    if (running === null || running.id !== message.id) return;
    this.running = null;
    running.settle(message.ok ? { kind: 'done', value: message.value } : { kind: 'failed', error: message.error });
    this.pump();
  }

  /** A worker that dies on its own (a bug, out of memory) fails its job; the next job gets a fresh worker. */
  private onCrash(worker: Worker, error: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const running = this.running;
    this.running = null;
    if (running !== null) running.settle({ kind: 'failed', error });
    this.pump();
  }

  /** Sets the current worker aside: it finishes its stale run, then is terminated while idle (which is safe). */
  private abandonWorker(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker === null) return;
    this.draining.add(worker);
    const retire = (): void => {
      if (!this.draining.delete(worker)) return;
      void worker.terminate();
      this.pump();
    };
    worker.once('message', retire);
    worker.once('exit', retire);
  }
}

interface QueuedJob {
  readonly key: string;
  readonly request: WorkerRequest;
  readonly settle: (outcome: JobOutcome<unknown>) => void;
}

interface RunningJob extends QueuedJob {
  readonly id: number;
}
