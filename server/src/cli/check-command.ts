// `spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]]
// [--backend embedded|verus|both] [--solver z3|none] [--verus-path P] [--verus-arg ARG]... [--seed S] [--mutants N]
// [--fn NAME] [--held-out] [--code-mutants N] [--weak-threshold-only] [--format F] ...`: scores every function's
// contract (with --held-out, on feedback and held-out pairs apart).
// Glue only: reads files, calls the harness, prints; exit 0, 1 (gate not met) or 2 (usage or I/O error).

import * as path from 'node:path';
import { createBackend, createSolver, SOLVER_KINDS } from '../backends';
import type { SolverKind, SolverOptions, VerusEnvironment } from '../backends';
import type { Backend, CheckInput, CheckOptions, CheckReport, FileReport, GateOutcome, Solver } from '../harness';
import {
  DEFAULT_CHECK_OPTIONS,
  DEFAULT_CODE_MUTANTS,
  FUNCTION_STEP_BUDGET,
  HARNESS_DEFAULTS,
  checkFile,
  checkFileWithBoth,
  evaluateGate,
  pairsPathFor,
  planFile,
  summarize,
} from '../harness';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';
import { checkInternalErrors, printInternalErrors } from './internal-errors';
import { formatCheckText } from './check-text';
import type { TextOptions } from './check-text';
import { formatGate, gateFailuresByFunction, gateLines, parseGate } from './check-gate';
import type { Gate } from './check-gate';
import { readEachCheckInput } from './check-paths';
import { changedFunctions, resolveRevision } from './changed-since';
import type { GitRevision } from './changed-since';
import {
  REPORT_ARG_OPTIONS,
  REPORT_USAGE,
  describeFailures,
  emptyExtras,
  jsonReport,
  needsMutantOutcomes,
  parseReportOptions,
  readBaseline,
  recordFile,
  runFailures,
  writeReports,
} from './check-reports';
import type { ReportOptions } from './check-reports';
import { recordingBackend } from '../reports';
import type { CrateModels } from '../host';
import { JOBS_USAGE, filePool, forEachFile, parseJobs } from './file-pool';
import { formatSuggestionsText, suggestForFile, withSuggestions } from './check-suggest';
import type { FileSuggestions } from './check-suggest';

export const CHECK_COMMAND = {
  name: 'check',
  usage: `Usage: spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]]
                          [--backend embedded|verus|both] [--verus-path P] [--verus-arg ARG]... [--seed S]
                          [--mutants N] [--fn NAME] [--step-budget N] [--function-budget N] [--solver z3|none]
                          [--solver-time-limit MS]
                          [--held-out] [--code-mutants N] [--weak-threshold-only] [--jobs N] [--suggest]
${REPORT_USAGE}
Scores each Verus file's contracts on the pairs in its sibling foo.pairs.json (or --pairs FILE, for one file).
--code-mutants N: code mutations run per function (default 24; 0 turns them off).
--step-budget N: evaluation steps per obligation (default 200000); --function-budget N: steps all of one
                 function's obligations may spend together (default 25000000, about 5 s); past either, what is
                 left is indeterminate (reason \`step budget exhausted\` or \`budget: ...\`).
--weak-threshold-only: report weak-postcondition only below the threshold, not on any accepted code mutant or
                       swapped output.
${JOBS_USAGE}
--suggest: for each function whose ensures accepts a wrong output, suggest ensures clauses that hold on every
           correct output and on a fresh sample of the implementation's, ranked by the wrong outputs they reject
           (embedded evaluator; a suggestion is a candidate Verus must still prove).`,
  options: {
    ...REPORT_ARG_OPTIONS,
    pairs: { type: 'string' },
    threshold: { type: 'string' },
    gate: { type: 'string' },
    backend: { type: 'string' },
    seed: { type: 'string' },
    mutants: { type: 'string' },
    fn: { type: 'string', multiple: true },
    'step-budget': { type: 'string' },
    'function-budget': { type: 'string' },
    'code-mutants': { type: 'string' },
    'weak-threshold-only': { type: 'boolean' },
    'verus-path': { type: 'string' },
    'verus-arg': { type: 'string', multiple: true },
    'held-out': { type: 'boolean' },
    suggest: { type: 'boolean' },
    solver: { type: 'string' },
    'solver-time-limit': { type: 'string' },
    jobs: { type: 'string' },
  },
} as const satisfies CommandInfo;

