// The harness API: pairs files, obligations, scores, reports and their diagnostics. Pure (no IO): callers read
// the source and pairs files and pass their text.

import type { Backend, ObligationResult, Solver } from './backend';
import { finishFileWithBoth } from './compare';
import { checkWithBackend, finishFile, pendingObligations, planFile, solveUndecided, withBackend } from './check-file';
import type { CheckInput, CheckOptions, FilePlan } from './check-file';
import { decideObligations, decideOptionsOf } from './score/decide';
import type { FileReport } from './report/report-types';
import type { Verdict } from './score/verdict';
import { HARNESS_DEFAULTS } from './report/policy';
import { withClauseView } from './score/clause-view';
import { atStageAsync, guarded, guardedAsync } from './internal-errors';
import { fileInternalErrorReport } from './report/unscored-reports';

export { finishFile, pairsFileNameOf, pendingObligations, planFile, scorableFunctions } from './check-file';
export type { CheckInput, CheckOptions, FilePlan, PlannedFunction } from './check-file';
export {
  contractClauses,
  decideClausesApart,
  decideObligation,
  decideObligations,
  decideOptionsOf,
  FUNCTION_STEP_BUDGET,
  obligationEnv,
  requiresObligation,
  solverMayDecide,
} from './score/decide';
export type { DecideOptions } from './score/decide';
export { fileDiagnostics, functionDiagnostics } from './report/diagnostics';
export type { WeakPostconditionRule } from './report/diagnostics';
export { DEFAULT_CODE_MUTANTS } from './mutants/code-mutants';
export { describeAccepted } from './report/wrong-outputs';
export { formatInput, formatResult, formatScore } from './report/format-call';
export { parsePairsFile, EMPTY_PAIRS_FILE } from './pairs';
export type { ParsedPairsFile, PairsFile, PairsFunctionEntry, PairsDiagnostic, PairsDocument } from './pairs';
export { cleanFunctionEntries, editPairsLists, implementationMismatches, nodeJson, propertyValue } from './pairs';
export type { ImplementationMismatch } from './pairs';
export { pairsPathFor, isPairsPath, sourcePathForPairs, readPairsDocument, duplicateMessage, refusalToEdit, positionText } from './pairs';
export type { AcceptableEntry, InvalidEntry, PairEntry } from './pairs';
export { planObligations } from './score/obligations';
export type { PlannedObligation, ObligationRole } from './score/obligations';
export { summarize, THRESHOLDS } from './report/summary';
export { isHeldOut, selectPairSet } from './score/held-out';
export type { PairSet } from './score/held-out';
export {
  HARNESS_DEFAULTS,
  evaluateGate,
  formatGate,
  gateFunction,
  isBelowThreshold,
  meetsHarness,
  meetsPostHarness,
  nothingToMeasureReason,
  scoreEntries,
  scoreStanding,
  standingPasses,
} from './report/policy';
export type { FunctionGateResult, Gate, GateInput, GateOutcome, GateVerdict, ScoreName, ScoreStanding } from './report/policy';
export { functionValueTypes } from './score/function-types';
export type { FunctionValueTypes } from './score/function-types';
export type * from './report/report-types';
export { spanRange } from './report/unscored-reports';
export { guarded, guardedAsync, internalErrorReason } from './internal-errors';
export { armFailpoints } from './failpoints';
export type { InternalError, Stage } from './internal-errors';
export { rangeContains, sameRange } from './report/ranges';
export type { Backend, Obligation, ObligationResult, Solver } from './backend';
export type { Verdict } from './score/verdict';
export type { JsonValue } from '../eval';

/** The policy's defaults (design.md: threshold 0.75, 8 mutants per pair) as check options. */
export const DEFAULT_CHECK_OPTIONS: CheckOptions = {
  threshold: HARNESS_DEFAULTS.threshold,
  mutantsPerPair: HARNESS_DEFAULTS.mutantsPerPair,
  seed: HARNESS_DEFAULTS.seed,
  stepBudget: HARNESS_DEFAULTS.stepBudget,
};

/** Scores one file with a backend (the embedded evaluator when none is given). Rejects only when the backend
 *  does (environment failures, e.g. no verus binary). */
