// The worker side of the file pool (file-pool.ts): started from the bundled CLI with FILE_POOL_ROLE as its
// workerData, it answers each file it is sent with what the command computes for that file on its own thread.
// One crate reader per worker, as one per run in process: each crate file is read and parsed once per worker.

import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { armFailpoints } from '../harness';
import { createCrateModels } from '../host';
import type { CrateModels } from '../host';
import { checkFileInWorker } from './check-command';
import type { CheckFileJob } from './check-command';
import { FILE_POOL_ROLE } from './file-pool';
import { pairsFileInWorker } from './pairs-command';
import type { PairsFileJob } from './pairs-command';

/** Whether this thread was started as a pool worker. */
export function isFilePoolWorker(): boolean {
  return !isMainThread && workerData === FILE_POOL_ROLE;
}

/** Answers `{ index, job }` messages one at a time with `{ index, answer }`, or `{ index, crash }` when the job
 *  threw (a bug: the parent does that file itself, where the command's own handling meets it). */
export function runFilePoolWorker(): void {
  const port = parentPort;
  if (port === null) return;
  // Tests only (ARCHITECTURE.md, failpoints): the same stages fail in a worker as in process.
  armFailpoints(process.env['SPEC_HARNESS_FAILPOINTS']);
  const crates = createCrateModels();
  port.on('message', (message: PoolMessage) => {
    // While a file is worked on, only its own work keeps this thread alive: a reply that can never come (a lost
    // solver call) lets the thread end, and the parent does the file itself, where the CLI's own rule for a run
    // that drains applies (exit 2, never 0 without the answer).
    port.unref();
    const reply = (message: unknown): void => {
      port.ref();
      port.postMessage(message);
    };
    answer(message.job, crates).then(
      (answered) => reply({ index: message.index, answer: answered }),
      (error: unknown) => reply({ index: message.index, crash: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** What the parent sends: built by the commands from their own data, so its shape is known. */
interface PoolMessage {
  readonly index: number;
  readonly job: CheckFileJob | PairsFileJob;
}

function answer(job: CheckFileJob | PairsFileJob, crates: CrateModels): Promise<unknown> {
  return job.kind === 'check' ? checkFileInWorker(job, crates) : pairsFileInWorker(job, crates);
}
