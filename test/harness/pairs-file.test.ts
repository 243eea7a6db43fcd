// Pairs files: every mistake is diagnosed at its exact position (line:col-line:col, 1-based here for reading),
// broken entries are skipped, and the rest still load.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { parsePairsFile } from '../../server/src/harness';
import type { ParsedPairsFile } from '../../server/src/harness';

const FIXTURES = join(__dirname, '..', 'fixtures', 'harness');
const SOURCE = readFileSync(join(FIXTURES, 'pairs-errors.rs'), 'utf8');

function parse(pairsText: string, source = SOURCE): ParsedPairsFile {
  return parsePairsFile(pairsText, buildFileModel(parseSourceFile(source)));
}

function diagnosticLines(parsed: ParsedPairsFile): string[] {
  return parsed.diagnostics.map(
    (d) =>
      `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${d.severity} ${d.message}`,
  );
}

function loaded(parsed: ParsedPairsFile): Record<string, [number, number, number]> {
  const result: Record<string, [number, number, number]> = {};
  for (const [name, entry] of parsed.file.functions) result[name] = [entry.pairs.length, entry.invalid.length, entry.acceptable.length];
  return result;
}

describe('a pairs file with mistakes', () => {
  const parsed = parse(readFileSync(join(FIXTURES, 'pairs-errors.pairs.json'), 'utf8'));

  it('reports each one at its exact position', () => {
    expect(diagnosticLines(parsed)).toEqual([
      '7:31-7:36 error parameter `a: &Vec<i32>`: expected an integer (i32), found string "two"',
      '8:32-8:35 error `max_of` has no parameter `b`; expected `a`',
      '9:20-9:21 error missing parameter `a: &Vec<i32>` in this input',
      '10:9-10:10 error missing "output": `max_of` returns a value',
      '11:44-11:54 error the output: 2147483648 is out of range for i32 (-2147483648..=2147483647)',
      '12:58-12:61 error "after" is only for `&mut` parameters, and `a` is not one',
      '13:47-13:57 error unknown property "expected" in functions.max_of.pairs[7]; expected "input", "output", "after", "origin", "note"',
      '16:43-16:45 error expected a string in functions.max_of.invalid[0].reason',
      '22:42-22:50 error `Solution::push_twice` returns `()`: remove "output" (give `&mut` results in "after")',
      '23:9-23:10 error missing "after" value of `&mut` parameter `v`',
      '26:5-26:14 error unknown function `max_off`: no exec fn with this name in the source file; did you mean `max_of`?',
      '27:5-27:13 warning `helper` is a spec fn: only exec fns are scored',
    ]);
  });

  it('skips the broken entries and loads the rest', () => {
    expect(loaded(parsed)).toEqual({ max_of: [1, 0, 0], 'Solution::push_twice': [1, 0, 0] });
    const pair = parsed.file.functions.get('max_of')?.pairs[0];
    expect(pair?.inputs.get('a')).toEqual({ kind: 'seq', elements: [1n, 5n, 3n].map((value) => ({ kind: 'int', value })) });
    expect(pair?.range).toEqual({ start: { line: 5, character: 8 }, end: { line: 5, character: 52 } });
  });
});

