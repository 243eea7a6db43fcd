// The report: scores and evidence per function, in the shape `spec-harness check --json` prints. Plain JSON-able data
// with editor-style ranges (0-based line, UTF-16 character), shared by the CLI and the language server.

import type { InternalError } from '../internal-errors';
import type { JsonValue } from '../../eval';

export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export interface CheckReport {
  readonly files: readonly FileReport[];
  readonly summary: Summary;
}

export interface FileReport {
  readonly path: string;
  /** The pairs file used, or null when there is none. */
  readonly pairsFile: string | null;
  readonly diagnostics: readonly ReportDiagnostic[];
  readonly functions: readonly FunctionReport[];
  /** Set when a bug was met in a step of the whole file's work (the front end, a file-wide backend run): no
   *  function is then listed. */
  readonly internalError?: InternalError;
}

export type DiagnosticCode =
  | 'syntax'
  | 'pairs-file'
  | 'weak-postcondition'
  | 'rejects-correct-output'
  | 'rejects-valid-input'
  | 'stronger-precondition'
  | 'admits-invalid-input'
  | 'vacuous-postcondition'
  | 'reject-all-precondition'
  | 'unsupported'
  | 'indeterminate'
  | 'no-pairs'
  | 'outside-requires';

export interface ReportDiagnostic {
  readonly message: string;
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
  /** Which file the range points into. */
  readonly file: 'source' | 'pairs';
  readonly range: Range;
  readonly code: DiagnosticCode;
}

export type FunctionStatus = 'scored' | 'no-pairs' | 'unsupported' | 'error';

export interface Scores {
  readonly postCorrectness: number | null;
  readonly postCompleteness: number | null;
  readonly preCorrectness: number | null;
  readonly preCompleteness: number | null;
}

export interface Counts {
  readonly pairs: number;
  readonly mutants: number;
  readonly validInputs: number;
  readonly invalidInputs: number;
  readonly indeterminate: number;
  /** Of the indeterminate verdicts, those on correct pairs. */
  readonly indeterminatePairs: number;
  /** Verdicts a solver reached after the evaluator could not (absent when none). */
  readonly solverVerdicts?: number;
}

export interface ClauseRef {
  readonly kind: 'requires' | 'ensures';
  readonly index: number;
  readonly range: Range;
  readonly text: string;
}

export interface RejectedPair {
  readonly input: JsonValue;
  readonly output: JsonValue;
  readonly after: JsonValue | null;
  readonly clause: ClauseRef | null;
  readonly preHolds: boolean | null;
  /** Where the pair is in the pairs file. */
  readonly pairsRange: Range | null;
  /** Rust-like text of the call, e.g. `max_of([1, 5, 3]) = 4`, for tables and hovers. */
  readonly display?: string;
  /** `solver` when a solver, not the evaluator, reached the verdict. */
  readonly decidedBy?: 'solver';
}

export interface AcceptedMutant {
  readonly input: JsonValue;
  readonly output: JsonValue;
  readonly mutant: JsonValue;
  /** For `&mut` parameters: the correct and the mutated after-values. */
  readonly after: JsonValue | null;
  readonly mutantAfter: JsonValue | null;
  readonly operator: string;
  readonly pairsRange: Range | null;
  /** Rust-like text of the call, e.g. `max_of([1, 5, 3]) = 4`, for tables and hovers. */
  readonly display?: string;
  /** Rust-like text of the correct call beside it, e.g. `max_of([1, 5, 3]) = 5`. */
  readonly correctDisplay?: string;
  /** `solver` when a solver, not the evaluator, reached the verdict. */
  readonly decidedBy?: 'solver';
  /** Where the wrong output comes from: a value operator, another input's correct output, or a code mutant. */
  readonly source?: MutantSource;
  /** For code mutants: the changed code. */
  readonly codeRange?: Range;
  /** For code mutants and swapped outputs, what the wrong output does to the call: "makes `max_of([1, 5, 3])`
   *  return 3" (code), "lets `max_of([1, 5, 3])` return 1" (swapped); `describeAccepted` words the sentence. */
  readonly effect?: string;
}

export type MutantSource = 'value' | 'swapped' | 'code';

/** Wrong outputs of one source: how many were decided, and how many of those the ensures accepted. */
export interface SourceCount {
  readonly decided: number;
  readonly accepted: number;
}

/** Per-source counts and the input-level figure: how often a realistic bug slips through, not only how many mutants. */
export interface WrongOutputSummary {
  readonly bySource: Readonly<Record<MutantSource, SourceCount>>;
  /** Distinct inputs with at least one decided wrong output. */
  readonly inputs: number;
  /** Of those, the inputs on which some wrong output is accepted. */
  readonly inputsAccepting: number;
  /** inputsAccepting / inputs, null (N/A) when no input had a decided wrong output. */
  readonly inputShareAccepting: number | null;
}

/** What one ensures clause contributes: the wrong outputs that it alone rejects. */
export interface ClauseContribution {
  readonly index: number;
  readonly text: string;
  readonly range: Range;
  /** Decided wrong outputs this clause rejects and every other clause accepts. */
  readonly rejectsAlone: number;
  /** Decided wrong outputs this clause rejects. */
  readonly rejects: number;
}

