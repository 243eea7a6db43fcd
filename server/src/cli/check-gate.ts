// `--gate post=0.75[,pre=0.5]`: the "task complete" check a coding agent calls. `post=t` needs PostCorr and
// PostComp to meet t, `pre=t` PreCorr and PreComp, for every function checked, by the policy's one rule
// (harness/report/policy.ts): an undecided N/A fails, a nothing-to-measure N/A is named and does not.

import type { Gate, GateOutcome } from '../harness';

export type { Gate } from '../harness';
export { formatGate } from '../harness';

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

/** The nothing-to-measure notes, then one line naming every function that fails with its reasons. */
export function gateLines(outcome: Extract<GateOutcome, { ok: true }>): string[] {
  const lines = outcome.verdicts
    .filter((verdict) => verdict.notes.length > 0)
    .map((verdict) => `${verdict.path}: ${verdict.qualifiedName}: ${verdict.notes.join('; ')} (not counted against the gate)`);
  const failing = outcome.verdicts.filter((verdict) => !verdict.meets);
  if (failing.length > 0) {
    const named = failing.map(
      (verdict) => `${verdict.qualifiedName}${verdict.overfit ? ' [overfit]' : ''} (${verdict.failures.join('; ')})`,
    );
    lines.push(`gate not met by ${named.join(', ')}`);
  }
  return lines;
}

/** The failing functions' reasons by `path::qualifiedName` (for the report writers and the baseline ratchet). */
export function gateFailuresByFunction(outcome: GateOutcome): Map<string, readonly string[]> {
  if (!outcome.ok) return new Map();
  return new Map(
    outcome.verdicts
      .filter((verdict) => !verdict.meets)
      .map((verdict) => [`${verdict.path}::${verdict.qualifiedName}`, verdict.failures] as const),
  );
}
