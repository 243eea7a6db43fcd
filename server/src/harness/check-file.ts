// One file from text to FileReport: parse, model, read the pairs file, plan each function's obligations, let a
// backend decide them (in one batch per file), score, and word the diagnostics. Pure: the caller reads files.

import { createLineIndex, parseSourceFile } from '../syntax';
import type { LineIndex, SyntaxDiagnostic } from '../syntax';
import type { InternalErrors, StackAllowance, Value } from '../eval';
import { measuredDeclaration } from '../eval';
import { buildFileModel } from '../model';
import type { FileModel, FunctionContract } from '../model';
import type { Backend, Obligation, ObligationResult, Solver } from './backend';
import { solverMayDecide } from './score/decide';
import { fileDiagnostics } from './report/diagnostics';
import { errorReport, internalErrorReport, noPairsReport, syntaxErrorReport, unsupportedReport } from './report/unscored-reports';
import { atStage, guarded, guardedAsync } from './internal-errors';
import { failpoint, failpointAsync } from './failpoints';
import { generateForFunction, generateOptionsFor } from './generate/generate-function';
import { whyNoPairs } from './generate/why-no-pairs';
import { selectPairSet } from './score/held-out';
import type { PairSet } from './score/held-out';
import { planObligations } from './score/obligations';
import { violatesTypeInvariant } from './score/type-invariants';
import { HARNESS_DEFAULTS } from './report/policy';
import { codeMutantLimits, codeWrongOutcomes, DEFAULT_CODE_MUTANTS } from './mutants/code-mutants';
import type { WeakPostconditionRule } from './report/diagnostics';
import type { PlannedObligation } from './score/obligations';
import { EMPTY_PAIRS_FILE, implementationMismatches, mismatchDiagnostics, pairsPathFor, parsePairsFile } from './pairs';
import type { PairsFunctionEntry, ParsedPairsFile } from './pairs';
import type { FileReport, FunctionReport } from './report/report-types';
import { scoreFunction, unsupportedReason } from './score/score-function';
import { functionValueTypes } from './score/function-types';
import type { FunctionValueTypes } from './score/function-types';

export interface CheckInput {
  /** Shown in the report as given (callers pass paths relative to where the user ran the command). */
  readonly path: string;
  readonly text: string;
  readonly pairsPath: string | null;
  readonly pairsText: string | null;
  /** The model of `text`, when the caller already built it (the editor's engine keeps one per version). */
  readonly model?: FileModel;
  /** The line index of `text`, likewise. */
  readonly lineIndex?: LineIndex;
}

export interface CheckOptions {
  /** Scores below it are diagnosed (design default 0.75). */
  readonly threshold: number;
  readonly mutantsPerPair: number;
  readonly seed: number;
  /** Evaluation steps per obligation. */
  readonly stepBudget: number;
  /** Evaluation steps one function's obligations may spend together (FUNCTION_STEP_BUDGET when absent). */
  readonly functionStepBudget?: number;
  /** Whether a function whose pairs entry holds nothing usable is run through generation to say why (the CLI and
   *  the agent tools; the editor says it when its quick fix generates pairs). Off when absent. */
  readonly explainNoPairs?: boolean;
  /** The JS stack the host gives the evaluator (the CLI in its big-stack worker: `large`); `default` when absent. */
  readonly stackAllowance?: StackAllowance;
  /** Only these qualified names (all scorable functions when absent). */
  readonly functions?: readonly string[];
  /** Score only the feedback or only the held-out pairs (all pairs when absent). */
  readonly pairSet?: PairSet;
  /** Code mutations run per function (DEFAULT_CODE_MUTANTS when absent; 0 turns code mutants off). */
  readonly codeMutants?: number;
  /** `realistic` (default): an accepted code mutant or swapped output is a weak postcondition whatever PostComp is;
   *  `threshold`: only PostComp below the threshold is. */
  readonly weakPostcondition?: WeakPostconditionRule;
  /** The editor's cancellation flag (a newer version arrived): polled between functions and by the evaluator. A
   *  cancelled run's report is meaningless and must be discarded by the caller. Never true when absent. */
  readonly cancelled?: () => boolean;
  /** What a bug met while planning or scoring a function becomes: `unsupported` (default) reports that function
   *  as not scored, naming the error; `throw` propagates it (tests). */
  readonly internalErrors?: InternalErrors;
}

