// Messages between the language server and its score worker (plain, structured-clone-able data). The worker is
// long-lived and keeps per-document state (the engine's session), so a score request names its document.

import type { LocatedFunction } from '../engine';
import type { FileReport } from '../harness';
import type { FunctionOutcomes } from '../reports';

/** A source file's text and pairs text, named as the user sees them. */
export interface ScoreInputText {
  readonly path: string;
  readonly text: string;
  readonly pairsPath: string | null;
  readonly pairsText: string | null;
}

export type WorkerRequest =
  | {
      readonly kind: 'score';
      readonly uri: string;
      readonly input: ScoreInputText;
      readonly options: ScoreOptions;
      readonly backend: BackendRequest;
      /** Post the report so far after each chunk of a long run (`WorkerProgress`): asked while the document has no
       *  finished report yet, so a big file's first diagnostics come early. */
      readonly partials: boolean;
    }
  | {
      /** A cold run that keeps every mutant's verdict, for the mutation report view (not memoized: asked for rarely). */
      readonly kind: 'mutation-report';
      readonly input: ScoreInputText;
      readonly options: ScoreOptions;
      readonly backend: BackendRequest;
    }
  | {
      /** Suggested ensures clauses for weak postconditions (harness/suggest): one function's for its quick fix, the
       *  named ones (all when null) for the report view. */
      readonly kind: 'suggest';
      readonly input: ScoreInputText;
      readonly options: ScoreOptions;
      readonly functions: readonly string[] | null;
    }
  | { readonly kind: 'close'; readonly uri: string }
  /** A source file changed on disk (saved, created, deleted): crates are read again on the next run. */
  | { readonly kind: 'files-changed' }
  | {
      readonly kind: 'generate';
      readonly path: string;
      readonly text: string;
      readonly pairsText: string | null;
      readonly functions: readonly string[] | null;
      readonly solver: 'z3' | 'none';
    };

/** Which backend decides the obligations. Only ever non-embedded in a trusted workspace (settings.ts enforces it). */
export type BackendRequest =
  | { readonly kind: 'embedded' }
  | { readonly kind: 'verus' | 'both'; readonly verusPath: string | null; readonly extraArgs: readonly string[]; readonly cwd: string };

export interface ScoreOptions {
  readonly threshold: number;
  readonly mutantsPerPair: number;
  readonly weakPostcondition: 'realistic' | 'threshold';
  readonly seed: number;
  readonly stepBudget: number;
  readonly solver: 'z3' | 'none';
}

/** A finished score run: the report, where its functions are in the text it was made from, and how many functions
 *  were scored afresh (the rest came from the engine's memo). Null when the run was cancelled. */
export interface ScoreResult {
  readonly report: FileReport;
  readonly located: readonly LocatedFunction[];
  readonly evaluated: number;
}

/** A score job's answer: the report, and every mutant of the functions scored with its verdict (the report lists only
 *  the accepted ones), which the mutation report view shows. */
export interface ScoredFile {
  readonly report: FileReport;
  readonly outcomes: readonly FunctionOutcomes[];
}

/** The new pairs-file text, or why there is none (e.g. the existing file is not valid JSON); `summary` is for the log. */
export type GenerateResult =
  | { readonly ok: true; readonly text: string; readonly summary: string }
  | { readonly ok: false; readonly error: string; readonly summary: string };

export type WorkerResponse =
  { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly error: string };

/** The report so far of a long score run (a `ScoreResult`), posted after each chunk but the last; the run's answer
 *  follows as a `WorkerResponse`. */
export interface WorkerProgress {
  readonly id: number;
  readonly progress: ScoreResult;
}

export type WorkerMessage = WorkerResponse | WorkerProgress;

export interface WorkerEnvelope {
  readonly id: number;
  readonly request: WorkerRequest;
}
