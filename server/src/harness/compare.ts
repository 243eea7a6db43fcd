// `--backend both`: scores come from the embedded evaluator; Verus's verdicts on the same obligations are compared
// with them. Where embedded says a mutant fails but Verus cannot refute it, that is the solver gap (design.md).

import type { Obligation, ObligationResult } from './backend';
import { finishFile, pendingObligations, withBackend } from './check-file';
import type { FilePlan } from './check-file';
import type { BackendDisagreement, FileReport } from './report/report-types';
import type { Verdict } from './score/verdict';

export function finishFileWithBoth(plan: FilePlan, embedded: readonly ObligationResult[], verus: readonly ObligationResult[]): FileReport {
  const report = withBackend(finishFile(plan, embedded), 'both');
  const pending = pendingObligations(plan);
  const byFunction = new Map<string, { gap: number; disagreements: BackendDisagreement[] }>();
  pending.forEach((obligation, i) => {
    const mine = embedded[i]?.verdict;
    const theirs = verus[i]?.verdict;
    if (mine === undefined || theirs === undefined) return;
    const entry = byFunction.get(obligation.fn.qualifiedName) ?? { gap: 0, disagreements: [] };
    byFunction.set(obligation.fn.qualifiedName, entry);
    if (isMutant(obligation) && mine.kind === 'fails' && theirs.kind !== 'fails') entry.gap++;
    if (isDecided(mine) && isDecided(theirs) && mine.kind !== theirs.kind) {
      entry.disagreements.push({ obligation: obligation.id, embedded: mine.kind, verus: theirs.kind });
    }
  });
  return {
    ...report,
    functions: report.functions.map((fn) => {
      const entry = byFunction.get(fn.qualifiedName);
      if (fn.status !== 'scored') return fn;
      return { ...fn, solverGap: entry?.gap ?? 0, disagreements: entry?.disagreements ?? [] };
    }),
  };
}

function isMutant(obligation: Obligation): boolean {
  return obligation.id.includes('/mutant');
}

function isDecided(verdict: Verdict): boolean {
  return verdict.kind === 'holds' || verdict.kind === 'fails';
}
