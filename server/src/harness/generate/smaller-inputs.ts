// Inputs like the ones whose `ensures` ran out of steps, with every integer parameter at a small value: a recursive
// spec fn at a random full-range argument (`spec_fib(n)` at n = 3_192_566_309, `pow(x, e)` at e = 746_376) is
// beyond any step budget, and the few small values among the random ones leave too few pairs `check` can decide.
// Tried after the other inputs, only while pairs are missing, in order of their largest value, so the runs grow
// gradually and the first time-out ends them.

import type { Value, ValueType } from '../../eval';
import { inRange } from '../../eval';

/** At most this many inputs per stuck input. */
const MAX_PER_INPUT = 64;

/** Small values per integer parameter, by how many integer parameters there are (about MAX_PER_INPUT in all). */
function valuesPerParam(count: number): bigint {
  if (count <= 1) return 48n;
  return BigInt(Math.max(2, Math.floor(MAX_PER_INPUT ** (1 / count))));
}

export function smallerInputs(
  params: ReadonlyMap<string, ValueType>,
  stuck: readonly ReadonlyMap<string, Value>[],
  tried: ReadonlySet<string>,
  key: (input: ReadonlyMap<string, Value>) => string,
): ReadonlyMap<string, Value>[] {
  const ints = [...params].filter((entry): entry is [string, Extract<ValueType, { kind: 'int' }>] => entry[1].kind === 'int');
  if (ints.length === 0) return [];
  const size = valuesPerParam(ints.length);
  const grid = smallGrid(ints.length, size).filter((row) =>
    row.every((value, i) => inRange(value, (ints[i] as [string, Extract<ValueType, { kind: 'int' }>])[1].int)),
  );
  const out: ReadonlyMap<string, Value>[] = [];
  const seen = new Set(tried);
  for (const inputs of stuck) {
    for (const row of grid) {
      const input = new Map(inputs);
      row.forEach((value, i) => input.set((ints[i] as [string, ValueType])[0], { kind: 'int', value }));
      const k = key(input);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(input);
    }
  }
  return out;
}

/** Every row of `count` values in [0, size), ordered by the row's largest value, then as written. */
function smallGrid(count: number, size: bigint): bigint[][] {
  let rows: bigint[][] = [[]];
  for (let i = 0; i < count; i++) rows = rows.flatMap((row) => Array.from({ length: Number(size) }, (_, v) => [...row, BigInt(v)]));
  const largest = (row: readonly bigint[]): bigint => row.reduce((a, b) => (a > b ? a : b), 0n);
  return rows.sort((a, b) => (largest(a) < largest(b) ? -1 : largest(a) > largest(b) ? 1 : 0)).slice(0, MAX_PER_INPUT);
}
