// Pair generation's API: run a file's exec fns on generated inputs and produce the new pairs-file text (pure:
// the CLI writes it to disk, the LSP offers it as an undoable edit).

import type { Span } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import type { InternalErrors, StackAllowance } from '../../eval';
import { measuredFunction } from '../measured-function';
import { emptyGeneration, generateForFunction, generateOptionsFor } from './generate-function';
import { withSolverInputs } from './generate-with-solver';
import { guarded, guardedAsync, internalErrorReason } from '../internal-errors';
import { failpoint } from '../failpoints';
import type { InternalError } from '../internal-errors';
import type { Solver } from '../backend';
import type { FunctionGeneration, GenerateOptions } from './generate-function';
import { mergePairsText } from './merge';
import { trustedContractContradiction, whyNoPairs } from './why-no-pairs';
import type { NoPairsReason } from './why-no-pairs';
import type { GeneratedEntries } from './merge';

export { generateForFunction, generateOptionsFor, DEFAULT_GENERATE_OPTIONS } from './generate-function';
export { generateWithSolver } from './generate-with-solver';
export type { FunctionGeneration, GenerateOptions, GeneratedPair, GeneratedInvalid } from './generate-function';
export { mergePairsText } from './merge';
export type { GeneratedEntries, MergeResult } from './merge';
export { ensuresVerdict, requiresVerdict } from './contract-check';
export { whyNoPairs } from './why-no-pairs';
export { readShape } from './shape-reader';
export { typeConsts } from './shape-places';
export { lengthRanges } from './shapes';
export type { NoPairsReason } from './why-no-pairs';

export interface PairsTextOptions {
  /** Qualified names to (re)generate; all exec fns with a body when undefined. */
  readonly functions?: readonly string[];
  readonly count: number;
  readonly invalidCount: number;
  readonly seed: number;
  /** The host's stack (the CLI's io.stackAllowance): deep spec recursion in `requires` and deep exec recursion are
   *  decided rather than cut off on a big one. `default` when absent. */
  readonly stackAllowance?: StackAllowance;
  /** What a bug met while generating a function's pairs becomes (`unsupported` when absent: that function's
   *  result, named in its summary; `throw`: it propagates, for tests). */
  readonly internalErrors?: InternalErrors;
}

export interface FunctionSummary {
  readonly qualifiedName: string;
  readonly nameSpan: Span;
  readonly pairs: number;
  readonly invalid: number;
  readonly timeouts: number;
  readonly pairsOutsideRequires: number;
  /** `requires` clauses stronger than the code needs on the sample, with their text; a witness or two of each is
   *  among the pairs. */
  readonly strongerClauses: readonly { readonly clause: number; readonly text: string; readonly handled: number }[];
  /** For an `external_body` fn: that its body contradicts the trusted `ensures`, with an example (whyNoPairs's
   *  wording), even when other inputs gave pairs. */
  readonly contradictsTrustedContract?: string;
  /** Set when the function could not be run: why, and where. Its existing entries are left as they were. */
  readonly notRunnable: { readonly reason: string; readonly span: Span } | undefined;
  /** Set when a bug was met in its generation (see FunctionGeneration.internalError). */
  readonly internalError?: InternalError;
  /** Set when it got no pair: why, specifically, and where to look. */
  readonly noPairs?: NoPairsReason;
}

export type PairsTextResult =
  | { readonly ok: true; readonly text: string; readonly summaries: readonly FunctionSummary[] }
  | { readonly ok: false; readonly error: string; readonly summaries: readonly FunctionSummary[] };

export function generatePairsText(model: FileModel, existingText: string | null, options: PairsTextOptions): PairsTextResult {
  return mergedText(existingText, generatePairsEntries(model, options));
}

/** generatePairsText with a solver: it decides `requires` the evaluator cannot, and finds inputs inside a strong
 *  `requires` when too few generated ones fall there (generateWithSolver). */
export async function generatePairsTextWithSolver(
  model: FileModel,
  existingText: string | null,
  options: PairsTextOptions,
  solver: Solver,
  signal: AbortSignal,
): Promise<PairsTextResult> {
  return mergedText(existingText, await generatePairsEntriesWithSolver(model, options, solver, signal));
}

/** The generated entries alone, by function: a writer that finds the file changed meanwhile merges them again into
 *  the new text without running the functions again. */
export interface GeneratedFile {
  readonly generated: ReadonlyMap<string, GeneratedEntries>;
  readonly summaries: readonly FunctionSummary[];
}

