// Where and how a suggested clause goes into the file, in the file's own style: after the last `ensures` clause, on a
// line of its own with that clause's indentation when the clauses are one per line (as an `&&&` bullet when they
// are bullets), keeping or omitting the trailing comma as the last clause does; inline after it otherwise. A function
// without an `ensures` gets one under its `requires`, laid out the same way.

import type { LineIndex } from '../../syntax';
import type { ClauseModel, FunctionContract } from '../../model';
import type { Range } from '../report/report-types';

/** A text edit on the source file: the empty range to insert at, and the text. */
export interface ClauseInsertion {
  readonly range: Range;
  readonly newText: string;
}

/** After the last `ensures` clause; without one, a new `ensures` section after the last `requires` clause, laid out as
 *  the `requires` is. Undefined when the function has neither. */
export function clauseInsertion(
  text: string,
  lineIndex: LineIndex,
  fn: FunctionContract,
  clauses: readonly string[],
): ClauseInsertion | undefined {
  const ensures = lastClause(fn.ensures);
  if (ensures !== undefined) return afterClause(text, lineIndex, ensures, clauses);
  const requires = lastClause(fn.requires);
  return requires === undefined ? undefined : newEnsuresSection(text, lineIndex, requires, clauses);
}

function lastClause(clauses: readonly ClauseModel[]): ClauseModel | undefined {
  return [...clauses].sort((a, b) => b.clause.span.end - a.clause.span.end)[0];
}

/** The clause's layout: its trailing comma, its line's indentation, whether it is alone on its line or a bullet. */
function layoutOf(text: string, clause: ClauseModel) {
  const { start, end } = clause.clause.span;
  const comma = /^[ \t]*,/.exec(text.slice(end));
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(lineStart, start);
  const bullet = before.trim() === '&&&';
  return {
    end,
    afterComma: comma === null ? end : end + comma[0].length,
    hasComma: comma !== null,
    indent: /^[ \t]*/.exec(before)?.[0] ?? '',
    lineIndent: /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '',
    bullet,
    ownLine: before.trim() === '' || bullet,
  };
}

function afterClause(text: string, lineIndex: LineIndex, last: ClauseModel, clauses: readonly string[]): ClauseInsertion {
  const layout = layoutOf(text, last);
  const { indent, hasComma } = layout;
  const newText = layout.bullet
    ? clauses.map((clause) => `\n${indent}&&& ${clause}`).join('')
    : layout.ownLine
      ? (hasComma ? '' : ',') + clauses.map((clause) => `\n${indent}${clause}`).join(',') + (hasComma ? ',' : '')
      : (hasComma ? ' ' : ', ') + clauses.join(', ') + (hasComma ? ',' : '');
  const at = layout.bullet || !hasComma ? layout.end : layout.afterComma;
  return insertionAt(lineIndex, at, newText);
}

/** `ensures` under `requires`, at the keyword's indentation, its clauses at the requires clauses' (or inline when
 *  those are inline). */
function newEnsuresSection(text: string, lineIndex: LineIndex, last: ClauseModel, clauses: readonly string[]): ClauseInsertion {
  const layout = layoutOf(text, last);
  const keyword = text.lastIndexOf('requires', last.clause.span.start);
  const keywordLineStart = text.lastIndexOf('\n', keyword - 1) + 1;
  const keywordIndent = /^[ \t]*/.exec(text.slice(keywordLineStart))?.[0] ?? '';
  const trailing = layout.hasComma ? ',' : '';
  const section = layout.ownLine
    ? `\n${keywordIndent}ensures${clauses.map((clause) => `\n${layout.indent}${clause}`).join(',')}${trailing}`
    : `\n${keywordIndent}ensures ${clauses.join(', ')}${trailing}`;
  return insertionAt(lineIndex, layout.afterComma, section);
}

function insertionAt(lineIndex: LineIndex, offset: number, newText: string): ClauseInsertion {
  const position = lineIndex.positionAt(offset);
  return { range: { start: position, end: position }, newText };
}
