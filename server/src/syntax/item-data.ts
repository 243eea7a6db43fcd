// Data and container items: struct (named/tuple/unit), enum, type alias, impl (inherent/trait), trait, use,
// mod. Container bodies reuse `parseItems`, so recovery inside an impl works like at the top level.
import type {
  EnumItem,
  FieldDef,
  Fields,
  ImplItem,
  Item,
  ItemBase,
  ModItem,
  StructItem,
  TraitItem,
  Type,
  TypeAliasItem,
  UseItem,
  Variant,
  Expr,
} from './ast';
import { parseExpr } from './expr';
import { parseBounds, parseGenericParams, parseWhereClause } from './generics';
import { parseItems, parseOuterAttributes, type ItemContext } from './items';
import { isReservedWord } from './keywords';
import type { ParserState } from './parser-state';
import { parseType } from './types';

export function parseStructItem(p: ParserState, base: ItemBase, dataMode: 'ghost' | 'tracked' | undefined): StructItem | undefined {
  p.bump();
  const name = expectName(p, 'a struct name');
  if (name === undefined) return undefined;
  const generics = parseGenericParams(p);
  parseWhereClause(p, generics);
  const fields = parseFields(p, dataMode);
  parseWhereClause(p, generics);
  if (fields.kind !== 'named') p.eat(';');
  return { ...base, kind: 'struct', name: name.text, nameSpan: name.span, generics, fields };
}

export function parseEnumItem(p: ParserState, base: ItemBase, dataMode: 'ghost' | 'tracked' | undefined): EnumItem | undefined {
  p.bump();
  const name = expectName(p, 'an enum name');
  if (name === undefined) return undefined;
  const generics = parseGenericParams(p);
  parseWhereClause(p, generics);
  const variants: Variant[] = [];
  if (!p.at('{')) {
    p.errorHere('expected `{`');
    return { ...base, kind: 'enum', name: name.text, nameSpan: name.span, generics, variants };
  }
  const frame = p.enterGroup();
  while (!p.atEnd()) {
    const before = p.pos;
    parseOuterAttributes(p);
    // `pub A, pub(crate) B(u8)`: syn, which reads a `verus!` body, accepts a visibility on a variant and drops it (so
    // does rustc's parser; only a later check rejects it outside `verus!`), so it is read and left out of the tree.
    if (p.eat('pub') && p.at('(')) p.skipTokenOrGroup();
    const start = p.startOffset();
    if (!p.isIdent()) {
      p.errorHere('expected a variant name');
      p.skipTokenOrGroup();
      continue;
    }
    const variantName = p.tok();
    p.bump();
    const fields = parseFields(p, dataMode);
    let discriminant: Expr | undefined;
    if (p.eat('=')) discriminant = parseExpr(p);
    variants.push({ name: variantName, fields, discriminant, span: p.span(start) });
    if (!p.eat(',') && !p.atEnd()) {
      p.errorHere('expected `,` between variants');
      if (p.pos === before) p.skipTokenOrGroup();
    }
  }
  p.leaveGroup(frame);
  return { ...base, kind: 'enum', name: name.text, nameSpan: name.span, generics, variants };
}

/** `{ a: T, pub b: U }`, `(T, pub U)`, or nothing (unit); a field without a mode of its own has the datatype's
 *  (`dataMode`: a `ghost struct`'s fields are ghost). */
function parseFields(p: ParserState, dataMode: 'ghost' | 'tracked' | undefined): Fields {
  if (p.at('{')) {
    const frame = p.enterGroup();
    const fields: FieldDef[] = [];
    while (!p.atEnd()) {
      const before = p.pos;
      parseOuterAttributes(p);
      const ghostMode = skipFieldModifiers(p) ?? dataMode;
      const start = p.startOffset();
      const fieldName = p.isIdent() ? p.tok() : '';
      if (fieldName === '') p.errorHere('expected a field name');
      else p.bump();
      const type: Type = p.expect(':') ? parseType(p) : { kind: 'infer', span: p.span(start) };
      fields.push({ name: fieldName, type, span: p.span(start), ...(ghostMode === undefined ? {} : { ghostMode }) });
      if (!p.eat(',') && !p.atEnd()) {
        p.errorHere('expected `,` between fields');
        if (p.pos === before) p.skipTokenOrGroup();
      }
      if (p.pos === before) p.skipTokenOrGroup();
    }
    p.leaveGroup(frame);
    return { kind: 'named', fields };
  }
  if (p.at('(')) {
    const frame = p.enterGroup();
    const fields: FieldDef[] = [];
    while (!p.atEnd()) {
      const before = p.pos;
      parseOuterAttributes(p);
      const ghostMode = skipFieldModifiers(p) ?? dataMode;
      const start = p.startOffset();
      const type = parseType(p);
      fields.push({ name: String(fields.length), type, span: p.span(start), ...(ghostMode === undefined ? {} : { ghostMode }) });
      if (!p.eat(',')) {
        if (p.pos === before) p.skipTokenOrGroup();
        if (!p.atEnd()) p.errorHere('expected `,` between fields');
        break;
      }
    }
    p.leaveGroup(frame);
    return { kind: 'tuple', fields };
  }
  return { kind: 'unit' };
}

