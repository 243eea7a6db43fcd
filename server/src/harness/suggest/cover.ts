// When no single kept clause rejects every accepted wrong output (a clamp, a median: one clause per branch), the few
// kept clauses that together reject the most, chosen greedily (each next one rejects the most wrong outputs the ones
// before it let through), then without any clause the others cover (the general clause picked first is often
// redundant once the branches are in). Each holds on every correct output, so together they do too.

import type { KeptClause } from './select';

export interface CombinedClauses {
  readonly texts: readonly string[];
  readonly rejected: readonly number[];
}

/** Undefined when one clause already rejects what any combination would, or no second clause adds anything. */
export function combinedClauses(kept: readonly KeptClause[], maxClauses: number): CombinedClauses | undefined {
  const [first] = kept;
  if (first === undefined) return undefined;
  const chosen: KeptClause[] = [first];
  const rejected = new Set(first.rejected);
  while (chosen.length < maxClauses) {
    let best: KeptClause | undefined;
    let bestGain = 0;
    for (const candidate of kept) {
      const gain = candidate.rejected.filter((index) => !rejected.has(index)).length;
      if (gain > bestGain) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (best === undefined) break;
    chosen.push(best);
    for (const index of best.rejected) rejected.add(index);
  }
  const needed = withoutCovered(chosen);
  if (needed.length < 2) return undefined;
  return { texts: needed.map((clause) => clause.text), rejected: [...rejected].sort((a, b) => a - b) };
}

/** Drops, first chosen first, each clause whose rejected outputs the remaining ones reject too. */
function withoutCovered(chosen: readonly KeptClause[]): KeptClause[] {
  let remaining = [...chosen];
  for (const clause of chosen) {
    const others = remaining.filter((other) => other !== clause);
    const covered = new Set(others.flatMap((other) => other.rejected));
    if (others.length > 0 && clause.rejected.every((index) => covered.has(index))) remaining = others;
  }
  return remaining;
}
