// Inputs built inside the shape the `requires` gives them (shape-reader.ts): integer parameters and lengths first,
// then each element's own unknowns, every choice kept consistent with the rest by the closed difference system
// (shape-system.ts). Small lengths first, then a few larger; elements small, at their range's edges, or repeated,
// row by row. Parameters the shape says nothing about are left to the caller's columns. Deterministic for an Rng.

import type { Value, ValueType } from '../../eval';
import { adtShape, int } from '../../eval';
import { randomValue } from './candidates';
import type { CandidateContext } from './candidates';
import type { Shape, ShapeUnknown } from './shape-reader';
import { boundsOf, closedSystem, fixValue } from './shape-system';
import type { DifferenceSystem } from './shape-system';

type Row = readonly (Value | undefined)[];

/** Up to `count` rows for the parameters `names` (of `types`); a parameter the shape does not mention is undefined
 *  in each row. Empty when the shape is empty or contradicts itself. */
export function shapedRows(
  ctx: CandidateContext,
  shape: Shape,
  names: readonly string[],
  types: readonly ValueType[],
  count: number,
  given: ReadonlyMap<string, Value> = new Map(),
): Row[] {
  const closed =
    closedSystem(shape.unknowns.length, [...shape.differences, ...shape.conditional]) ??
    closedSystem(shape.unknowns.length, shape.differences);
  const system = closed === undefined ? undefined : fixGiven(shape, closed, given);
  if (system === undefined || shape.unknowns.length === 0) return [];
  const rows: Row[] = [];
  for (let row = 0; row < count * 2 && rows.length < count; row += 1) {
    const build: Build = { ctx, shape, row, repeated: new Map(), elements: { built: 0 } };
    const fixed = fixScope(build, system, '');
    if (fixed === undefined) continue;
    const built = names.map(
      (name, p) => given.get(name) ?? (mentions(shape, name) ? buildValue(build, types[p] as ValueType, name, fixed, 0) : undefined),
    );
    const values = reordered(ctx, shape, names, built);
    if (values.every((value, p) => value !== undefined || !mentions(shape, names[p] as string))) rows.push(values);
  }
  return rows;
}

/** The system with the unknowns inside given parameter values (a receiver the type's own methods reached) fixed at
 *  what those values hold, so the other parameters are chosen to fit them; undefined when they contradict it. */
function fixGiven(shape: Shape, system: DifferenceSystem, given: ReadonlyMap<string, Value>): DifferenceSystem | undefined {
  let current: DifferenceSystem | undefined = system;
  shape.unknowns.forEach((unknown, i) => {
    if (current === undefined || unknown.scope !== '') return;
    const [root, ...fields] = placeOf(unknown).split('.');
    const value = given.get(root ?? '');
    if (value === undefined) return;
    const held = valueAt(value, fields);
    const number = held === undefined ? undefined : unknown.kind === 'length' ? lengthOf(held) : integerOf(held);
    current = number === undefined ? undefined : fixValue(current, i + 1, number);
  });
  return current;
}

function valueAt(value: Value, fields: readonly string[]): Value | undefined {
  let current: Value | undefined = value;
  for (const field of fields) current = current?.kind === 'struct' ? current.fields.find(([name]) => name === field)?.[1] : undefined;
  return current;
}

function lengthOf(value: Value): bigint | undefined {
  return value.kind === 'seq' ? BigInt(value.elements.length) : undefined;
}

function integerOf(value: Value): bigint | undefined {
  return value.kind === 'int' ? value.value : value.kind === 'char' ? BigInt(value.codePoint) : undefined;
}

/** Whether the shape says something of a sequence (a length, an element), not only of scalar parameters. */
export function shapesSequences(shape: Shape): boolean {
  return shape.unknowns.some((unknown) => unknown.kind === 'length' || unknown.scope !== '');
}

/** The least and greatest length (undefined: unbounded) the shape allows each sequence parameter, for parameters
 *  whose length it reads; the solver's model search takes its lengths from these (backends/z3/find-inputs.ts). */