export async function runCheckCommand(args: readonly string[], io: CliIo): Promise<number> {
  const command = parseCheckArgs(args, io);
  if (command.kind !== 'run') return answerWithoutRunning(io, CHECK_COMMAND, command);
  const parsed = command.args;
  const fail = commandFailure(io, CHECK_COMMAND);
  const read = await readEachCheckInput(io.cwd, parsed.paths, parsed.pairs);
  if (!read.ok) return fail(read.error);
  // A file that cannot be read is named now and fails the run at the end; every other file is scored.
  for (const error of read.value.unreadable) io.stderr(`spec-harness check: ${error}\n`);
  const backends = makeBackends(parsed.backend, parsed.options, {
    trusted: true,
    verusPath: parsed.verusPath,
    extraArgs: parsed.verusArgs,
    searchPath: process.env['PATH'],
    cwd: io.cwd,
    platform: process.platform,
    onRunEvent: (event) => {
      if (event.kind === 'stub-error') io.stderr(`spec-harness check: verus rejected a stub: ${event.message}\n`);
      if (event.kind === 'time-limit') io.stderr(`spec-harness check: verus run hit its time limit (${event.timeLimitMs} ms)\n`);
    },
  });
  if (!backends.ok) return fail(backends.error);
  // Reporting (--format, --baseline, --changed-since): see check-reports.ts.
  const reporting = parsed.reports;
  const baseline = reporting.baseline === undefined ? undefined : await readBaseline(io, reporting.baseline);
  const revision = reporting.changedSince === undefined ? undefined : await resolveRevision(io.cwd, reporting.changedSince);
  if (typeof baseline === 'string') return fail(baseline);
  if (typeof revision === 'string') return fail(revision);
  const recorder = needsMutantOutcomes(reporting)
    ? recordingBackend(backends.kind === 'both' ? backends.embedded : backends.backend)
    : undefined;
  const scoring = recorder === undefined ? backends : withRecorder(backends, recorder.backend);
  const extras = emptyExtras();
  const inputs = read.value.inputs;
  const optionsList: CheckOptions[] = [];
  for (const input of inputs) {
    const options = await fileOptions(io, parsed, revision, input, extras.skipped);
    if (typeof options === 'string') return fail(options);
    optionsList.push(options);
  }
  // One solver per file and pair set: each is one run with its own query and time budget.
  const solver: SolverSettings = {
    kind: parsed.solver,
    options: {
      stepBudget: parsed.options.stepBudget,
      stackAllowance: parsed.options.stackAllowance,
      timeLimitMs: parsed.solverTimeLimitMs,
    },
  };
  const jobOf = (index: number): CheckFileJob => {
    const input = inputs[index] as CheckInput;
    const options = optionsList[index] as CheckOptions;
    return { kind: 'check', absolutePath: path.resolve(io.cwd, input.path), input, options, heldOut: parsed.heldOut, solver };
  };
  // Files go to workers only when nothing but their reports comes back: the embedded backend, no mutant outcomes.
  const pool = backends.kind === 'embedded' && recorder === undefined ? filePool(io, parsed.jobs, inputs.length) : undefined;
  const files: FileReport[] = [];
  const heldOutFiles: FileReport[] = [];
  const suggestions: FileSuggestions[] = [];
  let failure: string | undefined;
  await forEachFile<CheckFileAnswer>(
    pool,
    inputs.length,
    {
      inProcess: (index) => scoreFile({ scoring, plain: backends }, jobOf(index)),
      // The crate model holds functions, which do not cross threads: the worker reads the crate itself.
      message: (index) => ({ ...jobOf(index), input: withoutModel(inputs[index] as CheckInput) }),
      size: (index) => (inputs[index] as CheckInput).text.length,
    },
    (answer, index) => {
      if (!answer.ok) {
        failure = answer.error;
        return false;
      }
      files.push(answer.feedback);
      if (answer.heldOut !== undefined) heldOutFiles.push(answer.heldOut);
      const input = inputs[index] as CheckInput;
      const plan = recorder === undefined ? undefined : planFile(input, optionsList[index] as CheckOptions);
      recordFile(extras, input, plan, recorder?.take() ?? new Map());
      if (parsed.suggest) {
        const options = optionsList[index] as CheckOptions;
        suggestions.push(suggestForFile(input, parsed.heldOut ? { ...options, pairSet: 'feedback' } : options));
      }
      return true;
    },
  );
  if (failure !== undefined) return fail(failure);
  const threshold = parsed.options.threshold;
  const report = reportOf(files, parsed);
  const heldOutReport = parsed.heldOut ? reportOf(heldOutFiles, parsed) : undefined;
  // Without --gate, reports still mark the functions below the threshold; only --gate (or --baseline) sets the exit code.
  const gate = parsed.gate ?? { post: threshold, pre: threshold };
  // With --changed-since an unchanged function named by --fn is skipped, not missing.
  const requestedFunctions = revision === undefined ? parsed.options.functions : undefined;
  const outcome = evaluateGate({ files: report.files, heldOut: heldOutReport?.files, requestedFunctions }, gate);
  const overfit = outcome.ok ? outcome.verdicts.filter((verdict) => verdict.overfit).map((verdict) => verdict.qualifiedName) : [];
  const failures = runFailures(report, gateFailuresByFunction(outcome), baseline);
  const textOptions = { threshold, gate: parsed.gate };
  const written = await writeReports({
    io,
    options: reporting,
    report,
    failures,
    extras,
    threshold,
    text: () =>
      (heldOutReport === undefined
        ? formatCheckText(report, textOptions)
        : formatHeldOutText(report, heldOutReport, overfit, textOptions)) +
      (parsed.suggest ? `\n${formatSuggestionsText(suggestions)}` : ''),
    json: () => {
      const shown = parsed.suggest ? withSuggestions(report, suggestions) : report;
      return jsonReport(heldOutReport === undefined ? shown : { ...shown, heldOut: heldOutReport, overfit });
    },
    stepSummaryPath: process.env['GITHUB_STEP_SUMMARY'],
  });
  if (written !== undefined) return fail(written);
  if (extras.skipped.length > 0)
    io.stderr(`spec-harness check: not scored (unchanged since ${reporting.changedSince ?? ''}): ${extras.skipped.join(', ')}\n`);
  const quiet = reporting.format === 'json';
  let code: number = EXIT_CODES.ok;
  if (baseline !== undefined) {
    if (failures.size > 0 && !quiet) io.stderr(`spec-harness check: worse than the baseline by ${describeFailures(failures).join(', ')}\n`);
    code = failures.size > 0 ? EXIT_CODES.gateNotMet : EXIT_CODES.ok;
  } else if (parsed.gate !== undefined) code = gateExitCode(io, parsed.gate, outcome, { quiet });
  // Printed even with --json: the report names them too, but a gate must never read as passed over a bug.
  const internalErrors = checkInternalErrors(report, heldOutReport);
  if (printInternalErrors(io, CHECK_COMMAND.name, internalErrors) && code !== EXIT_CODES.usageOrIoError) code = EXIT_CODES.internalError;
  return read.value.unreadable.length > 0 ? EXIT_CODES.usageOrIoError : code;
}

