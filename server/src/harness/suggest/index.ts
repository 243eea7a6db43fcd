// Suggestions for a weak `ensures`: candidate clauses (candidates.ts, from vocabulary.ts) judged by adequacy
// (select.ts) on the evidence the check already has: the correct outputs, the wrong outputs the current `ensures`
// accepts, and the implementation, run on a fresh sample of inputs (its own seed; usually more inputs than the pairs
// have, fewer under a narrow requires). Pure and deterministic; each function's
// work is bounded by SUGGEST_BUDGET (counted steps, not time). A suggestion is a candidate, not a proof.

import type { FileModel, FunctionContract } from '../../model';
import type { LineIndex } from '../../syntax';
import type { Obligation } from '../backend';
import { planFile } from '../check-file';
import type { CheckInput, CheckOptions } from '../check-file';
import { decideObligations, decideOptionsOf, requiresObligation } from '../score/decide';
import { generateForFunction, generateOptionsFor } from '../generate/generate-function';
import { formatResult } from '../report/format-call';
import type { Range } from '../report/report-types';
import { spanRange } from '../report/unscored-reports';
import { candidateClauses, MAX_CANDIDATES } from './candidates';
import { clauseInsertion } from './insertion';
import { combinedClauses } from './cover';
import type { ClauseInsertion } from './insertion';
import { selectClauses } from './select';
import type { Outcome } from './select';
import { vocabularyOf } from './vocabulary';
import type { SupportedTypes } from './vocabulary';

export { clauseInsertion } from './insertion';
export type { ClauseInsertion } from './insertion';
export { suggestionSentence, suggestionTitle } from './wording';
export { agentSuggestResult } from './agent-result';
export type { AgentFunctionSuggestions, AgentSuggestResult } from './agent-result';

/** The work one function's suggestions may take: candidates judged, evaluator steps, sample size. */
export const SUGGEST_BUDGET = {
  candidates: MAX_CANDIDATES,
  stepsPerEvaluation: 20_000,
  stepsPerFunction: 1_000_000,
  /** Inputs in the fresh sample the implementation is run on (its own seed, apart from the pairs file's). */
  sampleSize: 60,
  /** Suggestions kept per function. */
  suggestions: 3,
  /** Clauses in a combined suggestion (cover.ts): a grade table has one per band. */
  combinedClauses: 5,
} as const;

/** The fresh sample's seed is the check's seed moved by this, so it is not the sample the pairs came from. */
const SAMPLE_SEED_OFFSET = 7919;

export interface ClauseSuggestion {
  /** The clauses as Verus text, each exactly what was parsed and evaluated: one, or a few that together reject more
   *  than any one does (cover.ts). */
  readonly clauses: readonly string[];
  /** The clauses as an `ensures` list writes them (`a, b`), for titles and text. */
  readonly clause: string;
  /** Accepted wrong outputs it rejects. */
  readonly rejects: number;
  /** One of them, as a call: `double(3) = 7`. */
  readonly example: string;
  /** Where it goes in the source, in the file's style; null when the function has neither an `ensures` nor a `requires`. */
  readonly insertion: ClauseInsertion | null;
}

export interface FunctionSuggestions {
  readonly qualifiedName: string;
  readonly nameRange: Range;
  /** Wrong outputs the current `ensures` accepts: what a suggestion must reject. */
  readonly accepted: number;
  /** Correct outputs every suggestion holds on: the pairs (inside the `requires`) and the fresh sample. */
  readonly correct: number;
  readonly pairs: number;
  readonly sample: number;
  readonly candidates: number;
  readonly judged: number;
  readonly steps: number;
  /** The step budget ran out before every candidate was judged. */
  readonly budgetSpent: boolean;
  readonly suggestions: readonly ClauseSuggestion[];
}

/** Suggestions for every scored function whose `ensures` accepts some wrong output (embedded evaluator). */
export function suggestClauses(input: CheckInput, options: CheckOptions): readonly FunctionSuggestions[] {
  const plan = planFile(input, options);
  const suggestions: FunctionSuggestions[] = [];
  for (const planned of plan.functions) {
    if (planned.kind !== 'planned') continue;
    const evidence = functionEvidence(plan.model, planned.fn, planned.planned, options);
    if (evidence.wrong.length === 0) continue;
    suggestions.push(suggestForFunction(plan.model, plan.lineIndex, planned.fn, planned.types, evidence, options));
  }
  return suggestions;
}

