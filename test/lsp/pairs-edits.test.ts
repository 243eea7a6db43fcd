// The pairs-file edits behind "Mark as acceptable output" and "Move to invalid inputs": everything else in the file,
// hand-written entries and comments included, survives byte for byte.

import { describe, expect, it } from 'vitest';
import { addAcceptableOutput, keepPairAsValid, minimalChange, movePairToInvalid } from '../../server/src/lsp/pairs-edits';

const PAIRS = `{
  "version": 1,
  "functions": {
    "max_of": {
      "pairs": [
        { "input": { "a": [5, 5] }, "output": 0, "note": "by hand" },
        { "input": { "a": [] }, "output": 0 }
      ]
    }
  }
}
`;

describe('pairs-file edits', () => {
  it('appends an acceptable output, creating the list, and keeps the rest', () => {
    const next = addAcceptableOutput(PAIRS, 'max_of', { input: { a: [5, 5] }, output: 1, after: null });
    expect(next).not.toBeNull();
    const parsed = JSON.parse(next ?? '') as { functions: { max_of: { acceptable: unknown[]; pairs: unknown[] } } };
    expect(parsed.functions.max_of.acceptable).toEqual([{ input: { a: [5, 5] }, output: 1 }]);
    expect(next).toContain('{ "input": { "a": [5, 5] }, "output": 0, "note": "by hand" }');
  });

  it('appends to an existing acceptable list', () => {
    const once = addAcceptableOutput(PAIRS, 'max_of', { input: { a: [5, 5] }, output: 1, after: null }) ?? '';
    const twice = addAcceptableOutput(once, 'max_of', { input: { a: [7, 7] }, output: 0, after: null }) ?? '';
    const parsed = JSON.parse(twice) as { functions: { max_of: { acceptable: unknown[] } } };
    expect(parsed.functions.max_of.acceptable).toEqual([
      { input: { a: [5, 5] }, output: 1 },
      { input: { a: [7, 7] }, output: 0 },
    ]);
  });

  it('moves a pair to the invalid inputs', () => {
    const next = movePairToInvalid(PAIRS, 'max_of', { a: [] }) ?? '';
    const parsed = JSON.parse(next) as { functions: { max_of: { pairs: unknown[]; invalid: { input: unknown }[] } } };
    expect(parsed.functions.max_of.pairs).toEqual([{ input: { a: [5, 5] }, output: 0, note: 'by hand' }]);
    expect(parsed.functions.max_of.invalid.map((entry) => entry.input)).toEqual([{ a: [] }]);
  });

  it('marks a generated witness as a valid input the user keeps: no origin, so regenerating leaves it', () => {
    const witness = PAIRS.replace(
      '{ "input": { "a": [] }, "output": 0 }',
      '{ "input": { "a": [] }, "output": 0, "origin": "generated", "note": "outside the requires" }',
    );
    const parsed = JSON.parse(keepPairAsValid(witness, 'max_of', { a: [] }) ?? '') as { functions: { max_of: { pairs: object[] } } };
    expect(parsed.functions.max_of.pairs).toEqual([
      { input: { a: [5, 5] }, output: 0, note: 'by hand' },
      { input: { a: [] }, output: 0, note: 'a valid input, kept by hand: the code handles it' },
    ]);
    expect(keepPairAsValid(witness, 'max_of', { a: [9] })).toBeNull();
  });

  it('refuses to edit a file that is not JSON, or an input that is not there', () => {
    expect(addAcceptableOutput('{ "version": ', 'f', { input: {}, output: 1, after: null })).toBeNull();
    expect(movePairToInvalid(PAIRS, 'max_of', { a: [9] })).toBeNull();
  });

  it('moves a pair exactly: the other entries, CRLF line endings and indentation stay byte for byte', () => {
    const crlf = PAIRS.replace(/\n/g, '\r\n');
    expect(movePairToInvalid(crlf, 'max_of', { a: [] })).toBe(
      [
        '{',
        '  "version": 1,',
        '  "functions": {',
        '    "max_of": {',
        '      "pairs": [',
        '        { "input": { "a": [5, 5] }, "output": 0, "note": "by hand" }',
        '      ],',
        '      "invalid": [',
        '        {',
        '          "input": {',
        '            "a": []',
        '          },',
        '          "reason": "marked invalid by hand: the requires rejects it"',
        '        }',
        '      ]',
        '    }',
        '  }',
        '}',
        '',
      ].join('\r\n'),
    );
  });

  it('refuses to edit a file with a key written twice', () => {
    const duplicated = PAIRS.replace('"max_of": {', '"max_of": {},\n    "max_of": {');
    expect(addAcceptableOutput(duplicated, 'max_of', { input: { a: [5, 5] }, output: 1, after: null })).toBeNull();
  });

  it('turns two texts into one replacement that keeps the common prefix and suffix', () => {
    expect(minimalChange('abcXYZdef', 'abc123def')).toEqual({ start: 3, end: 6, newText: '123' });
    expect(minimalChange('same', 'same')).toEqual({ start: 4, end: 4, newText: '' });
  });
});
