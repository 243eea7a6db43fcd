// Counting verdicts for one score: a score is holds (or fails) over the decided verdicts, N/A when none was decided.

export interface Tally {
  /** Obligations of this kind, whatever their verdict. */
  total: number;
  /** Obligations with a `holds` or `fails` verdict: the score's denominator. */
  decided: number;
  holds: number;
  fails: number;
}

export function tally(): Tally {
  return { total: 0, decided: 0, holds: 0, fails: 0 };
}

/** `numerator / denominator`, or null (N/A) when the denominator is 0: never 0 for "nothing to measure". */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}
