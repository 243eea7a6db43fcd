// The editor's parse of a document's next version: when the edit lies inside one item of the file's item list, only
// that item's text is tokenized and parsed again; the items before it are kept as they are, the items after it are
// kept with their spans moved in place by the edit's length change (the previous version's parse is consumed). Anything the item's own text cannot settle falls back
// to the whole-file parse (tree-sitter re-reading only the edited regions): an edit across items, delimiters that do
// not balance (recovery then ties distant items together), an item that looked past its own end, a literal or
// comment left open.
// Invariant: the result is the `SourceFile` a fresh `parseSourceFile` gives for the same text, item for item and
// diagnostic for diagnostic (test/syntax/item-reparse.property.test.ts, test/engine/session.property.test.ts).
import type { Item, SourceFile, Span, SyntaxDiagnostic } from './ast';
import { changedSpan, type ChangedSpan } from './changed-span';
import { parseItem, parseItems, type ItemRecord } from './items';
import { editTree, tokenizeIncrementally, tokenizeVerusItem, treeHasLiteralErrors, type IncrementalTree } from './lexer';
import { ParserState } from './parser-state';
import { TokenKind, type TokenStream } from './tokens';

/** One item of the file's item list by offsets, with what an edit inside it needs to re-parse it alone. */
interface ItemUnit {
  /** The end of the token before the item (0 for none): the item's doc comments are read from there. */
  readonly gapStart: number;
  readonly end: number;
  /** The end of the token after the item (undefined at the end of the file): the parser may look at that token. */
  readonly followingEnd: number | undefined;
  /** The token after the item closes its `verus!` body: the parser sees the end of a group there, not a token. */
  readonly lastInGroup: boolean;
  /** The diagnostics its parse pushed: indices into `SourceFile.diagnostics`. */
  readonly firstDiagnostic: number;
  readonly endDiagnostic: number;
  /** It sits in a `verus!` body, its delimiters balance among themselves, it ends with `}` or `;`, and the token
   *  before it is `}`, `;`, `{`, `]` or none (none of them joins the next character into one token). */
  readonly separable: boolean;
}

/** A parse kept for the document's next version (the editor's engine). Its tree-sitter tree, and the spans of the
 *  items after an edit, are changed in place by the next parse: each `IncrementalParse` serves one next version, and
 *  its `file` is not read after that. */
export interface IncrementalParse {
  readonly file: SourceFile;
  readonly tree: IncrementalTree;
  /** The n-th unit is `file.items[n]`; null when the file's delimiters do not balance or tree-sitter met an error
   *  near a literal (its recovery can move literals far from the error). */
  readonly units: readonly ItemUnit[] | null;
  /** What this version's parse read again: one item's text or the whole file. */
  readonly reparsed: 'item' | 'file';
  /** Where the text changed since the previous version (undefined for a document's first parse). */
  readonly change: ChangedSpan | undefined;
}

/** `parseSourceFile` for the next version of a document: one item re-parsed when the edit since `previous` lies
 *  inside it, else the whole file (tree-sitter re-parsing only around the edits). */
export function parseSourceFileIncrementally(text: string, previous: IncrementalParse | undefined): IncrementalParse {
  if (previous === undefined) return parseWholeFile(text, undefined);
  const change = changedSpan(previous.file.text, text);
  return reparseEditedItem(text, previous, change) ?? parseWholeFile(text, { tree: previous.tree, change });
}

function parseWholeFile(
  text: string,
  previous: { readonly tree: IncrementalTree; readonly change: ChangedSpan } | undefined,
): IncrementalParse {
  const { stream, tree } = tokenizeIncrementally(text, previous);
  const p = new ParserState(stream);
  const records: ItemRecord[] = [];
  const items = parseItems(p, { inVerus: false }, records);
  return {
    file: { text, items, diagnostics: p.diagnostics },
    tree,
    units: stream.balanced && !treeHasLiteralErrors(tree) ? records.map((record, idx) => unitOf(stream, record, items[idx])) : null,
    reparsed: 'file',
    change: previous?.change,
  };
}

function unitOf(stream: TokenStream, record: ItemRecord, item: Item | undefined): ItemUnit {
  const { firstToken, endToken, firstDiagnostic, endDiagnostic, lastInGroup } = record;
  const previousToken = firstToken > 0 ? stream.texts[firstToken - 1] : undefined;
  const separable =
    item?.inVerus === true &&
    endToken > firstToken &&
    (previousToken === undefined || SEPARATING_TOKENS.has(previousToken)) &&
    endsAnItem(stream, endToken - 1) &&
    balancedWithin(stream, firstToken, endToken);
  return {
    gapStart: firstToken > 0 ? (stream.ends[firstToken - 1] ?? 0) : 0,
    end: stream.ends[endToken - 1] ?? 0,
    followingEnd: stream.ends[endToken],
    lastInGroup,
    firstDiagnostic,
    endDiagnostic,
    separable,
  };
}

/** Tokens after which an item's first character cannot join them into one token. */
const SEPARATING_TOKENS = new Set(['}', ';', '{', ']']);

function endsAnItem(stream: TokenStream, last: number): boolean {
  const text = stream.texts[last];
  return stream.kinds[last] === TokenKind.Punct && (text === '}' || text === ';');
}

/** Every opener in the range closes in it and as many closers as openers: its groups are its own. */
function balancedWithin(stream: TokenStream, first: number, end: number): boolean {
  let depth = 0;
  for (let idx = first; idx < end; idx++) {
    if (stream.kinds[idx] !== TokenKind.Punct) continue;
    const text = stream.texts[idx];
    if (text === '(' || text === '[' || text === '{') {
      const close = stream.match[idx] ?? -1;
      if (close < idx || close >= end) return false;
      depth++;
    } else if (text === ')' || text === ']' || text === '}') depth--;
  }
  return depth === 0;
}