export interface FilePlan {
  readonly input: CheckInput;
  readonly options: CheckOptions;
  readonly model: FileModel;
  readonly lineIndex: LineIndex;
  readonly pairs: ParsedPairsFile;
  readonly functions: readonly PlannedFunction[];
}

export type PlannedFunction =
  | { readonly kind: 'done'; readonly fn: FunctionContract; readonly report: FunctionReport }
  | {
      readonly kind: 'planned';
      readonly fn: FunctionContract;
      readonly types: Extract<FunctionValueTypes, { kind: 'supported' }>;
      readonly planned: readonly PlannedObligation[];
    };

/** Every step before a backend is involved. Never throws on user input. */
export function planFile(input: CheckInput, options: CheckOptions): FilePlan {
  failpoint('front end', input.path);
  const model = input.model ?? buildFileModel(parseSourceFile(input.text));
  const lineIndex = input.lineIndex ?? createLineIndex(input.text);
  const pairs: ParsedPairsFile =
    input.pairsText === null
      ? { file: EMPTY_PAIRS_FILE, diagnostics: [] }
      : withImplementationCheck(model, parsePairsFile(input.pairsText, model), options);
  const functions = scorableFunctions(model, options).map((fn) =>
    options.cancelled?.() === true ? cancelledFunction(lineIndex, fn) : planFunction(fn, model, lineIndex, pairs, input, options),
  );
  return { input, options, model, lineIndex, pairs, functions };
}

/** Hand-written pairs whose output the implementation contradicts are flagged on their entries. */
function withImplementationCheck(model: FileModel, pairs: ParsedPairsFile, options: CheckOptions): ParsedPairsFile {
  const mismatches = implementationMismatches(model, pairs, {
    stepBudget: options.stepBudget,
    stackAllowance: options.stackAllowance ?? 'default',
  });
  return mismatches.length === 0 ? pairs : { ...pairs, diagnostics: [...pairs.diagnostics, ...mismatchDiagnostics(mismatches)] };
}

/** The obligations a backend must decide for this plan, in a stable order. Obligations whose clause list is
 *  empty (`requires true`, `ensures true`) hold without asking anyone and are left out. */
export function pendingObligations(plan: FilePlan): Obligation[] {
  const pending: Obligation[] = [];
  for (const planned of plan.functions) {
    if (planned.kind !== 'planned') continue;
    for (const item of planned.planned) if (!isTrivial(item.obligation)) pending.push(item.obligation);
  }
  return pending;
}

/** Scores the plan from the verdicts on `pendingObligations(plan)` (parallel array). */
export function finishFile(plan: FilePlan, results: readonly ObligationResult[]): FileReport {
  const ctx = { lineIndex: plan.lineIndex, model: plan.model };
  let next = 0;
  const functions = plan.functions.map((planned) => {
    if (planned.kind === 'done') return planned.report;
    const fnResults = planned.planned.map((item) => (isTrivial(item.obligation) ? TRIVIALLY_HOLDS : (results[next++] ?? MISSING_RESULT)));
    const failed = fnResults.find((result) => result.internalError !== undefined)?.internalError;
    if (failed !== undefined) return internalErrorReport(plan.lineIndex, planned.fn, failed);
    return guarded(
      plan.options.internalErrors,
      'scoring',
      () => {
        failpoint('scoring', planned.fn.qualifiedName);
        return withWhyNoPostComp(plan, planned.fn, scoreFunction(ctx, planned.fn, planned.types, planned.planned, fnResults));
      },
      (error) => internalErrorReport(plan.lineIndex, planned.fn, error),
    );
  });
  const diagnostics = fileDiagnostics({
    model: plan.model,
    lineIndex: plan.lineIndex,
    functions,
    pairsDiagnostics: plan.pairs.diagnostics,
    threshold: plan.options.threshold,
    weakPostcondition: plan.options.weakPostcondition,
    pairsFileName: pairsFileNameOf(plan.input.path, plan.input.pairsPath),
  });
  return { path: plan.input.path, pairsFile: plan.input.pairsPath, diagnostics, functions };
}

