// Where each function's entry sits in a pairs file, read once per pairs text, and the text the scorer gets when
// some entries' results are reused: those entries blanked, so a one-function re-score decodes and checks one entry,
// and every range it reports still points into the real file. A blanked region keeps its line breaks and the column
// it ends at, not its length: positions after it are unchanged while a 4 MB file of which one entry is kept shrinks
// to a few hundred KB of line breaks (offsets are never compared across the two texts; reports carry positions).

import type { LinePosition } from '../syntax';
import { createLineIndex } from '../syntax';
import type { Range } from '../harness';
import { cleanFunctionEntries, readPairsDocument } from '../harness';

/** One entry of `functions`: the property from its key through its value. */
export interface PairsEntrySpan {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}

/** `entries` is in file order, or null when the file cannot be reduced safely (not JSON, a duplicate key, a second
 *  `functions`, something other than a comma between entries, a byte order mark): then nothing is reused. */
export interface PairsLayout {
  readonly text: string;
  readonly entries: readonly PairsEntrySpan[] | null;
}

export function pairsLayout(pairsText: string): PairsLayout {
  // A clean file's entries are found without a syntax tree (several times faster on a big file); anything else is
  // read with the pairs document, which caps nesting before jsonc-parser's recursive parser runs.
  const spans = cleanFunctionEntries(pairsText) ?? treeFunctionEntries(pairsText);
  if (spans === null) return { text: pairsText, entries: null };
  const lineIndex = createLineIndex(pairsText);
  const entries: PairsEntrySpan[] = [];
  for (const [idx, span] of spans.entries()) {
    const start = span.property.offset;
    const end = start + span.property.length;
    const next = spans[idx + 1];
    if (next !== undefined && !/^\s*,\s*$/.test(pairsText.slice(end, next.property.offset))) return { text: pairsText, entries: null };
    entries.push({ name: span.name, start, end, range: { start: lineIndex.positionAt(start), end: lineIndex.positionAt(end) } });
  }
  return { text: pairsText, entries };
}

type EntrySpans = readonly { readonly name: string; readonly property: { readonly offset: number; readonly length: number } }[];

function treeFunctionEntries(pairsText: string): EntrySpans | null {
  const document = readPairsDocument(pairsText);
  const root = document.root;
  // The document's offsets skip a byte order mark; rather than shift them, such a file is not reduced.
  if (
    document.byteOrderMark ||
    root === undefined ||
    document.syntaxProblems.length > 0 ||
    document.duplicates.length > 0 ||
    root.type !== 'object'
  )
    return null;
  if ((root.children ?? []).filter((property) => property.children?.[0]?.value === 'functions').length !== 1) return null;
  return document.functionEntries;
}

/** The layout's text with the entries of `reused` functions blanked, commas kept only between kept entries. Kept
 *  text is copied as it is; each run of blanked text between two kept pieces becomes its line breaks and the spaces
 *  up to the column where the next kept piece starts. */
export function reducePairsText(layout: PairsLayout, reused: ReadonlySet<string>): string {
  const entries = layout.entries ?? [];
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (first === undefined || last === undefined || !entries.some((entry) => reused.has(entry.name))) return layout.text;
  const text = layout.text;
  const kept = entries.map((entry) => !reused.has(entry.name));
  const lastKept = kept.lastIndexOf(true);
  const parts: string[] = [text.slice(0, first.start)];
  // Where the text copied so far ends.
  let at: { readonly offset: number; readonly position: LinePosition } = { offset: first.start, position: first.range.start };
  const copy = (start: number, startPosition: LinePosition, end: number, endPosition: LinePosition): void => {
    if (start > at.offset) parts.push(blankBetween(at.position, startPosition));
    parts.push(text.slice(start, end));
    at = { offset: end, position: endPosition };
  };
  entries.forEach((entry, idx) => {
    if (!kept[idx]) return;
    copy(entry.start, entry.range.start, entry.end, entry.range.end);
    const next = entries[idx + 1];
    if (next !== undefined && idx < lastKept) copy(entry.end, entry.range.end, next.start, next.range.start);
  });
  if (last.end > at.offset) parts.push(blankBetween(at.position, last.range.end));
  parts.push(text.slice(last.end));
  return parts.join('');
}

/** Blank text that spans from `from` to `to`: the line breaks between them, then the columns up to `to`. */
function blankBetween(from: LinePosition, to: LinePosition): string {
  if (to.line === from.line) return ' '.repeat(to.character - from.character);
  return '\n'.repeat(to.line - from.line) + ' '.repeat(to.character);
}
