// The clean-file reader (JSON.parse + a character scan) and the tree reader (jsonc-parser) give the same pairs file:
// same values, JSON as written, entry and key ranges, and no diagnostics. Anything to diagnose goes to the tree
// reader, so diagnostics keep their exact positions (pairs-file.test.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { FileModel } from '../../server/src/model';
import { parsePairsFile } from '../../server/src/harness';
import { parsePairsFileWithTree } from '../../server/src/harness/pairs';
import { cleanFunctionEntries, readPairsDocument, scanPairsLayout } from '../../server/src/harness/pairs';

const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');

function expectSameAsTree(text: string, model: FileModel): void {
  const fast = parsePairsFile(text, model);
  const tree = parsePairsFileWithTree(text, model);
  expect(fast).toEqual(tree);
  expect([...fast.file.functions.keys()]).toEqual([...tree.file.functions.keys()]);
}

describe('the clean reader', () => {
  const examples = readdirSync(EXAMPLES).filter((name) => name.endsWith('.pairs.json'));

  it('reads every example as the tree reader does, however the JSON is laid out', () => {
    expect(examples.length).toBeGreaterThan(5);
    for (const name of examples) {
      const text = readFileSync(join(EXAMPLES, name), 'utf8');
      const model = buildFileModel(parseSourceFile(readFileSync(join(EXAMPLES, name.replace(/\.pairs\.json$/, '.rs')), 'utf8')));
      expect(parsePairsFileWithTree(text, model).diagnostics, name).toEqual([]);
      const value: unknown = JSON.parse(text);
      for (const layout of [
        text,
        JSON.stringify(value),
        JSON.stringify(value, null, '\t'),
        `\r\n ${JSON.stringify(value, null, 1).replace(/\n/g, '\r\n')} \n`,
      ]) {
        expectSameAsTree(layout, model);
      }
    }
  });

  it('agrees on strings with escapes, brackets and quotes, big integers, &mut after-values and invalid inputs', () => {
    const model = buildFileModel(
      parseSourceFile(`verus! {
fn greet(s: &str, v: &mut Vec<u64>) -> (r: String) requires s@.len() < 100 ensures r@ == s@, v@ == old(v)@.push(1), { s.to_string() }
fn tab(x: u8) -> (r: u8) requires x < 200 ensures r == x { x }
}`),
    );
    const text = String.raw`{"version":1,"functions":{
      "gr\u0065et": { "pairs": [
        { "input": { "s": "a]}\"{[\\", "v": ["18446744073709551615"] }, "output": "a]}\"{[\\", "after": { "v": ["18446744073709551615", 1] }, "origin": "generated" },
        { "input": { "s": "", "v": [] }, "output": "", "after": { "v": [1] }, "note": "empty" } ] },
      "tab": { "invalid": [ { "input": { "x": 250 }, "reason": "too big" } ], "pairs": [ { "input": { "x": 3 }, "output": 3 } ] }
    }}`;
    expectSameAsTree(text, model);
    const greet = parsePairsFile(text, model).file.functions.get('greet');
    expect(greet?.pairs[0]?.inputJson).toEqual({ s: 'a]}"{[\\', v: ['18446744073709551615'] });
    // The same big integers as JSON numbers: JSON.parse would round them, so the clean reader leaves them to the tree.
    const numbers = text.replace(/"18446744073709551615"/g, '18446744073709551615');
    expect(numbers).not.toBe(text);
    expectSameAsTree(numbers, model);
    const values = (pairs: string): unknown =>
      parsePairsFile(pairs, model)
        .file.functions.get('greet')
        ?.pairs.map(({ inputs, inputJson, output, outputJson, after, afterJson }) => ({
          inputs,
          inputJson,
          output,
          outputJson,
          after,
          afterJson,
        }));
    expect(values(numbers)).toEqual(values(text));
    expect(greet?.nameRange).toEqual({ start: { line: 1, character: 6 }, end: { line: 1, character: 18 } });
  });

  it('leaves every file with something to diagnose to the tree reader (same diagnostics)', () => {
    const model = buildFileModel(parseSourceFile('verus! { fn f(x: u8) -> (r: u8) ensures r == x { x } spec fn g(x: int) -> int { x } }'));
    for (const text of [
      '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":1},"output":1}]},"f":{"pairs":[]}}}',
      '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":300},"output":1}]}}}',
      '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":1,"y":2},"output":1}]}}}',
      '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":1}}]}}}',
      '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":1},"output":1,"after":{"x":1}}]}}}',
      '{"version":1,"functions":{"f":{"acceptable":[{"input":{"x":1},"output":1}]}}}',
      '{"version":1,"functions":{"g":{"pairs":[]}}}',
      '{"version":1,"functions":{"h":{"pairs":[]}}}',
      '{"version":2,"functions":{}}',
    ]) {
      const fast = parsePairsFile(text, model);
      expect(fast.diagnostics.length, text).toBeGreaterThan(0);
      expect(fast).toEqual(parsePairsFileWithTree(text, model));
    }
  });

  it('leaves a layout it does not expect to the tree reader (a repeated list: the last one counts)', () => {
    const model = buildFileModel(parseSourceFile('verus! { fn f(x: u8) -> (r: u8) ensures r == x { x } }'));
    const text = '{"version":1,"functions":{"f":{"pairs":[{"input":{"x":1},"output":1}],"pairs":[{"input":{"x":2},"output":2}]}}}';
    expectSameAsTree(text, model);
    expect(
      parsePairsFile(text, model)
        .file.functions.get('f')
        ?.pairs.map((pair) => pair.outputJson),
    ).toEqual([2]);
  });
});