/** Scores one file with a backend other than the embedded one: one batch of obligations per file, then the solver on
 *  what is left undecided. `index.ts`'s `checkFile` picks this or the embedded paths. */
export async function checkWithBackend(
  input: CheckInput,
  options: CheckOptions,
  backend: Backend,
  signal: AbortSignal,
  solver: Solver | undefined,
): Promise<FileReport> {
  const plan = planFile(input, options);
  const pending = pendingObligations(plan);
  const results = await backend.check(plan.model, pending, signal);
  return withBackend(
    finishFile(plan, await solveUndecided(plan.model, pending, results, solver, signal, options.internalErrors)),
    backend.name,
  );
}

/** The results with what a solver decides among the ones the evaluator left to it; the solver is not asked (nor
 *  loaded) when there are none. A bug met in the solver is the result of the functions whose queries met it: when
 *  the file's batch fails, each function's obligations are asked again alone, and a function whose own batch still
 *  fails keeps the evaluator's verdicts marked with the internal error. */
export async function solveUndecided(
  model: FileModel,
  obligations: readonly Obligation[],
  results: readonly ObligationResult[],
  solver: Solver | undefined,
  signal: AbortSignal,
  internalErrors: InternalErrors | undefined,
): Promise<readonly ObligationResult[]> {
  if (solver === undefined || !results.some(solverMayDecide)) return results;
  try {
    await failpointAsync(
      'solver',
      obligations.map((obligation) => obligation.fn.qualifiedName),
    );
    return await solver.decide(model, obligations, results, signal);
  } catch (error) {
    if (internalErrors === 'throw') throw error;
  }
  const solved = [...results];
  for (const indices of indicesByFunction(obligations)) {
    if (!indices.some((index) => solverMayDecide(results[index] ?? MISSING_RESULT))) continue;
    const mine = indices.map((index) => results[index] ?? MISSING_RESULT);
    const decided = await guardedAsync(
      undefined,
      'solver',
      async () => {
        const theirs = indices.map((index) => obligations[index] as Obligation);
        await failpointAsync(
          'solver',
          theirs.map((obligation) => obligation.fn.qualifiedName),
        );
        return solver.decide(model, theirs, mine, signal);
      },
      (error) => mine.map((result) => (solverMayDecide(result) ? { ...result, internalError: error } : result)),
    );
    indices.forEach((index, i) => {
      solved[index] = decided[i] ?? MISSING_RESULT;
    });
  }
  return solved;
}

/** The obligations' indices grouped by function, in order of first appearance. */
function indicesByFunction(obligations: readonly Obligation[]): number[][] {
  const groups = new Map<FunctionContract, number[]>();
  obligations.forEach((obligation, index) => {
    const group = groups.get(obligation.fn);
    if (group === undefined) groups.set(obligation.fn, [index]);
    else group.push(index);
  });
  return [...groups.values()];
}

export function withBackend(report: FileReport, backend: string): FileReport {
  return { ...report, functions: report.functions.map((fn) => (fn.status === 'scored' ? { ...fn, backend } : fn)) };
}

/** Exec fns with a contract and a body, or a trait's declarations with one, which are measured at an impl
 *  (`measuredDeclaration`); spec and proof fns are not scored. Optionally narrowed to some names. */
export function scorableFunctions(model: FileModel, options: Pick<CheckOptions, 'functions'>): FunctionContract[] {
  return model.functions.filter(
    (fn) =>
      fn.mode === 'exec' &&
      (fn.hasBody || fn.declaredInTrait !== undefined) &&
      (fn.requires.length > 0 || fn.ensures.length > 0) &&
      (options.functions === undefined || options.functions.includes(fn.qualifiedName)),
  );
}

