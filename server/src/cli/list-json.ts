// The plain-JSON shape of a FileModel that `spec-harness list --json` prints and the MCP tool list_contracts reads:
// 0-based UTF-16 line/character ranges, functions in source order, diagnostics sorted by (range, message).

import { createLineIndex } from '../syntax';
import type { LineIndex } from '../syntax';
import type { Span, SyntaxDiagnostic } from '../syntax';
import type { ClauseModel, FileModel, FunctionContract } from '../model';

export interface ListJson {
  readonly files: readonly ListFileJson[];
}

export interface ListRangeJson {
  readonly start: { readonly line: number; readonly character: number };
  readonly end: { readonly line: number; readonly character: number };
}

export interface ListFileJson {
  readonly path: string;
  readonly diagnostics: readonly { readonly message: string; readonly severity: string; readonly range: ListRangeJson }[];
  readonly functions: readonly ListFunctionJson[];
}

export interface ListFunctionJson {
  readonly name: string;
  readonly qualifiedName: string;
  readonly mode: 'exec' | 'spec' | 'proof';
  /** The whole fn item, attributes to closing brace. */
  readonly range: ListRangeJson;
  /** `type` is the declared type as written (`&mut Vec<i32>`); `passing` says how it is passed. */
  readonly params: readonly { readonly name: string; readonly type: string; readonly passing: 'value' | 'ref' | 'mut' }[];
  readonly returnName: string | null;
  readonly returnType: string | null;
  readonly requires: readonly ListClauseJson[];
  readonly ensures: readonly ListClauseJson[];
  readonly hasBody: boolean;
}

export interface ListClauseJson {
  readonly text: string;
  readonly range: ListRangeJson;
}

/** One file's entry in `list --json`; `path` is how the caller wants the file named (relative to cwd). */
export function fileModelToListJson(model: FileModel, path: string): ListFileJson {
  const lineIndex = createLineIndex(model.source.text);
  const toRange = (span: Span): ListRangeJson => spanToRange(lineIndex, span);
  const diagnostics = [...model.diagnostics].sort(compareDiagnostics).map((diagnostic) => ({
    message: diagnostic.message,
    severity: diagnostic.severity,
    range: toRange(diagnostic.span),
  }));
  return {
    path,
    diagnostics,
    functions: model.functions.map((contract) => functionToJson(model, contract, toRange)),
  };
}

function functionToJson(model: FileModel, contract: FunctionContract, toRange: (span: Span) => ListRangeJson): ListFunctionJson {
  const clauseToJson = (clause: ClauseModel): ListClauseJson => ({ text: clause.text, range: toRange(clause.clause.span) });
  const returnType = contract.returnType;
  return {
    name: contract.name,
    qualifiedName: contract.qualifiedName,
    mode: contract.mode,
    range: toRange(contract.span),
    params: contract.params.map((param) => ({ name: param.name, type: param.typeText, passing: param.passing })),
    returnName: contract.returnName ?? null,
    returnType: returnType === undefined ? null : model.source.text.slice(returnType.span.start, returnType.span.end),
    requires: contract.requires.map(clauseToJson),
    ensures: contract.ensures.map(clauseToJson),
    hasBody: contract.hasBody,
  };
}

function spanToRange(lineIndex: LineIndex, span: Span): ListRangeJson {
  return { start: lineIndex.positionAt(span.start), end: lineIndex.positionAt(span.end) };
}

function compareDiagnostics(a: SyntaxDiagnostic, b: SyntaxDiagnostic): number {
  return a.span.start - b.span.start || a.span.end - b.span.end || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}
