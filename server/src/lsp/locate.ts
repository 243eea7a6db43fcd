// Finds functions in the current text (the model re-parsed on every change) and pairs them with the last report's
// results by qualified name, so lenses and hovers sit in the right place even while a new run is in progress.

import type { Position } from 'vscode-languageserver';
import type { FunctionReport, Range } from '../harness';
import type { FunctionContract } from '../model';
import { createLineIndex } from '../syntax';
import type { SourceFileState } from './state';

export interface LocatedFunction {
  readonly qualifiedName: string;
  readonly nameRange: Range;
  /** The signature and contract (up to the body): where hovers and code actions apply. */
  readonly headerRange: Range;
  readonly contract: FunctionContract | null;
  readonly report: FunctionReport | null;
}

export function locateFunctions(file: SourceFileState): LocatedFunction[] {
  const reports = new Map((file.report?.functions ?? []).map((fn) => [fn.qualifiedName, fn]));
  if (file.model === null) {
    return [...reports.values()].map((fn) => ({ qualifiedName: fn.qualifiedName, nameRange: fn.nameRange, headerRange: fn.range, contract: null, report: fn }));
  }
  const lineIndex = createLineIndex(file.model.source.text);
  const range = (start: number, end: number): Range => ({ start: lineIndex.positionAt(start), end: lineIndex.positionAt(end) });
  return file.model.functions
    .filter((fn) => fn.mode === 'exec' && (fn.requires.length > 0 || fn.ensures.length > 0 || reports.has(fn.qualifiedName)))
    .map((fn) => ({
      qualifiedName: fn.qualifiedName,
      nameRange: range(fn.nameSpan.start, fn.nameSpan.end),
      headerRange: range(fn.span.start, fn.item.body?.span.start ?? fn.span.end),
      contract: fn,
      report: reports.get(fn.qualifiedName) ?? null,
    }));
}

export function functionAtPosition(file: SourceFileState, position: Position): LocatedFunction | null {
  let best: LocatedFunction | null = null;
  for (const fn of locateFunctions(file)) {
    if (inRange(fn.headerRange, position) && (best === null || inRange(best.headerRange, fn.headerRange.start))) best = fn;
  }
  return best;
}

function inRange(range: Range, position: Position): boolean {
  const afterStart = position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const beforeEnd = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return afterStart && beforeEnd;
}
