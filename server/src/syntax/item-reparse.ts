// The editor's parse of a document's next version: when the edit lies inside one item of the file's item list, only
// that item's text is tokenized and parsed again; the items before it are kept as they are, the items after it are
// kept with their spans moved in place by the edit's length change (the previous version's parse is consumed). Anything the item's own text cannot settle falls back
// to the whole-file parse (tree-sitter re-reading only the edited regions): an edit across items, delimiters that do
// not balance (recovery then ties distant items together), an item that looked past its own end, a literal or
// comment left open.
// Invariant: the result is the `SourceFile` a fresh `parseSourceFile` gives for the same text, item for item and
// diagnostic for diagnostic (test/syntax/item-reparse.property.test.ts, test/engine/session.property.test.ts).
import type { ImplItem, Item, SourceFile, SyntaxDiagnostic, TraitItem } from './ast';
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
  /** For an impl or trait, its members' units (an edit inside one re-parses that member alone); else empty. */
  readonly children: readonly ItemUnit[];
  /** Every span object of the item, gathered the first time an edit before it moves it (undefined until then):
   *  moving it again is a loop over them rather than a walk of its tree. */
  readonly spans: readonly MovableSpan[] | undefined;
}

/** A span of a kept item, moved in place when an edit before it changes the text's length. */
interface MovableSpan {
  start: number;
  end: number;
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
  /** What this version's parse read again: one item's text, one impl or trait member's, or the whole file. */
  readonly reparsed: 'item' | 'member' | 'file';
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
    units: stream.balanced && !treeHasLiteralErrors(tree) ? records.map((record, idx) => unitOf(stream, record, items[idx], 0)) : null,
    reparsed: 'file',
    change: previous?.change,
  };
}

/** The unit of an item the parser recorded; its diagnostic indices count from `diagnosticBase`. */
function unitOf(stream: TokenStream, record: ItemRecord, item: Item | undefined, diagnosticBase: number): ItemUnit {
  const { firstToken, endToken, lastInGroup } = record;
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
    firstDiagnostic: diagnosticBase + record.firstDiagnostic,
    endDiagnostic: diagnosticBase + record.endDiagnostic,
    separable,
    children: item === undefined ? [] : membersOf(stream, record.members, item, diagnosticBase),
    spans: undefined,
  };
}