/** The next version from the edited item's own text, or undefined when that cannot be trusted to equal a fresh parse. */
function reparseEditedItem(text: string, previous: IncrementalParse, span: ChangedSpan): IncrementalParse | undefined {
  const units = previous.units;
  if (units === null) return undefined;
  const index = unitAround(units, span);
  const unit = index === undefined ? undefined : units[index];
  if (index === undefined || unit === undefined) return undefined;
  const delta = span.newEnd - span.oldEnd;
  const end = unit.end + delta;
  const followingEnd = unit.followingEnd === undefined ? end : unit.followingEnd + delta;
  const { stream, clean } = tokenizeVerusItem(text, unit.gapStart, end, followingEnd, unit.lastInGroup);
  const itemTokens = unit.followingEnd === undefined ? stream.count : stream.count - 1;
  if (
    !clean ||
    !stream.balanced ||
    itemTokens <= 0 ||
    !endsAnItem(stream, itemTokens - 1) ||
    stream.ends[itemTokens - 1] !== end ||
    stream.ends[stream.count - 1] !== followingEnd
  )
    return undefined;
  const p = new ParserState(stream);
  // The parser sees what it sees in the whole file: the next token, or the end of the `verus!` body there.
  if (unit.lastInGroup) p.limit = itemTokens;
  if (!startsAnItem(p)) return undefined;
  const item = parseItem(p, { inVerus: true });
  if (item === undefined || p.pos !== itemTokens || p.lookedPastStream) return undefined;

  const file = previous.file;
  // Diagnostics are copied before the items move: a diagnostic may hold the very span object of a node.
  const diagnostics: SyntaxDiagnostic[] = [
    ...file.diagnostics.slice(0, unit.firstDiagnostic),
    ...p.diagnostics,
    ...file.diagnostics.slice(unit.endDiagnostic).map((later) => ({ ...later, span: movedSpan(later.span, delta) })),
  ];
  const later = file.items.slice(index + 1);
  moveSpansInPlace(later, delta);
  const items: Item[] = [...file.items.slice(0, index), item, ...later];
  const diagnosticDelta = p.diagnostics.length - (unit.endDiagnostic - unit.firstDiagnostic);
  const edited: ItemUnit = {
    ...unit,
    end,
    followingEnd: unit.followingEnd === undefined ? undefined : followingEnd,
    endDiagnostic: unit.firstDiagnostic + p.diagnostics.length,
  };
  const nextUnits = [
    ...units.slice(0, index),
    edited,
    ...units.slice(index + 1).map((later) => ({
      ...later,
      gapStart: later.gapStart + delta,
      end: later.end + delta,
      followingEnd: later.followingEnd === undefined ? undefined : later.followingEnd + delta,
      firstDiagnostic: later.firstDiagnostic + diagnosticDelta,
      endDiagnostic: later.endDiagnostic + diagnosticDelta,
    })),
  ];
  return {
    file: { text, items, diagnostics },
    tree: editTree(previous.tree, text, span),
    units: nextUnits,
    reparsed: 'item',
    change: span,
  };
}

/** The separable unit whose text holds the whole edit, keeping its last character (the `}` or `;` that ends it). */
function unitAround(units: readonly ItemUnit[], span: ChangedSpan): number | undefined {
  let low = 0;
  let high = units.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((units[mid]?.end ?? 0) <= span.start) low = mid + 1;
    else high = mid;
  }
  const unit = units[low];
  if (unit === undefined || !unit.separable || span.start < unit.gapStart || span.oldEnd >= unit.end) return undefined;
  return low;
}

/** `parseItems` takes these itself, never through `parseItem`: a stray `;`, an inner attribute, a `verus!` block. */
function startsAnItem(p: ParserState): boolean {
  if (p.at(';')) return false;
  if (p.at('#') && p.at('!', 1) && p.at('[', 2)) return false;
  return !(p.at('verus') && p.at('!', 1) && p.at('{', 2));
}

function movedSpan(span: Span, delta: number): Span {
  return { start: span.start + delta, end: span.end + delta };
}

/** Moves every span of syntax-tree data by `delta`, in place: the items after an edit are the previous version's
 *  objects (copying them was the one-item parse's main cost on a large file). Spans are the only objects whose
 *  `start` is a number. A span object may be reached twice (a clause and its expression share one, trigger marks
 *  are nodes of the quantifier's body), so a moved span is marked by a negative `start` until the walk ends. */
function moveSpansInPlace(value: unknown, delta: number): void {
  if (delta === 0) return;
  const moved: { start: number; end: number }[] = [];
  markMoved(value, delta, moved);
  for (let idx = 0; idx < moved.length; idx++) {
    const span = moved[idx] as { start: number };
    span.start = -span.start - 1;
  }
}

function markMoved(value: unknown, delta: number, moved: { start: number; end: number }[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let idx = 0; idx < value.length; idx++) markMoved(value[idx], delta, moved);
    return;
  }
  const node = value as Record<string, unknown>;
  const start = node['start'];
  if (typeof start === 'number') {
    if (start < 0) return;
    const span = node as { start: number; end: number };
    span.start = -(start + delta) - 1;
    span.end += delta;
    moved.push(span);
    return;
  }
  for (const key in node) markMoved(node[key], delta, moved);
}
