// Decides obligations on concrete values with the spec evaluator: the embedded backend's engine. Lives in the
// harness (not in backends/) so the synchronous scoring path (LSP worker, bench) needs no backend object.

import type { Value } from '../eval/value';
import { createSpecContext, evaluateClauses } from '../eval/spec';
import type { SpecEnv } from '../eval/spec';
import type { FileModel } from '../model';
import type { Obligation, ObligationResult } from './backend';

export interface DecideOptions {
  /** Evaluation steps per obligation. */
  readonly stepBudget: number;
}

export function decideObligations(model: FileModel, obligations: readonly Obligation[], options: DecideOptions): ObligationResult[] {
  return obligations.map((obligation) => decideObligation(model, obligation, options));
}

export function decideObligation(model: FileModel, obligation: Obligation, options: DecideOptions): ObligationResult {
  const fn = obligation.fn;
  const clauses = obligation.kind === 'pre' ? fn.requires : fn.ensures;
  const ctx = createSpecContext(model.scope, { stepBudget: options.stepBudget, selfTypeName: fn.selfTypeName });
  const result = evaluateClauses(ctx, clauses, obligationEnv(obligation));
  return { verdict: result.verdict, failingClause: result.failingClause, recursionDepth: result.recursionDepth };
}

/** Parameters at entry; the return name bound to the output; each `&mut` parameter with its entry value as
 *  `old(x)` and its final value as `x` / `final(x)` (in `requires`, both are the entry value). */
export function obligationEnv(obligation: Obligation): SpecEnv {
  const values = new Map<string, Value>();
  const mutables = new Map<string, { readonly old: Value; readonly final: Value }>();
  for (const param of obligation.fn.params) {
    const entry = obligation.inputs.get(param.name);
    if (entry === undefined) continue;
    if (param.passing === 'mut') {
      const final = obligation.kind === 'post' ? (obligation.after.get(param.name) ?? entry) : entry;
      mutables.set(param.name, { old: entry, final });
    } else {
      values.set(param.name, entry);
    }
  }
  const returnName = obligation.fn.returnName;
  if (obligation.kind === 'post' && returnName !== undefined && obligation.output !== undefined) {
    values.set(returnName, obligation.output);
  }
  return { values, mutables };
}
