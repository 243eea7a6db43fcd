// Cancelling a verus run in the editor stops its process. The server's WorkerRunner drives the bundled score worker
// (dist/server.js as a worker thread, as the server starts it); the stand-in verus blocks until killed. Cancelling the
// job must kill the stand-in and its grandchild (the rustc and z3 a real verus leaves), and the same worker must
// answer the next job: a run the user typed past never holds the worker until verus's time limit.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_STACK_SIZE_MB } from '../../server/src/eval';
import { SCORE_WORKER_ROLE } from '../../server/src/lsp/score-worker';
import type { ScoreWorkerData } from '../../server/src/lsp/score-worker';
import type { BackendRequest, ScoreInputText, ScoreResult, ScoredFile, WorkerRequest } from '../../server/src/lsp/worker-protocol';
import { WorkerRunner } from '../../server/src/lsp/worker-runner';
import { ROOT, serverBundle } from '../lsp/lsp-client';
import { isAlive, pidsIn, standInDir, waitForPids, waitUntil } from './stand-in';
import { removeTempDirs } from '../setup/temp-dirs';

let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-verus-cancel-'));
  for (const name of ['arith.rs', 'arith.pairs.json']) copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', name), join(folder, name));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  removeTempDirs();
});

function scoreWorkers(): { runner: WorkerRunner; workers: Worker[] } {
  const workers: Worker[] = [];
  const runner = new WorkerRunner((cancel) => {
    const workerData: ScoreWorkerData = { role: SCORE_WORKER_ROLE, cancel };
    const worker = new Worker(serverPath, { workerData, resourceLimits: { stackSizeMb: LARGE_STACK_SIZE_MB } });
    workers.push(worker);
    return worker;
  });
  return { runner, workers };
}

const OPTIONS = {
  threshold: 0.75,
  mutantsPerPair: 8,
  weakPostcondition: 'realistic',
  seed: 1,
  stepBudget: 100_000,
  solver: 'none',
} as const;

function arith(): ScoreInputText {
  const path = join(folder, 'arith.rs');
  const pairsPath = join(folder, 'arith.pairs.json');
  return { path, text: readFileSync(path, 'utf8'), pairsPath, pairsText: readFileSync(pairsPath, 'utf8') };
}

function request(kind: 'score' | 'mutation-report', backend: BackendRequest): WorkerRequest {
  const input = arith();
  return kind === 'score'
    ? { kind, uri: `file://${input.path}`, input, options: OPTIONS, backend, partials: false }
    : { kind, input, options: OPTIONS, backend };
}

describe('cancelling a verus run', () => {
  it.each([
    ['score', 'verus'],
    ['score', 'both'],
    ['mutation-report', 'verus'],
  ] as const)(
    'a %s job with backend %s: the verus process tree is killed and the worker answers the next job',
    async (kind, backendKind) => {
      const pidFile = join(folder, `${kind}-${backendKind}.pids`);
      const verusPath = join(standInDir({ STAND_IN_MODE: 'hang', STAND_IN_PID_FILE: pidFile }), 'verus');
      const { runner, workers } = scoreWorkers();
      const key = `score:${kind}-${backendKind}`;
      const stale = runner.run(key, request(kind, { kind: backendKind, verusPath, extraArgs: [], cwd: folder }));
      const started = await waitForPids(pidFile);
      expect(started.filter(isAlive)).toEqual(started);

      runner.cancel(key);
      expect(await stale).toEqual({ kind: 'cancelled' });
      await waitUntil(() => !pidsIn(pidFile).some(isAlive));
      expect(pidsIn(pidFile).filter(isAlive)).toEqual([]);
      // The worker answers jobs in order: the next one is answered only once the cancelled run has ended.
      const next = await runner.run<ScoreResult | ScoredFile>(key, request(kind, { kind: 'embedded' }));
      expect(next.kind === 'done' ? next.value.report.functions.map((fn) => [fn.qualifiedName, fn.status]) : next).toEqual([
        ['double', 'scored'],
        ['inc', 'scored'],
        ['identity', 'scored'],
        ['square', 'no-pairs'],
      ]);
      // Every verus process the run started, including one that wrote its pid late.
      expect(pidsIn(pidFile).filter(isAlive)).toEqual([]);
      expect(workers).toHaveLength(1);
      await runner.dispose();
    },
  );
});