export interface RejectedValidInput {
  readonly input: JsonValue;
  readonly clause: ClauseRef | null;
  readonly pairsRange: Range | null;
  /** Rust-like text of the call, e.g. `max_of([1, 5, 3]) = 4`, for tables and hovers. */
  readonly display?: string;
  /** `solver` when a solver, not the evaluator, reached the verdict. */
  readonly decidedBy?: 'solver';
  /** For a generated pair (the code returned on it and the ensures accepted its output when `pairs` ran): the call
   *  with that output, `get_or_zero([], 3) = 0`, the witness that the clause is stronger than the code needs. */
  readonly witness?: string;
}

export interface AdmittedInvalidInput {
  readonly input: JsonValue;
  readonly reason: string;
  readonly pairsRange: Range | null;
  /** Rust-like text of the call, e.g. `max_of([1, 5, 3]) = 4`, for tables and hovers. */
  readonly display?: string;
  /** A generated invalid input: the code panicked on it when `pairs` ran (the reason says how). */
  readonly generated?: true;
  /** `solver` when a solver, not the evaluator, reached the verdict. */
  readonly decidedBy?: 'solver';
}

export interface IndeterminateVerdict {
  readonly obligation: 'pre' | 'post';
  readonly input: JsonValue;
  readonly output: JsonValue | null;
  readonly reason: string;
}

export interface Warning {
  readonly code: 'vacuous-postcondition' | 'reject-all-precondition';
  readonly message: string;
}

export interface FunctionReport {
  readonly qualifiedName: string;
  readonly range: Range;
  readonly nameRange: Range;
  readonly status: FunctionStatus;
  /** Why the function is not scored; for a scored function with an `ensures`, why its PostComp has no value. */
  readonly reason: string | null;
  readonly scores: Scores;
  readonly counts: Counts;
  readonly rejectedPairs: readonly RejectedPair[];
  readonly acceptedMutants: readonly AcceptedMutant[];
  readonly rejectedValidInputs: readonly RejectedValidInput[];
  readonly admittedInvalidInputs: readonly AdmittedInvalidInput[];
  readonly indeterminate: readonly IndeterminateVerdict[];
  readonly unsupported: readonly { readonly construct: string; readonly range: Range }[];
  readonly warnings: readonly Warning[];
  /** Correct pairs the ensures rejects on inputs the requires rejects too: not errors on the ensures (a verified
   *  implementation promises nothing there). Absent when none. */
  readonly pairsOutsideRequires?: readonly RejectedPair[];
  /** Set when the function is not scored because its contract has a syntax error (status `error`): where the
   *  error is. The syntax diagnostic is then the function's only diagnostic. */
  readonly contractSyntaxError?: Range;
  /** Set when a bug was met in this function's work (status `unsupported`, the reason names the stage), or, for a
   *  scored function, in an optional part of it (the clause view) that is then missing. */
  readonly internalError?: InternalError;
  /** For a scored generic function: the concrete type each type parameter was measured at (`{ K: 'SHTKey' }`,
   *  `{ T: 'i64' }`), as functionTypeContext chose it. Absent for functions without type parameters. */
  readonly instantiation?: Readonly<Record<string, string>>;
  /** Ranges of the contract parts, for editor decorations. */
  readonly requiresRange: Range | null;
  readonly ensuresRange: Range | null;
  /** Which backend decided the verdicts (`embedded`, `verus`, or `both`: scores from embedded, gap from Verus). */
  readonly backend?: string;
  /** Wrong outputs by source, and the share of inputs on which some wrong output is accepted. */
  readonly wrongOutputs?: WrongOutputSummary;
  /** Per ensures clause, the wrong outputs it alone rejects (embedded backend). */
  readonly clauses?: readonly ClauseContribution[];
  /** Indices of ensures clauses that reject no wrong output that no other clause rejects (informative). */
  readonly redundantClauses?: readonly number[];
  /** `--backend both`: mutants the embedded evaluator rejects that Verus cannot refute. */
  readonly solverGap?: number;
  /** `--backend both`: obligations on which the two backends gave different determinate verdicts. */
  readonly disagreements?: readonly BackendDisagreement[];
}

export interface BackendDisagreement {
  readonly obligation: string;
  readonly embedded: string;
  readonly verus: string;
}

export type ThresholdKey = '0.25' | '0.5' | '0.75' | '1';

export interface Summary {
  /** Functions with a contract: the denominator of Post-Harness@t and Harness@t. */
  readonly functions: number;
  readonly scored: number;
  /** Functions with a contract that could not be scored (no pairs, unsupported, error): they meet no t. */
  readonly unscored: number;
  readonly postHarnessAt: Readonly<Record<ThresholdKey, number | null>>;
  readonly harnessAt: Readonly<Record<ThresholdKey, number | null>>;
  /** The threshold the run used (default 0.75) and how many scored functions have a score below it. */
  readonly threshold?: number;
  readonly belowThreshold?: number;
  /** `--backend both`: the solver gap summed over functions. */
  readonly solverGap?: number;
  readonly backend?: string;
}