describe('the layout scan', () => {
  it('finds function keys and entry objects, quotes included, skipping other properties', () => {
    const text = '{ "$schema": "x{", "functions": { "a\\"b": { "pairs": [ {"input":{}} , { } ], "invalid": [] } }, "version": 1 }';
    const layout = scanPairsLayout(text);
    const fn = layout?.functions[0];
    expect(fn?.name).toBe('a"b');
    expect(text.slice(fn?.key.offset, (fn?.key.offset ?? 0) + (fn?.key.length ?? 0))).toBe('"a\\"b"');
    expect(fn?.entries.get('pairs')?.map((slice) => text.slice(slice.offset, slice.offset + slice.length))).toEqual([
      '{"input":{}}',
      '{ }',
    ]);
    expect(fn?.entries.get('invalid')).toEqual([]);
  });

  it('finds each function entry where the tree reader does, on every example however laid out', () => {
    for (const name of readdirSync(EXAMPLES).filter((file) => file.endsWith('.pairs.json'))) {
      const value: unknown = JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8'));
      for (const text of [
        JSON.stringify(value, null, 2),
        JSON.stringify(value),
        `\r\n ${JSON.stringify(value, null, 1).replace(/\n/g, '\r\n')} \n`,
      ]) {
        const tree = readPairsDocument(text).functionEntries.map(({ name: fn, property }) => ({ name: fn, property }));
        expect(cleanFunctionEntries(text), name).toEqual(tree);
      }
    }
  });

  it('leaves anything but a clean object of functions to the tree reader', () => {
    for (const text of [
      '{"functions":[]}',
      '[]',
      '{"functions":{"f":{}},"functions":{}}',
      '{"functions":{"f":{},"f":{}}}',
      '\uFEFF{"functions":{}}',
      '{"functions":{',
    ]) {
      expect(cleanFunctionEntries(text), text).toBeUndefined();
    }
  });

  it('gives up on a second "functions" or a repeated list', () => {
    expect(scanPairsLayout('{"functions":{},"functions":{}}')).toBeUndefined();
    expect(scanPairsLayout('{"functions":{"f":{"pairs":[],"pairs":[]}}}')).toBeUndefined();
  });
});
