// Structured input rows that tell contracts apart: for parameters of one scalar type, every ordering of their
// values (`x < lo`, `x == lo`, `lo < x < hi`, ...) instantiated with small, sign-spanning and boundary values; the
// other parameters take each their own column at a different offset, so no row sets every parameter to the same
// boundary value and several sequence parameters get distinct lengths. Deterministic (no randomness at all).

import type { IntType, Value, ValueType } from '../../eval';
import { int, intRange, isSignedInt } from '../../eval';

type Row = readonly (Value | undefined)[];

/** Rows in the order they are worth trying: relation rows of every scalar group first, then the columns rotated
 *  against each other (each parameter's `columns[p]` shifted by its own offset). */
export function structuredRows(types: readonly ValueType[], columns: readonly (readonly Value[])[]): Row[] {
  const groups = scalarGroups(types);
  const relationRows = groups.map((group) => groupRows(group, types));
  const longestRelation = Math.max(0, ...relationRows.map((rows) => rows.length));
  const longestColumn = Math.max(1, ...columns.map((column) => column.length));
  const grouped = new Map<number, { readonly group: number; readonly slot: number }>();
  groups.forEach((group, g) => group.forEach((param, slot) => grouped.set(param, { group: g, slot })));
  const rows: Row[] = [];
  const total = longestRelation + longestColumn;
  for (let i = 0; i < total; i += 1) {
    rows.push(
      types.map((_, p) => {
        const member = grouped.get(p);
        const relation = member === undefined || i >= longestRelation ? undefined : relationRows[member.group];
        if (relation !== undefined && relation.length > 0) return relation[i % relation.length]?.[member?.slot ?? 0];
        const column = columns[p] ?? [];
        return column.length === 0 ? undefined : column[(i + p * rotationStep(column.length)) % column.length];
      }),
    );
  }
  return rows;
}

/** Weak orderings of `size` items as rank vectors (`[0, 1, 1]`: the first below two equal others), all distinct
 *  first and all equal last. */
export function weakOrderings(size: number): number[][] {
  const orderings: number[][] = [];
  const limit = size ** size;
  for (let code = 0; code < limit; code += 1) {
    const ranks: number[] = [];
    let rest = code;
    for (let i = 0; i < size; i += 1) {
      ranks.push(rest % size);
      rest = Math.floor(rest / size);
    }
    const used = new Set(ranks);
    if ([...used].every((rank) => rank < used.size)) orderings.push(ranks);
  }
  return orderings.sort((a, b) => new Set(b).size - new Set(a).size);
}

/** Groups of at most this many parameters are related exhaustively (75 orderings of 4). */
const MAX_GROUP = 4;

/** Indices of parameters sharing an integer type (or all bools), for groups of two or more. */
function scalarGroups(types: readonly ValueType[]): number[][] {
  const byKey = new Map<string, number[]>();
  types.forEach((type, p) => {
    const key = type.kind === 'int' ? `int:${type.int}` : type.kind === 'bool' ? 'bool' : undefined;
    if (key === undefined) return;
    const members = byKey.get(key) ?? [];
    if (members.length < MAX_GROUP) members.push(p);
    byKey.set(key, members);
  });
  return [...byKey.values()].filter((members) => members.length >= 2);
}

function groupRows(group: readonly number[], types: readonly ValueType[]): Value[][] {
  const first = types[group[0] ?? 0];
  if (first?.kind === 'bool') return boolCombinations(group.length);
  if (first?.kind !== 'int') return [];
  const orderings = weakOrderings(group.length);
  const rows: Value[][] = [];
  for (const scale of valueScales(first.int)) {
    for (const ranks of orderings) {
      const distinct = new Set(ranks).size;
      const values = scale(distinct);
      if (values !== undefined) rows.push(ranks.map((rank) => int(values[rank] as bigint)));
    }
  }
  return rows;
}

function boolCombinations(size: number): Value[][] {
  const rows: Value[][] = [];
  for (let code = 0; code < 2 ** size; code += 1) {
    rows.push(Array.from({ length: size }, (_, i) => ({ kind: 'bool', value: ((code >> i) & 1) === 1 })));
  }
  return rows;
}

/** For `n` distinct ranks, increasing values: small positive ones, ones spanning negative/zero/positive (or a wider
 *  spread for unsigned types), and the type's boundaries. */
function valueScales(type: IntType): ((n: number) => bigint[] | undefined)[] {
  const range = intRange(type);
  const signed = isSignedInt(type);
  const small = [1n, 2n, 5n, 9n];
  const spread = signed ? [-6n, -1n, 0n, 4n, 11n] : [0n, 3n, 7n, 20n, 64n];
  const low = range.min ?? -1000n;
  const high = range.max ?? 1000n;
  const boundary = signed ? [low, -1n, 0n, 1n, high] : [low, 1n, high - 1n, high];
  return [(n) => small.slice(0, n), (n) => spaced(spread, n), (n) => spaced(boundary, n)];
}

/** `n` values of `pool` (sorted increasing) spread from its start to its end; the middle one for `n == 1`. */
function spaced(pool: readonly bigint[], n: number): bigint[] | undefined {
  if (n > pool.length) return undefined;
  if (n === 1) return [pool[Math.floor(pool.length / 2)] as bigint];
  return Array.from({ length: n }, (_, i) => pool[Math.round((i * (pool.length - 1)) / (n - 1))] as bigint);
}

/** The shift between two parameters' columns: coprime-ish with short columns so rotations do not line up. */
function rotationStep(length: number): number {
  return length <= 2 ? 1 : length % 3 === 0 ? 2 : 3;
}
