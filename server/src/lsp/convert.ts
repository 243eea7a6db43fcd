// Converts the harness's FileReport into LSP diagnostics: the messages are the harness's, only shapes change here.
// Each diagnostic carries `data` naming its function, so code actions can find the evidence behind it.

import type { Diagnostic, DiagnosticRelatedInformation, Range as LspRange } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import type { FileReport, FunctionReport, Range, ReportDiagnostic } from '../harness';
import { rangeContains, sameRange } from '../harness';
import { codeHref } from './docs-links';
import type { DocsUrl } from './docs-links';
import { formatJson } from './markdown';

export const DIAGNOSTIC_SOURCE = 'spec-harness';
const MAX_RELATED = 10;

/** What a diagnostic's `data` holds. */
export interface DiagnosticData {
  readonly functionName: string | null;
}

export interface PublishedDiagnostics {
  readonly source: Diagnostic[];
  readonly pairs: Diagnostic[];
}

export function toLspDiagnostics(report: FileReport, ctx: { readonly docsUrl: DocsUrl; readonly pairsUri: string }): PublishedDiagnostics {
  const published: PublishedDiagnostics = { source: [], pairs: [] };
  for (const diagnostic of report.diagnostics) {
    const owner = diagnostic.file === 'source' ? functionAt(report, diagnostic.range) : null;
    const lsp: Diagnostic = {
      range: toLspRange(diagnostic.range),
      severity: SEVERITY[diagnostic.severity],
      source: DIAGNOSTIC_SOURCE,
      code: diagnostic.code,
      codeDescription: { href: codeHref(ctx.docsUrl, diagnostic.code) },
      message: diagnostic.message,
      data: { functionName: owner?.qualifiedName ?? null } satisfies DiagnosticData,
    };
    const related = owner === null ? [] : relatedEvidence(owner, diagnostic, ctx.pairsUri);
    if (related.length > 0) lsp.relatedInformation = related;
    (diagnostic.file === 'source' ? published.source : published.pairs).push(lsp);
  }
  return published;
}

export function toLspRange(range: Range): LspRange {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}

export function decodeDiagnosticData(data: unknown): DiagnosticData {
  if (typeof data === 'object' && data !== null && 'functionName' in data && typeof data.functionName === 'string') {
    return { functionName: data.functionName };
  }
  return { functionName: null };
}

/** The innermost function whose range holds `range`. */
export function functionAt(report: FileReport, range: Range): FunctionReport | null {
  let best: FunctionReport | null = null;
  for (const fn of report.functions) {
    if (rangeContains(fn.range, range) && (best === null || rangeContains(best.range, fn.range))) best = fn;
  }
  return best;
}

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
} as const;

/** Links from a source diagnostic to the pairs-file entries that are its evidence. */
function relatedEvidence(fn: FunctionReport, diagnostic: ReportDiagnostic, pairsUri: string): DiagnosticRelatedInformation[] {
  const link = (range: Range | null, message: string): DiagnosticRelatedInformation[] =>
    range === null ? [] : [{ location: { uri: pairsUri, range: toLspRange(range) }, message }];
  switch (diagnostic.code) {
    case 'weak-postcondition':
    case 'vacuous-postcondition':
      return fn.acceptedMutants
        .slice(0, MAX_RELATED)
        .flatMap((mutant) =>
          link(
            mutant.pairsRange,
            `accepted wrong output ${formatJson(mutant.mutant)} (correct: ${formatJson(mutant.output)}, ${mutant.operator})`,
          ),
        );
    case 'rejects-correct-output':
      return fn.rejectedPairs
        .filter((pair) => pair.clause === null || sameRange(pair.clause.range, diagnostic.range))
        .slice(0, MAX_RELATED)
        .flatMap((pair) =>
          link(pair.pairsRange, `correct pair rejected: input ${formatJson(pair.input)}, output ${formatJson(pair.output)}`),
        );
    case 'rejects-valid-input':
    case 'reject-all-precondition':
      return fn.rejectedValidInputs
        .slice(0, MAX_RELATED)
        .flatMap((input) => link(input.pairsRange, `valid input rejected: ${formatJson(input.input)}`));
    case 'stronger-precondition':
      return fn.rejectedValidInputs
        .filter((input) => input.witness !== undefined && (input.clause === null || sameRange(input.clause.range, diagnostic.range)))
        .slice(0, MAX_RELATED)
        .flatMap((input) => link(input.pairsRange, `handled outside the requires: ${input.witness ?? ''}`));
    case 'admits-invalid-input':
      return fn.admittedInvalidInputs
        .slice(0, MAX_RELATED)
        .flatMap((input) => link(input.pairsRange, `invalid input admitted: ${formatJson(input.input)} (${input.reason})`));
    default:
      return [];
  }
}