/** Skips a field's visibility and mode, and says the mode. */
function skipFieldModifiers(p: ParserState): 'ghost' | 'tracked' | undefined {
  // In `struct S(pub (A, B))` the group is the field's tuple type, not a `pub(crate)` restriction.
  const restricted = p.at('(', 1) && (p.at('crate', 2) || p.at('self', 2) || p.at('super', 2) || p.at('in', 2));
  if (p.eat('pub') && restricted) p.skipTokenOrGroup();
  if (!((p.at('ghost') || p.at('tracked')) && p.isIdent(1))) return undefined;
  const mode = p.at('ghost') ? 'ghost' : 'tracked';
  p.bump();
  return mode;
}

export function parseTypeAliasItem(p: ParserState, base: ItemBase): TypeAliasItem | undefined {
  p.bump();
  const name = expectName(p, 'a type name');
  if (name === undefined) return undefined;
  const generics = parseGenericParams(p);
  if (p.eat(':')) parseBounds(p);
  parseWhereClause(p, generics);
  const type = p.eat('=') ? parseType(p) : undefined;
  p.expect(';');
  return { ...base, kind: 'type', name: name.text, generics, type };
}

export function parseImplItem(p: ParserState, base: ItemBase, ctx: ItemContext): ImplItem | undefined {
  p.bump();
  const generics = p.at('<') ? parseGenericParams(p) : [];
  p.eat('!');
  const first = parseType(p);
  let selfType = first;
  let trait: Type | undefined;
  if (p.eat('for')) {
    trait = first;
    selfType = parseType(p);
  }
  parseWhereClause(p, generics);
  const items = parseBracedItems(p, ctx);
  return { ...base, kind: 'impl', generics, selfType, trait, items };
}

export function parseTraitItem(p: ParserState, base: ItemBase, ctx: ItemContext): TraitItem | undefined {
  p.bump();
  const name = expectName(p, 'a trait name');
  if (name === undefined) return undefined;
  const generics = parseGenericParams(p);
  if (p.eat(':')) parseBounds(p);
  parseWhereClause(p, generics);
  const items = parseBracedItems(p, ctx);
  return { ...base, kind: 'trait', name: name.text, generics, items };
}

export function parseUseItem(p: ParserState, base: ItemBase, isBroadcast: boolean): UseItem {
  p.bump();
  const start = p.startOffset();
  while (!p.atEnd() && !p.at(';')) p.skipTokenOrGroup();
  const tree = p.slice(start, Math.max(start, p.lastEnd)).replace(/\s+/g, ' ').trim();
  p.expect(';');
  return { ...base, kind: 'use', tree, isBroadcast };
}

export function parseModItem(p: ParserState, base: ItemBase, ctx: ItemContext): ModItem | undefined {
  p.bump();
  const name = expectName(p, 'a module name');
  if (name === undefined) return undefined;
  if (p.eat(';')) return { ...base, kind: 'mod', name: name.text, items: undefined };
  const items = parseBracedItems(p, ctx);
  return { ...base, kind: 'mod', name: name.text, items };
}

function parseBracedItems(p: ParserState, ctx: ItemContext): Item[] {
  if (!p.at('{')) {
    p.errorHere('expected `{`');
    return [];
  }
  // The records asked for by the item list this item belongs to are taken here, so members of nested items (an
  // impl inside a fn body) are not recorded.
  const records = p.memberRecords;
  p.memberRecords = undefined;
  const frame = p.enterGroup();
  const items = parseItems(p, ctx, records);
  p.leaveGroup(frame);
  return items;
}

function expectName(p: ParserState, what: string): { text: string; span: { start: number; end: number } } | undefined {
  if (!p.isIdent() || isReservedWord(p.tok())) {
    p.errorHere(`expected ${what}`);
    return undefined;
  }
  const start = p.startOffset();
  const text = p.tok();
  p.bump();
  return { text, span: p.span(start) };
}