const TRIVIALLY_HOLDS: ObligationResult = { verdict: { kind: 'holds' }, failingClause: undefined, recursionDepth: 0 };
const MISSING_RESULT: ObligationResult = {
  verdict: { kind: 'indeterminate', reason: 'the backend returned no verdict' },
  failingClause: undefined,
  recursionDepth: 0,
};

function isTrivial(obligation: Obligation): boolean {
  return (obligation.kind === 'pre' ? obligation.fn.requires : obligation.fn.ensures).length === 0;
}

function cancelledFunction(lineIndex: LineIndex, fn: FunctionContract): PlannedFunction {
  return { kind: 'done', fn, report: errorReport(lineIndex, fn, 'the run was cancelled') };
}

function planFunction(
  fn: FunctionContract,
  model: FileModel,
  lineIndex: LineIndex,
  pairs: ParsedPairsFile,
  input: CheckInput,
  options: CheckOptions,
): PlannedFunction {
  const syntaxError = contractSyntaxError(model, fn);
  if (syntaxError !== undefined) return { kind: 'done', fn, report: syntaxErrorReport(lineIndex, fn, syntaxError) };
  return guarded(
    options.internalErrors,
    'planning',
    () => {
      const declaration = measuredDeclaration(fn, model.scope);
      if (declaration?.kind === 'unmeasured')
        return { kind: 'done', fn, report: unsupportedReport(lineIndex, model, fn, declaration.reason, declaration.span) };
      return planScorable(declaration?.fn ?? fn, model, lineIndex, pairs, input, options);
    },
    (error): PlannedFunction => ({ kind: 'done', fn, report: internalErrorReport(lineIndex, fn, error) }),
  );
}

function planScorable(
  fn: FunctionContract,
  model: FileModel,
  lineIndex: LineIndex,
  pairs: ParsedPairsFile,
  input: CheckInput,
  options: CheckOptions,
): PlannedFunction {
  failpoint('planning', fn.qualifiedName);
  const types = functionValueTypes(fn, model.scope);
  if (types.kind === 'unsupported') return { kind: 'done', fn, report: unsupportedReport(lineIndex, model, fn, types.reason, types.span) };
  const wholeEntry = pairs.file.functions.get(fn.qualifiedName);
  const selected =
    wholeEntry === undefined || options.pairSet === undefined
      ? wholeEntry
      : selectPairSet(wholeEntry, options.pairSet, HARNESS_DEFAULTS.heldOutOneIn);
  const entry = selected === undefined ? undefined : withoutImpossibleInputs(model, fn, selected, options);
  if (entry === undefined)
    return {
      kind: 'done',
      fn,
      report: withWhyNoPairs(noPairsReport(lineIndex, fn, input.pairsPath), model, fn, lineIndex, input, options),
    };
  // Without an ensures every output is accepted: running code mutants would say nothing new.
  const codeOutcomes =
    (options.codeMutants ?? DEFAULT_CODE_MUTANTS) > 0 && fn.ensures.length > 0
      ? atStage('code mutants', () => {
          failpoint('code mutants', fn.qualifiedName);
          return codeWrongOutcomes(
            model,
            fn,
            types.returnType,
            entry.pairs.map((pair) => pair.inputs),
            codeMutantLimits(options),
          );
        })
      : undefined;
  const planned = planObligations(fn, entry, types, { mutantsPerPair: options.mutantsPerPair, seed: options.seed }, codeOutcomes);
  if (planned.length === 0) {
    const set = options.pairSet === undefined ? '' : ` ${options.pairSet}`;
    const where = entryText(fn, input);
    const reason =
      entry.pairs.length > 0
        ? `${where} has ${entry.pairs.length} pair(s), but no wrong output could be made for the return type`
        : `${where} has no usable${set} pairs or invalid inputs`;
    return {
      kind: 'done',
      fn,
      report: withWhyNoPairs({ ...noPairsReport(lineIndex, fn, input.pairsPath), reason }, model, fn, lineIndex, input, options),
    };
  }
  return { kind: 'planned', fn, types, planned };
}

/** `the entry for \`f\` in f.pairs.json`, as reasons name a function's pairs entry. */
function entryText(fn: FunctionContract, input: CheckInput): string {
  return `the entry for \`${fn.qualifiedName}\` in ${input.pairsPath ?? 'the pairs file'}`;
}

