// Valid inputs outside the `requires`, as evidence about one clause: generated inputs that violate that clause and
// satisfy every other one, run through the implementation. When the code returns on every one of them without a
// panic and its output meets the `ensures`, the clause is stronger than the code needs (on this sample: a weakest
// precondition estimated from below); a few of those inputs are kept as pairs, so `check` reports the clause with a
// witness. One panic, time-out or output the `ensures` rejects marks the clause needed, and then nothing about it
// is written: a deliberate domain restriction (sortedness for a binary search, `n <= 32` for a shift) always has
// such an input among the type's edges, which generation draws.

import type { GeneratedPair } from './generate-function';

/** How many inputs of a clause's sample must be handled before it is reported, when sampling stops, and how many
 *  witnesses are written. */
export const CLAUSE_SAMPLE = { reportAt: 4, settledAt: 12, witnesses: 2 } as const;

/** What the code did on the inputs that violate one `requires` clause alone. */
export interface ClauseSample {
  /** Some input needed the clause: the code panicked or ran out of steps, or the `ensures` rejected its output. */
  needed: boolean;
  /** Inputs the code handled as the `ensures` describes. */
  readonly handled: GeneratedPair[];
}

/** A clause the sample says is stronger than the code needs. */
export interface StrongerClause {
  readonly clause: number;
  /** Inputs violating this clause alone that the code handled (none needed it). */
  readonly handled: number;
}

export function clauseSamples(clauses: number): ClauseSample[] {
  return Array.from({ length: clauses }, () => ({ needed: false, handled: [] }));
}

/** Whether more inputs could still change what the sample says about the clause. */
export function sampleOpen(sample: ClauseSample | undefined): boolean {
  return sample !== undefined && !sample.needed && sample.handled.length < CLAUSE_SAMPLE.settledAt;
}

/** The clauses the code never needed on a large enough sample, with the pairs that witness it. */
export function strongerClauses(samples: readonly ClauseSample[]): {
  readonly clauses: StrongerClause[];
  readonly witnesses: GeneratedPair[];
} {
  const clauses: StrongerClause[] = [];
  const witnesses: GeneratedPair[] = [];
  samples.forEach((sample, clause) => {
    if (sample.needed || sample.handled.length < CLAUSE_SAMPLE.reportAt) return;
    clauses.push({ clause, handled: sample.handled.length });
    witnesses.push(...sample.handled.slice(0, CLAUSE_SAMPLE.witnesses));
  });
  return { clauses, witnesses };
}
