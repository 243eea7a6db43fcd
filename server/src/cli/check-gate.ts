// `--gate post=0.75[,pre=0.5]`: the "task complete" check a coding agent calls. `post=t` needs PostCorr and
// PostComp >= t, `pre=t` needs PreCorr and PreComp >= t, for every scored function (N/A scores do not fail it).

import type { CheckReport, Scores } from '../harness';

export interface Gate {
  readonly post?: number;
  readonly pre?: number;
}

/** The gate, or an error message. */
export function parseGate(text: string): Gate | string {
  const gate: { post?: number; pre?: number } = {};
  for (const part of text.split(',')) {
    const match = /^\s*(post|pre)\s*=\s*([0-9]*\.?[0-9]+)\s*$/.exec(part);
    const value = match === null ? NaN : Number(match[2]);
    if (match === null || !(value >= 0 && value <= 1)) {
      return `--gate expects post=T and/or pre=T with T from 0 to 1, comma-separated (got '${text}')`;
    }
    gate[match[1] as 'post' | 'pre'] = value;
  }
  return gate;
}

/** Qualified names (with the score that misses) of scored functions below the gate. */
export function gateFailures(report: CheckReport, gate: Gate): string[] {
  const failures: string[] = [];
  for (const file of report.files) {
    for (const fn of file.functions) {
      if (fn.status !== 'scored') continue;
      const missed = missedScores(fn.scores, gate);
      if (missed.length > 0) failures.push(`${fn.qualifiedName} (${missed.join(', ')})`);
    }
  }
  return failures;
}

/** The same, as reasons by `path::qualifiedName` (for the report writers and the baseline ratchet). */
export function gateFailuresByFunction(report: CheckReport, gate: Gate): Map<string, readonly string[]> {
  const failures = new Map<string, readonly string[]>();
  for (const file of report.files) {
    for (const fn of file.functions) {
      const missed = fn.status === 'scored' ? missedScores(fn.scores, gate) : [];
      if (missed.length > 0) failures.set(`${file.path}::${fn.qualifiedName}`, missed);
    }
  }
  return failures;
}

function missedScores(scores: Scores, gate: Gate): string[] {
  const missed: string[] = [];
  const check = (name: string, score: number | null, t: number | undefined): void => {
    if (t !== undefined && score !== null && score < t) missed.push(`${name} ${score.toFixed(2)} < ${t}`);
  };
  check('PostCorr', scores.postCorrectness, gate.post);
  check('PostComp', scores.postCompleteness, gate.post);
  check('PreCorr', scores.preCorrectness, gate.pre);
  check('PreComp', scores.preCompleteness, gate.pre);
  return missed;
}
