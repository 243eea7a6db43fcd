// The score runner: a cancelled run is answered at once and the next job gets a fresh worker, while the abandoned
// worker finishes its stale run and is only then terminated (stopping tree-sitter mid-parse aborts the process).

import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ScoreRunner } from '../../server/src/lsp/score-runner';
import type { WorkerRequest } from '../../server/src/lsp/worker-protocol';

// A stand-in worker body: answers with the request's path; for path 'blocked' it first waits on a shared gate.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const gate = new Int32Array(workerData.gate);
parentPort.on('message', ({ id, request }) => {
  if (request.input.path === 'blocked') Atomics.wait(gate, 0, 0);
  parentPort.postMessage({ id, ok: true, value: request.input.path });
});`;

const job = (path: string): WorkerRequest => ({
  kind: 'score',
  input: { path, text: '', pairsPath: '', pairsText: null },
  options: { threshold: 0.75, mutantsPerPair: 8, weakPostcondition: 'realistic', seed: 1, stepBudget: 1, functions: null, solver: 'none' },
  backend: { kind: 'embedded' },
});

describe('ScoreRunner', () => {
  it('answers a cancelled run at once, serves the next job from a fresh worker, and retires the old one when idle', async () => {
    const gate = new SharedArrayBuffer(4);
    const workers: Worker[] = [];
    const runner = new ScoreRunner(() => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { gate } });
      workers.push(worker);
      return worker;
    });
    const stale = runner.run<string>('score:a', job('blocked'));
    const newer = runner.run<string>('score:a', job('fresh'));
    expect(await stale).toEqual({ kind: 'cancelled' });
    expect(await newer).toEqual({ kind: 'done', value: 'fresh' });
    expect(workers).toHaveLength(2);

    const firstExit = new Promise<number>((resolve) => workers[0]?.once('exit', resolve));
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    await firstExit; // terminated only after it answered its stale run
    expect(await runner.run<string>('score:b', job('other'))).toEqual({ kind: 'done', value: 'other' });
    runner.dispose();
  });

  it('keeps one queued job per key: a newer job for the key replaces the queued one', async () => {
    const gate = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(gate), 0, 1);
    const runner = new ScoreRunner(() => new Worker(WORKER_SOURCE, { eval: true, workerData: { gate } }));
    const first = runner.run<string>('score:x', job('x1'));
    const queued = runner.run<string>('score:y', job('y1'));
    const replacement = runner.run<string>('score:y', job('y2'));
    expect(await queued).toEqual({ kind: 'cancelled' });
    expect(await first).toEqual({ kind: 'done', value: 'x1' });
    expect(await replacement).toEqual({ kind: 'done', value: 'y2' });
    runner.dispose();
  });

  it('shuts down without stopping a worker in the middle of a run: it finishes first, then exits', async () => {
    const gate = new SharedArrayBuffer(4);
    const workers: Worker[] = [];
    const runner = new ScoreRunner(() => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { gate } });
      workers.push(worker);
      return worker;
    });
    const running = runner.run<string>('score:a', job('blocked'));
    const events: string[] = [];
    const answered = new Promise<void>((resolve) => workers[0]?.once('message', () => { events.push('answered'); resolve(); }));
    workers[0]?.once('exit', () => events.push('exited'));
    const shutdown = runner.dispose().then(() => events.push('disposed'));
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(events).toEqual([]);
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    await answered;
    await shutdown;
    expect(events).toEqual(['answered', 'exited', 'disposed']);
  });
});
