// The token stream: a JS scanner with Verus operators, lifetimes and literal suffixes; comments, strings and chars as
// tree-sitter found them (an unclosed `/*` is not a comment, so the text after it still yields tokens).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../server/src/syntax/lexer';
import { TokenKind } from '../../server/src/syntax/tokens';

const KIND_NAMES: Record<number, string> = {
  [TokenKind.Ident]: 'id',
  [TokenKind.Int]: 'int',
  [TokenKind.Float]: 'float',
  [TokenKind.Char]: 'char',
  [TokenKind.Str]: 'str',
  [TokenKind.Punct]: 'p',
  [TokenKind.Lifetime]: 'life',
  [TokenKind.Unknown]: '?',
};

function lex(source: string): string {
  const ts = tokenize(source);
  const parts: string[] = [];
  for (let i = 0; i < ts.count; i++) parts.push(`${KIND_NAMES[ts.kinds[i] ?? 0]}:${ts.texts[i]}`);
  return parts.join(' ');
}

describe('lexer', () => {
  const CASES: readonly (readonly [string, string])[] = [
    ['verus!{ a =~= b }', 'id:verus p:! p:{ id:a p:=~= id:b p:}'],
    ['verus!{ a ==> b <==> c <== d }', 'id:verus p:! p:{ id:a p:==> id:b p:<==> id:c p:<== id:d p:}'],
    ['verus!{ &&& a ||| b !== c =~~= d !~= e }', 'id:verus p:! p:{ p:&&& id:a p:||| id:b p:!== id:c p:=~~= id:d p:!~= id:e p:}'],
    ["verus!{ fn f<'a>(x: &'a u8) {} }", "id:verus p:! p:{ id:fn id:f p:< life:'a p:> p:( id:x p:: p:& life:'a id:u8 p:) p:{ p:} p:}"],
    ["fn f<'a>(x: &'a u8) {}", "id:fn id:f p:< life:'a p:> p:( id:x p:: p:& life:'a id:u8 p:) p:{ p:}"],
    ['verus!{ Vec<Vec<u8>> }', 'id:verus p:! p:{ id:Vec p:< id:Vec p:< id:u8 p:>> p:}'],
    ['verus!{ 5u8 7int 3nat 0x1F 1_000 1.5 1e3 }', 'id:verus p:! p:{ int:5u8 int:7int int:3nat int:0x1F int:1_000 float:1.5 float:1e3 p:}'],
    ["verus!{ 'a' '\\n' '\\u{1F600}' b'x' }", "id:verus p:! p:{ char:'a' char:'\\n' char:'\\u{1F600}' char:b'x' p:}"],
    ['verus!{ "a\\"b" r#"x"# b"y" }', 'id:verus p:! p:{ str:"a\\"b" str:r#"x"# str:b"y" p:}'],
    ["verus!{ 'outer: loop { break 'outer; } }", "id:verus p:! p:{ life:'outer p:: id:loop p:{ id:break life:'outer p:; p:} p:}"],
    ['verus!{ a // c\n b /* d */ }', 'id:verus p:! p:{ id:a id:b p:}'],
    ['macro_rules! m {}', 'id:macro_rules p:! id:m p:{ p:}'],
    ['verus!{ x\u00a0y }', 'id:verus p:! p:{ id:x id:y p:}'],
    ['verus!{ a /* b\nc d }', 'id:verus p:! p:{ id:a p:/ p:* id:b id:c id:d p:}'],
    ['verus!{ t.0.1 + 1. - 2e-3 }', 'id:verus p:! p:{ id:t p:. float:0.1 p:+ float:1. p:- float:2e-3 p:}'],
    ['fn r#type() {}', 'id:fn id:r#type p:( p:) p:{ p:}'],
  ];
  for (const [source, expected] of CASES) it(source, () => expect(lex(source)).toBe(expected));

  it('keeps comments aside, marking doc comments', () => {
    const ts = tokenize('/// doc\n// plain\n/** block */\nfn f() {}');
    expect(ts.comments.map((c) => [c.text.trim(), c.doc])).toEqual([
      ['/// doc', true],
      ['// plain', false],
      ['/** block */', true],
    ]);
  });

  it('matches delimiters and closes unclosed ones at the end', () => {
    const ts = tokenize('verus!{ f(a[1]) }');
    const open = ts.texts.indexOf('(');
    expect(ts.texts[ts.match[open] ?? -1]).toBe(')');
    const unclosed = tokenize('f(a');
    expect(unclosed.match[unclosed.texts.indexOf('(')]).toBe(unclosed.count);
  });

  it('covers any text with ordered, non-overlapping tokens whose texts are their slices', () => {
    const piece = fc.constantFrom(
      '"',
      "'",
      '/',
      '*',
      '//',
      '/*',
      '*/',
      'b',
      'r',
      '#',
      'r#"',
      '"#',
      'x',
      ' ',
      '\n',
      '1',
      '.',
      'e',
      '=',
      '>',
      '{',
      '}',
      '(',
      'é',
      '\u00a0',
      '😀',
      'verus!{',
      '0x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const ts = tokenize(text);
        const spans: [number, number][] = ts.comments.map((c) => [c.start, c.end]);
        for (let i = 0; i < ts.count; i++) {
          const start = ts.starts[i] ?? -1;
          const end = ts.ends[i] ?? -1;
          expect(ts.texts[i]).toBe(text.slice(start, end));
          spans.push([start, end]);
        }
        spans.sort((a, b) => a[0] - b[0]);
        let last = 0;
        for (const [start, end] of spans) {
          expect(start).toBeGreaterThanOrEqual(last);
          expect(end).toBeGreaterThan(start);
          last = end;
        }
        expect(last).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300, seed: 5 },
    );
  });
});
