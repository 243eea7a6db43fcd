// The body of the score worker thread: one long-lived engine session (per-document text, model, pairs layout and
// memoized results), requests answered one at a time in arrival order. Started from the same bundle as the server
// (main.ts checks workerData.role), so there is one file to ship. A run is cancelled cooperatively: the server
// writes the run's id into the shared flag, which the evaluator polls; the thread is never terminated mid-run.

import { isAbsolute } from 'node:path';
import { parentPort, resourceLimits, workerData } from 'node:worker_threads';
import { createBackend, createSolver } from '../backends';
import { EngineSession } from '../engine';
import type { EngineRun, Scorer } from '../engine';
import { internalErrorsFrom, stackAllowanceFor } from '../eval';
import {
  DEFAULT_CHECK_OPTIONS,
  DEFAULT_GENERATE_OPTIONS,
  checkFile,
  checkFileKeepingVerdicts,
  checkFileSync,
  checkFileWithBoth,
  generatePairsText,
  armFailpoints,
  generatePairsTextWithSolver,
  internalErrorReason,
  planFile,
  suggestClauses,
} from '../harness';
import type { CheckInput, CheckOptions, FileReport, Solver, Verdict } from '../harness';
import { mutantOutcomes, recordingBackend } from '../reports';
import { buildFileModel } from '../model';
import type { FileModel } from '../model';
import { createCrateModels } from '../host';
import type { CrateModels } from '../host';
import { parseSourceFile } from '../syntax';
import type {
  BackendRequest,
  GenerateResult,
  ScoreOptions,
  ScoreResult,
  ScoredFile,
  WorkerEnvelope,
  WorkerProgress,
  WorkerRequest,
  WorkerResponse,
} from './worker-protocol';
import { assertNever } from '../stdx';

export const SCORE_WORKER_ROLE = 'spec-harness-score-worker';

/** What main.ts passes as workerData: the role, and the shared cancellation flag (the id of the cancelled run). */
export interface ScoreWorkerData {
  readonly role: typeof SCORE_WORKER_ROLE;
  readonly cancel: SharedArrayBuffer;
}

export function runScoreWorker(): void {
  const port = parentPort;
  if (port === null) throw new Error('runScoreWorker must run inside a worker thread');
  const flag = new Int32Array((workerData as ScoreWorkerData).cancel);
  armFailpoints(process.env['SPEC_HARNESS_FAILPOINTS']);
  const session = new EngineSession();
  const crates = new WorkerCrates();
  // Requests are answered in order, one at a time: an async run (solver, verus) must not interleave with the next
  // run on the same session.
  let previous: Promise<void> = Promise.resolve();
  port.on('message', (envelope: WorkerEnvelope) => {
    const cancelled = (): boolean => Atomics.load(flag, 0) === envelope.id;
    const progress = (partial: ScoreResult): void => port.postMessage({ id: envelope.id, progress: partial } satisfies WorkerProgress);
    previous = previous.then(() => answer(session, crates, envelope, cancelled, progress)).then((response) => port.postMessage(response));
  });
  warmUp();
}

/** A contract with a pairs file, scored once while the worker starts: the parser, the pairs schema and the scoring
 *  code are ready (and compiled by the JIT) before the first file a user opens, which on a big file halves the wait
 *  for its first diagnostics' fixed part. Jobs posted meanwhile wait for it; it has no other effect. */
function warmUp(): void {
  const text = [
    'use vstd::prelude::*;',
    'verus! {',
    'spec fn bound() -> int { 100 }',
    'fn clamp(x: i32, hi: i32) -> (r: i32)',
    '    requires 0 <= hi, hi <= bound(),',
    '    ensures r <= hi, x <= hi ==> r == x,',
    '{ if x > hi { hi } else { x } }',
    '}',
  ].join('\n');
  const pairs = {
    version: 1,
    functions: {
      clamp: {
        pairs: [
          { input: { x: 3, hi: 5 }, output: 3 },
          { input: { x: 9, hi: 5 }, output: 5 },
        ],
      },
    },
  };
  try {
    checkFileSync({ path: 'warm-up.rs', text, pairsPath: 'warm-up.pairs.json', pairsText: JSON.stringify(pairs) }, DEFAULT_CHECK_OPTIONS);
  } catch {
    // Only the warm-up is lost: the same code meets the first job, which reports what went wrong.
  }
}

