// What a function's results depend on, as plain strings compared for equality: its text (contract, and the body code
// mutants run) with the items it reaches and the file-wide ones (`functionDependencies`, model/), its column, its
// pairs entry's text and column. The settings are the session's file-wide key. Lines are not part of a key: results
// moved by whole lines are shifted (function-memo.ts); a result pointing into a reached item is not kept, since that
// item moves on its own (`isReusable`).

import { functionDependencies } from '../model';
import type { FileModel } from '../model';
import type { LineIndex } from '../syntax';
import type { Range } from '../harness';
import type { PairsEntrySpan } from './pairs-layout';

export interface FunctionKey {
  readonly qualifiedName: string;
  /** Its own text, the text of every item it reaches and of the file's items no name reaches. */
  readonly dependencies: string;
  readonly column: number;
  readonly entryText: string;
  readonly entryColumn: number;
  readonly sourceLine: number;
  /** The whole function now. */
  readonly range: Range;
  /** The function's entry in the pairs file (key through value), when it has one. */
  readonly pairsRange: Range | null;
}

export function sameKey(a: FunctionKey, b: FunctionKey): boolean {
  return (
    a.qualifiedName === b.qualifiedName &&
    a.dependencies === b.dependencies &&
    a.column === b.column &&
    a.entryText === b.entryText &&
    a.entryColumn === b.entryColumn
  );
}

/** Keys for the exec fns of the model in source order, or null when two functions share a qualified name (their
 *  results cannot be told apart, so nothing is reused). */
export function functionKeys(
  model: FileModel,
  lineIndex: LineIndex,
  pairsText: string | null,
  entries: readonly PairsEntrySpan[],
): Map<string, FunctionKey> | null {
  const names = new Set(model.functions.map((fn) => fn.qualifiedName));
  if (names.size < model.functions.length) return null;
  const dependencies = functionDependencies(model);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const keys = new Map<string, FunctionKey>();
  for (const fn of model.functions) {
    const reached = dependencies.functions.get(fn.qualifiedName);
    if (reached === undefined) continue;
    const start = lineIndex.positionAt(fn.span.start);
    const entry = byName.get(fn.qualifiedName);
    keys.set(fn.qualifiedName, {
      qualifiedName: fn.qualifiedName,
      dependencies: `${reached}\u0002${dependencies.shared}`,
      column: start.character,
      entryText: entry === undefined || pairsText === null ? '' : pairsText.slice(entry.start, entry.end),
      entryColumn: entry?.range.start.character ?? -1,
      sourceLine: start.line,
      range: { start, end: lineIndex.positionAt(fn.span.end) },
      pairsRange: entry?.range ?? null,
    });
  }
  return keys;
}