/** A scored function with an `ensures` whose PostComp has no value says why: its entry holds only invalid inputs
 *  (then, as for an empty entry, why generation got no pair), no wrong output could be made, or every verdict on
 *  one was indeterminate. A function that could not be measured never reads as measured without a word. */
function withWhyNoPostComp(plan: FilePlan, fn: FunctionContract, report: FunctionReport): FunctionReport {
  if (fn.ensures.length === 0 || report.scores.postCompleteness !== null || report.reason !== null) return report;
  const counts = report.counts;
  if (counts.pairs === 0) {
    const reason = `PostComp not measured: ${entryText(fn, plan.input)} has invalid inputs but no correct pairs`;
    return withWhyNoPairs({ ...report, reason }, plan.model, fn, plan.lineIndex, plan.input, plan.options);
  }
  if (counts.mutants === 0)
    return { ...report, reason: 'PostComp not measured: no wrong output could be made for the return type on these pairs' };
  if (report.unsupported.length > 0) return { ...report, reason: `PostComp not measured: ${unsupportedReason(report.unsupported)}` };
  const example = report.indeterminate.find((verdict) => verdict.obligation === 'post')?.reason;
  return {
    ...report,
    reason: `PostComp not measured: every verdict on a wrong output was indeterminate${example === undefined ? '' : ` (e.g. ${example})`}`,
  };
}

/** A function the pairs file gives nothing usable: when generation (as `spec-harness pairs` runs it, without the
 *  solver) gets no pair either, its reason says why, specifically, instead of only that the entry is missing or
 *  empty. Without a pairs file the next step is `spec-harness pairs`, which says it; nothing is run then. */
function withWhyNoPairs(
  report: FunctionReport,
  model: FileModel,
  fn: FunctionContract,
  lineIndex: LineIndex,
  input: CheckInput,
  options: CheckOptions,
): FunctionReport {
  if (input.pairsText === null || options.explainNoPairs !== true) return report;
  const generation = generateForFunction(model, fn, generateOptionsFor(options.stackAllowance ?? 'default'));
  const why = whyNoPairs(model, fn, generation);
  if (why === undefined) return report;
  return { ...report, reason: `${report.reason ?? 'no pairs'}: ${why.message} (line ${lineIndex.positionAt(why.span.start).line + 1})` };
}

/** The first syntax error inside the function's signature and contract: scores measured on a contract the parser
 *  had to guess at would be wrong, so such a function is not scored and the syntax error is its diagnostic. */
function contractSyntaxError(model: FileModel, fn: FunctionContract): SyntaxDiagnostic | undefined {
  const contract = fn.item.signatureSpan;
  return model.diagnostics.find(
    (diagnostic) => diagnostic.severity === 'error' && diagnostic.span.start >= contract.start && diagnostic.span.start < contract.end,
  );
}

/** The name of a source file's pairs file (`arith.pairs.json`, existing or not): the last segment of its path, either
 *  separator (the core does not import node:path). */
export function pairsFileNameOf(sourcePath: string, pairsPath: string | null): string {
  const path = pairsPath ?? pairsPathFor(sourcePath);
  return path.split(/[\\/]/).pop() ?? path;
}

/** The entry without the pairs and invalid inputs whose inputs violate a type invariant: no such value exists, so
 *  the contract says nothing about them (a verified ensures may reject such a pair, a requires need not). */
function withoutImpossibleInputs(
  model: FileModel,
  fn: FunctionContract,
  entry: PairsFunctionEntry,
  options: CheckOptions,
): PairsFunctionEntry {
  const stackAllowance = options.stackAllowance ?? 'default';
  const possible = (inputs: ReadonlyMap<string, Value>): boolean =>
    !violatesTypeInvariant(model, fn, inputs, options.stepBudget, stackAllowance);
  return {
    ...entry,
    pairs: entry.pairs.filter((pair) => possible(pair.inputs)),
    invalid: entry.invalid.filter((invalid) => possible(invalid.inputs)),
  };
}