/** The crates the worker's documents belong to, read from disk once and again after a source file changed there;
 *  an open document's unsaved text stands in for its file. */
export class WorkerCrates {
  private models: CrateModels = createCrateModels({ unsaved: true });

  /** The crate-aware model of the file `input` names, or undefined (not in a crate, or no absolute path). */
  fileModel(input: { readonly path: string; readonly text: string }): Promise<FileModel | undefined> {
    return isAbsolute(input.path) ? this.models.fileModel(input.path, input.text) : Promise.resolve(undefined);
  }

  filesChanged(): void {
    this.models = createCrateModels({ unsaved: true });
  }
}

async function answer(
  session: EngineSession,
  crates: WorkerCrates,
  envelope: WorkerEnvelope,
  cancelled: () => boolean,
  progress: (partial: ScoreResult) => void,
): Promise<WorkerResponse> {
  try {
    return { id: envelope.id, ok: true, value: await perform(session, envelope.request, cancelled, progress, crates) };
  } catch (error) {
    // A throw here is an engine bug: report it as a failed job rather than killing the worker.
    return { id: envelope.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Answers one request as the worker thread does (exported so tests can compare it with the CLI's `check`);
 *  `progress` gets a score run's partial results when the request asks for them. */
export async function perform(
  session: EngineSession,
  request: WorkerRequest,
  cancelled: () => boolean,
  progress?: (partial: ScoreResult) => void,
  crates?: WorkerCrates,
): Promise<unknown> {
  switch (request.kind) {
    case 'score': {
      const options = checkOptionsOf(request.options, cancelled);
      // One solver per run: each scoring run has its own budget; z3-solver loads on the first query only.
      const solver = createSolver(request.options.solver, { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance });
      const scorer = scorerFor(request.backend, solver);
      const settingsKey = JSON.stringify([request.backend, request.options.solver]);
      const toResult = (run: EngineRun): ScoreResult => ({ report: run.report, located: run.located, evaluated: run.evaluated.length });
      const onPartial = request.partials && progress !== undefined ? (partial: EngineRun) => progress(toResult(partial)) : undefined;
      const model = await crates?.fileModel(request.input);
      const document = { uri: request.uri, ...request.input, ...(model === undefined ? {} : { model }) };
      const run = await session.score(document, options, settingsKey, scorer, onPartial);
      return run === null ? null : toResult(run);
    }
    case 'mutation-report': {
      const options = checkOptionsOf(request.options, cancelled);
      const solver = createSolver(request.options.solver, { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance });
      if (request.backend.kind !== 'embedded') return checkWithVerus(request.input, options, request.backend, solver);
      const checked = await whileNotCancelled(options, (signal) => checkFileKeepingVerdicts(request.input, options, solver, signal));
      const scored: ScoredFile = { report: checked.report, outcomes: mutantOutcomes(checked.plan, checked.verdicts) };
      return scored;
    }
    case 'suggest':
      return suggestClauses(request.input, {
        ...checkOptionsOf(request.options, cancelled),
        ...(request.functions === null ? {} : { functions: request.functions }),
      });
    case 'close':
      session.close(request.uri);
      return null;
    case 'files-changed':
      crates?.filesChanged();
      return null;
    case 'generate':
      return generate(request, await crates?.fileModel(request));
    default:
      return assertNever(request);
  }
}

function checkOptionsOf(score: ScoreOptions, cancelled: () => boolean): CheckOptions {
  return {
    threshold: score.threshold,
    mutantsPerPair: score.mutantsPerPair,
    weakPostcondition: score.weakPostcondition,
    seed: score.seed,
    stepBudget: score.stepBudget,
    // main.ts starts this worker with LARGE_STACK_SIZE_MB, so deep spec recursion is decided, not cut short.
    stackAllowance: stackAllowanceFor(resourceLimits.stackSizeMb),
    // The test suites set SPEC_HARNESS_INTERNAL_ERRORS=throw, so a bug fails them instead of scoring `unsupported`.
    internalErrors: internalErrorsFrom(process.env['SPEC_HARNESS_INTERNAL_ERRORS']),
    cancelled,
  };
}

function scorerFor(backend: BackendRequest, solver: Solver | undefined): Scorer {
  if (backend.kind !== 'embedded') return async (input, options) => (await checkWithVerus(input, options, backend, solver)).report;
  if (solver === undefined) return (input, options) => Promise.resolve(checkFileSync(input, options));
  return (input, options) => whileNotCancelled(options, (signal) => checkFile(input, options, undefined, signal, solver));
}

async function generate(request: Extract<WorkerRequest, { kind: 'generate' }>, crateModel: FileModel | undefined): Promise<GenerateResult> {
  const model = crateModel ?? buildFileModel(parseSourceFile(request.text));
  const generateOptions = {
    ...(request.functions === null ? {} : { functions: request.functions }),
    count: DEFAULT_GENERATE_OPTIONS.count,
    invalidCount: DEFAULT_GENERATE_OPTIONS.invalidCount,
    seed: DEFAULT_GENERATE_OPTIONS.seed,
    stackAllowance: stackAllowanceFor(resourceLimits.stackSizeMb),
    internalErrors: internalErrorsFrom(process.env['SPEC_HARNESS_INTERNAL_ERRORS']),
  };
  const solver = createSolver(request.solver, {
    stepBudget: DEFAULT_GENERATE_OPTIONS.specStepBudget,
    stackAllowance: generateOptions.stackAllowance,
  });
  const result =
    solver === undefined
      ? generatePairsText(model, request.pairsText, generateOptions)
      : await generatePairsTextWithSolver(model, request.pairsText, generateOptions, solver, new AbortController().signal);
  const summary = result.summaries
    .map(
      (fn) =>
        `${fn.qualifiedName}: ${fn.notRunnable === undefined ? `${fn.pairs} pairs, ${fn.invalid} invalid inputs` : `not run (${fn.notRunnable.reason})`}${fn.internalError === undefined || fn.notRunnable !== undefined ? '' : ` (${internalErrorReason(fn.internalError)})`}`,
    )
    .join('; ');
  return result.ok ? { ok: true, text: result.text, summary } : { ok: false, error: result.error, summary };
}

/** The verus backend (alone, or beside the embedded one to show the solver gap). Only reached in trusted workspaces. */
async function checkWithVerus(
  input: CheckInput,
  options: CheckOptions,
  backend: Extract<BackendRequest, { kind: 'verus' | 'both' }>,
  solver: Solver | undefined,
): Promise<ScoredFile> {
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
  // The plan is made again for the mutation report's outcomes: cheap next to a verus run.
  const scored = (report: FileReport, verdicts: ReadonlyMap<string, Verdict>): ScoredFile => ({
    report,
    outcomes: mutantOutcomes(planFile(input, options), verdicts),
  });
  if (backend.kind === 'verus') {
    const recorder = recordingBackend(verus.backend);
    const report = await whileNotCancelled(options, (signal) => checkFile(input, options, recorder.backend, signal, solver));
    return scored(report, recorder.take());
  }
  const embedded = createBackend('embedded', backendOptions);
  if (!embedded.ok) throw new VerusUnavailable(embedded.error);
  // As in `spec-harness check --backend both`: the mutation report shows the embedded evaluator's verdicts.
  const recorder = recordingBackend(embedded.backend);
  const report = await whileNotCancelled(options, (signal) => checkFileWithBoth(input, options, recorder.backend, verus.backend, signal));
  return scored(report, recorder.take());
}

/** How often a run's cancellation flag is read while a verus process or a z3 query runs. */
const CANCEL_POLL_MS = 20;

/** Runs `task` with a signal that aborts once `options.cancelled` turns true, for the work the evaluator's step counter
 *  does not reach: a verus process (killed with its process group on abort) and the solver between queries. The
 *  worker's event loop is free while they run, so a cheap poll of the flag suffices; it stops when the task settles.
 *  A cancelled task rejects with RunCancelled (the server has answered the job as cancelled already). */
async function whileNotCancelled<T>(options: CheckOptions, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const cancelled = options.cancelled;
  const controller = new AbortController();
  const poll = () => {
    if (cancelled?.() === true) controller.abort(new RunCancelled());
  };
  poll();
  const timer = cancelled === undefined ? undefined : setInterval(poll, CANCEL_POLL_MS);
  try {
    return await task(controller.signal);
  } finally {
    clearInterval(timer);
  }
}

/** The abort reason of a cancelled run: not an error of the run. */
class RunCancelled extends Error {
  override name = 'RunCancelled';
  constructor() {
    super('the run was cancelled');
  }
}

/** An environment problem (no verus binary): reported once to the user, not a bug. */
class VerusUnavailable extends Error {
  override name = 'VerusUnavailable';
}
