// The changed span of two versions of a text is their longest common prefix and then their longest common suffix in
// what is left, on texts long enough for the chunked comparison (1,024 characters at a time) and edits at any place,
// chunk borders included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedSpan } from '../../server/src/syntax';
import { propertyRuns } from '../setup/property-size';

/** A text of a few thousand characters with repeats (so a suffix can match in more than one way). */
const textArbitrary = fc
  .array(fc.constantFrom('fn f() {}\n', 'abc', 'x', '\r\n', '    '.repeat(64), 'é'), { minLength: 0, maxLength: 800 })
  .map((parts) => parts.join(''));

const editArbitrary = fc.record({
  at: fc.oneof(fc.nat(5000), fc.constantFrom(1023, 1024, 1025, 2048)),
  remove: fc.nat(3000),
  insert: fc.constantFrom('', 'x', 'abc', '\n', 'fn f() {}\n'.repeat(120)),
});

describe('changedSpan', () => {
  it('is the longest common prefix, then the longest common suffix of the rest', () => {
    fc.assert(
      fc.property(textArbitrary, editArbitrary, (before, edit) => {
        const at = Math.min(edit.at, before.length);
        const after = before.slice(0, at) + edit.insert + before.slice(Math.min(before.length, at + edit.remove));
        const { start, oldEnd, newEnd } = changedSpan(before, after);
        expect(before.slice(0, start)).toBe(after.slice(0, start));
        expect(before.slice(oldEnd)).toBe(after.slice(newEnd));
        expect(start <= oldEnd && start <= newEnd).toBe(true);
        // Neither part can grow: the next character differs, or the other part (or a text's end) is reached.
        if (start < Math.min(before.length, after.length)) expect(before[start]).not.toBe(after[start]);
        if (oldEnd > start && newEnd > start) expect(before[oldEnd - 1]).not.toBe(after[newEnd - 1]);
      }),
      { numRuns: propertyRuns(300), seed: 1414 },
    );
  });

  it('finds an edit a few chunks into a long text', () => {
    const before = 'a'.repeat(5000);
    const after = `${before.slice(0, 3000)}b${before.slice(3000)}`;
    expect(changedSpan(before, after)).toEqual({ start: 3000, oldEnd: 3000, newEnd: 3001 });
  });
});
