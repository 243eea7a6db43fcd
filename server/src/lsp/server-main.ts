// The language server entry point, bundled to dist/server.js. Over stdio (`--stdio`, also `spec-harness lsp --stdio`)
// or IPC (the VS Code client); `--trusted` vouches for the workspace (settings.ts `decideTrust`). The same bundle is
// the score worker: started as a worker thread with workerData.role.

import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { LARGE_STACK_SIZE_MB } from '../eval';
import { WorkerRunner } from './worker-runner';
import { SCORE_WORKER_ROLE, runScoreWorker } from './score-worker';
import type { ScoreWorkerData } from './score-worker';
import { startServer } from './server';
import { TRUSTED_FLAG } from './settings';

function isScoreWorker(): boolean {
  return (
    !isMainThread && typeof workerData === 'object' && workerData !== null && (workerData as { role?: unknown }).role === SCORE_WORKER_ROLE
  );
}

if (isScoreWorker()) {
  runScoreWorker();
} else {
  const connection = createConnection(ProposedFeatures.all);
  const runner = new WorkerRunner((cancel) => {
    const workerData: ScoreWorkerData = { role: SCORE_WORKER_ROLE, cancel };
    return new Worker(__filename, { workerData, resourceLimits: { stackSizeMb: LARGE_STACK_SIZE_MB } });
  });
  startServer(connection, runner, { trustedFlag: process.argv.includes(TRUSTED_FLAG) });
}
