// The body of the score worker thread: runs the engine's sync entry points on plain data and posts results back.
// Started from the same bundle as the server (main.ts checks workerData.role), so there is one file to ship.

import { parentPort } from 'node:worker_threads';
import { checkFileSync } from '../harness';
import { DEFAULT_GENERATE_OPTIONS, generatePairsText } from '../harness/generate';
import { buildFileModel } from '../model';
import { parseSourceFile } from '../syntax';
import type { GenerateResult, WorkerEnvelope, WorkerRequest, WorkerResponse } from './worker-protocol';

export const SCORE_WORKER_ROLE = 'spec-harness-score-worker';

export function runScoreWorker(): void {
  const port = parentPort;
  if (port === null) throw new Error('runScoreWorker must run inside a worker thread');
  port.on('message', (envelope: WorkerEnvelope) => {
    port.postMessage(answer(envelope));
  });
}

function answer(envelope: WorkerEnvelope): WorkerResponse {
  try {
    return { id: envelope.id, ok: true, value: perform(envelope.request) };
  } catch (error) {
    // A throw here is an engine bug: report it as a failed job rather than killing the worker.
    return { id: envelope.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

function perform(request: WorkerRequest): unknown {
  switch (request.kind) {
    case 'score':
      return checkFileSync(request.input, {
        threshold: request.options.threshold,
        mutantsPerPair: request.options.mutantsPerPair,
        seed: request.options.seed,
        stepBudget: request.options.stepBudget,
        ...(request.options.functions === null ? {} : { functions: request.options.functions }),
      });
    case 'generate': {
      const model = buildFileModel(parseSourceFile(request.text));
      const result = generatePairsText(model, request.pairsText, {
        ...(request.functions === null ? {} : { functions: request.functions }),
        count: DEFAULT_GENERATE_OPTIONS.count,
        invalidCount: DEFAULT_GENERATE_OPTIONS.invalidCount,
        seed: DEFAULT_GENERATE_OPTIONS.seed,
      });
      const summary = result.summaries
        .map((fn) => `${fn.qualifiedName}: ${fn.notRunnable === undefined ? `${fn.pairs} pairs, ${fn.invalid} invalid inputs` : `not run (${fn.notRunnable.reason})`}`)
        .join('; ');
      const answer: GenerateResult = result.ok ? { ok: true, text: result.text, summary } : { ok: false, error: result.error, summary };
      return answer;
    }
    default:
      return assertNever(request);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected worker request ${JSON.stringify(value)}`);
}
