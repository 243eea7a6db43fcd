// Error tolerance: broken items become diagnostics and their neighbours still parse; parsing never throws
// (property tests over truncations and single-token edits of the fixtures).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSourceFile, type FnItem, type Item, type Span } from '../../server/src/syntax';
import { tokenize } from '../../server/src/syntax/lexer';
import { dumpClauses } from './dump';

const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'syntax');
const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.rs'))
  .sort()
  .map((name) => readFileSync(join(FIXTURE_DIR, name), 'utf8'));

function fnNames(text: string): string[] {
  return parseSourceFile(text).items.flatMap((item) => (item.kind === 'fn' ? [item.name] : []));
}

/** Names of top-level fns that end before `offset` in the undamaged text. */
function fnsBefore(text: string, offset: number): string[] {
  return parseSourceFile(text).items.flatMap((item) => (item.kind === 'fn' && item.span.end < offset ? [item.name] : []));
}

/** Body spans of every fn in `items`, including methods and fns in modules. */
function fnBodies(items: readonly Item[]): Span[] {
  return items.flatMap((item): Span[] => {
    if (item.kind === 'fn') return item.body === undefined ? [] : [item.body.span];
    if (item.kind === 'impl' || item.kind === 'trait') return fnBodies(item.items);
    if (item.kind === 'mod') return fnBodies(item.items ?? []);
    return [];
  });
}

/** Names of top-level fns that start at column 0 after `offset`, with a blank line between `offset` and them. */
function fnsAfterBlankLine(text: string, offset: number): string[] {
  return parseSourceFile(text).items.flatMap((item) => {
    const start = item.span.start;
    const atColumnZero = start === 0 || text[start - 1] === '\n';
    const separated = start > offset && /\n[ \t\r]*\n/.test(text.slice(offset, start));
    return item.kind === 'fn' && atColumnZero && separated ? [item.name] : [];
  });
}

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
    const source = 'verus! {\n\nfn f(x: u8) -> u8 {\n    if x > 0 {\n        x\n    else { 0 }\n}\n\nfn g() {}\n\nspec fn h() -> int { 1 }\n\n}\n';
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
    for (const text of FIXTURES) expect(parseSourceFile(text).diagnostics).toEqual([]);
  });
});

describe('never throws (property tests over the fixtures)', () => {
  const fixtureArb = fc.constantFrom(...FIXTURES);

  it('on any truncation, keeping the fns that end before the cut', () => {
    fc.assert(
      fc.property(fixtureArb, fc.double({ min: 0, max: 1, noNaN: true }), (text, fraction) => {
        const cut = Math.floor(text.length * fraction);
        const damaged = text.slice(0, cut);
        const names = fnNames(damaged);
        for (const name of fnsBefore(text, cut - 1)) expect(names).toContain(name);
      }),
      { numRuns: 60, seed: 42 },
    );
  });

  it('on any single-token deletion or insertion', () => {
    const insertions = ['{', '}', '(', ')', '<', '>', ',', ';', 'fn', '==>', '|', '&&&', '"', "'", '#[', 'forall|'];
    fc.assert(
      fc.property(fixtureArb, fc.nat(), fc.boolean(), fc.constantFrom(...insertions), (text, pick, remove, inserted) => {
        const ts = tokenize(text);
        const idx = pick % ts.count;
        const start = ts.starts[idx] ?? 0;
        const end = ts.ends[idx] ?? 0;
        const damaged = remove ? text.slice(0, start) + text.slice(end) : `${text.slice(0, start)}${inserted} ${text.slice(start)}`;
        const names = fnNames(damaged);
        // A damaged fn keeps its name unless its own name was the damaged token; fns ending before are intact.
        for (const name of fnsBefore(text, start - 1)) expect(names).toContain(name);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('on a single-token deletion inside a fn body, keeping the column-0 fns after the next blank line', () => {
    fc.assert(
      fc.property(fixtureArb, fc.nat(), (text, pick) => {
        const ts = tokenize(text);
        const idx = pick % ts.count;
        const start = ts.starts[idx] ?? 0;
        const end = ts.ends[idx] ?? 0;
        fc.pre(fnBodies(parseSourceFile(text).items).some((body) => body.start <= start && end <= body.end));
        const names = fnNames(text.slice(0, start) + text.slice(end));
        for (const name of fnsBefore(text, start - 1)) expect(names).toContain(name);
        for (const name of fnsAfterBlankLine(text, end)) expect(names).toContain(name);
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
