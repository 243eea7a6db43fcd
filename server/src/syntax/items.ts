// Items and item lists: attributes, doc comments, visibility and Verus modifiers, then the item itself.
// `verus! { }` is a transparent container. A broken item becomes a diagnostic and parsing resumes at the next
// item boundary (an item keyword, or after the next `;` or balanced `{ }` of the current container).
import type { Attribute, Item, ItemBase, LayoutDirective, Span } from './ast';
import { parseType } from './types';
import { decodeInt } from './literals';
import { parseMacroRules, type MacroRule } from './macro-rules';
import { parseAssumeSpecification, parseConstItem, parseFnItem, type FnModifiers } from './item-fn';
import { withVerusSpec } from './verus-spec-attribute';
import { parseEnumItem, parseImplItem, parseModItem, parseStructItem, parseTraitItem, parseTypeAliasItem, parseUseItem } from './item-data';
import { startsItemHeader } from './keywords';
import type { ParserState } from './parser-state';
import { TokenKind } from './tokens';

export interface ItemContext {
  readonly inVerus: boolean;
}

/** Where one item of a file's item list came from: the tokens it was parsed from and the diagnostics its parse
 *  pushed (indices into the stream and the diagnostics list). Recorded for the file's own list (top level and
 *  `verus!` bodies, not modules), so the n-th record belongs to the n-th item of `SourceFile.items`, and one level
 *  down for the members of its impls and traits. */
export interface ItemRecord {
  readonly firstToken: number;
  readonly endToken: number;
  readonly firstDiagnostic: number;
  readonly endDiagnostic: number;
  /** The item ends its group (the file or the `verus!` body): the parser saw that group's end after it. */
  readonly lastInGroup: boolean;
  /** An impl's or trait's members, recorded the same way (empty for other items). */
  readonly members: readonly ItemRecord[];
}

const ITEM_KEYWORDS = new Set(['fn', 'struct', 'enum', 'union', 'type', 'const', 'static', 'impl', 'trait', 'use', 'mod']);
const MODIFIERS = new Set([
  'pub',
  'open',
  'closed',
  'uninterp',
  'spec',
  'proof',
  'exec',
  'axiom',
  'broadcast',
  'const',
  'unsafe',
  'async',
  'extern',
  'default',
  'tracked',
  'ghost',
]);

/** Parses items until the end of the current group (the file, a `verus!` block, a module, impl or trait); with
 *  `records`, also says where each item came from. */
export function parseItems(p: ParserState, ctx: ItemContext, records?: ItemRecord[]): Item[] {
  const items: Item[] = [];
  while (!p.atEnd()) {
    const before = p.pos;
    if (p.eat(';')) continue;
    if (p.at('#') && p.at('!', 1) && p.at('[', 2)) {
      // An inner attribute (`#![allow(..)]`) applies to the container; it is not an item.
      p.bump();
      p.bump();
      p.skipTokenOrGroup();
      continue;
    }
    const opener = verusOpenerLength(p);
    if (opener > 0) {
      for (let idx = 0; idx < opener; idx++) p.bump();
      const frame = p.enterGroup();
      items.push(...parseItems(p, { inVerus: true }, records));
      p.leaveGroup(frame);
      continue;
    }
    const firstDiagnostic = p.diagnostics.length;
    const members: ItemRecord[] = [];
    if (records !== undefined) p.memberRecords = members;
    const item = parseItem(p, ctx);
    p.memberRecords = undefined;
    if (item !== undefined) {
      items.push(item);
      records?.push({
        firstToken: before,
        endToken: p.pos,
        firstDiagnostic,
        endDiagnostic: p.diagnostics.length,
        lastInGroup: p.pos >= p.limit,
        members,
      });
    } else recoverToItemBoundary(p, before);
    if (p.pos === before) p.skipTokenOrGroup();
  }
  return items;
}

/** How many tokens come before the `{` of a `verus! {` container at the cursor (0: none), its path written out or
 *  not (`::vstd::prelude::verus! {`, as macros that write items spell it). */
function verusOpenerLength(p: ParserState): number {
  let at = p.at('::') ? 1 : 0;
  while (p.isIdent(at) && p.at('::', at + 1)) at += 2;
  return p.at('verus', at) && p.at('!', at + 1) && p.at('{', at + 2) ? at + 2 : 0;
}

