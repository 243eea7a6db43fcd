// The in-process stages a crash hunt runs on one text: parse and model, pair generation, merging the generated
// entries, and the check on the merged pairs, each with `internalErrors: 'throw'` so that a bug escapes as an
// exception instead of becoming an `unsupported` report. Counts are small so a variant is cheap; the work of
// each stage is bounded by the evaluator's step budgets, not by a clock.

import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { checkFileSync, generatePairsEntries, mergePairsText, scorableFunctions } from '../../server/src/harness';
import type { CheckOptions, PairsTextOptions } from '../../server/src/harness';

/** What the stages produced, for the properties to compare. */
export interface PipelineOutcome {
  /** The scorable functions' qualified names, in source order, from the model of the text. */
  readonly scorable: readonly string[];
  /** The functions the check reported on, in its order. */
  readonly reported: readonly string[];
  /** Set when the check reported a file-wide internal error (never under `throw`, but said if it happens). */
  readonly fileInternalError: string | undefined;
  /** Whether merging the generated entries into no pairs file at all succeeded (it always should). */
  readonly mergedIntoNothing: boolean;
}

export const FUZZ_GENERATE_OPTIONS: PairsTextOptions = { count: 3, invalidCount: 2, seed: 1, internalErrors: 'throw' };

export const FUZZ_CHECK_OPTIONS: CheckOptions = {
  threshold: 0.75,
  mutantsPerPair: 2,
  seed: 1,
  stepBudget: 50_000,
  functionStepBudget: 1_000_000,
  codeMutants: 3,
  internalErrors: 'throw',
};

/** Runs every stage on `text`; `existingPairs` (a fixture's own pairs file) receives the generated entries when
 *  it can be edited, and is checked as it is when it cannot. Throws whatever a stage throws. */
export function runPipeline(text: string, existingPairs: string | null): PipelineOutcome {
  const model = buildFileModel(parseSourceFile(text));
  const generated = generatePairsEntries(model, FUZZ_GENERATE_OPTIONS);
  const mergedIntoNothing = mergePairsText(null, generated.generated);
  const merged = existingPairs === null ? mergedIntoNothing : mergePairsText(existingPairs, generated.generated);
  const pairsText = merged.ok ? merged.text : existingPairs;
  const report = checkFileSync({ path: 'fuzz.rs', text, pairsPath: 'fuzz.pairs.json', pairsText }, FUZZ_CHECK_OPTIONS);
  return {
    scorable: scorableFunctions(model, {}).map((fn) => fn.qualifiedName),
    reported: report.functions.map((fn) => fn.qualifiedName),
    fileInternalError: report.internalError?.message,
    mergedIntoNothing: mergedIntoNothing.ok,
  };
}
