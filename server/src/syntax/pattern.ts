// Patterns for match arms, `matches`, let bindings, closure/for parameters: literals (negative too), ranges,
// tuples, slices, structs, tuple structs, paths, `_`, `..`, bindings (`ref`, `mut`, `x @ p`), `&p`, alternatives.
import type { Expr, Pattern, PathSegment } from './ast';
import { parsePathSegments, parsePrimary } from './expr-primary';
import { parseMacroCall } from './expr-special';
import type { ParserState } from './parser-state';
import { TokenKind } from './tokens';

/** A pattern with `|` alternatives (a leading `|` is allowed). */
export function parsePattern(p: ParserState): Pattern {
  const start = p.startOffset();
  p.eat('|');
  const first = parsePatternNoAlt(p);
  if (!p.at('|')) return first;
  const alternatives = [first];
  while (p.eat('|')) alternatives.push(parsePatternNoAlt(p));
  return { kind: 'or', alternatives, span: p.span(start) };
}

export function parsePatternNoAlt(p: ParserState): Pattern {
  const start = p.startOffset();
  if (p.tooDeep()) {
    p.errorHere('pattern nested too deeply');
    if (!p.atEnd()) p.skipTokenOrGroup();
    return { kind: 'wild', span: p.span(start) };
  }
  p.depth++;
  const pattern = parseSinglePattern(p, start);
  p.depth--;
  return pattern;
}

function parseSinglePattern(p: ParserState, start: number): Pattern {
  const kind = p.kind();
  const t = p.tok();
  if (kind === TokenKind.Punct) {
    if (t === '(') return parseTuplePattern(p, start);
    if (t === '[') {
      const elements = parsePatternGroup(p);
      return { kind: 'slice', elements, span: p.span(start) };
    }
    if (t === '&' || t === '&&') {
      p.eatFirstChar('&');
      const mutable = p.eat('mut');
      const pattern = parsePatternNoAlt(p);
      return { kind: 'ref', mutable, pattern, span: p.span(start) };
    }
    if (t === '..') {
      p.bump();
      return { kind: 'rest', span: p.span(start) };
    }
    if (t === '..=') {
      p.bump();
      const end = parseLiteralOrPath(p);
      return { kind: 'range', start: undefined, end, inclusive: true, span: p.span(start) };
    }
    if (t === '-') return finishLiteral(p, start, parseNegativeLiteral(p, start));
    if (t === '::' || t === '<') return parsePathPattern(p, start);
  }
  if (kind === TokenKind.Int || kind === TokenKind.Float || kind === TokenKind.Char || kind === TokenKind.Str) {
    return finishLiteral(p, start, parsePrimary(p));
  }
  if (kind === TokenKind.Ident) {
    if (t === '_') {
      p.bump();
      return { kind: 'wild', span: p.span(start) };
    }
    if (t === 'true' || t === 'false') return finishLiteral(p, start, parsePrimary(p));
    if (t === 'ref' || t === 'mut' || ((t === 'ghost' || t === 'tracked') && p.isIdent(1))) {
      return parseBinding(p, start);
    }
    return parsePathPattern(p, start);
  }
  p.errorHere('expected a pattern');
  if (!p.atEnd() && t !== ')' && t !== ']' && t !== '}' && t !== ',') p.skipTokenOrGroup();
  return { kind: 'wild', span: p.span(start) };
}

function parseNegativeLiteral(p: ParserState, start: number): Expr {
  p.bump();
  const operand = parsePrimary(p);
  return { kind: 'unary', op: '-', operand, span: p.span(start) };
}

/** A literal pattern, or a range pattern when `..=`/`..` follows. */
function finishLiteral(p: ParserState, start: number, value: Expr): Pattern {
  if (p.at('..=') || (p.at('..') && !p.at(')', 1) && !p.at(']', 1) && !p.at(',', 1))) {
    const inclusive = p.tok() === '..=';
    p.bump();
    const canEnd = p.kind() !== TokenKind.Punct || p.at('-') || p.at('::');
    const end = canEnd && !p.atEnd() && !p.at('=>') ? parseLiteralOrPath(p) : undefined;
    return { kind: 'range', start: value, end, inclusive, span: p.span(start) };
  }
  return { kind: 'literal', value, span: p.span(start) };
}

function parseLiteralOrPath(p: ParserState): Expr {
  const start = p.startOffset();
  if (p.at('-')) return parseNegativeLiteral(p, start);
  if (p.isIdent() && p.tok() !== 'true' && p.tok() !== 'false') {
    const segments = parsePathSegments(p);
    return { kind: 'path', segments, span: p.span(start) };
  }
  return parsePrimary(p);
}

