// Generic parameter lists (`<T: Copy, 'a, const N: usize>`) and where clauses; bounds are kept as written text.
import type { GenericParam, Span } from './ast';
import { SPEC_KEYWORDS } from './keywords';
import type { ParserState } from './parser-state';
import { TokenKind } from './tokens';
import { parseType } from './types';

export function parseGenericParams(p: ParserState): GenericParam[] {
  const params: GenericParam[] = [];
  if (!p.at('<')) return params;
  p.bump();
  while (!p.atEnd() && !p.eatFirstChar('>')) {
    const before = p.pos;
    const start = p.startOffset();
    if (p.kind() === TokenKind.Lifetime) {
      const name = p.tok();
      p.bump();
      const bounds = p.eat(':') ? parseBounds(p) : [];
      params.push({ name, kind: 'lifetime', bounds, span: p.span(start) });
    } else if (p.at('const') && p.isIdent(1)) {
      p.bump();
      const name = p.tok();
      p.bump();
      const bounds: string[] = [];
      if (p.eat(':')) {
        const typeStart = p.startOffset();
        parseType(p);
        bounds.push(p.slice(typeStart, p.lastEnd));
      }
      if (p.eat('=')) skipDefault(p);
      params.push({ name, kind: 'const', bounds, span: p.span(start) });
    } else if (p.isIdent()) {
      const name = p.tok();
      p.bump();
      const bounds = p.eat(':') ? parseBounds(p) : [];
      const fallback = p.eat('=') ? parseType(p) : undefined;
      params.push({ name, kind: 'type', bounds, ...(fallback === undefined ? {} : { default: fallback }), span: p.span(start) });
    } else p.errorHere('expected a generic parameter');
    if (!p.eat(',') && !p.tok().startsWith('>')) {
      p.errorHere('expected `,` or `>`');
      if (p.pos === before) p.skipTokenOrGroup();
      if (p.at('(') || p.at('{')) break;
    }
  }
  return params;
}

/** `where T: A + B, U: C`: bounds are added to the matching generic parameters. */
export function parseWhereClause(p: ParserState, params: GenericParam[]): void {
  if (!p.eat('where')) return;
  while (!p.atEnd() && !p.at('{') && !p.at(';') && !(p.isIdent() && SPEC_KEYWORDS.has(p.tok()))) {
    const before = p.pos;
    const subjectStart = p.startOffset();
    if (p.kind() === TokenKind.Lifetime) p.bump();
    else parseType(p);
    const subject = p.slice(subjectStart, p.lastEnd);
    const bounds = p.eat(':') ? parseBounds(p) : [];
    const idx = params.findIndex((param) => param.name === subject);
    const param = params[idx];
    if (param !== undefined) params[idx] = { ...param, bounds: [...param.bounds, ...bounds] };
    if (!p.eat(',')) {
      if (p.pos === before) p.skipTokenOrGroup();
      break;
    }
  }
}

/** `A + B<C> + 'a + ?Sized`, each bound as its source text. */
export function parseBounds(p: ParserState): string[] {
  const bounds: string[] = [];
  for (;;) {
    const start = p.startOffset();
    if (p.kind() === TokenKind.Lifetime) p.bump();
    else if (p.at('?') || p.at('~')) {
      p.bump();
      parseType(p);
    } else if (p.isIdent() || p.at('(') || p.at('::')) parseType(p);
    else break;
    bounds.push(normalizeSpace(p.slice(start, p.lastEnd)));
    if (!p.eat('+')) break;
  }
  return bounds;
}

function skipDefault(p: ParserState): void {
  if (p.at('{')) p.skipTokenOrGroup();
  else p.bump();
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

export function emptySpan(at: number): Span {
  return { start: at, end: at };
}
