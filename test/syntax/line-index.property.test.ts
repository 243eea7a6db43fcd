// Editing a line index is invisible: after any sequence of edits (line breaks of every kind among them, `\r\n` pairs
// split and joined), the edited index has the line starts of an index built from the whole new text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedSpan, createLineIndex, editLineIndex } from '../../server/src/syntax';
import type { LineIndex } from '../../server/src/syntax';
import { propertyRuns } from '../setup/property-size';

const START = 'fn f() {\r\n    1\r\n}\rfn g() {}\n\nfn h() {\n}\n';
const SNIPPETS = ['', '\n', '\r', '\r\n', '\n\r', 'x', 'ab\ncd', '\r\r\n\n'];

interface Edit {
  /** Where, as a fraction of the text (0..1000), and how many characters are replaced. */
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

const editArbitrary: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(1000), remove: fc.nat(3), insert: fc.constantFrom(...SNIPPETS) });

function applyEdit(text: string, edit: Edit): string {
  const at = Math.floor((edit.at / 1000) * text.length);
  return text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
}

describe('editing a line index', () => {
  it('after random edit scripts, the edited index equals one built from the whole text', () => {
    fc.assert(
      fc.property(fc.array(editArbitrary, { minLength: 1, maxLength: 10 }), (edits) => {
        let text = START;
        let index: LineIndex = createLineIndex(text);
        for (const edit of edits) {
          const next = applyEdit(text, edit);
          index = editLineIndex(index, next, changedSpan(text, next));
          text = next;
          expect(index.lineStarts).toEqual(createLineIndex(text).lineStarts);
        }
      }),
      { numRuns: propertyRuns(300), seed: 1414 },
    );
  });

  it('splitting a `\\r\\n` pair makes two line breaks of it; joining makes one again', () => {
    const text = 'a\r\nb';
    const split = 'a\rx\nb';
    const splitIndex = editLineIndex(createLineIndex(text), split, changedSpan(text, split));
    expect([...splitIndex.lineStarts]).toEqual([0, 2, 4]);
    expect(splitIndex.positionAt(4)).toEqual({ line: 2, character: 0 });
    expect([...editLineIndex(splitIndex, text, changedSpan(split, text)).lineStarts]).toEqual([0, 3]);
  });
});