export async function checkFile(
  input: CheckInput,
  options: CheckOptions,
  backend?: Backend,
  signal?: AbortSignal,
  solver?: Solver,
): Promise<FileReport> {
  const abort = signal ?? new AbortController().signal;
  if (backend !== undefined && backend.name !== 'embedded') return checkWithBackend(input, options, backend, abort, solver);
  if (backend === undefined && solver === undefined) return checkFileSync(input, options);
  return guardedAsync(
    options.internalErrors,
    'front end',
    async () => {
      const plan = planFile(input, options);
      const pending = pendingObligations(plan);
      const decided =
        backend === undefined
          ? decideObligations(plan.model, pending, decideOptionsOf(options))
          : await atStageAsync('backend', () => backend.check(plan.model, pending, abort));
      const results = await solveUndecided(plan.model, pending, decided, solver, abort, options.internalErrors);
      return finishEmbedded(plan, results);
    },
    (error) => fileInternalErrorReport(input, error),
  );
}

/** Scores one file with the embedded evaluator, synchronously (the LSP worker and the bench use this). */
export function checkFileSync(input: CheckInput, options: CheckOptions): FileReport {
  return guarded(
    options.internalErrors,
    'front end',
    () => {
      const plan = planFile(input, options);
      const results = decideObligations(plan.model, pendingObligations(plan), decideOptionsOf(options));
      return finishEmbedded(plan, results);
    },
    (error) => fileInternalErrorReport(input, error),
  );
}

/** A file scored by the embedded evaluator, with what its FileReport leaves out: the plan and the verdict on every
 *  obligation by id (the report lists only the accepted wrong outputs; a mutation report lists every one). */
export interface CheckedFile {
  readonly report: FileReport;
  readonly plan: FilePlan;
  readonly verdicts: ReadonlyMap<string, Verdict>;
}

/** `checkFile` with the embedded evaluator (and the solver, when given), keeping the plan and every verdict. */
export async function checkFileKeepingVerdicts(
  input: CheckInput,
  options: CheckOptions,
  solver: Solver | undefined,
  signal: AbortSignal,
): Promise<CheckedFile> {
  const plan = planFile(input, options);
  const pending = pendingObligations(plan);
  const results = await solveUndecided(
    plan.model,
    pending,
    decideObligations(plan.model, pending, decideOptionsOf(options)),
    solver,
    signal,
    options.internalErrors,
  );
  const verdicts = new Map<string, Verdict>();
  pending.forEach((obligation, idx) => {
    const result = results[idx];
    if (result !== undefined) verdicts.set(obligation.id, result.verdict);
  });
  return { report: finishEmbedded(plan, results), plan, verdicts };
}

/** The per-clause view asks the embedded evaluator about single clauses: only next to its own verdicts. */
function finishEmbedded(plan: FilePlan, results: readonly ObligationResult[]): FileReport {
  return withBackend(withClauseView(plan, results, finishFile(plan, results), decideOptionsOf(plan.options)), 'embedded');
}
export { finishFileWithBoth } from './compare';

/** Scores one file with both backends on the same obligations: the report shows where they differ and counts the
 *  solver gap (mutants the embedded evaluator rejects and Verus cannot refute). */
export async function checkFileWithBoth(
  input: CheckInput,
  options: CheckOptions,
  embedded: Backend,
  verus: Backend,
  signal: AbortSignal,
): Promise<FileReport> {
  const plan = planFile(input, options);
  const pending = pendingObligations(plan);
  const [embeddedResults, verusResults] = await Promise.all([
    embedded.check(plan.model, pending, signal),
    verus.check(plan.model, pending, signal),
  ]);
  return finishFileWithBoth(plan, embeddedResults, verusResults);
}
export { scoreFunction } from './score/score-function';
export type { ScoreContext } from './score/score-function';
// Pair generation (harness/generate, E6) is part of the harness API: the `pairs` command and the editor use it.
export {
  DEFAULT_GENERATE_OPTIONS,
  generatePairsEntries,
  generatePairsEntriesWithSolver,
  generatePairsText,
  generatePairsTextWithSolver,
  lengthRanges,
  readShape,
  typeConsts,
  mergePairsText,
} from './generate';
export type { FunctionSummary, GeneratedEntries, GeneratedFile, PairsTextOptions, PairsTextResult } from './generate';
// What the tools for coding agents (MCP server, VS Code language model tools) return.
export { agentScoreResult, MAX_AGENT_EVIDENCE, taskCompleteResult } from './report/agent-results';
export type { AgentFunctionScore, AgentScoreResult, TaskCompleteResult, VerificationOutcome } from './report/agent-results';
// Suggested `ensures` clauses for weak postconditions (harness/suggest): `check --suggest`, the quick fix, the agent tools.
export { agentSuggestResult, clauseInsertion, SUGGEST_BUDGET, suggestClauses, suggestionSentence, suggestionTitle } from './suggest';
export type { AgentSuggestResult, ClauseInsertion, ClauseSuggestion, FunctionSuggestions } from './suggest';
