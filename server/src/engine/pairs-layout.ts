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
}

export function pairsLayout(pairsText: string): PairsLayout {
  // The pairs document caps nesting before jsonc-parser's recursive parser runs.
  const document = readPairsDocument(pairsText);
  const root = document.root;
  if (root === undefined || document.syntaxProblems.length > 0 || document.duplicates.length > 0 || root.type !== 'object') return { text: pairsText, entries: null };
  if ((root.children ?? []).filter((property) => property.children?.[0]?.value === 'functions').length !== 1) return { text: pairsText, entries: null };
  const entries: PairsEntrySpan[] = [];
  const spans = document.functionEntries;
  for (const [idx, span] of spans.entries()) {
    const start = span.property.offset;
    const end = start + span.property.length;
    const next = spans[idx + 1];
    if (next !== undefined && !/^\s*,\s*$/.test(pairsText.slice(end, next.property.offset))) return { text: pairsText, entries: null };
    entries.push({ name: span.name, start, end, range: { start: document.lineIndex.positionAt(start), end: document.lineIndex.positionAt(end) } });
  }
  return { text: pairsText, entries };
}

/** The layout's text with the entries of `reused` functions blanked, commas kept only between kept entries. */
export function reducePairsText(text: string, entries: readonly PairsEntrySpan[], reused: ReadonlySet<string>): string {
  if (!entries.some((entry) => reused.has(entry.name))) return text;
  const blanks: [number, number][] = [];
  const kept = entries.map((entry) => !reused.has(entry.name));
  const lastKept = kept.lastIndexOf(true);
  entries.forEach((entry, idx) => {
    if (!kept[idx]) blanks.push([entry.start, entry.end]);
    const next = entries[idx + 1];
    if (next !== undefined && !(kept[idx] === true && idx < lastKept)) blanks.push([entry.end, next.start]);
  });
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of blanks) {
    parts.push(text.slice(at, start), blanked(text.slice(start, end)));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Spaces for every character but line breaks. Whole runs at once: with one function re-scored nearly all of a
 *  large pairs file is blanked on every run, and a replacement per character was the run's main cost. */
function blanked(text: string): string {
  return text.replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length));
}
