// Difference constraints over integer unknowns (`x - y <= c`; a constant bound is a difference with the zero
// unknown), kept closed under shortest paths: every unknown's bounds are the tightest the constraints imply, and any
// value between them extends to a solution of the rest. That is what lets shapes.ts choose one unknown at a time
// (a parameter, then a length, then each element) without backtracking. Immutable: fixing a value gives a new system.

/** Unknown 0 is the constant zero; the others are numbered from 1. */
export const ZERO = 0;

export interface Difference {
  /** `x[to] - x[from] <= bound`. */
  readonly from: number;
  readonly to: number;
  readonly bound: bigint;
}

/** `distance[i][j]`: the least upper bound on `x[j] - x[i]` (undefined: unbounded). */
export interface DifferenceSystem {
  readonly distance: readonly (readonly (bigint | undefined)[])[];
}

/** The closed system of `unknowns` unknowns (zero not counted) under `differences`; undefined when they
 *  contradict each other. */
export function closedSystem(unknowns: number, differences: readonly Difference[]): DifferenceSystem | undefined {
  const size = unknowns + 1;
  const distance: (bigint | undefined)[][] = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (_, j) => (i === j ? 0n : undefined)),
  );
  for (const { from, to, bound } of differences) {
    const row = distance[from];
    const current = row?.[to];
    if (row !== undefined && (current === undefined || bound < current)) row[to] = bound;
  }
  for (let k = 0; k < size; k += 1)
    for (let i = 0; i < size; i += 1) for (let j = 0; j < size; j += 1) relax(distance, i, j, sum(distance[i]?.[k], distance[k]?.[j]));
  return distance.some((row, i) => (row[i] ?? 0n) < 0n) ? undefined : { distance };
}

/** The least and greatest values `unknown` can take (undefined: unbounded on that side). */
export function boundsOf(
  system: DifferenceSystem,
  unknown: number,
): { readonly low: bigint | undefined; readonly high: bigint | undefined } {
  const below = system.distance[unknown]?.[ZERO];
  return { low: below === undefined ? undefined : -below, high: system.distance[ZERO]?.[unknown] };
}

/** The system with `unknown` fixed to `value`, closed again (two edges, each O(n²)); undefined when that
 *  contradicts it. */
export function fixValue(system: DifferenceSystem, unknown: number, value: bigint): DifferenceSystem | undefined {
  const { low, high } = boundsOf(system, unknown);
  if ((low !== undefined && value < low) || (high !== undefined && value > high)) return undefined;
  const distance = system.distance.map((row) => row.slice());
  addEdge(distance, ZERO, unknown, value);
  addEdge(distance, unknown, ZERO, -value);
  return { distance };
}

function addEdge(distance: (bigint | undefined)[][], from: number, to: number, bound: bigint): void {
  const intoFrom = distance.map((row) => row[from]);
  const outOfTo = (distance[to] ?? []).slice();
  distance.forEach((row, i) => {
    const head = intoFrom[i];
    if (head === undefined) return;
    outOfTo.forEach((tail, j) => relax(distance, i, j, sum(head + bound, tail)));
  });
}

function relax(distance: (bigint | undefined)[][], i: number, j: number, candidate: bigint | undefined): void {
  const row = distance[i];
  if (row === undefined || candidate === undefined) return;
  const current = row[j];
  if (current === undefined || candidate < current) row[j] = candidate;
}

function sum(a: bigint | undefined, b: bigint | undefined): bigint | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}