/** Whether the cursor is at something that starts an item (used inside blocks). */
export function isItemStart(p: ParserState): boolean {
  const t = p.tok();
  if (!p.isIdent()) return p.at('#') && p.at('[', 1) && p.at('verifier', 2);
  if (t === 'const') return constFnAhead(p) || (p.isIdent(1) && p.at(':', 2));
  if (t === 'type' || t === 'union') return p.isIdent(1) && !p.at(':', 1);
  if (ITEM_KEYWORDS.has(t)) return true;
  if (t === 'macro_rules') return p.at('!', 1);
  // In a body, `unsafe {` and `async {` are expressions; `unsafe impl`, `extern "C" { .. }` and `async fn` are items.
  if (t === 'extern') return p.kind(1) === TokenKind.Str || p.at('{', 1) || p.at('fn', 1) || p.at('crate', 1);
  if (t === 'unsafe') return p.at('impl', 1) || p.at('fn', 1) || p.at('trait', 1) || p.at('extern', 1);
  if (t === 'async') return p.at('fn', 1) || (p.at('unsafe', 1) && p.at('fn', 2));
  return startsItemHeader(t, p.tok(1), p.isIdent(1));
}

/** Parses one item at the cursor, or reports the problem and returns undefined (the caller recovers). */
export function parseItem(p: ParserState, ctx: ItemContext): Item | undefined {
  const firstToken = p.pos;
  const start = p.startOffset();
  const attributes = parseOuterAttributes(p);
  const visibility = parseVisibility(p);
  const modifiers = parseModifiers(p);
  const docs = docsBefore(p, firstToken, p.pos);
  const base: ItemBase = { span: { start, end: start }, attributes, docs, visibility, inVerus: ctx.inVerus };
  const keyword = p.tok();
  // The item was just built by its parser and is not shared yet, so its span is set in place (a copy of every
  // item showed up in profiles).
  const withSpan = <T extends Item>(item: T | undefined): T | undefined => {
    if (item !== undefined) (item as { span: Span }).span = p.span(start);
    return item;
  };
  // `extern "C" { fn f(x: usize) -> usize; }`: foreign declarations, with no bodies to run or contracts to score.
  if (p.at('{') && afterExternModifier(p, firstToken)) {
    p.skipTokenOrGroup();
    return withSpan<Item>({ ...base, kind: 'macro', name: 'extern' });
  }
  if (!p.isIdent()) {
    p.errorHere('expected an item');
    return undefined;
  }
  switch (keyword) {
    case 'fn':
      return withSpan(withVerusSpec(p, parseFnItem(p, base, modifiers, ctx)));
    case 'struct':
    case 'union':
      return withSpan(parseStructItem(p, base, modifiers.dataMode));
    case 'enum':
      return withSpan(parseEnumItem(p, base, modifiers.dataMode));
    case 'type':
      return withSpan(parseTypeAliasItem(p, base));
    case 'const':
    case 'static':
      return withSpan(parseConstItem(p, base, modifiers));
    case 'impl':
      return withSpan(parseImplItem(p, base, ctx));
    case 'trait':
      return withSpan(parseTraitItem(p, base, ctx));
    case 'use':
      return withSpan(parseUseItem(p, base, modifiers.broadcast));
    case 'mod':
      return withSpan(parseModItem(p, base, ctx));
    default:
      break;
  }
  if (p.at('!', macroPathLength(p))) return withSpan(parseMacroItem(p, base));
  if (modifiers.broadcast && p.at('group')) {
    // `broadcast group name { lemma_a, lemma_b }`: a list of names, kept as a macro-like item.
    p.bump();
    const name = p.tok();
    p.bump();
    if (p.at('{')) p.skipTokenOrGroup();
    return withSpan<Item>({ ...base, kind: 'macro', name });
  }
  if (keyword === 'assume_specification' && (p.at('[', 1) || p.at('<', 1))) return withSpan(parseAssumeSpecification(p, base));
  if (keyword === 'global' && (p.at('size_of', 1) || p.at('layout', 1))) return withSpan(parseGlobalLayout(p, base));
  if (keyword === 'global' || (keyword === 'extern' && p.at('crate', 1))) {
    while (!p.atEnd() && !p.eat(';')) p.skipTokenOrGroup();
    return withSpan<Item>({ ...base, kind: 'macro', name: keyword });
  }
  p.errorHere('expected an item');
  return undefined;
}