/** `check`'s work on one file as plain data: what a pool worker is sent (pool-worker.ts). */
export interface CheckFileJob {
  readonly kind: 'check';
  readonly absolutePath: string;
  readonly input: CheckInput;
  readonly options: CheckOptions;
  /** `--held-out`: feedback and held-out pairs scored apart. */
  readonly heldOut: boolean;
  readonly solver: SolverSettings;
}

interface SolverSettings {
  readonly kind: SolverKind;
  readonly options: SolverOptions;
}

/** The file's reports, or why the command fails (a backend that rejected: no verus binary, for one). */
export type CheckFileAnswer =
  | { readonly ok: true; readonly feedback: FileReport; readonly heldOut: FileReport | undefined }
  | { readonly ok: false; readonly error: string };

/** A pool worker's `check` of one file: the file's crate model (read by the worker's own crate reader), the embedded
 *  backend, and the same scoring as in process. */
export async function checkFileInWorker(job: CheckFileJob, crates: CrateModels): Promise<CheckFileAnswer> {
  const model = await crates.fileModel(job.absolutePath, job.input.text);
  const created = createBackend('embedded', { stepBudget: job.options.stepBudget, stackAllowance: job.options.stackAllowance });
  if (!created.ok) return created;
  const backends = { ok: true, kind: 'embedded', backend: created.backend } as const;
  return scoreFile({ scoring: backends, plain: backends }, { ...job, input: model === undefined ? job.input : { ...job.input, model } });
}

