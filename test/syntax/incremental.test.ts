// Incremental parsing (tree-sitter's tree edited and re-parsed around the change) gives the same syntax tree as a
// fresh parse, after any sequence of edits, also in text with non-ASCII characters (columns are UTF-16 units).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSourceFile, parseSourceFileIncrementally } from '../../server/src/syntax';
import type { IncrementalParse } from '../../server/src/syntax';

const TEXT = `verus! {
/// Ünïcödé 😀 in a doc comment
spec fn limit() -> int { 10 }
fn greet(s: &str, c: char) -> (r: u8)
    requires s.len() < limit(), c != 'é',
    ensures r == 1,
{
    let t = "héllo 😀 \\"quoted\\" /* not a comment */";
    /* block /* nested */ still comment 😀 */
    1
}
} // verus!
`;
const SNIPPETS = ['', '\n', '"', "'", '/*', '*/', '//', 'é', '😀', 'r#"', '"#', '{', '}', ' x ', '\\'];

const toJson = (value: unknown): string => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

describe('incremental parsing', () => {
  it('equals a fresh parse after random edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(1000), remove: fc.nat(5), insert: fc.constantFrom(...SNIPPETS) }), { minLength: 1, maxLength: 12 }),
        (edits) => {
          let text = TEXT;
          let parse: IncrementalParse = parseSourceFileIncrementally(text, undefined);
          for (const edit of edits) {
            const at = Math.floor((edit.at / 1000) * text.length);
            text = text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
            parse = parseSourceFileIncrementally(text, parse);
            expect(toJson(parse.file)).toBe(toJson(parseSourceFile(text)));
          }
        },
      ),
      { numRuns: 60, seed: 14 },
    );
  });
});