function parseBinding(p: ParserState, start: number): Pattern {
  // `ghost`/`tracked` binding modes (closure params, let) do not change the pattern.
  if (p.at('ghost') || p.at('tracked')) p.bump();
  const byRef = p.eat('ref');
  const mutable = p.eat('mut');
  let name = '';
  if (p.isIdent()) {
    name = p.tok();
    p.bump();
  } else p.errorHere('expected a binding name');
  const subpattern = p.eat('@') ? parsePatternNoAlt(p) : undefined;
  return { kind: 'binding', name, mutable, byRef, subpattern, span: p.span(start) };
}

function parsePathPattern(p: ParserState, start: number): Pattern {
  const path = parsePathSegments(p);
  if (p.at('!') && (p.at('(', 1) || p.at('[', 1) || p.at('{', 1))) {
    // `inj_ord_choice_pat!(x, *, *) =>`: what a macro pattern matches is known only after expansion, so it is kept
    // as a literal whose value is the macro call, which no evaluator claims to know.
    const call = parseMacroCall(p, start, path[path.length - 1]?.name ?? '');
    return { kind: 'literal', value: call, span: p.span(start) };
  }
  if (p.at('(')) {
    const elements = parsePatternGroup(p);
    return { kind: 'tuple-struct', path, elements, span: p.span(start) };
  }
  if (p.at('{')) return parseStructPattern(p, start, path);
  const only = path.length === 1 ? path[0] : undefined;
  if (only !== undefined && only.generics.length === 0 && isBindingName(only.name)) {
    const subpattern = p.eat('@') ? parsePatternNoAlt(p) : undefined;
    return { kind: 'binding', name: only.name, mutable: false, byRef: false, subpattern, span: p.span(start) };
  }
  const value: Expr = { kind: 'path', segments: path, span: p.span(start) };
  if (p.at('..=') || (p.at('..') && (p.kind(1) === TokenKind.Int || p.at('-', 1)))) return finishLiteral(p, start, value);
  return { kind: 'path', path, span: p.span(start) };
}

/** As in Rust, a lone identifier is a binding unless it looks like a constant or variant (starts uppercase). */
function isBindingName(name: string): boolean {
  const code = name.charCodeAt(0);
  return !(code >= 65 && code <= 90);
}

function parseTuplePattern(p: ParserState, start: number): Pattern {
  const frame = p.enterGroup();
  const elements: Pattern[] = [];
  let trailingComma = false;
  while (!p.atEnd()) {
    const before = p.pos;
    elements.push(parsePattern(p));
    trailingComma = p.eat(',');
    if (!trailingComma) {
      if (p.pos === before) p.skipTokenOrGroup();
      break;
    }
  }
  p.leaveGroup(frame);
  const only = elements[0];
  if (elements.length === 1 && !trailingComma && only !== undefined && only.kind !== 'rest') return only;
  return { kind: 'tuple', elements, span: p.span(start) };
}

/** `( p, q, .. )` or `[ p, q ]` at the cursor. */
function parsePatternGroup(p: ParserState): Pattern[] {
  const frame = p.enterGroup();
  const elements: Pattern[] = [];
  while (!p.atEnd()) {
    const before = p.pos;
    elements.push(parsePattern(p));
    if (!p.eat(',')) {
      if (p.pos === before) p.skipTokenOrGroup();
      break;
    }
  }
  p.leaveGroup(frame);
  return elements;
}

function parseStructPattern(p: ParserState, start: number, path: readonly PathSegment[]): Pattern {
  const frame = p.enterGroup();
  const fields: { name: string; pattern: Pattern; span: { start: number; end: number } }[] = [];
  let hasRest = false;
  while (!p.atEnd()) {
    const fieldStart = p.startOffset();
    if (p.eat('..')) {
      hasRest = true;
      break;
    }
    if (p.at('ref') || p.at('mut')) {
      const binding = parseBinding(p, fieldStart);
      fields.push({ name: binding.kind === 'binding' ? binding.name : '', pattern: binding, span: p.span(fieldStart) });
    } else if (p.isIdent() || p.kind() === TokenKind.Int) {
      const name = p.tok();
      p.bump();
      const pattern: Pattern = p.eat(':')
        ? parsePattern(p)
        : { kind: 'binding', name, mutable: false, byRef: false, subpattern: undefined, span: p.span(fieldStart) };
      fields.push({ name, pattern, span: p.span(fieldStart) });
    } else {
      p.errorHere('expected a field pattern');
      p.skipTokenOrGroup();
      continue;
    }
    if (!p.eat(',')) break;
  }
  p.leaveGroup(frame);
  return { kind: 'struct', path, fields, hasRest, span: p.span(start) };
}
