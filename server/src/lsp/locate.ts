// Finds functions for hovers, CodeLens and code actions without parsing: the worker sends where each function is
// with every result, and each edit since moves those locations (lines after the edit shift by the lines it added
// or removed), so lenses and hovers sit in the right place while a new run is in progress.

import type { Position } from 'vscode-languageserver';
import type { LocatedFunction } from '../engine';
import type { FunctionReport, Range } from '../harness';
import { changedSpan, lineAndColumn } from '../syntax';
import type { SourceFileState } from './state';

export interface LocatedReport extends LocatedFunction {
  readonly report: FunctionReport | null;
}

export function locateFunctions(file: SourceFileState): LocatedReport[] {
  const reports = new Map((file.report?.functions ?? []).map((fn) => [fn.qualifiedName, fn]));
  return (file.located?.functions ?? []).map((fn) => ({ ...fn, report: reports.get(fn.qualifiedName) ?? null }));
}

export function functionAtPosition(file: SourceFileState, position: Position): LocatedReport | null {
  let best: LocatedReport | null = null;
  for (const fn of locateFunctions(file)) {
    if (inRange(fn.headerRange, position) && (best === null || inRange(best.headerRange, fn.headerRange.start))) best = fn;
  }
  return best;
}

/** Moves the file's function locations from the text they were made for to `text`: a position at or after the
 *  edited span moves with the text after it; one before it stays. The edit is found by a plain scan (no parse). */
export function moveLocated(file: SourceFileState, text: string): void {
  const located = file.located;
  if (located === null || located.text === text) return;
  const before = located.text;
  const { start, oldEnd, newEnd } = changedSpan(before, text);
  const oldEndAt = lineAndColumn(before, oldEnd);
  const newEndAt = lineAndColumn(text, newEnd);
  const move = (position: Position): Position => {
    if (position.line < oldEndAt.line || (position.line === oldEndAt.line && position.character < oldEndAt.character)) return position;
    if (position.line === oldEndAt.line)
      return { line: newEndAt.line, character: newEndAt.character + position.character - oldEndAt.character };
    return { line: position.line + newEndAt.line - oldEndAt.line, character: position.character };
  };
  const moveRange = (range: Range): Range => ({ start: move(range.start), end: move(range.end) });
  file.located = {
    text,
    functions:
      start === oldEnd && start === newEnd
        ? located.functions
        : located.functions.map((fn) => ({ ...fn, nameRange: moveRange(fn.nameRange), headerRange: moveRange(fn.headerRange) })),
  };
}

function inRange(range: Range, position: Position): boolean {
  const afterStart =
    position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const beforeEnd = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return afterStart && beforeEnd;
}
