// Inputs inside every `requires`: the shape read from the contract (lengths, element ranges and enumerations,
// rows of nested sequences, index relations, parities, distinct elements) is met by construction, so a function
// whose requires fixes its inputs' shape gets pairs, every one of which the requires admits.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { FileModel } from '../../server/src/model';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction, requiresVerdict } from '../../server/src/harness/generate';
import { readShape } from '../../server/src/harness/generate/shape-reader';
import { shapedRows } from '../../server/src/harness/generate/shapes';
import { functionValueTypes } from '../../server/src/harness/score/function-types';
import type { Value, ValueType } from '../../server/src/eval';
import { createRng } from '../../server/src/stdx';

const FIXTURES = path.join(__dirname, '../fixtures/generate/shapes');

function fixture(name: string): FileModel {
  return buildFileModel(parseSourceFile(readFileSync(path.join(FIXTURES, name), 'utf8')));
}

function snippet(body: string): FileModel {
  return buildFileModel(parseSourceFile(`use vstd::prelude::*;\nverus! {\n${body}\n}\n`));
}

/** The function's generated pairs: a full set, each inside the requires. */
function checkPairs(model: FileModel, name: string): void {
  const fn = model.functions.find((f) => f.name === name);
  if (fn === undefined) throw new Error(`no fn ${name}`);
  const generated = generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS);
  expect(generated.notRunnable).toBeUndefined();
  const inside = generated.pairs.filter((pair) => pair.requiresHolds === true);
  expect(inside.length).toBeGreaterThanOrEqual(DEFAULT_GENERATE_OPTIONS.count);
  for (const pair of inside) expect(requiresVerdict(model.scope, fn, pair.inputs, 100_000).kind).toBe('holds');
}

/** Rows built from the shape alone (a row missing a parameter counts as not admitted): the share the requires
 *  admits. */
function admittedShare(model: FileModel, name: string): number {
  const fn = model.functions.find((f) => f.name === name);
  const types = fn === undefined ? undefined : functionValueTypes(fn, model.scope);
  if (fn === undefined || types?.kind !== 'supported') throw new Error(`no supported fn ${name}`);
  const names = [...types.params.keys()];
  const ctx = {
    typeContext: types.typeContext,
    rng: createRng(7),
    literals: { ints: [], strings: [] },
    breadth: 24,
    maxLength: 6,
  };
  const rows = shapedRows(
    ctx,
    readShape(model.scope, fn, types.params, types.typeContext),
    names,
    [...types.params.values()] as ValueType[],
    24,
  );
  expect(rows.length).toBeGreaterThan(0);
  const admitted = rows.filter((row) => {
    const inputs = new Map(names.flatMap((param, i) => (row[i] === undefined ? [] : [[param, row[i] as Value] as const])));
    return inputs.size === names.length && requiresVerdict(model.scope, fn, inputs, 100_000).kind === 'holds';
  });
  return admitted.length / rows.length;
}

describe('pairs for functions whose requires fixes the inputs’ shape', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['exact-lengths.rs', 'count_marked'],
    ['exact-lengths.rs', 'most_frequent'],
    ['related-lengths.rs', 'max_adjacent_sum'],
    ['related-lengths.rs', 'dot'],
    ['related-lengths.rs', 'max_of_shuffled'],
    ['nested.rs', 'count_ones'],
    ['nested.rs', 'busiest_day'],
    ['index-relations.rs', 'range_sums'],
    ['index-relations.rs', 'pair_up'],
    ['const-arrays.rs', 'find_one'],
    ['const-arrays.rs', 'second_smallest'],
  ];
  for (const [file, name] of cases) it(`${file} ${name}`, () => checkPairs(fixture(file), name));

  it('the same seed gives the same pairs, byte for byte', () => {
    const model = fixture('nested.rs');
    const fn = model.functions.find((f) => f.name === 'count_ones');
    if (fn === undefined) throw new Error('no fn');
    const once = JSON.stringify(generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS).pairs.map((pair) => pair.json));
    const again = JSON.stringify(generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS).pairs.map((pair) => pair.json));
    expect(again).toBe(once);
  });
});

describe('rows built from the shape satisfy what it reads', () => {
  const cases: readonly (readonly [string, string])[] = [
    [
      'an exact length with every element enumerated',
      `spec fn is_board(g: Seq<u8>) -> bool { &&& g.len() == 9 &&& forall|i: int| 0 <= i < 9 ==> g[i] == 0u8 || g[i] == 1u8 }
       fn f(grid: &Vec<u8>) -> (r: u8) requires is_board(grid@) ensures r <= 1 { grid[0] }`,
    ],
    [
      'a length equal to a parameter with a lower bound, elements in a range',
      `fn f(a: &Vec<u32>, n: usize) -> (r: u32) requires 2 <= n, a.len() == n, forall|j: int| 0 <= j < a.len() ==> 1 <= a[j] <= 1000 ensures r >= 1 { a[0] }`,
    ],
    [
      'equal lengths within a range',
      `fn f(a: &Vec<i32>, b: &Vec<i32>) -> (r: bool) requires 1 <= a.len() <= 200_000, a.len() == b.len() ensures r { true }`,
    ],
    [
      'rows of one length',
      `fn f(grid: &Vec<Vec<u8>>, n: usize, m: usize) -> (r: usize) requires 1 <= n <= 10, 1 <= m <= 10, grid.len() == n, forall|i: int| 0 <= i < n ==> #[trigger] grid[i].len() == m ensures r == n { n }`,
    ],
    [
      'a view of each row with a fixed length',
      `fn f(days: &Vec<Vec<u32>>) -> (r: usize) requires days.len() >= 1, forall|i: int| 0 <= i < days.len() ==> days@[i].len() == 5 ensures r == 5 { days[0].len() }`,
    ],
    [
      'index pairs ordered within a length',
      `fn f(a: &Vec<u32>, queries: &Vec<(usize, usize)>) -> (r: bool) requires 1 <= a.len() <= 100, forall|k: int| 0 <= k < queries.len() ==> queries[k].0 < queries[k].1 <= a.len() ensures r { true }`,
    ],
    ['a parity', `fn f(n: u32) -> (r: u32) requires n % 2 == 0, n > 7 ensures r == n / 2 { n / 2 }`],
    [
      'distinct elements',
      `fn f(a: &Vec<u8>) -> (r: bool) requires a.len() >= 3, forall|i: int, j: int| 0 <= i < j < a.len() ==> a[i] != a[j] ensures r { true }`,
    ],
    [
      'two vectors equal as multisets',
      `fn f(a: &Vec<u8>, b: &Vec<u8>) -> (r: bool) requires a.len() >= 2, a@.to_multiset() == b@.to_multiset() ensures r { true }`,
    ],
    [
      'the fields of a struct parameter',
      `struct Buffer { items: Vec<u8>, limit: usize }
       fn f(b: &Buffer) -> (r: bool) requires b.items.len() == 4, b.limit <= b.items.len(), forall|i: int| 0 <= i < b.items.len() ==> b.items[i] < 8 ensures r { true }`,
    ],
    [
      'a const-generic array length pinned by the requires',
      `fn f<const N: usize>(a: [u8; N], k: usize) -> (r: u8) requires N == 4, k < N, forall|i: int| 0 <= i < N ==> a[i] < 10 ensures r < 10 { a[k] }`,
    ],
  ];
  for (const [what, text] of cases) it(what, () => expect(admittedShare(snippet(text), 'f')).toBe(1));
});