/** The units of an impl's or trait's members, from the records its parse made (one per member, in order). */
function membersOf(stream: TokenStream, records: readonly ItemRecord[], item: Item, diagnosticBase: number): ItemUnit[] {
  if ((item.kind !== 'impl' && item.kind !== 'trait') || records.length !== item.items.length) return [];
  return records.map((record, idx) => unitOf(stream, record, item.items[idx], diagnosticBase));
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

/** The next version from the edited item's own text (or, inside an impl or trait, the edited member's), or undefined
 *  when that cannot be trusted to equal a fresh parse. */
function reparseEditedItem(text: string, previous: IncrementalParse, change: ChangedSpan): IncrementalParse | undefined {
  const units = previous.units;
  if (units === null) return undefined;
  const index = unitAround(units, change);
  const unit = index === undefined ? undefined : units[index];
  const outer = index === undefined ? undefined : previous.file.items[index];
  if (index === undefined || unit === undefined || outer === undefined) return undefined;
  const file = previous.file;
  const delta = change.newEnd - change.oldEnd;
  const edited =
    (outer.kind === 'impl' || outer.kind === 'trait' ? reparseMember(text, file.diagnostics, outer, unit, change) : undefined) ??
    parseAlone(text, unit, delta);
  if (edited === undefined) return undefined;
  // Diagnostics are copied before the items move: a diagnostic may hold the very span object of a node.
  const diagnostics = spliceDiagnostics(file.diagnostics, unit, edited.diagnostics, delta);
  const later = file.items.slice(index + 1);
  const diagnosticDelta = edited.diagnostics.length - (unit.endDiagnostic - unit.firstDiagnostic);
  const laterUnits = movedItems(later, units.slice(index + 1), delta, diagnosticDelta);
  return {
    file: { text, items: [...file.items.slice(0, index), edited.item, ...later], diagnostics },
    tree: editTree(previous.tree, text, change),
    units: [...units.slice(0, index), edited.unit, ...laterUnits],
    reparsed: edited.reparsed,
    change,
  };
}

/** An item parsed again: the item, the diagnostics of its unit's range, its new unit, and what was read again. */
interface EditedItem {
  readonly item: Item;
  readonly diagnostics: readonly SyntaxDiagnostic[];
  readonly unit: ItemUnit;
  readonly reparsed: 'item' | 'member';
}

/** The impl or trait with only the edited member parsed again, when the edit lies inside one separable member. The
 *  member sees what it sees in the whole file (the next member, or the closing brace), as a top-level item does. */
function reparseMember(
  text: string,
  fileDiagnostics: readonly SyntaxDiagnostic[],
  outer: ImplItem | TraitItem,
  unit: ItemUnit,
  change: ChangedSpan,
): EditedItem | undefined {
  const index = unitAround(unit.children, change);
  const member = index === undefined ? undefined : unit.children[index];
  if (index === undefined || member === undefined) return undefined;
  const delta = change.newEnd - change.oldEnd;
  const edited = parseAlone(text, member, delta);
  if (edited === undefined) return undefined;
  const diagnostics = [
    ...fileDiagnostics.slice(unit.firstDiagnostic, member.firstDiagnostic),
    ...edited.diagnostics,
    ...fileDiagnostics.slice(member.endDiagnostic, unit.endDiagnostic).map((later) => movedDiagnostic(later, delta)),
  ];
  const later = outer.items.slice(index + 1);
  const diagnosticDelta = edited.diagnostics.length - (member.endDiagnostic - member.firstDiagnostic);
  const children = [
    ...unit.children.slice(0, index),
    edited.unit,
    ...movedItems(later, unit.children.slice(index + 1), delta, diagnosticDelta),
  ];
  const item: ImplItem | TraitItem = {
    ...outer,
    span: { start: outer.span.start, end: outer.span.end + delta },
    items: [...outer.items.slice(0, index), edited.item, ...later],
  };
  const outerUnit: ItemUnit = {
    ...unit,
    end: unit.end + delta,
    followingEnd: unit.followingEnd === undefined ? undefined : unit.followingEnd + delta,
    endDiagnostic: unit.firstDiagnostic + diagnostics.length,
    children,
    // It now holds a new member: its spans are gathered again when it next moves.
    spans: undefined,
  };
  return { item, diagnostics, unit: outerUnit, reparsed: 'member' };
}

/** The unit's item parsed from its own text (and the token after it), or undefined when the result could differ from
 *  the whole file's parse. */
function parseAlone(text: string, unit: ItemUnit, delta: number): EditedItem | undefined {
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
  // The parser sees what it sees in the whole file: the next token, or the end of the group there.
  if (unit.lastInGroup) p.limit = itemTokens;
  if (!startsAnItem(p)) return undefined;
  const memberRecords: ItemRecord[] = [];
  p.memberRecords = memberRecords;
  const item = parseItem(p, { inVerus: true });
  if (item === undefined || p.pos !== itemTokens || p.lookedPastStream) return undefined;
  const edited: ItemUnit = {
    ...unit,
    end,
    followingEnd: unit.followingEnd === undefined ? undefined : followingEnd,
    endDiagnostic: unit.firstDiagnostic + p.diagnostics.length,
    children: membersOf(stream, memberRecords, item, unit.firstDiagnostic),
    spans: undefined,
  };
  return { item, diagnostics: p.diagnostics, unit: edited, reparsed: 'item' };
}

/** The file's diagnostics with the unit's range replaced by `replacement` and the ones after it moved. */
function spliceDiagnostics(
  diagnostics: readonly SyntaxDiagnostic[],
  unit: ItemUnit,
  replacement: readonly SyntaxDiagnostic[],
  delta: number,
): SyntaxDiagnostic[] {
  return [
    ...diagnostics.slice(0, unit.firstDiagnostic),
    ...replacement,
    ...diagnostics.slice(unit.endDiagnostic).map((later) => movedDiagnostic(later, delta)),
  ];
}

function movedDiagnostic(diagnostic: SyntaxDiagnostic, delta: number): SyntaxDiagnostic {
  return { ...diagnostic, span: { start: diagnostic.span.start + delta, end: diagnostic.span.end + delta } };
}

/** A unit after an edit before it: offsets moved by `delta`, diagnostic indices by `diagnosticDelta`. */
function movedUnit(unit: ItemUnit, delta: number, diagnosticDelta: number): ItemUnit {
  return {
    ...unit,
    gapStart: unit.gapStart + delta,
    end: unit.end + delta,
    followingEnd: unit.followingEnd === undefined ? undefined : unit.followingEnd + delta,
    firstDiagnostic: unit.firstDiagnostic + diagnosticDelta,
    endDiagnostic: unit.endDiagnostic + diagnosticDelta,
    children: unit.children.map((child) => movedUnit(child, delta, diagnosticDelta)),
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

/** Moves the items after an edit (and their units) by `delta`, in place: they are the previous version's objects
 *  (copying them was the one-item parse's main cost on a large file). Their members' units move with them; their
 *  span lists stay true, being the same span objects. */
function movedItems(items: readonly Item[], units: readonly ItemUnit[], delta: number, diagnosticDelta: number): ItemUnit[] {
  return units.map((unit, idx) => {
    const moved = movedUnit(unit, delta, diagnosticDelta);
    const item = items[idx];
    if (delta === 0 || item === undefined) return moved;
    const spans = unit.spans ?? spansOf(item);
    for (let spanIdx = 0; spanIdx < spans.length; spanIdx++) {
      const span = spans[spanIdx] as MovableSpan;
      span.start += delta;
      span.end += delta;
    }
    return { ...moved, spans };
  });
}

/** Every span object reachable from syntax-tree data, each once. Spans are the only objects whose `start` is a number.
 *  A span object may be reached twice (a clause and its expression share one, trigger marks are nodes of the
 *  quantifier's body), so a gathered span is marked by a negative `start` until the walk ends. */
function spansOf(value: unknown): MovableSpan[] {
  const spans: MovableSpan[] = [];
  gatherSpans(value, spans);
  for (let idx = 0; idx < spans.length; idx++) {
    const span = spans[idx] as MovableSpan;
    span.start = -span.start - 1;
  }
  return spans;
}

function gatherSpans(value: unknown, spans: MovableSpan[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let idx = 0; idx < value.length; idx++) gatherSpans(value[idx], spans);
    return;
  }
  const node = value as Record<string, unknown>;
  const start = node['start'];
  if (typeof start === 'number') {
    if (start < 0) return;
    const span = node as unknown as MovableSpan;
    span.start = -start - 1;
    spans.push(span);
    return;
  }
  for (const key in node) gatherSpans(node[key], spans);
}
