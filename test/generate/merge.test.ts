// Merging generated entries into a pairs file: hand-written entries are never changed or dropped, generated ones
// are replaced, output is stable, and a broken file is refused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergePairsText } from '../../server/src/harness/generate';
import type { JsonValue } from '../../server/src/eval';

const entry = (origin: 'hand' | 'generated') =>
  fc.record({ x: fc.integer({ min: -1000, max: 1000 }), out: fc.integer() }).map((v): JsonValue =>
    origin === 'hand' ? { input: { x: v.x }, output: v.out } : { input: { x: v.x }, output: v.out, origin: 'generated' },
  );
const fnEntry = fc.record({
  pairs: fc.array(fc.oneof(entry('hand'), entry('generated')), { maxLength: 5 }),
  invalid: fc.array(fc.oneof(entry('hand'), entry('generated')), { maxLength: 3 }),
  acceptable: fc.array(entry('hand'), { maxLength: 2 }),
});
const pairsFile = fc.dictionary(fc.constantFrom('a', 'b', 'S::m', 'zeta', 'f'), fnEntry, { maxKeys: 4 }).map((functions) => ({ version: 1, functions }));
const generated = fc.dictionary(fc.constantFrom('a', 'b', 'new_fn', 'f'), fc.record({ pairs: fc.array(entry('generated'), { maxLength: 3 }), invalid: fc.array(entry('generated'), { maxLength: 2 }) }), { maxKeys: 3 });

type Fn = { pairs?: JsonValue[]; invalid?: JsonValue[]; acceptable?: JsonValue[] };
const handWritten = (list: readonly JsonValue[] | undefined): JsonValue[] => (list ?? []).filter((e) => (e as { origin?: string }).origin !== 'generated');

describe('mergePairsText', () => {
  it('never loses or changes a hand-written entry, and replaces generated entries only of regenerated functions', () => {
    fc.assert(
      fc.property(pairsFile, generated, fc.boolean(), (existing, fresh, compact) => {
        const text = compact ? JSON.stringify(existing) : JSON.stringify(existing, null, 4);
        const merged = mergePairsText(text, new Map(Object.entries(fresh)));
        expect(merged.ok).toBe(true);
        if (!merged.ok) return;
        const out = JSON.parse(merged.text) as { version: number; functions: Record<string, Fn> };
        expect(out.version).toBe(1);
        for (const [name, fn] of Object.entries(existing.functions as Record<string, Fn>)) {
          const result = out.functions[name] ?? {};
          for (const key of ['pairs', 'invalid', 'acceptable'] as const) {
            expect(handWritten(result[key])).toEqual(handWritten(fn[key]));
            const generatedOut = (result[key] ?? []).filter((e) => !handWritten([e]).length);
            const expected = name in fresh && key !== 'acceptable' ? fresh[name]![key] : (fn[key] ?? []).filter((e) => !handWritten([e]).length);
            expect(generatedOut).toEqual(expected);
          }
        }
        expect(Object.keys(out.functions)).toEqual(Object.keys(out.functions).slice().sort());
        // Merging the same generation again changes nothing.
        const again = mergePairsText(merged.text, new Map(Object.entries(fresh)));
        expect(again.ok && again.text).toBe(merged.text);
      }),
      { numRuns: 200, seed: 42 },
    );
  });
  it('keeps big integers written by hand digit for digit, and writes 2-space JSON', () => {
    const text = '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":18446744073709551615},"output":1.50}]}}}';
    const merged = mergePairsText(text, new Map([['f', { pairs: [{ input: { x: 1 }, output: 2, origin: 'generated' }], invalid: [] }]]));
    expect(merged.ok && merged.text).toBe(
      `{
  "version": 1,
  "functions": {
    "f": {
      "pairs": [
        {
          "input": {
            "x": 18446744073709551615
          },
          "output": 1.50
        },
        {
          "input": {
            "x": 1
          },
          "output": 2,
          "origin": "generated"
        }
      ]
    }
  }
}
`,
    );
  });
  it('refuses a broken file instead of overwriting it', () => {
    expect(mergePairsText('{"version": 1,', new Map())).toMatchObject({ ok: false });
    expect(mergePairsText('[]', new Map())).toMatchObject({ ok: false });
    expect(mergePairsText('{"version": 2, "functions": {}}', new Map())).toMatchObject({ ok: false });
    expect(mergePairsText('{"version": 1, "functions": {"f": {"pairs": 3}}}', new Map())).toMatchObject({ ok: false });
  });
  it('creates a file when there is none', () => {
    const merged = mergePairsText(null, new Map([['g', { pairs: [], invalid: [{ input: { x: 0 }, reason: 'attempt to divide by zero', origin: 'generated' }] }]]));
    expect(merged.ok && JSON.parse(merged.text)).toEqual({ version: 1, functions: { g: { invalid: [{ input: { x: 0 }, reason: 'attempt to divide by zero', origin: 'generated' }] } } });
  });
});
