// Primary expressions: literals, paths (with turbofish), parentheses/tuples, arrays, struct literals, and the
// dispatch to keyword-led forms (control flow, closures, quantifiers, macros, ghost statements).
import type { Expr, PathSegment } from './ast';
import { parseExpr, errorExpr, parseCommaList } from './expr';
import { parseControlExpr, CONTROL_KEYWORDS } from './expr-control';
import { parseClosure, parseQuantifier, parseMacroCall, parseGhostForm, parseTriggerAttribute, GHOST_KEYWORDS } from './expr-special';
import { decodeChar, decodeInt, decodeString } from './literals';
import type { ParserState } from './parser-state';
import { parseBlockExpr } from './stmt';
import { TokenKind } from './tokens';
import { parseGenericArgs, parseQualifiedSelf } from './types';

export function parsePrimary(p: ParserState): Expr {
  const start = p.startOffset();
  const kind = p.kind();
  const t = p.tok();
  switch (kind) {
    case TokenKind.Int: {
      p.bump();
      // `1real` is a spec real (a fraction of a resource), not an integer: like a float, its value is not ours.
      if (t.endsWith('real')) return { kind: 'float', text: t, span: p.span(start) };
      const decoded = decodeInt(t);
      if (decoded === undefined) p.error(`invalid integer literal \`${t}\``, p.span(start));
      return { kind: 'int', value: decoded?.value ?? 0n, suffix: decoded?.suffix, span: p.span(start) };
    }
    case TokenKind.Float:
      p.bump();
      return { kind: 'float', text: t, span: p.span(start) };
    case TokenKind.Char: {
      p.bump();
      const decoded = decodeChar(t);
      if (decoded === undefined) p.error(`invalid character literal \`${t}\``, p.span(start));
      return { kind: 'char', value: decoded?.value ?? '\0', byte: decoded?.byte ?? false, span: p.span(start) };
    }
    case TokenKind.Str: {
      p.bump();
      const decoded = decodeString(t);
      if (decoded === undefined) p.error('invalid string literal', p.span(start));
      return { kind: 'str', value: decoded?.value ?? '', byte: decoded?.byte ?? false, span: p.span(start) };
    }
    case TokenKind.Ident:
      return parseIdentLed(p, start, t);
    case TokenKind.Lifetime: {
      const labelled = p.at(':', 1) ? parseControlExpr(p, start) : undefined;
      if (labelled !== undefined) return labelled;
      break;
    }
    case TokenKind.Punct:
      return parsePunctLed(p, start, t);
    default:
      break;
  }
  const error = errorExpr(p, 'expected an expression');
  if (!p.atEnd()) p.skipTokenOrGroup();
  return { kind: 'error', span: { start: error.span.start, end: Math.max(error.span.start, p.lastEnd) } };
}

function parsePunctLed(p: ParserState, start: number, t: string): Expr {
  if (t === '(') return parseParenOrTuple(p, start);
  if (t === '[') return parseArray(p, start);
  if (t === '{') return parseBlockExpr(p);
  if (t === '|' || t === '||') return parseClosure(p, start);
  if (t === '#' && p.at('[', 1)) return parseTriggerAttribute(p);
  if (t === '::' || t === '<' || t === '<<') return parsePathExpr(p, start);
  // Not an expression start: report it without consuming a closer that belongs to an enclosing construct.
  const error = errorExpr(p, 'expected an expression');
  if (!p.atEnd() && t !== ')' && t !== ']' && t !== '}' && t !== ',' && t !== ';') p.skipTokenOrGroup();
  return { kind: 'error', span: { start: error.span.start, end: Math.max(error.span.start, p.lastEnd) } };
}

function parseIdentLed(p: ParserState, start: number, t: string): Expr {
  if (t === 'true' || t === 'false') {
    p.bump();
    return { kind: 'bool', value: t === 'true', span: p.span(start) };
  }
  if ((t === 'forall' || t === 'exists' || t === 'choose') && (p.at('|', 1) || p.at('||', 1))) {
    return parseQuantifier(p, start, t);
  }
  if (t === 'move' && (p.at('|', 1) || p.at('||', 1))) {
    p.bump();
    return parseClosure(p, start);
  }
  if (CONTROL_KEYWORDS.has(t)) {
    const control = parseControlExpr(p, start);
    if (control !== undefined) return control;
  }
  if (GHOST_KEYWORDS.has(t)) {
    const ghost = parseGhostForm(p, start);
    if (ghost !== undefined) return ghost;
  }
  return parsePathExpr(p, start);
}

/** A path, then a macro call (`name!(..)`), struct literal (`S { .. }`) or a plain path expression. */
function parsePathExpr(p: ParserState, start: number): Expr {
  const segments = parsePathSegments(p);
  if (p.at('!') && (p.at('(', 1) || p.at('[', 1) || p.at('{', 1))) {
    // `vstd::assert_seqs_equal!(..)` is the macro its last segment names.
    return parseMacroCall(p, start, segments[segments.length - 1]?.name ?? '');
  }
  if (p.at('{') && !p.noStruct && looksLikeStructLiteral(p, segments)) return parseStructLiteral(p, start, segments);
  return { kind: 'path', segments, span: p.span(start) };
}

