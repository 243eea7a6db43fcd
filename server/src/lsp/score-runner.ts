// Runs scoring and generation jobs one at a time in a worker thread, off the request thread. A job is keyed
// (e.g. `score:<uri>`); cancelling the key drops its queued job and terminates the worker if it is running it, since
// the engine's sync entry points cannot be interrupted any other way. The worker is restarted on the next job.

import type { Worker } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

export type JobOutcome<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'cancelled' } | { readonly kind: 'failed'; readonly error: string };

/** Owns the worker and its queue: the invariant is at most one job in the worker, and one queued job per key. */
export class ScoreRunner {
  private worker: Worker | null = null;
  private running: RunningJob | null = null;
  private readonly queue: QueuedJob[] = [];
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
      this.stopWorker();
      running.settle({ kind: 'cancelled' });
      this.pump();
    }
  }

  isBusy(key: string): boolean {
    return this.running?.key === key || this.queue.some((job) => job.key === key);
  }

  dispose(): void {
    for (const job of this.queue.splice(0)) job.settle({ kind: 'cancelled' });
    if (this.running !== null) this.running.settle({ kind: 'cancelled' });
    this.running = null;
    this.stopWorker();
  }

  private pump(): void {
    if (this.running !== null) return;
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

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) void worker.terminate();
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