export function lengthRanges(shape: Shape): ReadonlyMap<string, { readonly low: bigint; readonly high: bigint | undefined }> {
  const system = closedSystem(shape.unknowns.length, shape.differences);
  const ranges = new Map<string, { readonly low: bigint; readonly high: bigint | undefined }>();
  if (system === undefined) return ranges;
  shape.unknowns.forEach((unknown, i) => {
    if (unknown.kind !== 'length' || unknown.scope !== '') return;
    const { low, high } = boundsOf(system, i + 1);
    ranges.set(placeOf(unknown), { low: low ?? 0n, high });
  });
  return ranges;
}

/** The row with each parameter that must equal another as a multiset built as a shuffle of it. */
function reordered(ctx: CandidateContext, shape: Shape, names: readonly string[], row: Row): Row {
  const next = row.slice();
  for (const [first, second] of shape.permutations) {
    const source = next[names.indexOf(first)];
    const target = names.indexOf(second);
    if (source?.kind !== 'seq' || target < 0) continue;
    const elements = source.elements.slice();
    for (let i = elements.length - 1; i > 0; i -= 1) {
      const j = ctx.rng.below(i + 1);
      [elements[i], elements[j]] = [elements[j] as Value, elements[i] as Value];
    }
    next[target] = { ...source, elements };
  }
  return next;
}

interface Build {
  readonly ctx: CandidateContext;
  readonly shape: Shape;
  /** The row's number: the first rows take the small ends of ranges, later ones spread out. */
  readonly row: number;
  /** Values already drawn per unknown in this row, which some rows repeat (duplicates). */
  readonly repeated: Map<number, bigint[]>;
  /** Elements built so far in this row, bounded by MAX_ROW_ELEMENTS. */
  readonly elements: { built: number };
}

/** Lengths beyond this are not built (a `requires a.len() == 100_000` is left to other inputs). */
const MAX_SHAPED_LENGTH = 1024n;
/** A row of more elements than this in all (a 64 x 64 grid of rows of 64) is not built: each costs a choice. */
const MAX_ROW_ELEMENTS = 4096;
/** How far above its least value a length goes in the later rows. */
const LENGTH_SPREAD = 8n;
/** Unbounded integers are drawn within this distance of their anchor. */
const VALUE_SPREAD = 1000n;

function mentions(shape: Shape, param: string): boolean {
  return shape.unknowns.some(
    (unknown) => placeOf(unknown) === param || placeOf(unknown).startsWith(`${param}[`) || placeOf(unknown).startsWith(`${param}.`),
  );
}

function placeOf(unknown: ShapeUnknown): string {
  return unknown.kind === 'length' ? unknown.key.slice('len '.length) : unknown.key;
}

/** The system with every unknown of `scope` fixed, one at a time; undefined when a choice leaves none possible. */
function fixScope(build: Build, system: DifferenceSystem, scope: string): DifferenceSystem | undefined {
  let current: DifferenceSystem | undefined = system;
  build.shape.unknowns.forEach((unknown, i) => {
    if (current === undefined || unknown.scope !== scope) return;
    const number = i + 1;
    const value = chooseValue(build, current, unknown, number);
    current = value === undefined ? undefined : fixValue(current, number, value);
  });
  return current;
}

function chooseValue(build: Build, system: DifferenceSystem, unknown: ShapeUnknown, number: number): bigint | undefined {
  const { low, high } = boundsOf(system, number);
  const allowed = (value: bigint): boolean => (low === undefined || value >= low) && (high === undefined || value <= high);
  const members = build.shape.members.get(number)?.filter(allowed);
  if (members !== undefined) return unknown.scope === '' && build.row < members.length ? members[build.row] : build.ctx.rng.pick(members);
  const drawn = unknown.kind === 'length' ? chooseLength(build, low ?? 0n, high) : chooseInteger(build, unknown, number, low, high);
  if (drawn === undefined) return undefined;
  const fitted = fitModulus(drawn, build.shape.moduli.get(number), high);
  const excluded = build.shape.excluded.get(number) ?? [];
  for (let step = 0n; step < 4n; step += 1n) {
    const candidate = fitted + step * (build.shape.moduli.get(number)?.modulus ?? 1n);
    if (allowed(candidate) && !excluded.includes(candidate)) return candidate;
  }
  return undefined;
}

