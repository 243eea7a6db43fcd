// Comparing the reports' editor-style ranges (0-based line, UTF-16 column), for the scorer, the engine and the editor.

import type { Range } from './report-types';

export function sameRange(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}

/** Whether `inner` lies within `outer`, ends included. */
export function rangeContains(outer: Range, inner: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

function comparePositions(a: Range['start'], b: Range['start']): number {
  return a.line - b.line || a.character - b.character;
}
