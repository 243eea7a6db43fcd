// Parses Verus types: paths with generics, references, tuples, arrays, slices, function types
// (`spec_fn(int) -> bool`, `FnSpec`, `Fn`, `fn`), `_`, `!`; `dyn`/`impl`/raw pointers are kept as opaque text.
import type { GenericArg, Type, TypeSegment } from './ast';
import { parseExprLevel } from './expr';
import type { ParserState } from './parser-state';
import { TokenKind } from './tokens';

const FN_TYPE_NAMES = new Set(['spec_fn', 'FnSpec', 'Fn', 'FnMut', 'FnOnce', 'fn', 'proof_fn']);

export function parseType(p: ParserState): Type {
  const start = p.startOffset();
  if (p.tooDeep()) return skipAsOpaque(p, start);
  p.depth++;
  const type = parseTypeInner(p, start);
  p.depth--;
  return type;
}

function parseTypeInner(p: ParserState, start: number): Type {
  const t = p.tok();
  const kind = p.kind();
  if (kind === TokenKind.Punct) {
    if (t === '&' || t === '&&') return parseRefType(p, start);
    if (t === '(') return parseTupleType(p, start);
    if (t === '[') return parseArrayType(p, start);
    if (t === '!') {
      p.bump();
      return { kind: 'never', span: p.span(start) };
    }
    if (t === '*') {
      p.bump();
      if (!p.eat('const')) p.eat('mut');
      const pointee = parseType(p);
      return { kind: 'opaque', text: p.slice(start, p.lastEnd), pointee, span: p.span(start) };
    }
    if (t === '<' || t === '<<') return parseQualifiedPath(p, start);
    // `::vstd::std_specs::iter::IteratorSpec`: a path from the crate root, as macros and generated code write it.
    if (t === '::' && p.isIdent(1)) return parsePathType(p, start);
  }
  if (kind === TokenKind.Ident) {
    if (t === '_') {
      p.bump();
      return { kind: 'infer', span: p.span(start) };
    }
    if (t === 'dyn' || t === 'impl') return parseBoundsType(p, start);
    if (FN_TYPE_NAMES.has(t) && p.at('(', 1)) return parseFnType(p, start, t);
    if (t === 'unsafe' || t === 'extern') return parseQualifiedFnType(p, start);
    if (t === 'for' && p.at('<', 1)) {
      p.bump();
      parseGenericArgs(p);
      return parseType(p);
    }
    return parsePathType(p, start);
  }
  p.errorHere('expected a type');
  if (!p.atEnd() && !isTypeTerminator(p.tok())) p.skipTokenOrGroup();
  return { kind: 'opaque', text: p.slice(start, Math.max(start, p.lastEnd)), span: p.span(start) };
}

export function parsePathType(p: ParserState, start: number): Type {
  const segments: TypeSegment[] = [];
  p.eat('::');
  for (;;) {
    if (!p.isIdent()) {
      p.errorHere('expected a type name');
      break;
    }
    const name = p.tok();
    p.bump();
    if (p.at('!') && (p.at('(', 1) || p.at('[', 1) || p.at('{', 1))) {
      // `syn::Token![=]`, `ord_choice_result!(A, B)`: a type known only after macro expansion.
      p.bump();
      p.skipTokenOrGroup();
      return { kind: 'opaque', text: p.slice(start, p.lastEnd), span: p.span(start) };
    }
    let generics: readonly GenericArg[] = [];
    if (p.at('<') || p.at('<<') || (p.at('::') && (p.at('<', 1) || p.at('<<', 1)))) {
      // `RepeatN<<C as View>::V>`: generic arguments that open with a qualified path.
      p.eat('::');
      generics = parseGenericArgs(p);
    } else if (FN_TYPE_NAMES.has(name) && p.at('(')) {
      // `std::ops::Fn(u8) -> u8`: a path ending in a function-trait name.
      return finishFnType(p, start, name);
    }
    segments.push({ name, generics });
    if (!(p.at('::') && p.isIdent(1))) break;
    p.bump();
  }
  return { kind: 'path', segments, span: p.span(start) };
}

/** Parses `<A, B = C, 'a, 3>` starting at `<` (or `<<`, whose second `<` opens a qualified path); the closing `>`
 *  may be split off `>>` or `>=`. */
export function parseGenericArgs(p: ParserState): GenericArg[] {
  const args: GenericArg[] = [];
  p.eatFirstChar('<');
  while (!p.atEnd() && !p.eatFirstChar('>')) {
    const start = p.startOffset();
    const before = p.pos;
    if (p.kind() === TokenKind.Lifetime) p.bump();
    else if (p.isIdent() && p.at('=', 1)) {
      const name = p.tok();
      p.bump();
      p.bump();
      args.push({ kind: 'binding', name, type: parseType(p), span: p.span(start) });
    } else if (p.at('{') || p.kind() === TokenKind.Int || p.at('-')) {
      // A const generic argument: kept as opaque text.
      if (p.at('{')) p.skipTokenOrGroup();
      else parseExprLevel(p, 1);
      args.push({ kind: 'opaque', text: p.slice(start, p.lastEnd), span: p.span(start) });
    } else args.push(parseType(p));
    if (!p.eat(',') && !p.at('>') && !p.tok().startsWith('>')) {
      p.errorHere('expected `,` or `>` in generic arguments');
      if (p.pos === before) p.skipTokenOrGroup();
      if (isTypeTerminator(p.tok())) break;
    }
  }
  return args;
}