/** The least length first, one more in each of the next rows, then lengths drawn a little above it (and in every
 *  fifth row, anywhere up to four times as far). */
function chooseLength(build: Build, low: bigint, high: bigint | undefined): bigint | undefined {
  if (low > MAX_SHAPED_LENGTH) return undefined;
  const cap = (spread: bigint): bigint => {
    const top = low + spread;
    return high === undefined || high > top ? (top > MAX_SHAPED_LENGTH ? MAX_SHAPED_LENGTH : top) : high;
  };
  if (build.row < 4) {
    const stepped = low + BigInt(build.row);
    return stepped <= cap(LENGTH_SPREAD) ? stepped : cap(LENGTH_SPREAD);
  }
  return build.ctx.rng.bigBetween(low, cap(build.row % 5 === 4 ? 4n * LENGTH_SPREAD : LENGTH_SPREAD));
}

/** A parameter: near zero (or its least value), then its ends, then drawn. An element: mostly small, sometimes at
 *  an end of its range, and in every fourth row often a value the row already used (duplicates). */
function chooseInteger(
  build: Build,
  unknown: ShapeUnknown,
  number: number,
  low: bigint | undefined,
  high: bigint | undefined,
): bigint | undefined {
  const anchor = clamp(unknown.type.kind === 'char' ? 97n : 0n, low, high);
  const rng = build.ctx.rng;
  const previous = build.repeated.get(number) ?? [];
  const remember = (value: bigint): bigint => {
    build.repeated.set(number, [...previous, value]);
    return value;
  };
  if (unknown.scope === '') {
    const firsts = [anchor, low, high, anchor + 1n].filter((value): value is bigint => value !== undefined);
    if (build.row < firsts.length) return remember(clamp(firsts[build.row] as bigint, low, high));
  } else if (build.shape.distinct.has(number)) return drawDistinct(build, number, previous, low, high, anchor);
  else if (build.row % 4 === 3 && previous.length > 0 && rng.below(2) === 0) return rng.pick(previous);
  const roll = rng.below(10);
  const floor = low ?? anchor - VALUE_SPREAD;
  const ceiling = high ?? anchor + VALUE_SPREAD;
  if (roll < 7) return remember(rng.bigBetween(anchor, clamp(anchor + 9n, low, high)));
  if (roll < 8) return remember(rng.below(2) === 0 ? floor : ceiling);
  return remember(rng.bigBetween(floor, ceiling));
}

/** Ranges up to this size are listed when drawing distinct values (a permutation of 1..N*N). */
const LISTED_RANGE = 4096n;

/** A value the row has not used for this unknown yet: mostly among the smallest free ones. */
function drawDistinct(
  build: Build,
  number: number,
  used: readonly bigint[],
  low: bigint | undefined,
  high: bigint | undefined,
  anchor: bigint,
): bigint | undefined {
  const rng = build.ctx.rng;
  const remember = (value: bigint | undefined): bigint | undefined => {
    if (value !== undefined) build.repeated.set(number, [...used, value]);
    return value;
  };
  if (low !== undefined && high !== undefined && high - low < LISTED_RANGE) {
    const free: bigint[] = [];
    for (let value = low; value <= high; value += 1n) if (!used.includes(value)) free.push(value);
    return remember(rng.below(10) < 7 ? rng.pick(free.slice(0, 10)) : rng.pick(free));
  }
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const value = clamp(anchor + BigInt(rng.below(20 + 2 * used.length)), low, high);
    if (!used.includes(value)) return remember(value);
  }
  return undefined;
}

