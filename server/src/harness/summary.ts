// Summary over many files: Post-Harness@t (PostCorr and PostComp both >= t) and Harness@t (every non-N/A score
// >= t) as shares of the scored functions, for t in 0.25, 0.5, 0.75, 1. Null when no function was scored.

import type { FileReport, FunctionReport, Scores, Summary, ThresholdKey } from './report';

export const THRESHOLDS: readonly (readonly [ThresholdKey, number])[] = [
  ['0.25', 0.25],
  ['0.5', 0.5],
  ['0.75', 0.75],
  ['1', 1],
];

export function summarize(files: readonly FileReport[], threshold: number): Summary {
  const functions = files.flatMap((file) => file.functions);
  const scored = functions.filter((fn) => fn.status === 'scored');
  const postHarnessAt = shareAt(scored, meetsPostHarness);
  const harnessAt = shareAt(scored, meetsHarness);
  const belowThreshold = scored.filter((fn) => !meetsHarness(fn.scores, threshold)).length;
  const solverGap = functions.reduce((sum, fn) => sum + (fn.solverGap ?? 0), 0);
  const anyGap = functions.some((fn) => fn.solverGap !== undefined);
  return {
    functions: functions.length,
    scored: scored.length,
    postHarnessAt,
    harnessAt,
    threshold,
    belowThreshold,
    ...(anyGap ? { solverGap } : {}),
  };
}

/** PostCorr >= t and PostComp >= t; an N/A post score does not meet any threshold (nothing was shown). */
export function meetsPostHarness(scores: Scores, t: number): boolean {
  return atLeast(scores.postCorrectness, t) && atLeast(scores.postCompleteness, t);
}

/** Every score that is not N/A is >= t. */
export function meetsHarness(scores: Scores, t: number): boolean {
  return [scores.postCorrectness, scores.postCompleteness, scores.preCorrectness, scores.preCompleteness].every(
    (score) => score === null || score >= t,
  );
}

function atLeast(score: number | null, t: number): boolean {
  return score !== null && score >= t;
}

function shareAt(
  scored: readonly FunctionReport[],
  meets: (scores: Scores, t: number) => boolean,
): Record<ThresholdKey, number | null> {
  const result: Record<ThresholdKey, number | null> = { '0.25': null, '0.5': null, '0.75': null, '1': null };
  if (scored.length === 0) return result;
  for (const [key, t] of THRESHOLDS) {
    result[key] = scored.filter((fn) => meets(fn.scores, t)).length / scored.length;
  }
  return result;
}