interface Evidence {
  readonly pairs: readonly Outcome[];
  readonly wrong: readonly Outcome[];
}

/** The pairs inside the `requires` and the wrong outputs the `ensures` accepts, decided as the check decides them. */
function functionEvidence(
  model: FileModel,
  fn: FunctionContract,
  planned: readonly { readonly obligation: Obligation; readonly role: { readonly kind: string } }[],
  options: CheckOptions,
): Evidence {
  const decide = decideOptionsOf(options);
  const posts = planned.filter((item) => item.obligation.kind === 'post');
  const verdicts = decideObligations(
    model,
    posts.map((item) => item.obligation),
    decide,
  );
  const wrong = posts
    .filter((item, i) => item.role.kind === 'mutant' && verdicts[i]?.verdict.kind === 'holds')
    .map((item) => item.obligation);
  const pairObligations = posts.filter((item) => item.role.kind === 'pair').map((item) => item.obligation);
  const requires =
    fn.requires.length === 0
      ? pairObligations.map(() => 'holds')
      : decideObligations(
          model,
          pairObligations.map((obligation) => requiresObligation(fn, obligation.inputs, `${obligation.id}/pre`)),
          decide,
        ).map((result) => result.verdict.kind);
  return { pairs: pairObligations.filter((_, i) => requires[i] !== 'fails'), wrong };
}

function suggestForFunction(
  model: FileModel,
  lineIndex: LineIndex,
  fn: FunctionContract,
  types: SupportedTypes,
  evidence: Evidence,
  options: CheckOptions,
): FunctionSuggestions {
  const stackAllowance = options.stackAllowance ?? 'default';
  const sample = freshSample(model, fn, options);
  const candidates = candidateClauses(fn, model.source.text, vocabularyOf(model, fn, types));
  const correct = [...evidence.pairs, ...sample];
  const selection = selectClauses(
    model,
    fn,
    candidates,
    { correct, wrong: evidence.wrong },
    {
      stepsPerEvaluation: SUGGEST_BUDGET.stepsPerEvaluation,
      stepsPerFunction: SUGGEST_BUDGET.stepsPerFunction,
      stackAllowance,
      ...(options.cancelled === undefined ? {} : { cancelled: options.cancelled }),
    },
  );
  const combined = combinedClauses(selection.kept, SUGGEST_BUDGET.combinedClauses);
  const ranked = [
    ...(combined === undefined ? [] : [combined]),
    ...selection.kept.map((kept) => ({ texts: [kept.text], rejected: kept.rejected })),
  ];
  const suggestions = ranked.slice(0, SUGGEST_BUDGET.suggestions).map((kept): ClauseSuggestion => {
    const first = evidence.wrong[kept.rejected[0] ?? 0] as Outcome;
    return {
      clauses: kept.texts,
      clause: kept.texts.join(', '),
      rejects: kept.rejected.length,
      example: formatResult(fn, types, first.inputs, first.output, first.after),
      insertion: clauseInsertion(model.source.text, lineIndex, fn, kept.texts) ?? null,
    };
  });
  return {
    qualifiedName: fn.qualifiedName,
    nameRange: spanRange(lineIndex, fn.nameSpan),
    accepted: evidence.wrong.length,
    correct: correct.length,
    pairs: evidence.pairs.length,
    sample: sample.length,
    candidates: candidates.length,
    judged: selection.judged,
    steps: selection.steps,
    budgetSpent: selection.budgetSpent,
    suggestions,
  };
}

/** Correct outputs on inputs the pairs file may not hold: the implementation run on generated inputs the `requires`
 *  admits, from a seed of their own. */
function freshSample(model: FileModel, fn: FunctionContract, options: CheckOptions): readonly Outcome[] {
  const generation = generateForFunction(model, fn, {
    ...generateOptionsFor(options.stackAllowance ?? 'default'),
    count: SUGGEST_BUDGET.sampleSize,
    invalidCount: 0,
    seed: options.seed + SAMPLE_SEED_OFFSET,
  });
  return generation.pairs.filter((pair) => pair.requiresHolds === true);
}
