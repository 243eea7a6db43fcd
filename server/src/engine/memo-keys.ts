// What a function's results depend on, as plain strings compared for equality: its whole text (contract, and the
// body code mutants run) and column, its pairs entry's text and column; and, for the whole file, the spec context
// (spec fns, datatypes, constants: any of them may be reached) and the settings. Lines are not part of a key:
// results moved by whole lines are shifted (function-memo.ts).

import type { FileModel } from '../model';
import type { Item, LineIndex } from '../syntax';
import type { Range } from '../harness';
import type { PairsEntrySpan } from './pairs-layout';

export interface FunctionKey {
  readonly qualifiedName: string;
  readonly text: string;
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
    a.text === b.text &&
    a.column === b.column &&
    a.entryText === b.entryText &&
    a.entryColumn === b.entryColumn
  );
}

/** Keys for every function of the model in source order, or null when two functions share a qualified name (their
 *  results cannot be told apart, so nothing is reused). */
export function functionKeys(
  model: FileModel,
  lineIndex: LineIndex,
  pairsText: string | null,
  entries: readonly PairsEntrySpan[],
): Map<string, FunctionKey> | null {
  const text = model.source.text;
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const keys = new Map<string, FunctionKey>();
  for (const fn of model.functions) {
    if (keys.has(fn.qualifiedName)) return null;
    const start = lineIndex.positionAt(fn.span.start);
    const entry = byName.get(fn.qualifiedName);
    keys.set(fn.qualifiedName, {
      qualifiedName: fn.qualifiedName,
      text: text.slice(fn.span.start, fn.span.end),
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

/** Spec fns, datatypes, constants, uses: every item except exec fns, as written. Where they stand does not count
 *  (a report never points into a spec fn: the property test moves them), nor do comments and blank lines between
 *  items, nor any exec fn. */
export function specContext(model: FileModel): string {
  const text = model.source.text;
  const parts: string[] = [];
  const push = (span: { readonly start: number; readonly end: number }): void => {
    parts.push(text.slice(span.start, span.end));
  };
  const visit = (items: readonly Item[]): void => {
    for (const item of items) {
      switch (item.kind) {
        case 'fn':
          if (item.mode !== 'exec') push(item.span);
          break;
        case 'impl':
        case 'trait':
          parts.push(`${item.kind}{`);
          visit(item.items);
          parts.push('}');
          break;
        case 'mod':
          parts.push(`mod ${item.name}{`);
          visit(item.items ?? []);
          parts.push('}');
          break;
        default:
          push(item.span);
      }
    }
  };
  visit(model.source.items);
  return parts.join('\u0000');
}
