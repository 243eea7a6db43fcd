// Selection by adequacy: a candidate clause is kept only if it holds on every correct output (the pairs and a
// fresh, larger sample the implementation produced) and rejects at least one wrong output the current `ensures`
// accepts. Kept ones are ranked by wrong outputs rejected, then by simplicity (shorter text), and one whose rejected
// outputs a better-ranked one also rejects is dropped. Work is counted in evaluator steps, never timed.

import { parseExpression } from '../../syntax';
import type { Clause } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import type { SpecEnv, StackAllowance, Value } from '../../eval';
import { createSpecContext, enterFunction, evaluateClauses } from '../../eval';
import { contractEnv } from '../score/decide';

/** One call's outcome: the inputs, the output and the `&mut` after-values. */
export interface Outcome {
  readonly inputs: ReadonlyMap<string, Value>;
  readonly output: Value | undefined;
  readonly after: ReadonlyMap<string, Value>;
}

export interface SelectionBudget {
  /** Steps one evaluation of one candidate on one outcome may take. */
  readonly stepsPerEvaluation: number;
  /** Steps all of one function's evaluations may take together; past it, no further candidate is judged. */
  readonly stepsPerFunction: number;
  readonly stackAllowance: StackAllowance;
  /** The editor's cancellation flag, polled between candidates (a cancelled selection's result is discarded). */
  readonly cancelled?: () => boolean;
}

/** A candidate that passed: its text and the indices of the wrong outputs it rejects. */
export interface KeptClause {
  readonly text: string;
  readonly rejected: readonly number[];
}

export interface Selection {
  readonly kept: readonly KeptClause[];
  /** Candidates judged (all of them unless the budget ran out). */
  readonly judged: number;
  readonly steps: number;
  readonly budgetSpent: boolean;
}

export function selectClauses(
  model: FileModel,
  fn: FunctionContract,
  candidates: readonly string[],
  evidence: { readonly correct: readonly Outcome[]; readonly wrong: readonly Outcome[] },
  budget: SelectionBudget,
): Selection {
  const ctx = createSpecContext(model.scope, { stepBudget: budget.stepsPerEvaluation, stackAllowance: budget.stackAllowance });
  enterFunction(ctx, fn);
  const correctEnvs = evidence.correct.map((outcome) => contractEnv(fn, outcome.inputs, outcome.output, outcome.after));
  const wrongEnvs = evidence.wrong.map((outcome) => contractEnv(fn, outcome.inputs, outcome.output, outcome.after));
  const passed: KeptClause[] = [];
  let steps = 0;
  let judged = 0;
  for (const text of candidates) {
    if (steps >= budget.stepsPerFunction || budget.cancelled?.() === true) break;
    judged += 1;
    const clause = parsedClause(text);
    if (clause === undefined) continue;
    const judge = (target: Clause, env: SpecEnv): 'holds' | 'fails' | 'undecided' => {
      const outcome = evaluateClauses(ctx, [target], env);
      steps += outcome.steps;
      return verdictKind(outcome.verdict.kind);
    };
    if (!correctEnvs.every((env) => judge(clause, env) === 'holds')) continue;
    const rejected = wrongEnvs.flatMap((env, index) => (judge(clause, env) === 'fails' ? [index] : []));
    if (rejected.length === 0) continue;
    // An implication whose condition no correct output meets says nothing the sample supports: a guess, not a finding.
    const condition = conditionOf(clause);
    if (condition !== undefined && !correctEnvs.some((env) => judge(condition, env) === 'holds')) continue;
    passed.push({ text, rejected });
  }
  return { kept: withoutImplied(ranked(passed)), judged, steps, budgetSpent: judged < candidates.length };
}

/** A candidate as the evaluator sees a clause of the file: parsed by the project's own parser, from the shown text. */
function parsedClause(text: string): Clause | undefined {
  const parsed = parseExpression(text);
  if (parsed.diagnostics.length > 0) return undefined;
  return { expr: parsed.expr, span: { start: 0, end: text.length } };
}

/** The condition of a clause `p ==> q`: `p`. */
function conditionOf(clause: Clause): Clause | undefined {
  const expr = clause.expr;
  return expr.kind === 'binary' && expr.op === '==>' ? { expr: expr.left, span: expr.left.span } : undefined;
}

function verdictKind(kind: 'holds' | 'fails' | 'indeterminate' | 'unsupported'): 'holds' | 'fails' | 'undecided' {
  return kind === 'holds' || kind === 'fails' ? kind : 'undecided';
}

/** Most wrong outputs rejected first, then the shorter text, then the text itself (a total, stable order). */
function ranked(kept: readonly KeptClause[]): KeptClause[] {
  return [...kept].sort(
    (a, b) => b.rejected.length - a.rejected.length || a.text.length - b.text.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
  );
}

/** Drops each clause whose rejected wrong outputs a better-ranked kept clause rejects too: on the sample, that one
 *  implies it. */
function withoutImplied(ranked: readonly KeptClause[]): KeptClause[] {
  const kept: KeptClause[] = [];
  for (const candidate of ranked) {
    const implied = kept.some((better) => {
      const covered = new Set(better.rejected);
      return candidate.rejected.every((index) => covered.has(index));
    });
    if (!implied) kept.push(candidate);
  }
  return kept;
}
