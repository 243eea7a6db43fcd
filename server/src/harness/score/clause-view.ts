// The per-clause view of an ensures: for each clause, the wrong outputs it rejects and those it alone rejects (every
// other clause accepts them). A clause that rejects nothing no other clause does is listed in `redundantClauses`:
// information for the hover and JSON, not a warning (a clause may still say something the wrong outputs missed).

import { guarded } from '../internal-errors';
import { failpoint } from '../failpoints';
import type { FunctionContract } from '../../model';
import type { Obligation, ObligationResult } from '../backend';
import type { DecideOptions } from './decide';
import { decideObligations } from './decide';
import type { FilePlan, PlannedFunction } from '../check-file';
import { pendingObligations } from '../check-file';
import type { PlannedObligation } from './obligations';
import type { ClauseContribution, FileReport, FunctionReport } from '../report/report-types';
import { spanRange } from '../report/unscored-reports';

/** The report with each scored function's clause view, from the embedded verdicts on `pendingObligations(plan)`. */
export function withClauseView(
  plan: FilePlan,
  results: readonly ObligationResult[],
  report: FileReport,
  options: DecideOptions,
): FileReport {
  const rejected = rejectedWrongOutputs(plan, results);
  const plannedByName = new Map<string, Extract<PlannedFunction, { kind: 'planned' }>>();
  for (const candidate of plan.functions) {
    if (candidate.kind === 'planned' && !plannedByName.has(candidate.fn.qualifiedName))
      plannedByName.set(candidate.fn.qualifiedName, candidate);
  }
  const functions = report.functions.map((fn) => {
    const planned = plannedByName.get(fn.qualifiedName);
    if (planned === undefined || fn.status !== 'scored' || planned.fn.ensures.length < 2) return fn;
    // The scores stand without the clause view: a bug here only leaves it out, and says so.
    return guarded(
      plan.options.internalErrors,
      'clause view',
      () => {
        failpoint('clause view', planned.fn.qualifiedName);
        return clauseViewOf(plan, planned.fn, rejected.get(planned.fn) ?? [], fn, options);
      },
      (error) => ({ ...fn, internalError: error }),
    );
  });
  return { ...report, functions };
}

/** A wrong output the whole ensures rejects, with the first clause that rejects it (clauses before it accept it). */
interface Rejected {
  readonly item: PlannedObligation;
  readonly firstFailing: number;
}

/** Wrong outputs the whole ensures rejects, per function (a wrong output every clause accepts says nothing here). */
function rejectedWrongOutputs(plan: FilePlan, results: readonly ObligationResult[]): Map<FunctionContract, Rejected[]> {
  const roles = new Map<Obligation, PlannedObligation>();
  for (const planned of plan.functions)
    if (planned.kind === 'planned') for (const item of planned.planned) roles.set(item.obligation, item);
  const byFunction = new Map<FunctionContract, Rejected[]>();
  pendingObligations(plan).forEach((obligation, i) => {
    const item = roles.get(obligation);
    const result = results[i];
    if (item?.role.kind !== 'mutant' || result?.verdict.kind !== 'fails' || result.failingClause === undefined) return;
    const entry = { item, firstFailing: result.failingClause };
    const list = byFunction.get(obligation.fn);
    if (list === undefined) byFunction.set(obligation.fn, [entry]);
    else list.push(entry);
  });
  return byFunction;
}

/** Each clause's verdict on each rejected wrong output: known for the clauses up to the first failing one (they
 *  hold, it fails), decided for the clauses after it (one batch). */
function clauseVerdicts(plan: FilePlan, fn: FunctionContract, rejected: readonly Rejected[], options: DecideOptions): string[][] {
  const clauseFns = fn.ensures.map((clause) => ({ ...fn, ensures: [clause] }));
  const asked: Obligation[] = [];
  for (const { item, firstFailing } of rejected) {
    for (let clause = firstFailing + 1; clause < clauseFns.length; clause++)
      asked.push({ ...item.obligation, fn: clauseFns[clause] as FunctionContract });
  }
  const answers = decideObligations(plan.model, asked, options);
  let next = 0;
  return rejected.map(({ firstFailing }) =>
    clauseFns.map((_, clause) =>
      clause < firstFailing ? 'holds' : clause === firstFailing ? 'fails' : (answers[next++]?.verdict.kind ?? 'indeterminate'),
    ),
  );
}

function clauseViewOf(
  plan: FilePlan,
  fn: FunctionContract,
  rejected: readonly Rejected[],
  report: FunctionReport,
  options: DecideOptions,
): FunctionReport {
  const verdicts = clauseVerdicts(plan, fn, rejected, options);
  const clauses: ClauseContribution[] = fn.ensures.map((clause, index) => {
    const rejecting = verdicts.filter((row) => row[index] === 'fails');
    const alone = rejecting.filter((row) => row.every((verdict, other) => other === index || verdict === 'holds')).length;
    return {
      index,
      text: clause.text,
      range: spanRange(plan.lineIndex, clause.clause.span),
      rejectsAlone: alone,
      rejects: rejecting.length,
    };
  });
  const redundantClauses = rejected.length === 0 ? [] : clauses.filter((clause) => clause.rejectsAlone === 0).map((clause) => clause.index);
  return { ...report, clauses, redundantClauses };
}