describe('JSON syntax errors', () => {
  it('are reported where they are, and what parsed still loads', () => {
    const text = [
      '{',
      '  "version": 1,',
      '  // a comment',
      '  "functions": {',
      '    "max_of": { "pairs": [ { "input": { "a": [1, 2,] }, "output": 2 }, { "input": { "a": [3] }, "output": 3 } ] }',
      '  }',
      '}',
    ].join('\n');
    const parsed = parse(text);
    expect(diagnosticLines(parsed)).toEqual([
      '3:3-3:15 error JSON syntax error: comments are not allowed in JSON',
      '5:52-5:53 error JSON syntax error: value expected',
    ]);
    expect(loaded(parsed)).toEqual({ max_of: [2, 0, 0] });
  });

  it('reports an unterminated file at its end', () => {
    const parsed = parse('{ "version": 1, "functions": { "max_of": { "pairs": [');
    expect(parsed.diagnostics.length).toBeGreaterThan(0);
    expect(parsed.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    expect(diagnosticLines(parsed)[0]).toMatch(/^1:5\d-1:5\d error JSON syntax error/);
  });

  it('reports an empty file', () => {
    expect(diagnosticLines(parse(''))).toEqual(['1:1-1:1 error the pairs file is empty']);
  });
});

describe('schema violations', () => {
  it('point at the offending node: version, unknown top-level property, wrong list type', () => {
    const text = '{\n  "version": 2,\n  "extra": true,\n  "functions": { "max_of": { "pairs": {} } }\n}';
    expect(diagnosticLines(parse(text))).toEqual([
      '2:14-2:15 error version must be 1',
      '3:3-3:10 error unknown property "extra"; expected "version", "functions"',
      '4:39-4:41 error expected an array in functions.max_of.pairs',
    ]);
  });

  it('reports a missing required property at the object that lacks it', () => {
    expect(diagnosticLines(parse('{ "version": 1 }'))).toEqual(['1:1-1:2 error missing property "functions"']);
    expect(diagnosticLines(parse('{ "version": 1, "functions": { "max_of": { "pairs": [ { "output": 1 } ] } } }'))).toEqual([
      '1:55-1:56 error missing property "input" in functions.max_of.pairs[0]',
    ]);
  });

  it('reports a duplicate function entry', () => {
    const text = '{ "version": 1, "functions": { "max_of": {}, "max_of": {} } }';
    const message = 'duplicate key "max_of" at 1:32 and 1:46: keep one (tools refuse to rewrite this file until then)';
    expect(diagnosticLines(parse(text))).toEqual([`1:32-1:40 error ${message}`, `1:46-1:54 error ${message}`]);
  });
});

describe('hostile and unusual files', () => {
  const entry = '{ "input": { "a": [1, 5, 3] }, "output": 5 }';

  it('diagnoses a key written twice inside an entry at both places (JSON.parse would keep the last silently)', () => {
    const text = '{ "version": 1, "functions": { "max_of": { "pairs": [ { "input": { "a": [1] }, "output": 1, "output": 2 } ] } } }';
    const message = 'duplicate key "output" at 1:80 and 1:93: keep one (tools refuse to rewrite this file until then)';
    expect(diagnosticLines(parse(text))).toEqual([`1:80-1:88 error ${message}`, `1:93-1:101 error ${message}`]);
  });

  it('refuses a file nested 10,000 deep with one diagnostic at the bracket too deep, and does not throw', () => {
    const text = `{ "version": 1, "functions": { "max_of": { "pairs": [ { "input": { "a": ${'['.repeat(10_000)}${']'.repeat(10_000)} }, "output": 1 } ] } } }`;
    const parsed = parse(text);
    expect(diagnosticLines(parsed)).toEqual(['1:579-1:580 error nested more than 512 levels deep: pairs files are refused beyond that']);
    expect(loaded(parsed)).toEqual({});
  });

  it('reads a file with a byte-order mark, with positions as editors show them', () => {
    const text = `\uFEFF{ "version": 1, "functions": { "max_of": { "pairs": [ ${entry} ], "nope": [] } } }`;
    const parsed = parse(text);
    expect(loaded(parsed)).toEqual({ max_of: [1, 0, 0] });
    expect(diagnosticLines(parsed)).toEqual([
      '1:103-1:109 error unknown property "nope" in functions.max_of; expected "pairs", "invalid", "acceptable"',
    ]);
  });

  it('reads a file with CRLF line endings, with the same lines and columns as with LF', () => {
    const text = `{\n  "version": 1,\n  "functions": {\n    "max_of": {\n      "pairs": [ ${entry} ],\n      "nope": []\n    }\n  }\n}\n`;
    const lf = parse(text);
    const crlf = parse(text.replace(/\n/g, '\r\n'));
    expect(loaded(crlf)).toEqual({ max_of: [1, 0, 0] });
    expect(diagnosticLines(crlf)).toEqual(diagnosticLines(lf));
    expect(diagnosticLines(crlf)).toEqual([
      '6:7-6:13 error unknown property "nope" in functions.max_of; expected "pairs", "invalid", "acceptable"',
    ]);
  });
});

describe('values', () => {
  it('point a nested codec error at the exact element', () => {
    const text = '{ "version": 1, "functions": { "max_of": { "pairs": [ { "input": { "a": [1, [2], 3] }, "output": 1 } ] } } }';
    const lines = diagnosticLines(parse(text));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^1:77-1:80 error parameter `a: &Vec<i32>`: expected an integer/);
  });

  it('decode integers beyond 2^53 given as decimal strings', () => {
    const source = 'verus! { fn big(x: u64) -> (r: u64) ensures r == x, { x } }';
    const parsed = parse(
      '{ "version": 1, "functions": { "big": { "pairs": [ { "input": { "x": "18446744073709551615" }, "output": "18446744073709551615" } ] } } }',
      source,
    );
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.file.functions.get('big')?.pairs[0]?.output).toEqual({ kind: 'int', value: 18446744073709551615n });
  });
});

describe('acceptable outputs', () => {
  it('warn when no pair has their input (they would never be used)', () => {
    const text =
      '{ "version": 1, "functions": { "max_of": { "pairs": [ { "input": { "a": [1] }, "output": 1 } ],\n "acceptable": [ { "input": { "a": [2, 2] }, "output": 2 } ] } } }';
    expect(diagnosticLines(parse(text))).toEqual([
      '2:18-2:59 warning no pair has this input, so this acceptable output is never used: add the pair with its correct output',
    ]);
  });
});

describe('robustness', () => {
  it('never throws, on any text or any JSON', async () => {
    const fc = await import('fast-check');
    const model = buildFileModel(parseSourceFile(SOURCE));
    const fixture = readFileSync(join(FIXTURES, 'pairs-errors.pairs.json'), 'utf8');
    fc.assert(
      fc.property(fc.string(), (text) => {
        parsePairsFile(text, model);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        parsePairsFile(JSON.stringify({ version: 1, functions: { max_of: { pairs: [{ input: { a: value }, output: value }] } } }), model);
      }),
      { numRuns: 200 },
    );
    // Any truncation of a real pairs file still parses, with diagnostics.
    fc.assert(
      fc.property(fc.nat(fixture.length), (cut) => {
        const parsed = parsePairsFile(fixture.slice(0, cut), model);
        expect(parsed.diagnostics.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});
