// What the shape reader takes from a `requires`: each unknown (an integer parameter, a length, an element or a
// tuple field under a `forall`, a row's length) with the bounds the clauses give it once closed, plus enumerations,
// moduli and distinct elements. What it cannot read adds nothing (the evaluator still decides the whole requires).

import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { readShape } from '../../server/src/harness/generate/shape-reader';
import { boundsOf, closedSystem, fixValue } from '../../server/src/harness/generate/shape-system';
import { functionValueTypes } from '../../server/src/harness/score/function-types';

/** `key: low..high` per unknown (an end left out when unbounded or at its type's limit), then the extras. */
function shapeOf(body: string): string[] {
  const model = buildFileModel(parseSourceFile(`use vstd::prelude::*;\nverus! {\n${body}\n}\n`));
  const fn = model.functions.find((f) => f.name === 'f');
  const types = fn === undefined ? undefined : functionValueTypes(fn, model.scope);
  if (fn === undefined || types?.kind !== 'supported') throw new Error('no supported fn f');
  const shape = readShape(model.scope, fn, types.params, types.typeContext);
  const system = closedSystem(shape.unknowns.length, shape.differences);
  if (system === undefined) return ['contradiction'];
  const typeLimit = (value: bigint | undefined): boolean => value === undefined || value > 1_000_000n || value < -1_000_000n;
  const conditional = shape.conditional.length === 0 ? [] : [`${shape.conditional.length} conditional difference`];
  const unknowns = shape.unknowns.map((unknown, i) => {
    const { low, high } = boundsOf(system, i + 1);
    const range = `${typeLimit(low) ? '' : String(low)}..${typeLimit(high) ? '' : String(high)}`;
    const members = shape.members.get(i + 1);
    const modulus = shape.moduli.get(i + 1);
    const extras = [
      members === undefined ? '' : ` in {${members.join(', ')}}`,
      modulus === undefined ? '' : ` % ${modulus.modulus} == ${modulus.remainder}`,
      shape.distinct.has(i + 1) ? ' distinct' : '',
    ];
    return `${unknown.key}: ${range}${extras.join('')}`;
  });
  return [...unknowns, ...conditional];
}

describe('the shape read from a requires', () => {
  it('exact lengths and enumerations, through a spec fn', () => {
    expect(
      shapeOf(`spec fn is_board(g: Seq<u8>) -> bool { &&& g.len() == 9 &&& forall|i: int| 0 <= i < 9 ==> g[i] == 0u8 || g[i] == 1u8 }
               fn f(grid: &Vec<u8>) requires is_board(grid@) {}`),
    ).toEqual(['len grid: 9..9', 'grid[*]: 0..255 in {0, 1}']);
  });
  it('a length equal to a parameter bounded below, elements in a range', () => {
    expect(
      shapeOf(`fn f(a: &Vec<u32>, n: usize) requires 2 <= n, a.len() == n, forall|j: int| 0 <= j < a.len() ==> 1 <= a[j] <= 1000 {}`),
    ).toEqual(['n: 2..', 'len a: 2..', 'a[*]: 1..1000']);
  });
  it('rows of one length, and cells enumerated', () => {
    expect(
      shapeOf(`fn f(grid: &Vec<Vec<u8>>, n: usize, m: usize) requires 1 <= n <= 10, 1 <= m <= 10, grid.len() == n,
                 forall|i: int| 0 <= i < n ==> #[trigger] grid[i].len() == m,
                 forall|i: int, j: int| 0 <= i < n && 0 <= j < m ==> grid[i][j] == 0u8 || grid[i][j] == 1u8 {}`),
    ).toEqual(['n: 1..10', 'm: 1..10', 'len grid: 1..10', 'len grid[*]: 1..10', 'grid[*][*]: 0..255 in {0, 1}']);
  });
  it('tuple fields related to each other and to a length', () => {
    expect(
      shapeOf(`fn f(a: &Vec<u32>, q: &Vec<(usize, usize)>) requires 1 <= a.len() <= 100,
                 forall|k: int| 0 <= k < q.len() ==> q[k].0 < q[k].1 <= a.len() {}`),
    ).toEqual(['len a: 1..100', 'q[*].0: 0..99', 'q[*].1: 1..100']);
  });
  it('a parity, a negative bound, a constant and a const generic', () => {
    expect(
      shapeOf(
        `const LIMIT: i32 = 50; fn f<const N: usize>(n: i32, a: [i8; N]) requires N == 4, n % 2 == 0, -LIMIT <= n, n < LIMIT, forall|i: int| 0 <= i < N ==> a[i] > -3 {}`,
      ),
    ).toEqual(['n: -50..49 % 2 == 0', 'a[*]: -2..127']);
  });
  it('distinct elements, and elements of two sequences left unrelated', () => {
    expect(
      shapeOf(`fn f(a: &Vec<u8>, b: &Vec<u8>) requires forall|i: int, j: int| 0 <= i < j < a.len() ==> a[i] != a[j],
                 forall|i: int| 0 <= i < a.len() ==> a[i] < b[i] {}`),
    ).toEqual(['a[*]: 0..255 distinct']);
  });
  it('an implication outside a forall is kept apart: enough, not needed', () => {
    const body = `fn f(a: &Vec<u8>, n: usize) requires n > 0 ==> a.len() > 3, n < 5 {}`;
    expect(shapeOf(body)).toEqual(['len a: 0..', 'n: 0..4', '1 conditional difference']);
  });
});

describe('the closed difference system', () => {
  it('fixes one unknown and tightens the others, or says the choice contradicts them', () => {
    // x1 - x2 <= 0 (x1 <= x2), 0 <= x1, x2 <= 5.
    const system = closedSystem(2, [
      { from: 2, to: 1, bound: 0n },
      { from: 1, to: 0, bound: 0n },
      { from: 0, to: 2, bound: 5n },
    ]);
    if (system === undefined) throw new Error('contradiction');
    expect(boundsOf(system, 1)).toEqual({ low: 0n, high: 5n });
    const fixed = fixValue(system, 1, 3n);
    expect(fixed === undefined ? undefined : boundsOf(fixed, 2)).toEqual({ low: 3n, high: 5n });
    expect(fixValue(system, 1, 6n)).toBeUndefined();
    expect(
      closedSystem(1, [
        { from: 0, to: 1, bound: -1n },
        { from: 1, to: 0, bound: 0n },
      ]),
    ).toBeUndefined();
  });
});
