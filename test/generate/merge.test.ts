// Merging generated entries into a pairs file: hand-written entries are never changed or dropped, every byte
// outside the generated entries is kept (formatting, key order, line endings, a byte-order mark), generated entries
// are replaced, output is stable, and a broken file or one with a duplicate key is refused.

import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import type { Node as JsonNode } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { mergePairsText } from '../../server/src/harness/generate';
import type { GeneratedEntries } from '../../server/src/harness/generate';
import type { JsonValue } from '../../server/src/eval';

const entry = (origin: 'hand' | 'generated') =>
  fc
    .record({ x: fc.integer({ min: -1000, max: 1000 }), out: fc.integer(), note: fc.constantFrom(undefined, 'é "quoted"', 'tab\there') })
    .map((v): JsonValue => {
      const base: Record<string, JsonValue> = { input: { x: v.x }, output: v.out };
      if (v.note !== undefined) base['note'] = v.note;
      return origin === 'hand' ? base : { ...base, origin: 'generated' };
    });
const fnEntry = fc.record(
  {
    pairs: fc.array(fc.oneof(entry('hand'), entry('generated')), { maxLength: 5 }),
    invalid: fc.array(fc.oneof(entry('hand'), entry('generated')), { maxLength: 3 }),
    acceptable: fc.array(entry('hand'), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const pairsFile = fc
  .dictionary(fc.constantFrom('a', 'b', 'S::m', 'zeta', 'f'), fnEntry, { maxKeys: 4 })
  .map((functions) => ({ version: 1, functions }));
const generated = fc.dictionary(
  fc.constantFrom('a', 'b', 'new_fn', 'f'),
  fc.record({ pairs: fc.array(entry('generated'), { maxLength: 3 }), invalid: fc.array(entry('generated'), { maxLength: 2 }) }),
  { maxKeys: 3 },
);

/** How a person might have formatted the file: any indentation, line ending, spacing, some containers on one line. */
interface Style {
  readonly eol: '\n' | '\r\n';
  readonly unit: string;
  readonly colon: string;
  readonly comma: string;
  readonly byteOrderMark: boolean;
  /** Decides, container by container, whether it is written on one line. */
  readonly seed: number;
}
const style: fc.Arbitrary<Style> = fc.record({
  eol: fc.constantFrom('\n' as const, '\r\n' as const),
  unit: fc.constantFrom('  ', '    ', '\t', ' '),
  colon: fc.constantFrom(': ', ':', ' : '),
  comma: fc.constantFrom(',', ', '),
  byteOrderMark: fc.boolean(),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
});

function formatJson(value: JsonValue, s: Style): string {
  let state = s.seed;
  const oneLine = (): boolean => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return (state >> 16) % 3 === 0;
  };
  const write = (v: JsonValue, indent: string): string => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    const isArray = Array.isArray(v);
    const parts = isArray
      ? v.map((item) => write(item, indent + s.unit))
      : Object.entries(v).map(([k, item]) => `${JSON.stringify(k)}${s.colon}${write(item, indent + s.unit)}`);
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    if (parts.length === 0) return open + close;
    if (oneLine()) return `${open}${parts.map((part) => part.replace(/\r?\n\s*/g, '')).join(s.comma)}${close}`;
    return `${open}${s.eol}${parts.map((part) => indent + s.unit + part).join(`,${s.eol}`)}${s.eol}${indent}${close}`;
  };
  return (s.byteOrderMark ? '\uFEFF' : '') + write(value, '') + s.eol;
}

interface EntryText {
  readonly text: string;
  readonly offset: number;
  readonly generated: boolean;
}

/** Every entry of every list, in file order, with its exact text. */
function entryTexts(text: string): EntryText[] {
  const body = text.replace(/^\uFEFF/, '');
  const shift = text.length - body.length;
  const out: EntryText[] = [];
  const root = parseTree(body);
  const functions = root?.children?.find((p) => p.children?.[0]?.value === 'functions')?.children?.[1];
  for (const fn of functions?.children ?? []) {
    for (const list of fn.children?.[1]?.children ?? []) {
      for (const item of list.children?.[1]?.children ?? []) {
        const generatedEntry = (item.children ?? []).some(
          (p: JsonNode) => p.children?.[0]?.value === 'origin' && p.children?.[1]?.value === 'generated',
        );
        out.push({ text: body.slice(item.offset, item.offset + item.length), offset: item.offset + shift, generated: generatedEntry });
      }
    }
  }
  return out;
}

/** The text with each generated entry, and the commas and white space touching it, taken out. */
function withoutGenerated(text: string): string {
  let out = '';
  let at = 0;
  for (const item of entryTexts(text).filter((e) => e.generated)) {
    let start = item.offset;
    while (start > at && /[\s,]/.test(text[start - 1] ?? '')) start--;
    out += text.slice(at, start);
    at = item.offset + item.text.length;
    while (at < text.length && /[\s,]/.test(text[at] ?? '')) at++;
  }
  return out + text.slice(at);
}

function isSubsequence(needle: string, haystack: string): boolean {
  let at = 0;
  for (let i = 0; i < haystack.length && at < needle.length; i++) if (haystack[i] === needle[at]) at++;
  return at === needle.length;
}

type Fn = { pairs?: JsonValue[]; invalid?: JsonValue[]; acceptable?: JsonValue[] };
const handWritten = (list: readonly JsonValue[] | undefined): JsonValue[] =>
  (list ?? []).filter((e) => (e as { origin?: string }).origin !== 'generated');
const generation = (fresh: Record<string, GeneratedEntries>): Map<string, GeneratedEntries> => new Map(Object.entries(fresh));

describe('mergePairsText', () => {
  it('keeps every byte outside generated entries, in any formatting, and replaces generated entries only of regenerated functions', () => {
    fc.assert(
      fc.property(pairsFile, generated, style, (existing, fresh, s) => {
        const text = formatJson(existing, s);
        const merged = mergePairsText(text, generation(fresh));
        expect(merged.ok).toBe(true);
        if (!merged.ok) return;
        // Hand-written entries: the same text, byte for byte, in the same order.
        expect(
          entryTexts(merged.text)
            .filter((e) => !e.generated)
            .map((e) => e.text),
        ).toEqual(
          entryTexts(text)
            .filter((e) => !e.generated)
            .map((e) => e.text),
        );
        // Everything else: only generated entries and the separators next to them were taken out or put in.
        expect(isSubsequence(withoutGenerated(text), merged.text)).toBe(true);
        if (s.eol === '\r\n') expect(merged.text).not.toMatch(/[^\r]\n/);
        expect(merged.text.startsWith('\uFEFF')).toBe(s.byteOrderMark);
        const out = JSON.parse(merged.text.replace(/^\uFEFF/, '')) as { version: number; functions: Record<string, Fn> };
        expect(out.version).toBe(1);
        for (const [name, fn] of Object.entries(existing.functions as Record<string, Fn>)) {
          const result = out.functions[name] ?? {};
          for (const key of ['pairs', 'invalid', 'acceptable'] as const) {
            expect(handWritten(result[key])).toEqual(handWritten(fn[key]));
            const generatedOut = (result[key] ?? []).filter((e) => !handWritten([e]).length);
            const expected =
              name in fresh && key !== 'acceptable' ? fresh[name]![key] : (fn[key] ?? []).filter((e) => !handWritten([e]).length);
            expect(generatedOut).toEqual(expected);
          }
        }
        // Existing functions keep their order; new ones follow.
        expect(Object.keys(out.functions).slice(0, Object.keys(existing.functions).length)).toEqual(Object.keys(existing.functions));
        // Merging the same generation again changes nothing.
        const again = mergePairsText(merged.text, generation(fresh));
        expect(again.ok && again.text).toBe(merged.text);
      }),
      { numRuns: 200, seed: 42 },
    );
  });

  it('regenerates byte for byte around hand-written text: escapes, key order, 4-space indentation and CRLF kept', () => {
    const before = [
      '{',
      '    "functions": {',
      '        "f": {',
      '            "pairs": [',
      '                { "input": { "x": 18446744073709551615 }, "output": 1.50, "note": "caf\\u00e9" },',
      '                {',
      '                    "input": {',
      '                        "x": 1',
      '                    },',
      '                    "output": 1,',
      '                    "origin": "generated"',
      '                }',
      '            ]',
      '        }',
      '    },',
      '    "version": 1',
      '}',
      '',
    ].join('\r\n');
    const merged = mergePairsText(before, generation({ f: { pairs: [{ input: { x: 2 }, output: 3, origin: 'generated' }], invalid: [] } }));
    expect(merged.ok && merged.text).toBe(
      [
        '{',
        '    "functions": {',
        '        "f": {',
        '            "pairs": [',
        '                { "input": { "x": 18446744073709551615 }, "output": 1.50, "note": "caf\\u00e9" },',
        '                {',
        '                    "input": {',
        '                        "x": 2',
        '                    },',
        '                    "output": 3,',
        '                    "origin": "generated"',
        '                }',
        '            ]',
        '        }',
        '    },',
        '    "version": 1',
        '}',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a one-line file on one line', () => {
    const text = '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":18446744073709551615},"output":1.50}]}}}';
    const merged = mergePairsText(text, generation({ f: { pairs: [{ input: { x: 1 }, output: 2, origin: 'generated' }], invalid: [] } }));
    expect(merged.ok && merged.text).toBe(
      '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":18446744073709551615},"output":1.50},{"input":{"x":1},"output":2,"origin":"generated"}]}}}',
    );
  });

  it('refuses a duplicate function, naming both places, instead of dropping one copy', () => {
    const text =
      '{"version":1,"functions":{"abs":{"pairs":[{"input":{"x":77},"output":77}]},\n"abs":{"pairs":[{"input":{"x":1},"output":1}]}}}';
    expect(mergePairsText(text, generation({ abs: { pairs: [], invalid: [] } }))).toEqual({
      ok: false,
      error: 'duplicate key "abs" at 1:27 and 2:1; keep one before regenerating',
    });
  });

  it('refuses a duplicate list inside a function', () => {
    const text = '{"version":1,"functions":{"abs":{"pairs":[{"input":{"x":77},"output":77}],"pairs":[]}}}';
    expect(mergePairsText(text, generation({ abs: { pairs: [], invalid: [] } }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('duplicate key "pairs" at 1:34 and 1:75'),
    });
  });

  it('accepts a byte-order mark and keeps it', () => {
    const text = '\uFEFF{"version": 1, "functions": {}}\n';
    const merged = mergePairsText(text, generation({ g: { pairs: [{ input: { x: 1 }, output: 1, origin: 'generated' }], invalid: [] } }));
    expect(merged).toEqual({
      ok: true,
      text: '\uFEFF{"version": 1, "functions": {"g":{"pairs":[{"input":{"x":1},"output":1,"origin":"generated"}]}}}\n',
    });
  });

  it('refuses a file nested 10,000 deep with its position, without exhausting the stack', () => {
    const text = `{"version":1,"functions":{"f":{"pairs":[{"input":{"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}}]}}}`;
    expect(mergePairsText(text, generation({ f: { pairs: [], invalid: [] } }))).toEqual({
      ok: false,
      error: '1:561: nested more than 512 levels deep: pairs files are refused beyond that; fix it before regenerating',
    });
  });

  it('refuses a broken file instead of overwriting it, saying where', () => {
    expect(mergePairsText('{"version": 1,', new Map())).toEqual({
      ok: false,
      error: '1:15: JSON syntax error: property name expected; fix it before regenerating',
    });
    expect(mergePairsText('[]', new Map())).toMatchObject({ ok: false });
    expect(mergePairsText('{"version": 2, "functions": {}}', new Map())).toEqual({
      ok: false,
      error: '1:13: the pairs file has an unknown "version" (expected 1)',
    });
    expect(mergePairsText('{"version": 1, "functions": {"f": {"pairs": 3}}}', new Map())).toMatchObject({ ok: false });
  });

  it('creates a file when there is none', () => {
    const merged = mergePairsText(
      null,
      new Map([['g', { pairs: [], invalid: [{ input: { x: 0 }, reason: 'attempt to divide by zero', origin: 'generated' }] }]]),
    );
    expect(merged.ok && JSON.parse(merged.text)).toEqual({
      version: 1,
      functions: { g: { invalid: [{ input: { x: 0 }, reason: 'attempt to divide by zero', origin: 'generated' }] } },
    });
  });
});