/** One file's reports: feedback (or all) pairs with `scoring` (which may record verdicts), held-out pairs with
 *  the plain backends. */
async function scoreFile(
  backends: { readonly scoring: ChosenBackends; readonly plain: ChosenBackends },
  job: CheckFileJob,
): Promise<CheckFileAnswer> {
  const newSolver = (): Solver | undefined => createSolver(job.solver.kind, job.solver.options);
  try {
    const options = job.heldOut ? { ...job.options, pairSet: 'feedback' as const } : job.options;
    const feedback = await checkWith(backends.scoring, job.input, options, newSolver());
    const heldOut = job.heldOut
      ? await checkWith(backends.plain, job.input, { ...job.options, pairSet: 'held-out' }, newSolver())
      : undefined;
    return { ok: true, feedback, heldOut };
  } catch (error) {
    return { ok: false, error: `backend failed on '${job.input.path}': ${error instanceof Error ? error.message : String(error)}` };
  }
}

function withoutModel(input: CheckInput): CheckInput {
  return { path: input.path, text: input.text, pairsPath: input.pairsPath, pairsText: input.pairsText };
}

/** 0 met, 1 not met, 2 a gate over no function; the reasons go to stderr unless JSON was asked for. */
function gateExitCode(io: CliIo, gate: Gate, outcome: GateOutcome, options: { readonly quiet: boolean }): number {
  if (!outcome.ok) return commandFailure(io, CHECK_COMMAND)(`--gate ${formatGate(gate)}: ${outcome.error}`);
  if (!options.quiet) for (const line of gateLines(outcome)) io.stderr(`spec-harness check: ${line}\n`);
  return outcome.meets ? EXIT_CODES.ok : EXIT_CODES.gateNotMet;
}

function reportOf(files: readonly FileReport[], parsed: ParsedCheckArgs): CheckReport {
  const summary = summarize(files, parsed.options.threshold);
  return { files, summary: parsed.backend === 'embedded' ? summary : { ...summary, backend: parsed.backend } };
}

/** Feedback pairs first, then held-out pairs, then the functions fitted to the feedback pairs. */
function formatHeldOutText(feedback: CheckReport, heldOut: CheckReport, overfit: readonly string[], options: TextOptions): string {
  const oneIn = HARNESS_DEFAULTS.heldOutOneIn;
  return [
    `Feedback pairs (${oneIn - 1} in ${oneIn}, chosen by a hash of the input):\n`,
    formatCheckText(feedback, options),
    `\nHeld-out pairs (1 in ${oneIn}):\n`,
    formatCheckText(heldOut, options),
    `\noverfit (meets the gate on feedback pairs, not on held-out ones): ${overfit.length === 0 ? 'none' : overfit.join(', ')}\n`,
  ].join('');
}

