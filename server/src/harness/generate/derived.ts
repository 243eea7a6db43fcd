// Inputs derived from another input so that common `requires` shapes hold: sequences of equal length, a key that
// occurs in a sequence (`exists|i| v[i] == k`), a target that is the sum of two elements, sorted or duplicate-free
// sequences, indices within a sequence, an element at its type's edge where an index points (`v[i] + 1` with
// `v[i] == u32::MAX`). Type-directed only; the contract is still checked on every input.

import type { Value, ValueType } from '../../eval';
import { compareValues, inRange, int, intRange, valueEquals } from '../../eval';
import type { Rng } from '../../stdx';

type Row = readonly (Value | undefined)[];

/** At most `limit` rows derived from `row` (one rewrite or a few combined), each differing from `row`. */
export function derivedRows(row: Row, types: readonly ValueType[], rng: Rng, limit: number): Row[] {
  const seqs = types.flatMap((type, i) => (isPlainSeq(type) ? [i] : []));
  const ints = types.flatMap((type, i) => (type.kind === 'int' ? [i] : []));
  if (seqs.length === 0) return [];
  const rows: Row[] = [];
  const add = (candidate: Row | undefined): void => {
    if (candidate !== undefined && rows.length < limit && !sameRow(candidate, row) && !rows.some((r) => sameRow(r, candidate)))
      rows.push(candidate);
  };
  const equalLength = seqs.length > 1 ? truncateToShortest(row, seqs) : row;
  const sorted = mapSeqs(equalLength, seqs, (elements) => elements.slice().sort(compareValues));
  const distinct = mapSeqs(sorted, seqs, dedupe);
  add(equalLength);
  const indexed = withIndices(equalLength, types, ints, seqs, rng);
  add(indexed === undefined ? undefined : withEdgeElement(indexed, types, ints, seqs));
  for (const base of [equalLength, sorted, distinct]) {
    add(base);
    for (const target of ints) {
      add(withInt(base, types, target, elementOf(base, seqs, rng)));
      add(withInt(base, types, target, sumOfTwo(base, seqs, rng)));
    }
    add(withIndices(base, types, ints, seqs, rng));
  }
  return rows;
}

function isPlainSeq(type: ValueType): boolean {
  return (
    type.kind === 'seq' &&
    type.length === undefined &&
    !(type.element.kind === 'char' && (type.origin === 'String' || type.origin === 'str'))
  );
}

function elementsOf(value: Value | undefined): readonly Value[] {
  return value !== undefined && value.kind === 'seq' ? value.elements : [];
}

function mapSeqs(row: Row, seqs: readonly number[], f: (elements: readonly Value[]) => readonly Value[]): Row {
  return row.map((value, i) =>
    value !== undefined && value.kind === 'seq' && seqs.includes(i) ? { ...value, elements: f(value.elements) } : value,
  );
}

function truncateToShortest(row: Row, seqs: readonly number[]): Row {
  const shortest = Math.min(...seqs.map((i) => elementsOf(row[i]).length));
  return mapSeqs(row, seqs, (elements) => elements.slice(0, shortest));
}

function dedupe(elements: readonly Value[]): readonly Value[] {
  return elements.filter((value, i) => elements.findIndex((other) => valueEquals(other, value)) === i);
}

/** An integer element of one of the sequences, when there is one. */
function elementOf(row: Row, seqs: readonly number[], rng: Rng): bigint | undefined {
  const pool = seqs.flatMap((i) => elementsOf(row[i])).flatMap((v) => (v.kind === 'int' ? [v.value] : []));
  return rng.pick(pool);
}

/** The sum of two elements at distinct positions of one sequence (`exists|i, j| i < j && v[i] + v[j] == t`). */
function sumOfTwo(row: Row, seqs: readonly number[], rng: Rng): bigint | undefined {
  const seq = rng.pick(seqs.map((i) => elementsOf(row[i])).filter((elements) => elements.length >= 2));
  if (seq === undefined) return undefined;
  const i = rng.below(seq.length - 1);
  const j = i + 1 + rng.below(seq.length - 1 - i);
  const a = seq[i];
  const b = seq[j];
  return a?.kind === 'int' && b?.kind === 'int' ? a.value + b.value : undefined;
}

function withInt(row: Row, types: readonly ValueType[], target: number, value: bigint | undefined): Row | undefined {
  const type = types[target];
  if (value === undefined || type === undefined || type.kind !== 'int' || !inRange(value, type.int)) return undefined;
  return row.map((v, i) => (i === target ? int(value) : v));
}

/** Integer parameters set to ordered indices into the first non-empty sequence (`start <= end < v.len()`). */
function withIndices(row: Row, types: readonly ValueType[], ints: readonly number[], seqs: readonly number[], rng: Rng): Row | undefined {
  const length = seqs.map((i) => elementsOf(row[i]).length).find((n) => n > 0);
  if (length === undefined || ints.length === 0) return undefined;
  const indices = ints.map(() => BigInt(rng.below(length))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let next: Row | undefined = row;
  ints.forEach((target, k) => {
    next = next === undefined ? undefined : withInt(next, types, target, indices[k]);
  });
  return next;
}

/** The element the first integer parameter indexes, in the first sequence of integers, set to its type's maximum
 *  (or minimum, for a signed type, on odd indices): where `v[i] + 1` or `v[i] - 1` overflows. */
function withEdgeElement(row: Row, types: readonly ValueType[], ints: readonly number[], seqs: readonly number[]): Row | undefined {
  const index = ints.map((i) => row[i]).find((value) => value?.kind === 'int');
  const target = seqs.find((i) => {
    const type = types[i];
    return type?.kind === 'seq' && type.element.kind === 'int';
  });
  const seqType = target === undefined ? undefined : types[target];
  if (index?.kind !== 'int' || target === undefined || seqType?.kind !== 'seq' || seqType.element.kind !== 'int') return undefined;
  const range = intRange(seqType.element.int);
  const position = Number(index.value);
  const edge = range.min !== undefined && range.min < 0n && position % 2 === 1 ? range.min : range.max;
  if (edge === undefined || position >= elementsOf(row[target]).length) return undefined;
  return mapSeqs(row, [target], (elements) => elements.map((element, i) => (i === position ? int(edge) : element)));
}

function sameRow(a: Row, b: Row): boolean {
  return (
    a.length === b.length &&
    a.every((value, i) => {
      const other = b[i];
      return value === undefined || other === undefined ? value === other : valueEquals(value, other);
    })
  );
}
