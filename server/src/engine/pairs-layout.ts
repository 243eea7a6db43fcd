// Where each function's entry sits in a pairs file, read once per pairs text, and the text the scorer gets when
// some entries' results are reused: those entries blanked (spaces; every newline and offset kept), so a
// one-function re-score decodes and checks one entry, and every range it reports still points into the real file.

import type { Range } from '../harness';
import { readPairsDocument } from '../harness';

/** One entry of `functions`: the property from its key through its value. */
export interface PairsEntrySpan {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}

/** `entries` is in file order, or null when the file cannot be reduced safely (not JSON, a duplicate key, a second
 *  `functions`, something other than a comma between entries): then nothing is reused. */
export interface PairsLayout {
  readonly text: string;
  readonly entries: readonly PairsEntrySpan[] | null;
  /** The text with every entry and separator blanked, made once per pairs text for `reducePairsText`. */
  readonly blanked: string;
}

export function pairsLayout(pairsText: string): PairsLayout {
  // The pairs document caps nesting before jsonc-parser's recursive parser runs.
  const document = readPairsDocument(pairsText);
  const root = document.root;
  if (root === undefined || document.syntaxProblems.length > 0 || document.duplicates.length > 0 || root.type !== 'object')
    return { text: pairsText, entries: null, blanked: pairsText };
  if ((root.children ?? []).filter((property) => property.children?.[0]?.value === 'functions').length !== 1)
    return { text: pairsText, entries: null, blanked: pairsText };
  const entries: PairsEntrySpan[] = [];
  const spans = document.functionEntries;
  for (const [idx, span] of spans.entries()) {
    const start = span.property.offset;
    const end = start + span.property.length;
    const next = spans[idx + 1];
    if (next !== undefined && !/^\s*,\s*$/.test(pairsText.slice(end, next.property.offset)))
      return { text: pairsText, entries: null, blanked: pairsText };
    entries.push({
      name: span.name,
      start,
      end,
      range: { start: document.lineIndex.positionAt(start), end: document.lineIndex.positionAt(end) },
    });
  }
  return { text: pairsText, entries, blanked: blankedEntries(pairsText, entries) };
}

/** The layout's text with the entries of `reused` functions blanked, commas kept only between kept entries: the
 *  text with every entry and separator blanked (made once per pairs text), with the kept ones copied back in. */
export function reducePairsText(layout: PairsLayout, reused: ReadonlySet<string>): string {
  const entries = layout.entries ?? [];
  if (!entries.some((entry) => reused.has(entry.name))) return layout.text;
  const text = layout.text;
  const blank = layout.blanked;
  const kept = entries.map((entry) => !reused.has(entry.name));
  const lastKept = kept.lastIndexOf(true);
  const parts: string[] = [];
  let at = 0;
  const restore = (start: number, end: number): void => {
    parts.push(blank.slice(at, start), text.slice(start, end));
    at = end;
  };
  entries.forEach((entry, idx) => {
    if (!kept[idx]) return;
    restore(entry.start, entry.end);
    const next = entries[idx + 1];
    if (next !== undefined && idx < lastKept) restore(entry.end, next.start);
  });
  parts.push(blank.slice(at));
  return parts.join('');
}

/** Every entry and the separators between them blanked (spaces for all but line breaks). */
function blankedEntries(text: string, entries: readonly PairsEntrySpan[]): string {
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (first === undefined || last === undefined) return text;
  return text.slice(0, first.start) + spacesFor(text.slice(first.start, last.end)) + text.slice(last.end);
}

/** Spaces for every character but line breaks, a run at a time. */
function spacesFor(text: string): string {
  return text.replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length));
}