function parseRefType(p: ParserState, start: number): Type {
  p.eatFirstChar('&');
  if (p.kind() === TokenKind.Lifetime) p.bump();
  const mutable = p.eat('mut');
  const inner = parseType(p);
  return { kind: 'ref', mutable, inner, span: p.span(start) };
}

function parseTupleType(p: ParserState, start: number): Type {
  const frame = p.enterGroup();
  const elements: Type[] = [];
  let trailingComma = false;
  while (!p.atEnd()) {
    const before = p.pos;
    elements.push(parseType(p));
    trailingComma = p.eat(',');
    if (!trailingComma && p.pos === before) break;
    if (!trailingComma) break;
  }
  p.leaveGroup(frame);
  const only = elements[0];
  if (elements.length === 1 && !trailingComma && only !== undefined) return only;
  return { kind: 'tuple', elements, span: p.span(start) };
}

function parseArrayType(p: ParserState, start: number): Type {
  const frame = p.enterGroup();
  const element = parseType(p);
  if (p.eat(';')) {
    const length = parseExprLevel(p, 20);
    p.leaveGroup(frame);
    return { kind: 'array', element, length, span: p.span(start) };
  }
  p.leaveGroup(frame);
  return { kind: 'slice', element, span: p.span(start) };
}

function parseFnType(p: ParserState, start: number, name: string): Type {
  p.bump();
  return finishFnType(p, start, name);
}

/** `unsafe fn(..)`, `extern "C" fn(..) -> u64` (a struct field holding a foreign callback): the qualifiers say how
 *  the function is called, which the fn type does not record. */
function parseQualifiedFnType(p: ParserState, start: number): Type {
  p.eat('unsafe');
  if (p.eat('extern') && p.kind() === TokenKind.Str) p.bump();
  if (p.at('fn') && p.at('(', 1)) return parseFnType(p, start, 'fn');
  p.errorHere('expected `fn(..)` after `unsafe` or `extern`');
  return { kind: 'opaque', text: p.slice(start, p.lastEnd), span: p.span(start) };
}

/** After the function-type name: `(A, B) -> C`. */
function finishFnType(p: ParserState, start: number, name: string): Type {
  const frame = p.enterGroup();
  const params: Type[] = [];
  while (!p.atEnd()) {
    // `fn(x: u8)` may name its parameters; the names do not matter.
    if (p.isIdent() && p.at(':', 1)) {
      p.bump();
      p.bump();
    }
    params.push(parseType(p));
    if (!p.eat(',')) break;
  }
  p.leaveGroup(frame);
  const ret = p.eat('->') ? parseType(p) : undefined;
  return { kind: 'fn', name, params, ret, span: p.span(start) };
}

/** `dyn A + B`, `impl Fn(u8) -> u8`: a single function-trait bound becomes a fn type, anything else opaque. */
function parseBoundsType(p: ParserState, start: number): Type {
  p.bump();
  const first = p.kind() === TokenKind.Lifetime ? undefined : parseType(p);
  if (p.kind() === TokenKind.Lifetime) p.bump();
  let single = true;
  while (p.eat('+')) {
    single = false;
    if (p.kind() === TokenKind.Lifetime) p.bump();
    else parseType(p);
  }
  if (single && first !== undefined && first.kind === 'fn') return { ...first, span: p.span(start) };
  return { kind: 'opaque', text: p.slice(start, p.lastEnd), span: p.span(start) };
}

/** `<T as Trait>::Name`: kept as opaque text. */
function parseQualifiedPath(p: ParserState, start: number): Type {
  parseQualifiedSelf(p);
  while (p.at('::') && p.isIdent(1)) {
    p.bump();
    p.bump();
    if (p.at('<') || p.at('<<')) parseGenericArgs(p);
  }
  return { kind: 'opaque', text: p.slice(start, p.lastEnd), span: p.span(start) };
}

/** The `<T as Trait>` of a qualified path, at its `<`. The lexer reads `<<` as one token, so a nested self type
 *  (`<<C as View>::V as Tr>::T`) opens with the first character of that token. */
export function parseQualifiedSelf(p: ParserState): void {
  p.eatFirstChar('<');
  parseType(p);
  if (p.eat('as')) parseType(p);
  if (!p.eatFirstChar('>')) p.errorHere('expected `>` after a qualified self type');
}

function skipAsOpaque(p: ParserState, start: number): Type {
  p.errorHere('type nested too deeply');
  if (!p.atEnd()) p.skipTokenOrGroup();
  return { kind: 'opaque', text: p.slice(start, p.lastEnd), span: p.span(start) };
}

function isTypeTerminator(t: string): boolean {
  return t === ',' || t === ')' || t === ']' || t === '}' || t === ';' || t === '{' || t === '=' || t === '';
}
