// The pairs text a re-score reads: reused entries blanked to their line breaks, kept entries where they were (same
// line, same column), still valid JSON with the kept entries' values, whatever the line endings.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairsLayout, reducePairsText } from '../../server/src/engine/pairs-layout';
import { createLineIndex } from '../../server/src/syntax';

const ROOT = join(__dirname, '..', '..');
const ARITH = readFileSync(join(ROOT, 'test', 'fixtures', 'engine', 'arith-stale.pairs.json'), 'utf8');

describe('reduced pairs text', () => {
  it.each([
    ['\\n', ARITH],
    ['\\r\\n', ARITH.replace(/\n/g, '\r\n')],
    ['one line', JSON.stringify(JSON.parse(ARITH))],
  ])('keeps entries at their line and column (%s line endings)', (_, text) => {
    const layout = pairsLayout(text);
    expect(layout.entries?.map((entry) => entry.name)).toEqual(['double', 'inc', 'identity', 'triple']);
    const reduced = reducePairsText(layout, new Set(['double', 'identity']));
    const value = JSON.parse(reduced) as { functions: Record<string, unknown> };
    expect(Object.keys(value.functions)).toEqual(['inc', 'triple']);
    const original = createLineIndex(text);
    const now = createLineIndex(reduced);
    for (const entry of layout.entries ?? []) {
      if (entry.name === 'double' || entry.name === 'identity') continue;
      const at = now.offsetAt(entry.range.start);
      expect(reduced.slice(at, at + (entry.end - entry.start))).toBe(text.slice(entry.start, entry.end));
      expect(now.positionAt(at)).toEqual(original.positionAt(entry.start));
    }
    expect(reduced.length).toBeLessThanOrEqual(text.length);
  });

  it('keeps the text as it is when nothing is reused', () => {
    expect(reducePairsText(pairsLayout(ARITH), new Set(['absent']))).toBe(ARITH);
  });

  it('is not made for a file it cannot reduce safely', () => {
    expect(pairsLayout('{"functions":{"f":{}},"functions":{}}').entries).toBeNull();
    expect(pairsLayout('\uFEFF{"functions":{"f":{}}}').entries).toBeNull();
  });
});