/** `global size_of T == 8;` or `global layout T is size == 16, align == 8;`: each `== literal` read by the word
 *  before it (`size`, `align`; in the `size_of` form, the size). A directive without a readable size stays a plain
 *  `global` item. */
function parseGlobalLayout(p: ParserState, base: ItemBase): Item {
  p.bump(); // `global`
  p.bump(); // `size_of` or `layout`
  const type = parseType(p);
  let size: bigint | undefined;
  let align: bigint | undefined;
  while (!p.atEnd() && !p.at(';')) {
    const word = p.tok(-1);
    if (p.eat('==') && p.kind() === TokenKind.Int) {
      const value = decodeInt(p.tok())?.value;
      if (word === 'align') align = value;
      else size = value;
    }
    p.skipTokenOrGroup();
  }
  p.eat(';');
  const layout: LayoutDirective | undefined = size === undefined ? undefined : { type, size, align };
  return { ...base, kind: 'macro', name: 'global', ...(layout === undefined ? {} : { layout }) };
}

/** Whether the modifiers just read end in `extern` or `extern "ABI"`. */
function afterExternModifier(p: ParserState, firstToken: number): boolean {
  const last = p.pos - 1;
  if (last < firstToken) return false;
  if (p.tok(-1) === 'extern') return true;
  return last - 1 >= firstToken && p.tok(-2) === 'extern' && p.kind(-1) === TokenKind.Str;
}

/** How many tokens the path at the cursor takes (`m` is 1, `syn::custom_keyword` is 3), for a macro call's name. */
function macroPathLength(p: ParserState): number {
  let length = 1;
  while (p.at('::', length) && p.isIdent(length + 1)) length += 2;
  return length;
}

function parseMacroItem(p: ParserState, base: ItemBase): Item {
  const length = macroPathLength(p);
  const name = p.tok(length - 1);
  for (let idx = 0; idx < length; idx++) p.bump();
  p.bump(); // `!`
  const defined = name === 'macro_rules' && p.isIdent() ? p.tok() : undefined;
  if (p.isIdent()) p.bump(); // `macro_rules! name`
  const brace = p.at('{');
  let rules: readonly MacroRule[] | undefined;
  let argsText: string | undefined;
  if (defined !== undefined && (p.at('(') || p.at('[') || brace)) {
    const frame = p.enterGroup();
    rules = parseMacroRules(p);
    p.leaveGroup(frame);
  } else if (p.at('(') || p.at('[') || brace) {
    const openIdx = p.pos;
    p.skipTokenOrGroup();
    argsText = p.slice(p.ts.ends[openIdx] ?? 0, p.ts.starts[p.pos - 1] ?? p.text.length);
  } else p.errorHere('expected a macro body');
  if (!brace) p.eat(';');
  const definition = defined === undefined || rules === undefined ? {} : { definition: { name: defined, rules } };
  return { ...base, kind: 'macro', name, ...definition, ...(argsText === undefined ? {} : { argsText }) };
}

export function parseOuterAttributes(p: ParserState): Attribute[] {
  const attributes: Attribute[] = [];
  while (p.at('#') && (p.at('[', 1) || (p.at('!', 1) && p.at('[', 2)))) {
    const start = p.startOffset();
    p.bump();
    const inner = p.eat('!');
    const openIdx = p.pos;
    const frame = p.enterGroup();
    const text = p.slice(p.ts.ends[openIdx] ?? 0, p.ts.starts[frame.close] ?? p.text.length).trim();
    let path = '';
    while (p.isIdent() || p.at('::')) {
      path += p.tok();
      p.bump();
    }
    p.pos = frame.close;
    p.leaveGroup(frame);
    attributes.push({ text, path, inner, span: p.span(start) });
  }
  return attributes;
}

function parseVisibility(p: ParserState): ItemBase['visibility'] {
  if (!p.at('pub')) return 'private';
  p.bump();
  if (p.at('(')) {
    p.skipTokenOrGroup();
    return 'pub-restricted';
  }
  return 'pub';
}

