// The score runner: one long-lived worker. A cancelled run is answered at once and cancelled cooperatively (its id
// in the shared flag the worker polls); the next job runs in the same worker once it answers; nothing is
// terminated mid-run (stopping tree-sitter mid-parse aborts the process), not even at shutdown.

import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WorkerRunner } from '../../server/src/lsp/worker-runner';
import type { WorkerRequest } from '../../server/src/lsp/worker-protocol';

// A stand-in worker body: answers with the request's path; for path 'blocked' it first runs until its run is
// cancelled (the flag holds its id), as the evaluator's step counter does, and answers 'stopped'; for path 'dies'
// the worker exits mid-job, as one killed by an abort or out of memory does.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.cancel);
parentPort.on('message', ({ id, request }) => {
  if (request.input.path === 'dies') process.exit(7);
  if (request.input.path === 'blocked') {
    for (;;) {
      const seen = Atomics.load(flag, 0);
      if (seen === id) break;
      Atomics.wait(flag, 0, seen);
    }
    parentPort.postMessage({ id, ok: true, value: 'stopped' });
    return;
  }
  parentPort.postMessage({ id, ok: true, value: request.input.path });
});`;

const job = (path: string): WorkerRequest => ({
  kind: 'score',
  uri: `file:///${path}.rs`,
  input: { path, text: '', pairsPath: '', pairsText: null },
  options: { threshold: 0.75, mutantsPerPair: 8, weakPostcondition: 'realistic', seed: 1, stepBudget: 1, solver: 'none' },
  backend: { kind: 'embedded' },
  partials: false,
});

function runnerWithWorkers(): { runner: WorkerRunner; workers: Worker[] } {
  const workers: Worker[] = [];
  const runner = new WorkerRunner((cancel) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { cancel } });
    workers.push(worker);
    return worker;
  });
  return { runner, workers };
}

describe('WorkerRunner', () => {
  it('fails the job of a worker that dies mid-run, with a message, and serves the next job from a fresh worker', async () => {
    const { runner, workers } = runnerWithWorkers();
    expect(await runner.run<string>('score:a', job('dies'))).toEqual({ kind: 'failed', error: 'score worker exited with code 7' });
    expect(await runner.run<string>('score:a', job('after'))).toEqual({ kind: 'done', value: 'after' });
    expect(workers).toHaveLength(2);
    await runner.dispose();
  });

  it('cancels a running job cooperatively and serves the next one from the same worker', async () => {
    const { runner, workers } = runnerWithWorkers();
    const stale = runner.run<string>('score:a', job('blocked'));
    expect(runner.isBusy('score:a')).toBe(true);
    const stopped = new Promise<unknown>((resolve) => workers[0]?.once('message', resolve));
    const newer = runner.run<string>('score:a', job('fresh'));
    expect(await stale).toEqual({ kind: 'cancelled' });
    expect(await stopped).toMatchObject({ value: 'stopped' });
    expect(await newer).toEqual({ kind: 'done', value: 'fresh' });
    expect(await runner.run<string>('score:b', job('other'))).toEqual({ kind: 'done', value: 'other' });
    expect(workers).toHaveLength(1);
    await runner.dispose();
  });

  it('keeps one queued job per key: a newer job for the key replaces the queued one', async () => {
    const { runner } = runnerWithWorkers();
    const first = runner.run<string>('score:x', job('x1'));
    const queued = runner.run<string>('score:y', job('y1'));
    const replacement = runner.run<string>('score:y', job('y2'));
    expect(await queued).toEqual({ kind: 'cancelled' });
    expect(await first).toEqual({ kind: 'done', value: 'x1' });
    expect(await replacement).toEqual({ kind: 'done', value: 'y2' });
    await runner.dispose();
  });

  it('shuts down by cancelling the run in progress and stopping the worker only once it answered', async () => {
    const { runner, workers } = runnerWithWorkers();
    const running = runner.run<string>('score:a', job('blocked'));
    const events: string[] = [];
    workers[0]?.once('message', () => events.push('answered'));
    workers[0]?.once('exit', () => events.push('exited'));
    await runner.dispose();
    events.push('disposed');
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(events).toEqual(['answered', 'exited', 'disposed']);
    expect(await runner.run<string>('score:b', job('late'))).toEqual({ kind: 'cancelled' });
  });
});
