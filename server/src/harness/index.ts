// The harness API: pairs files, obligations, scores, reports and their diagnostics. Pure (no IO): callers read
// the source and pairs files and pass their text.

import type { Backend, Solver } from './backend';
import { finishFileWithBoth } from './compare';
import { checkFile as checkPlannedFile, finishFile, pendingObligations, planFile, solveUndecided, withBackend } from './check-file';
import type { CheckInput, CheckOptions } from './check-file';
import { decideObligations, decideOptionsOf } from './decide';
import type { FileReport } from './report';

export { finishFile, pendingObligations, planFile, scorableFunctions } from './check-file';
export type { CheckInput, CheckOptions, FilePlan, PlannedFunction } from './check-file';
export { contractClauses, decideClausesApart, decideObligation, decideObligations, decideOptionsOf, obligationEnv, requiresObligation, solverMayDecide } from './decide';
export type { DecideOptions } from './decide';
export { fileDiagnostics, functionDiagnostics } from './diagnostics';
export { formatInput, formatResult, formatScore } from './format-call';
export { parsePairsFile, EMPTY_PAIRS_FILE } from './pairs-file';
export type { ParsedPairsFile, PairsFile, PairsFunctionEntry, PairsDiagnostic } from './pairs-file';
export type { AcceptableEntry, InvalidEntry, PairEntry } from './pairs-entry';
export { planObligations } from './obligations';
export type { PlannedObligation, ObligationRole } from './obligations';
export { meetsHarness, meetsPostHarness, summarize, THRESHOLDS } from './summary';
export { functionValueTypes } from './value-types';
export type { FunctionValueTypes } from './value-types';
export type * from './report';
export type { Backend, Obligation, ObligationResult, Solver } from './backend';
export type { Verdict } from './verdict';
export type { JsonValue } from '../eval';

/** The defaults design.md fixes: threshold 0.75, 8 mutants per pair. */
export const DEFAULT_CHECK_OPTIONS: CheckOptions = { threshold: 0.75, mutantsPerPair: 8, seed: 1, stepBudget: 100_000 };

/** Scores one file with a backend (the embedded evaluator when none is given). Rejects only when the backend
 *  does (environment failures, e.g. no verus binary). */
export async function checkFile(input: CheckInput, options: CheckOptions, backend?: Backend, signal?: AbortSignal, solver?: Solver): Promise<FileReport> {
  const abort = signal ?? new AbortController().signal;
  if (backend !== undefined) return checkPlannedFile(input, options, backend, abort, solver);
  if (solver === undefined) return checkFileSync(input, options);
  const plan = planFile(input, options);
  const pending = pendingObligations(plan);
  const results = decideObligations(plan.model, pending, decideOptionsOf(options));
  return withBackend(finishFile(plan, await solveUndecided(plan.model, pending, results, solver, abort)), 'embedded');
}

/** Scores one file with the embedded evaluator, synchronously (the LSP worker and the bench use this). */
export function checkFileSync(input: CheckInput, options: CheckOptions): FileReport {
  const plan = planFile(input, options);
  const results = decideObligations(plan.model, pendingObligations(plan), decideOptionsOf(options));
  return withBackend(finishFile(plan, results), 'embedded');
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
export { scoreFunction } from './score';
export type { ScoreContext } from './score';
// Pair generation (harness/generate, E6) is part of the harness API: the `pairs` command and the editor use it.
export { DEFAULT_GENERATE_OPTIONS, generatePairsText, generatePairsTextWithSolver, mergePairsText } from './generate';
export type { FunctionSummary, PairsTextOptions, PairsTextResult } from './generate';
