// Error tolerance: broken items become diagnostics and their neighbours still parse; parsing never throws
// (property tests over truncations and single-token edits of the fixtures).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSourceFile, type FnItem } from '../../server/src/syntax';
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
});