/** The options for one file: with --changed-since, only the functions that changed (the others are listed). */
async function fileOptions(
  io: CliIo,
  parsed: ParsedCheckArgs,
  revision: GitRevision | undefined,
  input: CheckInput,
  skipped: string[],
): Promise<CheckOptions | string> {
  // A file given its crate's model (only crate files are) reaches items of other files, which the comparison with
  // the revision does not see: all of its functions are scored, never fewer than changed.
  if (revision === undefined || input.model !== undefined) return parsed.options;
  const absolutePath = path.resolve(io.cwd, input.path);
  const pairsAbsolutePath = input.pairsPath === null ? pairsPathFor(absolutePath) : path.resolve(io.cwd, input.pairsPath);
  const changed = await changedFunctions(revision, { absolutePath, text: input.text, pairsAbsolutePath, pairsText: input.pairsText });
  if (typeof changed === 'string') return changed;
  const wanted = parsed.options.functions;
  skipped.push(
    ...changed.unchanged.filter((name) => wanted === undefined || wanted.includes(name)).map((name) => `${input.path}::${name}`),
  );
  return { ...parsed.options, functions: changed.changed.filter((name) => wanted === undefined || wanted.includes(name)) };
}

function withRecorder(backends: ChosenBackends, recording: Backend): ChosenBackends {
  return backends.kind === 'both' ? { ...backends, embedded: recording } : { ...backends, backend: recording };
}

type BackendChoice = 'embedded' | 'verus' | 'both';

interface ParsedCheckArgs {
  readonly paths: readonly string[];
  readonly reports: ReportOptions;
  /** `--held-out`: score feedback and held-out pairs apart, flag overfit functions; the gate checks both. */
  readonly heldOut: boolean;
  /** `--suggest`: suggested ensures clauses after the report (check-suggest.ts). */
  readonly suggest: boolean;
  readonly pairs: string | undefined;
  readonly gate: Gate | undefined;
  readonly backend: BackendChoice;
  readonly verusPath: string | undefined;
  /** `--verus-arg`, repeatable: passed to verus after the harness's own arguments. */
  readonly verusArgs: readonly string[];
  readonly solver: SolverKind;
  readonly solverTimeLimitMs: number | undefined;
  /** `--jobs`: undefined for the default (file-pool.ts `filePool`). */
  readonly jobs: number | undefined;
  readonly options: CheckOptions;
}

