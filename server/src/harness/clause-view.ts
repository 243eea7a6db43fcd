// The per-clause view of an ensures: for each clause, the wrong outputs it rejects and those it alone rejects (every
// other clause accepts them). A clause that rejects nothing no other clause does is listed in `redundantClauses`:
// information for the hover and JSON, not a warning (a clause may still say something the wrong outputs missed).

import type { FunctionContract } from '../model';
import type { Obligation, ObligationResult } from './backend';
import type { DecideOptions } from './decide';
import { decideObligations } from './decide';
import type { FilePlan } from './check-file';
import { pendingObligations } from './check-file';
import type { PlannedObligation } from './obligations';
import type { ClauseContribution, FileReport, FunctionReport } from './report';
import { spanRange } from './function-report';

/** The report with each scored function's clause view, from the embedded verdicts on `pendingObligations(plan)`. */
export function withClauseView(plan: FilePlan, results: readonly ObligationResult[], report: FileReport, options: DecideOptions): FileReport {
  const rejected = rejectedWrongOutputs(plan, results);
  const functions = report.functions.map((fn) => {
    const planned = plan.functions.find((candidate) => candidate.kind === 'planned' && candidate.fn.qualifiedName === fn.qualifiedName);
    if (planned === undefined || planned.kind !== 'planned' || fn.status !== 'scored' || planned.fn.ensures.length < 2) return fn;
    return clauseViewOf(plan, planned.fn, rejected.get(planned.fn) ?? [], fn, options);
  });
  return { ...report, functions };
}

/** Wrong outputs the whole ensures rejects, per function (a wrong output every clause accepts says nothing here). */
function rejectedWrongOutputs(plan: FilePlan, results: readonly ObligationResult[]): Map<FunctionContract, PlannedObligation[]> {
  const roles = new Map<Obligation, PlannedObligation>();
  for (const planned of plan.functions) if (planned.kind === 'planned') for (const item of planned.planned) roles.set(item.obligation, item);
  const byFunction = new Map<FunctionContract, PlannedObligation[]>();
  pendingObligations(plan).forEach((obligation, i) => {
    const item = roles.get(obligation);
    if (item?.role.kind !== 'mutant' || results[i]?.verdict.kind !== 'fails') return;
    const list = byFunction.get(obligation.fn);
    if (list === undefined) byFunction.set(obligation.fn, [item]);
    else list.push(item);
  });
  return byFunction;
}

function clauseViewOf(plan: FilePlan, fn: FunctionContract, rejected: readonly PlannedObligation[], report: FunctionReport, options: DecideOptions): FunctionReport {
  const clauseFns = fn.ensures.map((clause) => ({ ...fn, ensures: [clause] }));
  const obligations = clauseFns.flatMap((clauseFn) => rejected.map((item) => ({ ...item.obligation, fn: clauseFn })));
  const verdicts = decideObligations(plan.model, obligations, options).map((result) => result.verdict.kind);
  const rejects = (clause: number, wrong: number): boolean => verdicts[clause * rejected.length + wrong] === 'fails';
  const clauses: ClauseContribution[] = fn.ensures.map((clause, index) => {
    let alone = 0;
    let total = 0;
    rejected.forEach((_, wrong) => {
      if (!rejects(index, wrong)) return;
      total += 1;
      if (fn.ensures.every((__, other) => other === index || verdicts[other * rejected.length + wrong] === 'holds')) alone += 1;
    });
    return { index, text: clause.text, range: spanRange(plan.lineIndex, clause.clause.span), rejectsAlone: alone, rejects: total };
  });
  const redundantClauses = rejected.length === 0 ? [] : clauses.filter((clause) => clause.rejectsAlone === 0).map((clause) => clause.index);
  return { ...report, clauses, redundantClauses };
}
