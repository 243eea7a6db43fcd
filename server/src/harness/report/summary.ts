// Summary over many files: Post-Harness@t and Harness@t as shares of every function with a contract (as the paper
// counts tasks: one that could not be scored does not meet t), for t in 0.25, 0.5, 0.75, 1, both by the policy's
// one rule for "meets t" (so Harness@t <= Post-Harness@t). Null when there is no function with a contract.

import { meetsHarness, meetsPostHarness } from './policy';
import type { FileReport, FunctionReport, Summary, ThresholdKey } from './report-types';

export const THRESHOLDS: readonly (readonly [ThresholdKey, number])[] = [
  ['0.25', 0.25],
  ['0.5', 0.5],
  ['0.75', 0.75],
  ['1', 1],
];

export function summarize(files: readonly FileReport[], threshold: number): Summary {
  const functions = files.flatMap((file) => file.functions);
  const scored = functions.filter((fn) => fn.status === 'scored');
  const postHarnessAt = shareAt(functions, meetsPostHarness);
  const harnessAt = shareAt(functions, meetsHarness);
  const belowThreshold = scored.filter((fn) => !meetsHarness(fn, threshold)).length;
  const solverGap = functions.reduce((sum, fn) => sum + (fn.solverGap ?? 0), 0);
  const anyGap = functions.some((fn) => fn.solverGap !== undefined);
  return {
    functions: functions.length,
    scored: scored.length,
    unscored: functions.length - scored.length,
    postHarnessAt,
    harnessAt,
    threshold,
    belowThreshold,
    ...(anyGap ? { solverGap } : {}),
  };
}

function shareAt(
  functions: readonly FunctionReport[],
  meets: (fn: FunctionReport, t: number) => boolean,
): Record<ThresholdKey, number | null> {
  const result: Record<ThresholdKey, number | null> = { '0.25': null, '0.5': null, '0.75': null, '1': null };
  if (functions.length === 0) return result;
  for (const [key, t] of THRESHOLDS) {
    result[key] = functions.filter((fn) => fn.status === 'scored' && meets(fn, t)).length / functions.length;
  }
  return result;
}
