// Where and how a suggested clause goes into the file, in the file's own style: after the last `ensures` clause, on a
// line of its own with that clause's indentation when the clauses are one per line (as an `&&&` bullet when they
// are bullets), keeping or omitting the trailing comma as the last clause does; inline after it otherwise.

import type { LineIndex } from '../../syntax';
import type { FunctionContract } from '../../model';
import type { Range } from '../report/report-types';

/** A text edit on the source file: the empty range to insert at, and the text. */
export interface ClauseInsertion {
  readonly range: Range;
  readonly newText: string;
}

/** Undefined when the function has no `ensures` clause to follow (a new `ensures` section is left to the user). */
export function clauseInsertion(
  text: string,
  lineIndex: LineIndex,
  fn: FunctionContract,
  clauses: readonly string[],
): ClauseInsertion | undefined {
  const last = [...fn.ensures].sort((a, b) => b.clause.span.end - a.clause.span.end)[0];
  if (last === undefined) return undefined;
  const { start, end } = last.clause.span;
  const comma = /^[ \t]*,/.exec(text.slice(end));
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(lineStart, start);
  const indent = /^[ \t]*/.exec(before)?.[0] ?? '';
  const bullet = before.trim() === '&&&';
  const ownLine = before.trim() === '' || bullet;
  const newText = bullet
    ? clauses.map((clause) => `\n${indent}&&& ${clause}`).join('')
    : ownLine
      ? (comma === null ? ',' : '') + clauses.map((clause) => `\n${indent}${clause}`).join(',') + (comma === null ? '' : ',')
      : (comma === null ? ', ' : ' ') + clauses.join(', ') + (comma === null ? '' : ',');
  const at = bullet || comma === null ? end : end + comma[0].length;
  const position = lineIndex.positionAt(at);
  return { range: { start: position, end: position }, newText };
}