function parseCheckArgs(args: readonly string[], host: Pick<CliIo, 'stackAllowance' | 'internalErrors'>): CommandArgs<ParsedCheckArgs> {
  const line = parseCommandLine(args, CHECK_COMMAND.options);
  if (line.kind !== 'run') return line;
  const parsed = line.args;
  const values = parsed.values;
  if (parsed.positionals.length === 0) return mistake('no PATH given');
  const threshold = numberOption(values.threshold, 'threshold', DEFAULT_CHECK_OPTIONS.threshold, { min: 0, max: 1, integer: false });
  const seed = numberOption(values.seed, 'seed', DEFAULT_CHECK_OPTIONS.seed, { min: 0, max: 2 ** 32 - 1, integer: true });
  const mutants = numberOption(values.mutants, 'mutants', DEFAULT_CHECK_OPTIONS.mutantsPerPair, { min: 0, max: 1000, integer: true });
  const stepBudget = numberOption(values['step-budget'], 'step-budget', DEFAULT_CHECK_OPTIONS.stepBudget, {
    min: 1,
    max: 1e9,
    integer: true,
  });
  const codeMutants = numberOption(values['code-mutants'], 'code-mutants', DEFAULT_CODE_MUTANTS, { min: 0, max: 1000, integer: true });
  const functionBudget = numberOption(values['function-budget'], 'function-budget', FUNCTION_STEP_BUDGET, {
    min: 1,
    max: 1e12,
    integer: true,
  });
  const solverTimeLimit = numberOption(values['solver-time-limit'], 'solver-time-limit', 0, { min: 1, max: 600_000, integer: true });
  for (const option of [threshold, seed, mutants, stepBudget, codeMutants, functionBudget, solverTimeLimit])
    if (typeof option === 'string') return mistake(option);
  const gate = values.gate === undefined ? undefined : parseGate(values.gate);
  if (typeof gate === 'string') return mistake(gate);
  const reports = parseReportOptions(values);
  if (typeof reports === 'string') return mistake(reports);
  const backend = values.backend ?? 'embedded';
  if (backend !== 'embedded' && backend !== 'verus' && backend !== 'both') {
    return mistake(`--backend must be embedded, verus or both (got '${backend}')`);
  }
  const solver = SOLVER_KINDS.find((kind) => kind === (values.solver ?? 'z3'));
  if (solver === undefined) return mistake(`--solver must be z3 or none (got '${values.solver ?? ''}')`);
  const jobs = parseJobs(values.jobs);
  if (typeof jobs === 'object') return mistake(jobs.mistake);
  return run({
    jobs,
    solver,
    solverTimeLimitMs: values['solver-time-limit'] === undefined ? undefined : (solverTimeLimit as number),
    paths: parsed.positionals,
    reports,
    heldOut: values['held-out'] === true,
    suggest: values.suggest === true,
    pairs: values.pairs,
    gate,
    backend,
    verusPath: values['verus-path'],
    verusArgs: values['verus-arg'] ?? [],
    options: {
      threshold: threshold as number,
      seed: seed as number,
      mutantsPerPair: mutants as number,
      stepBudget: stepBudget as number,
      functionStepBudget: functionBudget as number,
      explainNoPairs: true,
      codeMutants: codeMutants as number,
      weakPostcondition: values['weak-threshold-only'] === true ? 'threshold' : 'realistic',
      stackAllowance: host.stackAllowance,
      internalErrors: host.internalErrors,
      ...(values.fn === undefined ? {} : { functions: values.fn }),
    },
  });
}

function numberOption(
  text: string | undefined,
  name: string,
  fallback: number,
  bounds: { readonly min: number; readonly max: number; readonly integer: boolean },
): number | string {
  if (text === undefined) return fallback;
  const value = Number(text);
  const valid =
    text.trim() !== '' &&
    Number.isFinite(value) &&
    value >= bounds.min &&
    value <= bounds.max &&
    (!bounds.integer || Number.isInteger(value));
  if (!valid) return `--${name} must be ${bounds.integer ? 'an integer' : 'a number'} from ${bounds.min} to ${bounds.max} (got '${text}')`;
  return value;
}

type ChosenBackends = Exclude<Backends, { ok: false }>;

type Backends =
  | { readonly ok: true; readonly kind: 'embedded' | 'verus'; readonly backend: Backend }
  | { readonly ok: true; readonly kind: 'both'; readonly embedded: Backend; readonly verus: Backend }
  | { readonly ok: false; readonly error: string };

function makeBackends(choice: BackendChoice, options: CheckOptions, verusEnvironment: VerusEnvironment): Backends {
  const backendOptions = { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance, verus: verusEnvironment };
  if (choice === 'embedded' || choice === 'verus') {
    const created = createBackend(choice, backendOptions);
    return created.ok ? { ok: true, kind: choice, backend: created.backend } : created;
  }
  const embedded = createBackend('embedded', backendOptions);
  const verus = createBackend('verus', backendOptions);
  if (!embedded.ok) return embedded;
  if (!verus.ok) return verus;
  return { ok: true, kind: 'both', embedded: embedded.backend, verus: verus.backend };
}

async function checkWith(
  backends: ChosenBackends,
  input: CheckInput,
  options: CheckOptions,
  solver: Solver | undefined,
): Promise<FileReport> {
  const signal = new AbortController().signal;
  if (backends.kind !== 'both') return checkFile(input, options, backends.backend, signal, solver);
  return checkFileWithBoth(input, options, backends.embedded, backends.verus, signal);
}
