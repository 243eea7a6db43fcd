// Shared by the report writers: 1-based positions from the report's 0-based editor ranges, a stable key per
// function, and which functions fail (decided by the caller: the gate, the baseline ratchet, or both).

import type { FileReport, FunctionReport, Range } from '../harness';

/** 1-based line and column, end column one past the end (what SARIF, Stryker and GitHub count). */
export interface OneBasedRange {
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export function oneBased(range: Range): OneBasedRange {
  return {
    startLine: range.start.line + 1,
    startColumn: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

/** `path::qualifiedName`: how baselines and failure lists name a function across runs. */
export function functionKey(file: Pick<FileReport, 'path'>, fn: Pick<FunctionReport, 'qualifiedName'>): string {
  return `${file.path}::${fn.qualifiedName}`;
}

/** Why each failing function fails (`PostComp 0.50 < 0.75`, `PostComp dropped from 0.90 to 0.50`), by functionKey.
 *  A function absent from the map passes. */
export type FunctionFailures = ReadonlyMap<string, readonly string[]>;

/** Where a function's ensures is, or its name when it has none: where its mutants are shown. */
export function ensuresOrName(fn: FunctionReport): Range {
  return fn.ensuresRange ?? fn.nameRange;
}