function fitModulus(
  value: bigint,
  modulus: { readonly modulus: bigint; readonly remainder: bigint } | undefined,
  high: bigint | undefined,
): bigint {
  if (modulus === undefined) return value;
  // Rust's `%` keeps the dividend's sign, as bigint's does.
  const shift = (((modulus.remainder - (value % modulus.modulus)) % modulus.modulus) + modulus.modulus) % modulus.modulus;
  const up = value + shift;
  return high !== undefined && up > high && shift !== 0n ? up - modulus.modulus : up;
}

function clamp(value: bigint, low: bigint | undefined, high: bigint | undefined): bigint {
  if (low !== undefined && value < low) return low;
  if (high !== undefined && value > high) return high;
  return value;
}

/** The value at `place` (`a`, `a[*]`, `q[*].0`): what the system fixed there, or built from its parts, or drawn
 *  at random when the shape says nothing about it. */
function buildValue(build: Build, type: ValueType, place: string, system: DifferenceSystem, depth: number): Value | undefined {
  const number = build.shape.unknowns.findIndex((unknown) => unknown.key === place) + 1;
  if (number > 0 && (type.kind === 'int' || type.kind === 'char')) {
    const { low } = boundsOf(system, number);
    if (low === undefined) return undefined;
    return type.kind === 'int' ? int(low) : charValue(low);
  }
  if (type.kind === 'tuple') {
    const elements = type.elements.map((element, k) => buildValue(build, element, `${place}.${k}`, system, depth + 1));
    return elements.every((element) => element !== undefined) ? { kind: 'tuple', elements: elements } : undefined;
  }
  if (type.kind === 'adt') return structValue(build, type, place, system, depth);
  if (type.kind !== 'seq') return randomValue(build.ctx, type, depth);
  const lengthNumber = build.shape.unknowns.findIndex((unknown) => unknown.key === `len ${place}`) + 1;
  const length =
    lengthNumber > 0 ? boundsOf(system, lengthNumber).low : BigInt(type.length ?? build.ctx.rng.below(build.ctx.maxLength + 1));
  if (length === undefined) return undefined;
  const elements: Value[] = [];
  const elementPlace = `${place}[*]`;
  build.elements.built += Number(length);
  if (build.elements.built > MAX_ROW_ELEMENTS) return undefined;
  for (let i = 0n; i < length; i += 1n) {
    const inElement = fixScope(build, system, elementPlace);
    const element = inElement === undefined ? undefined : buildValue(build, type.element, elementPlace, inElement, depth + 1);
    if (element === undefined) return undefined;
    elements.push(element);
  }
  const text = type.element.kind === 'char' && (type.origin === 'String' || type.origin === 'str');
  return text ? { kind: 'seq', elements, text: true } : { kind: 'seq', elements };
}

/** A struct whose fields the shape reads (`s.items.len() == 3`), each built at its place; other types drawn. */
function structValue(
  build: Build,
  type: Extract<ValueType, { kind: 'adt' }>,
  place: string,
  system: DifferenceSystem,
  depth: number,
): Value | undefined {
  const shape = adtShape(type, build.ctx.typeContext);
  const inside = build.shape.unknowns.some((unknown) => placeOf(unknown).startsWith(`${place}.`));
  if (shape?.kind !== 'struct' || !inside) return randomValue(build.ctx, type, depth);
  const fields = shape.fields.fields.map(
    (field) => [field.name, buildValue(build, field.type, `${place}.${field.name}`, system, depth + 1)] as const,
  );
  if (fields.some(([, value]) => value === undefined)) return undefined;
  return { kind: 'struct', name: shape.name, fields: fields as (readonly [string, Value])[] };
}

/** A char at a code point, moved out of the surrogate range (which holds no char). */
function charValue(codePoint: bigint): Value {
  const point = Number(codePoint);
  return { kind: 'char', codePoint: point >= 0xd800 && point <= 0xdfff ? 0xe000 : point };
}
