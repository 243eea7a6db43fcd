// The syntax layer's API: text in, Verus syntax tree out. Parsing never throws; problems are diagnostics.
import type { Expr, SourceFile, SyntaxDiagnostic } from './ast';
import { parseExpr } from './expr';
import { parseItems } from './items';
import { tokenize, tokenizeExpression, tokenizeIncrementally } from './lexer';
import type { IncrementalTree } from './lexer';
import { ParserState } from './parser-state';

export * from './ast';
export { changedSpan, lineAndColumn } from './changed-span';
export type { ChangedSpan } from './changed-span';
export { createLineIndex } from './line-index';
export type { LineIndex, LinePosition } from './line-index';
export { printType } from './print-type';
export { isConfiguredOut } from './cfg';

export function parseSourceFile(text: string): SourceFile {
  const p = new ParserState(tokenize(text));
  const items = parseItems(p, { inVerus: false });
  return { text, items, diagnostics: p.diagnostics };
}

/** A parse kept for the document's next version (the editor's engine): the next parse reuses its tree-sitter tree,
 *  which it edits in place, so each `IncrementalParse` serves one next version. */
export interface IncrementalParse {
  readonly file: SourceFile;
  readonly tree: IncrementalTree;
}

/** `parseSourceFile`, re-parsing with tree-sitter only around the edit since `previous`. The same `SourceFile` as a
 *  fresh parse (test/engine/session.property.test.ts compares with cold runs). */
export function parseSourceFileIncrementally(text: string, previous: IncrementalParse | undefined): IncrementalParse {
  const { stream, tree } = tokenizeIncrementally(text, previous?.tree);
  const p = new ParserState(stream);
  const items = parseItems(p, { inVerus: false });
  return { file: { text, items, diagnostics: p.diagnostics }, tree };
}

/** Parses one expression (a spec clause, a value typed by the user); trailing text is a diagnostic. */
export function parseExpression(text: string): { expr: Expr; diagnostics: readonly SyntaxDiagnostic[] } {
  const p = new ParserState(tokenizeExpression(text));
  const expr = parseExpr(p);
  if (!p.atEnd()) p.errorHere('unexpected text after the expression');
  return { expr, diagnostics: p.diagnostics };
}