function parseModifiers(p: ParserState): FnModifiers {
  const modifiers: { -readonly [K in keyof FnModifiers]: FnModifiers[K] } = {
    mode: undefined,
    checked: false,
    specVisibility: undefined,
    isConst: false,
    isUnsafe: false,
    isAxiom: false,
    broadcast: false,
    dataMode: undefined,
  };
  while (p.isIdent() && MODIFIERS.has(p.tok())) {
    const t = p.tok();
    // `const X: T` is an item, not a modifier; `spec const` / `exec const` are handled by the const item.
    if (t === 'const' && !constFnAhead(p)) break;
    if ((t === 'tracked' || t === 'ghost' || t === 'default') && !p.isIdent(1)) break;
    // `extern crate name;` is an item of its own, not an `extern "C"` modifier.
    if (t === 'extern' && p.at('crate', 1)) break;
    if (t === 'axiom' && !p.at('fn', 1)) break;
    p.bump();
    if (t === 'pub') parseVisibilityTail(p);
    else if (t === 'spec' || t === 'proof' || t === 'exec') {
      modifiers.mode = t;
      if (t === 'spec' && p.at('(') && p.at('checked', 1)) {
        modifiers.checked = true;
        p.skipTokenOrGroup();
      }
    } else if (t === 'open' || t === 'closed' || t === 'uninterp') {
      modifiers.specVisibility = t;
      if (p.at('(')) p.skipTokenOrGroup();
    } else if (t === 'axiom') {
      // An axiom is a proof fn whose `ensures` Verus trusts; it never has a body.
      modifiers.mode = 'proof';
      modifiers.isAxiom = true;
    } else if (t === 'const') modifiers.isConst = true;
    else if (t === 'unsafe') modifiers.isUnsafe = true;
    else if (t === 'broadcast') modifiers.broadcast = true;
    else if (t === 'ghost' || t === 'tracked') modifiers.dataMode = t;
    else if (t === 'extern' && p.kind() === TokenKind.Str) p.bump();
  }
  return modifiers;
}

/** `const fn`, `const unsafe fn`, and `const proof fn` (verismo): `const` qualifies a fn rather than starting a const
 *  item. A mode word followed by `:` is a const's name (`const spec: u8`). */
function constFnAhead(p: ParserState): boolean {
  if (p.at('fn', 1) || p.at('unsafe', 1) || p.at('extern', 1) || p.at('async', 1)) return true;
  return FN_MODE_WORDS.has(p.tok(1)) && !p.at(':', 2);
}

const FN_MODE_WORDS: ReadonlySet<string> = new Set(['spec', 'proof', 'exec', 'open', 'closed']);

function parseVisibilityTail(p: ParserState): void {
  if (p.at('(')) p.skipTokenOrGroup();
}

/** Doc comments between the previous item's last token and this item's keyword, markers stripped. */
function docsBefore(p: ParserState, firstToken: number, keywordToken: number): string {
  const from = firstToken > 0 ? (p.ts.ends[firstToken - 1] ?? 0) : 0;
  const to = p.ts.starts[keywordToken] ?? p.text.length;
  const comments = p.ts.comments;
  let low = 0;
  let high = comments.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((comments[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  const lines: string[] = [];
  for (let idx = low; idx < comments.length; idx++) {
    const comment = comments[idx];
    if (comment === undefined || comment.start >= to) break;
    if (comment.doc) lines.push(...stripDocMarkers(comment.text));
  }
  return lines.join('\n');
}

function stripDocMarkers(text: string): string[] {
  if (text.startsWith('///')) {
    const line = text.slice(3).replace(/\r?\n$/, '');
    return [line.startsWith(' ') ? line.slice(1) : line];
  }
  const body = text.slice(3, -2);
  return body
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .filter((line, idx, all) => !(line === '' && (idx === 0 || idx === all.length - 1)));
}

/** Skips a broken item: stops after a `;` or a balanced `{ }`, or before the next item keyword. */
function recoverToItemBoundary(p: ParserState, itemStart: number): void {
  if (p.pos === itemStart) p.skipTokenOrGroup();
  while (!p.atEnd()) {
    if (p.eat(';')) return;
    if (p.at('{')) {
      p.skipTokenOrGroup();
      return;
    }
    if (isItemStart(p) || (p.at('verus') && p.at('!', 1)) || (p.at('#') && p.at('[', 1))) return;
    p.skipTokenOrGroup();
  }
}
