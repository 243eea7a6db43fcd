// Parsing never throws, and damage stays local: property tests over truncations and single-token edits of the
// syntax fixtures (fns that end before the damage keep their names). Small in the fast tier, full in the slow tier.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSourceFile, type Item, type Span } from '../../server/src/syntax';
import { tokenize } from '../../server/src/syntax/lexer';
import { propertyRuns } from '../setup/property-size';
import { SYNTAX_FIXTURES, fnNames } from './recovery-fixtures';

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
describe('never throws (property tests over the fixtures)', () => {
  const fixtureArb = fc.constantFrom(...SYNTAX_FIXTURES);

  it('on any truncation, keeping the fns that end before the cut', () => {
    fc.assert(
      fc.property(fixtureArb, fc.double({ min: 0, max: 1, noNaN: true }), (text, fraction) => {
        const cut = Math.floor(text.length * fraction);
        const damaged = text.slice(0, cut);
        const names = fnNames(damaged);
        for (const name of fnsBefore(text, cut - 1)) expect(names).toContain(name);
      }),
      { numRuns: propertyRuns(60), seed: 42 },
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
      { numRuns: propertyRuns(150), seed: 7 },
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
      { numRuns: propertyRuns(200), seed: 11 },
    );
  });
});
