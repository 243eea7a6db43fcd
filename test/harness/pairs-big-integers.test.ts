// Integers beyond 2^53 written as plain JSON numbers in a pairs file: read from the digits of the token (a double
// would round 18446744073709551615 to 18446744073709552000), in inputs, outputs, invalid inputs and acceptable
// outputs, and shown with those digits in every message. Reports carry them as serde_json's decimal strings, so the
// held-out split hashes them as it hashed the decimal strings that were the only way to write them before.

import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { FileModel } from '../../server/src/model';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, parsePairsFile } from '../../server/src/harness';
import type { ParsedPairsFile } from '../../server/src/harness';
import { parsePairsFileWithTree } from '../../server/src/harness/pairs';
import { isHeldOut } from '../../server/src/harness/score/held-out';
import type { Value } from '../../server/src/eval';

const SOURCE = `verus! {
fn id(x: u64) -> (r: u64) ensures r == x { x }
fn below(x: i128) -> (r: i128) requires x > i128::MIN ensures r < x { x - 1 }
fn pick(a: u128, b: u128) -> (r: u128) ensures r == a || r == b { a }
fn flag(b: bool) -> (r: bool) ensures r == b { b }
}`;
const MODEL: FileModel = buildFileModel(parseSourceFile(SOURCE));

function pairsText(functions: Record<string, string>): string {
  const entries = Object.entries(functions).map(([name, entry]) => `"${name}": ${entry}`);
  return `{"version": 1, "functions": {\n${entries.join(',\n')}\n}}`;
}

/** Both readers, which must agree; the values of each entry as `name: inputs -> output`. */
function read(text: string): { parsed: ParsedPairsFile; values: string[] } {
  const parsed = parsePairsFile(text, MODEL);
  expect(parsed).toEqual(parsePairsFileWithTree(text, MODEL));
  const shown = (value: Value | undefined): string => (value?.kind === 'int' ? `${value.value}` : String(value?.kind));
  const values = [...parsed.file.functions].flatMap(([name, entry]) =>
    [...entry.pairs, ...entry.invalid, ...entry.acceptable].map((item) => {
      const inputs = [...item.inputs].map(([param, value]) => `${param}=${shown(value)}`).join(' ');
      return 'output' in item ? `${name}: ${inputs} -> ${shown(item.output)}` : `${name}: ${inputs} invalid`;
    }),
  );
  return { parsed, values };
}

function messages(parsed: ParsedPairsFile): string[] {
  return parsed.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

describe('integers beyond 2^53 as JSON numbers', () => {
  it('decode exactly in pairs, invalid inputs and acceptable outputs, u64 to i128', () => {
    const text = pairsText({
      id: '{"pairs": [{"input": {"x": 18446744073709551615}, "output": 18446744073709551615}]}',
      below: `{"pairs": [{"input": {"x": -9223372036854775809}, "output": -9223372036854775810}],
               "invalid": [{"input": {"x": -170141183460469231731687303715884105728}}]}`,
      pick: `{"pairs": [{"input": {"a": 340282366920938463463374607431768211455, "b": 9007199254740993}, "output": 340282366920938463463374607431768211455}],
              "acceptable": [{"input": {"a": 340282366920938463463374607431768211455, "b": 9007199254740993}, "output": 9007199254740993}]}`,
    });
    const { parsed, values } = read(text);
    expect(parsed.diagnostics).toEqual([]);
    expect(values).toEqual([
      'id: x=18446744073709551615 -> 18446744073709551615',
      'below: x=-9223372036854775809 -> -9223372036854775810',
      'below: x=-170141183460469231731687303715884105728 invalid',
      'pick: a=340282366920938463463374607431768211455 b=9007199254740993 -> 340282366920938463463374607431768211455',
      'pick: a=340282366920938463463374607431768211455 b=9007199254740993 -> 9007199254740993',
    ]);
  });

  it('keep the digits as written in the JSON the report carries, as serde_json writes them', () => {
    const text = pairsText({ id: '{"pairs": [{"input": {"x": 18446744073709551615}, "output": 18446744073709551615}]}' });
    const pair = read(text).parsed.file.functions.get('id')?.pairs[0];
    expect(pair?.inputJson).toEqual({ x: '18446744073709551615' });
    expect(pair?.outputJson).toBe('18446744073709551615');
  });

  it('report a value out of range, and a number where another type belongs, with the digits as written', () => {
    const text = pairsText({
      id: '{"pairs": [{"input": {"x": 18446744073709551616}, "output": 1}]}',
      flag: '{"pairs": [{"input": {"b": 18446744073709551615}, "output": true}]}',
    });
    expect(messages(read(text).parsed)).toEqual([
      '2:34 parameter `x: u64`: 18446744073709551616 is out of range for u64 (0..=18446744073709551615)',
      '3:36 parameter `b: bool`: expected a boolean, found 18446744073709551615',
    ]);
  });

  it('report a wrong expected output with the digits as written', () => {
    const text = pairsText({ id: '{"pairs": [{"input": {"x": 18446744073709551615}, "output": 18446744073709551614}]}' });
    const report = checkFileSync({ path: 'big.rs', text: SOURCE, pairsPath: 'big.pairs.json', pairsText: text }, DEFAULT_CHECK_OPTIONS);
    expect(report.diagnostics.map((d) => d.message).filter((message) => message.includes('id('))).toEqual([
      '`id(18446744073709551615)` returns 18446744073709551615; this pair says 18446744073709551614',
      'rejects the correct output id(18446744073709551615) = 18446744073709551614 (clause 1) (PostCorr 0.00)',
    ]);
  });

  it('leave a number with a fraction or an exponent a double, refused as an integer', () => {
    const text = pairsText({ id: '{"pairs": [{"input": {"x": 1e19}, "output": 18446744073709551615.0}]}' });
    expect(messages(read(text).parsed)).toEqual([
      '2:34 parameter `x: u64`: 10000000000000000000 is beyond 2^53 and may have lost precision; write its digits in full',
      '2:51 the output: 18446744073709552000 is beyond 2^53 and may have lost precision; write its digits in full',
    ]);
  });

  it('are checked by the schema as numbers, as JSON.parse gives them to the clean reader', () => {
    const text = pairsText({ id: '{"pairs": [{"input": {"x": 1}, "output": 1, "note": 18446744073709551615}]}' });
    expect(messages(read(text).parsed)).toEqual(['2:59 expected a string in functions.id.pairs[0].note']);
  });

  it('fall on the side of the held-out split their decimal string did, and small numbers keep theirs', () => {
    const written = (x: string): unknown =>
      read(pairsText({ id: `{"pairs": [{"input": {"x": ${x}}, "output": ${x}}]}` })).parsed.file.functions.get('id')?.pairs[0]?.inputJson;
    expect(written('18446744073709551615')).toEqual(written('"18446744073709551615"'));
    expect(written('12')).toEqual({ x: 12 });
    // The split of small inputs, pinned: it must not move for existing files.
    const sides = [12, 13, 14, 15, 16, 17, 18, 19, 20].map((x) => isHeldOut({ x }, 3));
    expect(sides).toMatchInlineSnapshot(`
      [
        false,
        false,
        false,
        false,
        false,
        false,
        false,
        false,
        true,
      ]
    `);
  });
});
