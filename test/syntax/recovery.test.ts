// Error tolerance: broken items become diagnostics and their neighbours still parse; parsing never throws
// (the property tests over truncations and single-token edits of the fixtures are in recovery.property.test.ts).
import { describe, expect, it } from 'vitest';
import { parseSourceFile, type FnItem } from '../../server/src/syntax';
import { dumpClauses } from './dump';
import { SYNTAX_FIXTURES, fnNames } from './recovery-fixtures';

describe('recovery', () => {
  it('keeps the good items around a broken one, with one diagnostic', () => {
    const file = parseSourceFile('verus! {\nfn good1() {}\nfn (x: u8) {}\nfn good2() {}\n}');
    expect(file.items.map((i) => ('name' in i ? i.name : i.kind))).toEqual(['good1', 'good2']);
    expect(file.diagnostics).toHaveLength(1);
  });

  it('skips garbage between items', () => {
    const file = parseSourceFile('verus! {\nfn a() {}\nlet x = 5;\n= = struct\nfn b() {}\n}');
    expect(fnNames(file.text)).toEqual(['a', 'b']);
    expect(file.diagnostics.length).toBeGreaterThan(0);
  });

  it('keeps the contract when the body is broken', () => {
    const file = parseSourceFile('verus! {\nfn f(x: u8) -> (r: u8)\n requires x > 0,\n ensures r == x,\n{ let y = ; x + }\nfn g() {}\n}');
    const f = file.items[0] as FnItem;
    expect(f.name).toBe('f');
    expect(dumpClauses(f.requires)).toEqual(['(> x 0)']);
    expect(dumpClauses(f.ensures)).toEqual(['(== r x)']);
    expect(f.body).toBeDefined();
    expect(fnNames(file.text)).toEqual(['f', 'g']);
    expect(file.diagnostics.length).toBeGreaterThan(0);
  });

  it('closes an unclosed parameter list without swallowing the next fn', () => {
    const file = parseSourceFile('verus! {\nfn f(x: u8 -> u8 { x }\n\nfn g() {}\n}');
    expect(fnNames(file.text)).toContain('g');
  });

  it('ends a fn body that lost its `}` before the next item at its indentation (items at column 0)', () => {
    const source =
      'verus! {\n\nfn f(x: u8) -> u8 {\n    if x > 0 {\n        x\n    else { 0 }\n}\n\nfn g() {}\n\nspec fn h() -> int { 1 }\n\n}\n';
    const file = parseSourceFile(source);
    expect(fnNames(source)).toEqual(['f', 'g', 'h']);
    expect(file.items.every((item) => item.inVerus)).toBe(true);
    expect(file.diagnostics.some((d) => d.message === 'expected `}`')).toBe(true);
  });

  it('ends a method body and its impl before the next item at column 0', () => {
    const source = 'verus! {\n\nimpl S {\n    fn m1(&self) {\n        if true {\n    }\n    fn m2(&self) {}\n}\n\nfn g() {}\n}\n';
    const file = parseSourceFile(source);
    const impl = file.items[0];
    expect(impl?.kind === 'impl' ? impl.items.map((i) => ('name' in i ? i.name : i.kind)) : []).toEqual(['m1', 'm2']);
    expect(fnNames(source)).toEqual(['g']);
  });

  it('keeps items at column 0 inside a `mod` when the file is unbalanced elsewhere', () => {
    const source = 'verus! {\nmod m {\nfn a() {}\n\nfn b() {}\n}\n\nfn f() {\n    let x = 1;\n\nfn g() {}\n}\n';
    const file = parseSourceFile(source);
    const mod = file.items[0];
    expect(mod?.kind === 'mod' ? (mod.items ?? []).map((i) => ('name' in i ? i.name : i.kind)) : []).toEqual(['a', 'b']);
    expect(fnNames(source)).toEqual(['f', 'g']);
  });

  it('ends a clause list at the next item when the body was swallowed by a broken clause', () => {
    const source = 'verus! {\nproof fn d(x: int)\n    ensures\n        #[trigger double(x) == 2 * x,\n{\n}\n\nproof fn e() {}\n}\n';
    expect(fnNames(source)).toEqual(['d', 'e']);
  });

  it('parses every fixture without diagnostics', () => {
    for (const text of SYNTAX_FIXTURES) expect(parseSourceFile(text).diagnostics).toEqual([]);
  });
});
