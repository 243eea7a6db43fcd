// The syntax layer's API: text in, Verus syntax tree out. Parsing never throws; problems are diagnostics.
import type { Expr, SourceFile, SyntaxDiagnostic } from './ast';
import { parseExpr } from './expr';
import { parseItems } from './items';
import { tokenize, tokenizeExpression } from './lexer';
import { ParserState } from './parser-state';

export * from './ast';
export { changedSpan, lineAndColumn } from './changed-span';
export type { ChangedSpan } from './changed-span';
export { createLineIndex, editLineIndex } from './line-index';
export type { LineIndex, LinePosition } from './line-index';
export { printType } from './print-type';
export { clauseWithBinding } from './item-fn';
export { boundNames, childExpressions } from './expr-walk';
export { isConfiguredOut, isConfiguredOutText } from './cfg';
export { transcribeMacroCall } from './macro-rules';
export type { MacroRule, MacroRulesDefinition, MacroTokenKind, MacroTokenTree, MacroTranscription } from './macro-rules';
export { parseSourceFileIncrementally } from './item-reparse';
export type { IncrementalParse } from './item-reparse';

export function parseSourceFile(text: string): SourceFile {
  const p = new ParserState(tokenize(text));
  const items = parseItems(p, { inVerus: false });
  return { text, items, diagnostics: p.diagnostics };
}

/** Parses one expression (a spec clause, a value typed by the user); trailing text is a diagnostic. */
export function parseExpression(text: string): { expr: Expr; diagnostics: readonly SyntaxDiagnostic[] } {
  const p = new ParserState(tokenizeExpression(text));
  const expr = parseExpr(p);
  if (!p.atEnd()) p.errorHere('unexpected text after the expression');
  return { expr, diagnostics: p.diagnostics };
}
