// The pairs text the worker needs: entries of functions whose results come from the cache are blanked (spaces, with
// every newline and offset kept), so a one-function re-score reads one entry, not the whole file, and every range
// the worker reports still points into the real file. The blanked entries' own pairs-file diagnostics come from the
// cache with their results (see function-cache.ts).

import type { Range } from '../harness';
import { readPairsDocument } from '../harness';

/** One entry of `functions`: the property from its key through its value, and the separator text after it. */
interface EntrySpan {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}

interface EntryLayout {
  readonly text: string;
  /** In file order; null when the file cannot be reduced safely (not JSON, duplicate names, odd separators). */
  readonly entries: readonly EntrySpan[] | null;
}

let lastLayout: EntryLayout | null = null;

/** Where each function's entry sits (key through value), or null when reduction is not safe. Memoized on the text:
 *  the pairs file rarely changes between saves of the source. */
export function entryLayout(pairsText: string): readonly EntrySpan[] | null {
  if (lastLayout !== null && lastLayout.text === pairsText) return lastLayout.entries;
  lastLayout = { text: pairsText, entries: computeLayout(pairsText) };
  return lastLayout.entries;
}

/** The property range of every entry, by function name (for diagnostic ownership). */
export function entryRanges(pairsText: string): ReadonlyMap<string, Range> | null {
  const entries = entryLayout(pairsText);
  return entries === null ? null : new Map(entries.map((entry) => [entry.name, entry.range]));
}

/** `pairsText` with the entries of `reused` functions blanked, or null when it cannot be reduced safely. */
export function reducePairsText(pairsText: string, reused: ReadonlySet<string>): string | null {
  const entries = entryLayout(pairsText);
  if (entries === null) return null;
  if (!entries.some((entry) => reused.has(entry.name))) return pairsText;
  // Ranges to blank, in order: a reused entry, and a comma that no longer sits between two kept entries.
  const blanks: [number, number][] = [];
  const kept = entries.map((entry) => !reused.has(entry.name));
  entries.forEach((entry, idx) => {
    if (!kept[idx]) blanks.push([entry.start, entry.end]);
    const next = entries[idx + 1];
    if (next !== undefined && !(kept[idx] === true && kept.slice(idx + 1).includes(true))) blanks.push([entry.end, next.start]);
  });
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of blanks) {
    parts.push(pairsText.slice(at, start), pairsText.slice(start, end).replace(/[^\r\n]/g, ' '));
    at = end;
  }
  parts.push(pairsText.slice(at));
  return parts.join('');
}

function computeLayout(pairsText: string): readonly EntrySpan[] | null {
  // The pairs document caps nesting before parsing: this runs on the server's main thread.
  const document = readPairsDocument(pairsText);
  const root = document.root;
  if (root === undefined || document.syntaxProblems.length > 0 || document.duplicates.length > 0 || root.type !== 'object') return null;
  if ((root.children ?? []).filter((property) => property.children?.[0]?.value === 'functions').length !== 1) return null;
  const entries: EntrySpan[] = [];
  const spans = document.functionEntries;
  for (const [idx, span] of spans.entries()) {
    const start = span.property.offset;
    const end = start + span.property.length;
    const next = spans[idx + 1];
    if (next !== undefined && !/^\s*,\s*$/.test(pairsText.slice(end, next.property.offset))) return null;
    entries.push({ name: span.name, start, end, range: { start: document.lineIndex.positionAt(start), end: document.lineIndex.positionAt(end) } });
  }
  return entries;
}
