// Span exactness: the text a span covers is exactly the construct, in UTF-16 offsets (non-ASCII included).
import { describe, expect, it } from 'vitest';
import { parseExpression, parseSourceFile, type Expr } from '../../server/src/syntax';

function slice(text: string, span: { start: number; end: number }): string {
  return text.slice(span.start, span.end);
}

describe('spans', () => {
  it('cover each sub-expression exactly', () => {
    const text = 'forall|i: int| 0 <= i < s.len() ==> s[i] > old(x)@.len()';
    const { expr } = parseExpression(text);
    if (expr.kind !== 'quantifier' || expr.body.kind !== 'binary') throw new Error('shape');
    expect(slice(text, expr.span)).toBe(text);
    expect(slice(text, expr.body.left.span)).toBe('0 <= i < s.len()');
    expect(slice(text, expr.body.right.span)).toBe('s[i] > old(x)@.len()');
    const binder = expr.binders[0];
    expect(binder && slice(text, binder.span)).toBe('i: int');
  });

  it('count UTF-16 code units before the construct', () => {
    const text = 'verus! {\n// café 😀\nfn f(s: &str) -> (r: bool) ensures r == ("é😀" == s) { true }\n}';
    const file = parseSourceFile(text);
    const f = file.items[0];
    if (f?.kind !== 'fn') throw new Error('expected fn');
    expect(slice(text, f.nameSpan)).toBe('f');
    expect(f.ensures.map((c) => slice(text, c.span))).toEqual(['r == ("é😀" == s)']);
    expect(slice(text, f.span)).toBe('fn f(s: &str) -> (r: bool) ensures r == ("é😀" == s) { true }');
    expect(slice(text, f.signatureSpan)).toBe('fn f(s: &str) -> (r: bool) ensures r == ("é😀" == s)');
  });

  it('give each clause its own text without the comma, bullets included', () => {
    const text = 'verus! { fn f(x: u8) requires x > 0, &&& x < 9 &&& x != 3, { } }';
    const f = parseSourceFile(text).items[0];
    if (f?.kind !== 'fn') throw new Error('expected fn');
    expect(f.requires.map((c) => slice(text, c.span))).toEqual(['x > 0', 'x < 9', 'x != 3']);
  });

  it('cover items with attributes and method names', () => {
    const text = '#[verifier::opaque]\npub open spec fn g() -> int { v.len() }';
    const g = parseSourceFile(text).items[0];
    if (g?.kind !== 'fn') throw new Error('expected fn');
    expect(slice(text, g.span)).toBe(text);
    const tail = g.body?.tail as Expr;
    if (tail.kind !== 'method-call') throw new Error('expected method call');
    expect(slice(text, tail.methodSpan)).toBe('len');
  });

  it('end a generic argument at a split `>>`', () => {
    const text = 'verus! { fn f(v: Vec<Vec<u8>>) {} }';
    const f = parseSourceFile(text).items[0];
    if (f?.kind !== 'fn') throw new Error('expected fn');
    const type = f.params[0]?.type;
    if (type?.kind !== 'path') throw new Error('expected path');
    const inner = type.segments[0]?.generics[0];
    expect(inner && slice(text, inner.span)).toBe('Vec<u8>');
    expect(slice(text, type.span)).toBe('Vec<Vec<u8>>');
  });
});
