// FunctionReports for functions that were not scored (no pairs, unsupported, error) and the shared empty shape.

import type { FileModel, FunctionContract } from '../../model';
import type { LineIndex, Span, SyntaxDiagnostic } from '../../syntax';
import type { FileReport, FunctionReport, Range } from './report-types';
import { internalErrorReason } from '../internal-errors';
import type { InternalError } from '../internal-errors';

export function spanRange(lineIndex: LineIndex, span: Span): Range {
  return { start: lineIndex.positionAt(span.start), end: lineIndex.positionAt(span.end) };
}

/** The report of a function before anything is known: every score N/A, no evidence. */
export function emptyReport(lineIndex: LineIndex, fn: FunctionContract): FunctionReport {
  return {
    qualifiedName: fn.qualifiedName,
    range: spanRange(lineIndex, fn.span),
    nameRange: spanRange(lineIndex, fn.nameSpan),
    status: 'no-pairs',
    reason: null,
    scores: { postCorrectness: null, postCompleteness: null, preCorrectness: null, preCompleteness: null },
    counts: { pairs: 0, mutants: 0, validInputs: 0, invalidInputs: 0, indeterminate: 0, indeterminatePairs: 0 },
    rejectedPairs: [],
    acceptedMutants: [],
    rejectedValidInputs: [],
    admittedInvalidInputs: [],
    indeterminate: [],
    unsupported: [],
    warnings: [],
    requiresRange: clausesRange(
      lineIndex,
      fn.requires.map((clause) => clause.clause.span),
    ),
    ensuresRange: clausesRange(
      lineIndex,
      fn.ensures.map((clause) => clause.clause.span),
    ),
  };
}

export function noPairsReport(lineIndex: LineIndex, fn: FunctionContract, pairsFile: string | null): FunctionReport {
  const reason =
    pairsFile === null ? 'no pairs file: generate one with `spec-harness pairs`' : `no entry for \`${fn.qualifiedName}\` in ${pairsFile}`;
  return { ...emptyReport(lineIndex, fn), status: 'no-pairs', reason };
}

export function unsupportedReport(
  lineIndex: LineIndex,
  model: FileModel,
  fn: FunctionContract,
  reason: string,
  span: Span,
): FunctionReport {
  const site = constructSite(lineIndex, model, fn, reason, span);
  return {
    ...emptyReport(lineIndex, fn),
    status: 'unsupported',
    reason: `${site.construct} (line ${site.range.start.line + 1})`,
    unsupported: [site],
  };
}

/** Where a construct the harness cannot run is reported: at its span, or, when the span lies in another file of
 *  the crate (a type or spec fn found there), at the function's name with that file and line in the message. */
export function constructSite(
  lineIndex: LineIndex,
  model: FileModel,
  fn: FunctionContract,
  construct: string,
  span: Span,
): { readonly construct: string; readonly range: Range } {
  const foreign = model.foreignSite?.(span);
  if (foreign === undefined) return { construct, range: spanRange(lineIndex, span) };
  return { construct: `${construct} (in ${foreign.file}, line ${foreign.line})`, range: spanRange(lineIndex, fn.nameSpan) };
}

/** Not scored: the contract has a syntax error (its diagnostic is the syntax error itself, at the offending token). */
export function syntaxErrorReport(lineIndex: LineIndex, fn: FunctionContract, syntax: SyntaxDiagnostic): FunctionReport {
  const range = spanRange(lineIndex, syntax.span);
  return {
    ...emptyReport(lineIndex, fn),
    status: 'error',
    reason: `syntax error in its signature or contract (line ${range.start.line + 1}): ${syntax.message}`,
    contractSyntaxError: range,
  };
}

/** Not scored: a bug was met in its work (a harness defect, never the user's code). */
export function internalErrorReport(lineIndex: LineIndex, fn: FunctionContract, error: InternalError): FunctionReport {
  return { ...emptyReport(lineIndex, fn), status: 'unsupported', reason: internalErrorReason(error), internalError: error };
}

/** A file whose every function's work failed at a file-wide step (a bug): one diagnostic at its start, no functions. */
export function fileInternalErrorReport(
  input: { readonly path: string; readonly pairsPath: string | null },
  error: InternalError,
): FileReport {
  const start = { line: 0, character: 0 };
  const message = `not scored: ${internalErrorReason(error)} (a Spec Harness bug: please report it with this file)`;
  return {
    path: input.path,
    pairsFile: input.pairsPath,
    diagnostics: [{ message, severity: 'warning', file: 'source', range: { start, end: start }, code: 'unsupported' }],
    functions: [],
    internalError: error,
  };
}

export function errorReport(lineIndex: LineIndex, fn: FunctionContract, reason: string): FunctionReport {
  return { ...emptyReport(lineIndex, fn), status: 'error', reason };
}

function clausesRange(lineIndex: LineIndex, spans: readonly Span[]): Range | null {
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (first === undefined || last === undefined) return null;
  return spanRange(lineIndex, { start: first.start, end: last.end });
}
