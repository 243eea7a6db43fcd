// The body of the score worker thread: runs the engine's sync entry points on plain data and posts results back.
// Started from the same bundle as the server (main.ts checks workerData.role), so there is one file to ship.

import { parentPort, resourceLimits } from 'node:worker_threads';
import { createBackend, createSolver } from '../backends';
import { internalErrorsFrom, stackAllowanceFor } from '../eval';
import { DEFAULT_GENERATE_OPTIONS, checkFile, checkFileSync, checkFileWithBoth, generatePairsText, generatePairsTextWithSolver } from '../harness';
import type { CheckInput, CheckOptions, FileReport, Solver } from '../harness';
import { buildFileModel } from '../model';
import { parseSourceFile } from '../syntax';
import type { BackendRequest, GenerateResult, WorkerEnvelope, WorkerRequest, WorkerResponse } from './worker-protocol';

export const SCORE_WORKER_ROLE = 'spec-harness-score-worker';

export function runScoreWorker(): void {
  const port = parentPort;
  if (port === null) throw new Error('runScoreWorker must run inside a worker thread');
  port.on('message', (envelope: WorkerEnvelope) => {
    void answer(envelope).then((response) => port.postMessage(response));
  });
}

async function answer(envelope: WorkerEnvelope): Promise<WorkerResponse> {
  try {
    return { id: envelope.id, ok: true, value: await perform(envelope.request) };
  } catch (error) {
    // A throw here is an engine bug: report it as a failed job rather than killing the worker.
    return { id: envelope.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Answers one request as the worker thread does (exported so a test can compare it with the CLI's `check`). */
export async function perform(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'score': {
      const options: CheckOptions = {
        threshold: request.options.threshold,
        mutantsPerPair: request.options.mutantsPerPair,
        weakPostcondition: request.options.weakPostcondition,
        seed: request.options.seed,
        stepBudget: request.options.stepBudget,
        // main.ts starts this worker with LARGE_STACK_SIZE_MB, so deep spec recursion is decided, not cut short.
        stackAllowance: stackAllowanceFor(resourceLimits.stackSizeMb),
        // The test suites set SPEC_HARNESS_INTERNAL_ERRORS=throw, so a bug fails them instead of scoring `unsupported`.
        internalErrors: internalErrorsFrom(process.env['SPEC_HARNESS_INTERNAL_ERRORS']),
        ...(request.options.functions === null ? {} : { functions: request.options.functions }),
      };
      // One solver per job: each scoring run has its own budget; z3-solver loads on the first query only.
      const solver = createSolver(request.options.solver, { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance });
      if (request.backend.kind === 'embedded') return solver === undefined ? checkFileSync(request.input, options) : checkFile(request.input, options, undefined, undefined, solver);
      return checkWithVerus(request.input, options, request.backend, solver);
    }
    case 'generate': {
      const model = buildFileModel(parseSourceFile(request.text));
      const generateOptions = {
        ...(request.functions === null ? {} : { functions: request.functions }),
        count: DEFAULT_GENERATE_OPTIONS.count,
        invalidCount: DEFAULT_GENERATE_OPTIONS.invalidCount,
        seed: DEFAULT_GENERATE_OPTIONS.seed,
        stackAllowance: stackAllowanceFor(resourceLimits.stackSizeMb),
      };
      const solver = createSolver(request.solver, { stepBudget: DEFAULT_GENERATE_OPTIONS.specStepBudget, stackAllowance: generateOptions.stackAllowance });
      const result =
        solver === undefined
          ? generatePairsText(model, request.pairsText, generateOptions)
          : await generatePairsTextWithSolver(model, request.pairsText, generateOptions, solver, new AbortController().signal);
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

/** The verus backend (alone, or beside the embedded one to show the solver gap). Only reached in trusted workspaces. */
async function checkWithVerus(
  input: CheckInput,
  options: CheckOptions,
  backend: Extract<BackendRequest, { kind: 'verus' | 'both' }>,
  solver: Solver | undefined,
): Promise<FileReport> {
  const environment = {
    trusted: true,
    verusPath: backend.verusPath ?? undefined,
    extraArgs: backend.extraArgs,
    searchPath: process.env['PATH'],
    cwd: backend.cwd,
    platform: process.platform,
  };
  const backendOptions = { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance, verus: environment };
  const verus = createBackend('verus', backendOptions);
  if (!verus.ok) throw new VerusUnavailable(verus.error);
  const signal = new AbortController().signal;
  if (backend.kind === 'verus') return checkFile(input, options, verus.backend, signal, solver);
  const embedded = createBackend('embedded', backendOptions);
  if (!embedded.ok) throw new VerusUnavailable(embedded.error);
  return checkFileWithBoth(input, options, embedded.backend, verus.backend, signal);
}

/** An environment problem (no verus binary): reported once to the user, not a bug. */
class VerusUnavailable extends Error {
  override name = 'VerusUnavailable';
}

function assertNever(value: never): never {
  throw new Error(`unexpected worker request ${JSON.stringify(value)}`);
}
