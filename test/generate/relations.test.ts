// Structured input rows: every ordering of same-typed scalars, and no row with every parameter equal first.

import { describe, expect, it } from 'vitest';
import { structuredRows, weakOrderings } from '../../server/src/harness/generate/relations';
import type { Value, ValueType } from '../../server/src/eval';

const i32: ValueType = { kind: 'int', int: 'i32' };
const num = (value: Value | undefined): number => (value?.kind === 'int' ? Number(value.value) : NaN);

describe('relations between parameters', () => {
  it('enumerates every weak ordering (3 of two items, 13 of three, 75 of four), all distinct first', () => {
    expect([2, 3, 4].map((n) => weakOrderings(n).length)).toEqual([3, 13, 75]);
    expect(new Set(weakOrderings(3)[0])).toEqual(new Set([0, 1, 2]));
    expect(weakOrderings(3).at(-1)).toEqual([0, 0, 0]);
  });

  it('gives three i32 parameters every ordering before anything else, with distinct, negative and boundary values', () => {
    const rows = structuredRows([i32, i32, i32], [[], [], []]).map((row) => row.map(num));
    const first13 = rows.slice(0, 13);
    const pattern = (row: number[]): string => row.map((v) => row.filter((w) => w < v).length).join('');
    expect(new Set(first13.map(pattern)).size).toBe(13);
    expect(rows.some((row) => row.some((v) => v < 0))).toBe(true);
    expect(rows.some((row) => row.includes(2147483647) && row.includes(-2147483648))).toBe(true);
  });

  it('rotates the other parameters columns against each other so they do not line up', () => {
    const seq: ValueType = { kind: 'seq', element: i32, origin: 'Vec' };
    const column: Value[] = [0, 1, 2, 3, 4].map((n) => ({
      kind: 'seq',
      elements: Array.from({ length: n }, () => ({ kind: 'int', value: 1n })),
    }));
    const rows = structuredRows([seq, seq], [column, column]);
    const lengths = rows.map((row) => row.map((value) => (value?.kind === 'seq' ? value.elements.length : -1)));
    expect(lengths.every(([a, b]) => a !== b)).toBe(true);
  });
});