/** Path segments with optional turbofish: `Seq::<int>::empty`, `u32::MAX`, `Self::f`, `<T as Tr>::f` (loosely). */
export function parsePathSegments(p: ParserState): PathSegment[] {
  if (p.isIdent() && !p.at('::', 1)) {
    // The common one-name path (`x`, `len`): one small array, no growth on push.
    const segStart = p.startOffset();
    const name = p.tok();
    p.bump();
    return [{ name, generics: [], span: p.span(segStart) }];
  }
  const segments: PathSegment[] = [];
  if (p.at('<') || p.at('<<')) {
    // A qualified path `<T as Trait>::name`: keep it as one opaque segment named by its text.
    const segStart = p.startOffset();
    parseQualifiedSelf(p);
    segments.push({ name: p.slice(segStart, p.lastEnd), generics: [], span: p.span(segStart) });
    if (!p.eat('::')) return segments;
  } else p.eat('::');
  for (;;) {
    const segStart = p.startOffset();
    if (!p.isIdent()) {
      p.errorHere('expected a name');
      break;
    }
    const name = p.tok();
    p.bump();
    let generics: PathSegment['generics'] = [];
    // `Set::<<T as View>::V>::empty()`: the turbofish's `<` lexed together with a qualified path's as `<<`.
    if (p.at('::') && (p.at('<', 1) || p.at('<<', 1))) {
      p.bump();
      generics = parseGenericArgs(p);
    }
    segments.push({ name, generics, span: p.span(segStart) });
    if (!(p.at('::') && p.isIdent(1))) break;
    p.bump();
  }
  return segments;
}

/** `S { a: 1 }` vs. a path followed by a block: decided by the first tokens inside the braces. */
function looksLikeStructLiteral(p: ParserState, segments: readonly PathSegment[]): boolean {
  const last = segments[segments.length - 1]?.name ?? '';
  const upper = last.charCodeAt(0) >= 65 && last.charCodeAt(0) <= 90;
  if (p.at('}', 1)) return upper;
  if (p.at('..', 1)) return true;
  if ((p.isIdent(1) || p.kind(1) === TokenKind.Int) && (p.at(':', 2) || p.at(',', 2))) return true;
  return p.isIdent(1) && p.at('}', 2) && upper;
}

function parseStructLiteral(p: ParserState, start: number, path: readonly PathSegment[]): Expr {
  const frame = p.enterGroup();
  const fields: { name: string; value: Expr; span: { start: number; end: number } }[] = [];
  let base: Expr | undefined;
  while (!p.atEnd()) {
    const fieldStart = p.startOffset();
    if (p.eat('..')) {
      base = parseExpr(p);
      break;
    }
    if (!p.isIdent() && p.kind() !== TokenKind.Int) {
      p.errorHere('expected a field name');
      p.skipTokenOrGroup();
      continue;
    }
    const name = p.tok();
    p.bump();
    let value: Expr;
    if (p.eat(':')) value = parseExpr(p);
    else value = { kind: 'path', segments: [{ name, generics: [], span: p.span(fieldStart) }], span: p.span(fieldStart) };
    fields.push({ name, value, span: p.span(fieldStart) });
    if (!p.eat(',')) break;
  }
  p.leaveGroup(frame);
  return { kind: 'struct-literal', path, fields, base, span: p.span(start) };
}

function parseParenOrTuple(p: ParserState, start: number): Expr {
  const frame = p.enterGroup();
  if (p.atEnd()) {
    p.leaveGroup(frame);
    return { kind: 'tuple', elements: [], span: p.span(start) };
  }
  const first = parseExpr(p);
  if (!p.at(',')) {
    p.leaveGroup(frame);
    return { kind: 'paren', inner: first, span: p.span(start) };
  }
  p.bump();
  const elements = [first, ...parseCommaList(p)];
  p.leaveGroup(frame);
  return { kind: 'tuple', elements, span: p.span(start) };
}

function parseArray(p: ParserState, start: number): Expr {
  const frame = p.enterGroup();
  if (p.atEnd()) {
    p.leaveGroup(frame);
    return { kind: 'array', elements: [], span: p.span(start) };
  }
  const first = parseExpr(p);
  if (p.eat(';')) {
    const count = parseExpr(p);
    p.leaveGroup(frame);
    return { kind: 'array-repeat', value: first, count, span: p.span(start) };
  }
  const elements = [first];
  if (p.eat(',')) elements.push(...parseCommaList(p));
  p.leaveGroup(frame);
  return { kind: 'array', elements, span: p.span(start) };
}