export function generatePairsEntries(model: FileModel, options: PairsTextOptions): GeneratedFile {
  const generateOptions = generateOptionsOf(options);
  return entriesOf(
    model,
    generationTargets(model, options).map((fn) => ({ fn, result: guardedGeneration(model, fn, generateOptions, options.internalErrors) })),
  );
}

/** generatePairsEntries with a solver, one function at a time. A bug met in the solver leaves that function with
 *  the evaluator's pairs (and the error named); one met in the generator leaves it with none. */
export async function generatePairsEntriesWithSolver(
  model: FileModel,
  options: PairsTextOptions,
  solver: Solver,
  signal: AbortSignal,
): Promise<GeneratedFile> {
  const generateOptions = generateOptionsOf(options);
  const results: Generated[] = [];
  for (const fn of generationTargets(model, options)) {
    const base = guardedGeneration(model, fn, generateOptions, options.internalErrors);
    const result =
      base.internalError !== undefined
        ? base
        : await guardedAsync(
            options.internalErrors,
            'solver',
            () => {
              failpoint('solver', fn.qualifiedName);
              return withSolverInputs(model, fn, base, generateOptions, solver, signal);
            },
            (error) => ({ ...base, internalError: error }),
          );
    results.push({ fn, result });
  }
  return entriesOf(model, results);
}

function guardedGeneration(
  model: FileModel,
  fn: FunctionContract,
  options: GenerateOptions,
  internalErrors: InternalErrors | undefined,
): FunctionGeneration {
  return guarded(
    internalErrors,
    'generation',
    () => {
      failpoint('generation', fn.qualifiedName);
      return generateForFunction(model, fn, options);
    },
    (error) => ({
      ...emptyGeneration(fn.qualifiedName),
      notRunnable: { reason: internalErrorReason(error), span: fn.nameSpan },
      internalError: error,
    }),
  );
}

function mergedText(existingText: string | null, file: GeneratedFile): PairsTextResult {
  const merged = mergePairsText(existingText, file.generated);
  return merged.ok
    ? { ok: true, text: merged.text, summaries: file.summaries }
    : { ok: false, error: merged.error, summaries: file.summaries };
}

function generationTargets(model: FileModel, options: PairsTextOptions): FunctionContract[] {
  const wanted = options.functions === undefined ? undefined : new Set(options.functions);
  return (
    model.functions
      .filter(
        (fn) =>
          fn.mode === 'exec' &&
          (fn.hasBody || fn.declaredInTrait !== undefined) &&
          !(fn.name === 'main' && fn.params.length === 0) &&
          (wanted === undefined || wanted.has(fn.qualifiedName) || wanted.has(fn.name)),
      )
      // A trait's bodiless declaration is generated for at the impl it is measured at; one with none says why.
      .map((fn) => measuredFunction(model, fn))
  );
}

function generateOptionsOf(options: PairsTextOptions): GenerateOptions {
  return {
    ...generateOptionsFor(options.stackAllowance ?? 'default'),
    count: options.count,
    invalidCount: options.invalidCount,
    seed: options.seed,
  };
}

interface Generated {
  readonly fn: FunctionContract;
  readonly result: FunctionGeneration;
}

function entriesOf(model: FileModel, results: readonly Generated[]): GeneratedFile {
  const summaries = results
    .map((result) => summaryOf(model, result))
    .sort((a, b) => (a.qualifiedName < b.qualifiedName ? -1 : a.qualifiedName > b.qualifiedName ? 1 : 0));
  const generated = new Map<string, GeneratedEntries>();
  for (const { result } of results) {
    if (result.notRunnable !== undefined) continue;
    generated.set(result.qualifiedName, { pairs: result.pairs.map((p) => p.json), invalid: result.invalid.map((i) => i.json) });
  }
  return { generated, summaries };
}

function summaryOf(model: FileModel, { fn, result }: Generated): FunctionSummary {
  const noPairs = whyNoPairs(model, fn, result);
  const contradiction = trustedContractContradiction(model, fn, result);
  return {
    qualifiedName: result.qualifiedName,
    nameSpan: fn.nameSpan,
    pairs: result.pairs.length,
    invalid: result.invalid.length,
    timeouts: result.timeouts,
    pairsOutsideRequires: result.pairsOutsideRequires,
    strongerClauses: result.strongerClauses.map(({ clause, handled }) => ({ clause, handled, text: fn.requires[clause]?.text ?? '' })),
    notRunnable: result.notRunnable,
    ...(contradiction === undefined ? {} : { contradictsTrustedContract: contradiction }),
    ...(result.internalError === undefined ? {} : { internalError: result.internalError }),
    ...(noPairs === undefined ? {} : { noPairs }),
  };
}
