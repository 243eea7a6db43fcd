// Type-directed candidate values: boundary values per integer type (0, ±1, MIN, MAX, near overflow), sequences of
// varied lengths and shapes (sorted, reversed, duplicates), chars from several classes, strings, Option, tuples,
// structs and enums (through `adtShape`), plus literals seen in the file. Deterministic for a given Rng.

import type { Value } from '../../eval';
import { int, opaqueValue } from '../../eval';
import type { IntType, ValueType } from '../../eval';
import type { TypeContext } from '../../eval';
import { adtShape, simpleSpecFns, valueTypeText } from '../../eval';
import { compareValues, intRange, inRange, makeMap, makeMultiset, makeSet, valueEquals } from '../../eval';
import type { Rng } from '../../stdx';
import { isBuiltinPointer, pointerCandidates } from './pointer-inputs';
import { atomicValueType, isAtomicPermission } from '../../eval';
import { checkedIntValue, checkedIntWidth, isCheckedIntType, POINTS_TO } from '../../eval';
import type { FileLiterals } from './seeds';
import type { ModelScope } from '../../model';

export interface CandidateContext {
  readonly typeContext: TypeContext;
  readonly rng: Rng;
  /** Integer and string literals found in the file, offered to parameters of matching types; its bit masks. */
  readonly literals: FileLiterals;
  /** How many values to return per type at the top level. */
  readonly breadth: number;
  /** Longest sequence generated. */
  readonly maxLength: number;
  /** States of a datatype its own constructors and mutators reach (reachable-states.ts), drawn for a value of it
   *  inside another (a container's `scheduler: StaticLinkedList<..>`, which random fields almost never make `wf()`). */
  readonly reachedStates?: (type: ValueType) => readonly Value[];
}

/** Up to `ctx.breadth` distinct values of `type`, boundary and literal values first, then random ones. */
export function candidateValues(ctx: CandidateContext, type: ValueType, depth: number): readonly Value[] {
  const values: Value[] = [];
  const add = (value: Value | undefined): void => {
    if (value !== undefined && values.length < ctx.breadth && !values.some((v) => valueEquals(v, value))) values.push(value);
  };
  for (const value of firstValues(ctx, type, depth)) add(value);
  for (let attempt = 0; attempt < ctx.breadth * 3 && values.length < ctx.breadth; attempt += 1) add(randomValue(ctx, type, depth));
  return values;
}

/** One random value of `type`, small values more likely (they exercise ordinary paths). */
export function randomValue(ctx: CandidateContext, type: ValueType, depth: number): Value | undefined {
  const rng = ctx.rng;
  switch (type.kind) {
    case 'int':
      return int(randomInt(ctx, type.int));
    case 'bool':
      return { kind: 'bool', value: rng.below(2) === 1 };
    case 'char':
      return charOf(rng.pick(CHAR_POOL) ?? 'a');
    case 'seq':
      return randomSeq(ctx, type, depth);
    case 'tuple': {
      const elements = type.elements.map((element) => randomValue(ctx, element, depth + 1));
      return elements.every((e) => e !== undefined) ? { kind: 'tuple', elements: elements } : undefined;
    }
    case 'adt':
      return randomAdt(ctx, type, depth);
    case 'set':
    case 'multiset': {
      const elements = randomElements(ctx, type.element, depth, collectionLength(ctx, depth));
      return elements === undefined ? undefined : type.kind === 'set' ? makeSet(elements) : makeMultiset(elements);
    }
    case 'map': {
      const keys = randomElements(ctx, type.key, depth, collectionLength(ctx, depth));
      const vals = keys?.map(() => randomValue(ctx, type.value, depth + 1));
      if (keys === undefined || vals === undefined || vals.some((v) => v === undefined)) return undefined;
      return makeMap(keys.map((k, i) => [k, vals[i] as Value] as const));
    }
    case 'opaque':
      return opaqueValue(type.text);
    case 'fn':
      return rng.pick(simpleSpecFns(type));
    default:
      return undefined;
  }
}

const CHAR_POOL = ['a', 'b', 'z', 'm', 'A', 'Z', 'Q', '0', '7', '9', ' ', '!', '.', ',', '-', '_', 'é', 'ß', 'Ω', '中', '\n'];
const STRING_POOL = [
  '',
  'a',
  'ab',
  'abc',
  'hello',
  'Hello World',
  'aBc1',
  'racecar',
  'a b c',
  '  ',
  'ABC',
  'zzz',
  'x1!',
  'héllo',
  'mañana',
  '日本',
];

function firstValues(ctx: CandidateContext, type: ValueType, depth: number): readonly (Value | undefined)[] {
  switch (type.kind) {
    case 'int':
      return boundaryInts(ctx, type.int).map((v) => int(v));
    case 'bool':
      return [
        { kind: 'bool', value: false },
        { kind: 'bool', value: true },
      ];
    case 'char':
      return ['a', 'z', 'A', 'Z', '0', '9', ' ', '!', 'é', '中'].map(charOf);
    case 'seq':
      return firstSeqs(ctx, type, depth);
    case 'adt': {
      if (isCheckedIntType(type.name) && ctx.typeContext.scope.datatype(type.name) === undefined)
        return checkedIntCandidates(ctx, type.name);
      if (isBuiltinPointer(type, ctx.typeContext)) return pointerCandidates(type, pointeeCandidates(ctx, type, depth));
      const shape = adtShape(type, ctx.typeContext);
      if (shape === undefined || depth > 3) return [];
      if (shape.kind === 'enum') return shape.variants.map((variant) => variantValue(ctx, shape.name, variant, depth, 'first'));
      return [structValue(ctx, shape.name, shape.fields, depth, 'first')];
    }
    case 'tuple': {
      const columns = type.elements.map((element) => candidateValues({ ...ctx, breadth: 4 }, element, depth + 1));
      const rows: Value[] = [];
      for (let i = 0; i < 4; i += 1) {
        const elements = columns.map((column) => column[i % Math.max(1, column.length)]);
        if (elements.every((e) => e !== undefined)) rows.push({ kind: 'tuple', elements: elements });
      }
      return rows;
    }
    case 'opaque':
      return [opaqueValue(type.text)];
    case 'fn':
      return simpleSpecFns(type);
    default:
      return [];
  }
}

/** 0, ±1, 2, small values, MIN, MAX and their neighbours, literals of the file and their neighbours. */
function boundaryInts(ctx: CandidateContext, type: IntType): bigint[] {
  const range = intRange(type);
  const values: bigint[] = [0n, 1n, 2n, 3n, 5n, 10n];
  if (range.min === undefined || range.min < 0n) values.push(-1n, -2n, -7n);
  for (const literal of ctx.literals.ints) values.push(literal, literal + 1n, literal - 1n);
  for (const mask of ctx.literals.masks ?? []) values.push(mask);
  if (range.max !== undefined) values.push(range.max, range.max - 1n, range.max / 2n, range.max / 2n + 1n);
  if (range.min !== undefined && range.min < 0n) values.push(range.min, range.min + 1n, range.min / 2n);
  values.push(100n, 255n, 256n, 1000n);
  return values.filter((v) => inRange(v, type));
}

function randomInt(ctx: CandidateContext, type: IntType): bigint {
  const range = intRange(type);
  const rng = ctx.rng;
  const roll = rng.below(10);
  if (roll < 6 || range.max === undefined) {
    const low = range.min !== undefined && range.min > -20n ? range.min : -20n;
    return rng.bigBetween(low < 0n && range.min === 0n ? 0n : low, 40n);
  }
  const masks = ctx.literals.masks ?? [];
  // With masks in the file, the full-range values of unsigned types keep only a mask's bits (an aligned address).
  const masked = masks.length > 0 && range.min === 0n;
  if (roll < 8 && !(masked && roll === 7)) return rng.bigBetween(range.min ?? -1000n, range.max > 1000n ? 1000n : range.max);
  const full = rng.bigBetween(range.min ?? -(1n << 64n), range.max);
  const mask = masked && roll !== 8 ? rng.pick(masks) : undefined;
  return mask === undefined ? full : full & mask;
}

function firstSeqs(ctx: CandidateContext, type: Extract<ValueType, { kind: 'seq' }>, depth: number): (Value | undefined)[] {
  const text = type.element.kind === 'char' && (type.origin === 'String' || type.origin === 'str');
  if (text) return [...STRING_POOL, ...ctx.literals.strings].map(textOf);
  if (type.length !== undefined) return [randomSeq(ctx, type, depth), randomSeq(ctx, type, depth)];
  const pool = candidateValues({ ...ctx, breadth: Math.max(6, ctx.maxLength) }, type.element, depth + 1);
  const small = pool.slice(0, 6);
  const sorted = small.slice().sort(compareValues);
  const first = small[0];
  const second = small[1] ?? first;
  const seqs: (readonly Value[])[] = [
    [],
    first === undefined ? [] : [first],
    sorted,
    sorted.slice().reverse(),
    first === undefined || second === undefined ? [] : [second, first, second, first],
    ...extremePositions(type.element),
    pool.slice(-3),
    ...extremeSeqs(type.element),
  ];
  return seqs.map((elements) => seqValue(type, elements));
}

/** The largest and the smallest element at the first, a middle and the last position, among distinct small
 *  values (a max/min/argmax whose code or contract only looks at one end shows on these). */
function extremePositions(element: ValueType): (readonly Value[])[] {
  if (element.kind !== 'int') return [];
  const signed = intRange(element.int).min !== 0n;
  const middle = signed ? [int(3n), int(-2n), int(6n)] : [int(3n), int(1n), int(6n)];
  const high = int(9n);
  const low = signed ? int(-5n) : int(0n);
  return [high, low].flatMap((extreme) => [
    [extreme, ...middle],
    [middle[0] as Value, middle[1] as Value, extreme, middle[2] as Value],
    [...middle, extreme],
  ]);
}

/** Sequences whose elements sit at the type's limits: they reach overflow in sums, products and midpoints. */
function extremeSeqs(element: ValueType): (readonly Value[])[] {
  if (element.kind !== 'int') return [];
  const range = intRange(element.int);
  const seqs: (readonly Value[])[] = [];
  if (range.max !== undefined) seqs.push([int(range.max), int(1n)], [int(range.max / 2n + 1n), int(range.max / 2n + 1n), int(0n)]);
  if (range.min !== undefined && range.min < 0n) seqs.push([int(range.min), int(-1n)]);
  return seqs;
}

function randomSeq(ctx: CandidateContext, type: Extract<ValueType, { kind: 'seq' }>, depth: number): Value | undefined {
  // Deep inside a value a free-length sequence is empty, but an array's length is its type's: a struct four levels
  // down (a journal's region's atomic wrapper's mock) still gets its `[u8; 8]`.
  const deep = depth > MAX_ELEMENT_DEPTH;
  const length = type.length ?? (deep ? 0 : ctx.rng.below(ctx.maxLength + 1));
  const text = type.element.kind === 'char' && (type.origin === 'String' || type.origin === 'str');
  const elements = randomElements(ctx, type.element, deep ? MAX_ELEMENT_DEPTH : depth, length);
  if (elements === undefined) return undefined;
  const shaped = ctx.rng.below(4) === 0 && !text ? elements.slice().sort(compareValues) : elements;
  return seqValue(type, shaped);
}

/** Below this depth sequences, sets and maps of free length are empty, so values of recursive types stay finite. */
const MAX_ELEMENT_DEPTH = 3;

/** A set's or map's size: empty deep inside a value (IronKV's host state holds its maps four structs down). */
function collectionLength(ctx: CandidateContext, depth: number): number {
  return depth > MAX_ELEMENT_DEPTH ? 0 : ctx.rng.below(4);
}
/** Below this depth no struct is built: a struct that holds itself with no `Option` or sequence between (through a
 *  `Box`, or a field whose type only looks like its own) has no finite value. Real nesting is far shallower. */
const MAX_STRUCT_DEPTH = 32;

function randomElements(ctx: CandidateContext, type: ValueType, depth: number, length: number): Value[] | undefined {
  if (depth > MAX_ELEMENT_DEPTH) return length === 0 ? [] : undefined;
  const elements: Value[] = [];
  for (let i = 0; i < length; i += 1) {
    const value =
      type.kind === 'int' && ctx.rng.below(3) > 0 ? int(ctx.rng.bigBetween(lowOf(type.int), 9n)) : randomValue(ctx, type, depth + 1);
    if (value === undefined) return undefined;
    elements.push(value);
  }
  return elements;
}

function randomAdt(ctx: CandidateContext, type: Extract<ValueType, { kind: 'adt' }>, depth: number): Value | undefined {
  if (isBuiltinPointer(type, ctx.typeContext)) return ctx.rng.pick(pointerCandidates(type, pointeeCandidates(ctx, type, depth)));
  // Inside another value, half of the draws of a type with reached states take one of them.
  const reached = depth > 0 ? ctx.reachedStates?.(type) : undefined;
  if (reached !== undefined && reached.length > 0 && ctx.rng.below(2) === 0) return ctx.rng.pick(reached);
  const shape = adtShape(type, ctx.typeContext);
  if (shape === undefined) return undefined;
  if (shape.kind === 'struct') return structValue(ctx, shape.name, shape.fields, depth, 'random');
  // Deep in a recursive type prefer field-less variants so values stay finite; an enum outside any cycle keeps its
  // payloads however deep it sits (a view's metadata's `name: Option<Seq<char>>`, three structs down).
  const deep = depth > MAX_VARIANT_DEPTH || (depth > 2 && reachesItself(type, ctx.typeContext));
  const variants = deep ? shape.variants.filter((v) => v.fields.fields.length === 0) : shape.variants;
  const variant = ctx.rng.pick(variants.length > 0 ? variants : shape.variants);
  return variant === undefined ? undefined : variantValue(ctx, shape.name, variant, depth, 'random');
}

/** A checked integer's exact values: the boundaries of the width it holds, and past its MAX (overflowed). */
function checkedIntCandidates(ctx: CandidateContext, typeName: string): readonly Value[] {
  const width = checkedIntWidth(typeName);
  const max = intRange(width).max ?? 0n;
  const beyond = [max + 1n, max + 2n, 2n * max, max * max];
  return [...boundaryInts(ctx, width), ...beyond].filter((value) => value >= 0n).map((value) => checkedIntValue(typeName, value));
}

/** A few values a permission may hold. */
function pointeeCandidates(ctx: CandidateContext, type: Extract<ValueType, { kind: 'adt' }>, depth: number): readonly Value[] {
  const pointee = isAtomicPermission(type.name) ? atomicValueType(type.name) : type.name === POINTS_TO ? type.args[0] : undefined;
  return pointee === undefined ? [] : candidateValues({ ...ctx, breadth: 4 }, pointee, depth + 1);
}

type FieldsShape = Extract<NonNullable<ReturnType<typeof adtShape>>, { kind: 'struct' }>['fields'];

function structValue(ctx: CandidateContext, name: string, fields: FieldsShape, depth: number, mode: 'first' | 'random'): Value | undefined {
  // A field no value can fill fails the struct before the others are built (a kernel's page arrays are large).
  if (depth > MAX_STRUCT_DEPTH || fields.fields.some((field) => hasNoValue(field.type, ctx.typeContext))) return undefined;
  const values: Value[] = [];
  for (const field of fields.fields) {
    const value = fieldValue(ctx, field.type, depth, mode);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return { kind: 'struct', name, fields: fields.fields.map((field, i) => [field.name, values[i] as Value] as const) };
}

/** Whether no value of `type` can be built whatever is drawn: an unsupported part where a value needs one (a
 *  struct field, a tuple element, an array element, every variant of an enum), or the type itself where a value
 *  needs one (a struct that holds itself through a `Box`: only an `Option`, another variant or a sequence ends a
 *  recursive type). "Itself" is by text, since each shape resolves its fields to new type objects. Remembered per
 *  scope and type object, as adtShape's shapes are, except answers that leaned on a type still being looked at. */
function hasNoValue(type: ValueType, typeContext: TypeContext): boolean {
  return noValue(type, typeContext, { visiting: new Set(), cyclesMet: 0 });
}

interface NoValueSearch {
  readonly visiting: Set<string>;
  cyclesMet: number;
}

function noValue(type: ValueType, typeContext: TypeContext, search: NoValueSearch): boolean {
  let byType = NO_VALUE.get(typeContext.scope);
  if (byType === undefined) {
    byType = new WeakMap();
    NO_VALUE.set(typeContext.scope, byType);
  }
  const known = byType.get(type);
  if (known !== undefined) return known;
  const text = valueTypeText(type);
  if (search.visiting.has(text) || search.visiting.size > MAX_STRUCT_DEPTH) {
    search.cyclesMet += 1;
    return true;
  }
  const cyclesBefore = search.cyclesMet;
  search.visiting.add(text);
  const inner = (part: ValueType): boolean => noValue(part, typeContext, search);
  let result = false;
  if (type.kind === 'unsupported') result = true;
  else if (type.kind === 'seq') result = (type.length ?? 0) > 0 && inner(type.element);
  else if (type.kind === 'tuple') result = type.elements.some(inner);
  else if (type.kind === 'fn') result = simpleSpecFns(type).length === 0;
  else if (type.kind === 'adt' && !isBuiltinPointer(type, typeContext)) {
    const shape = adtShape(type, typeContext);
    result =
      shape === undefined ||
      (shape.kind === 'struct'
        ? shape.fields.fields.some((field) => inner(field.type))
        : shape.variants.every((variant) => variant.fields.fields.some((field) => inner(field.type))));
  }
  search.visiting.delete(text);
  if (search.cyclesMet === cyclesBefore) byType.set(type, result);
  return result;
}

const NO_VALUE = new WeakMap<ModelScope, WeakMap<ValueType, boolean>>();

/** Past this depth any enum takes a field-less variant where it has one. */
const MAX_VARIANT_DEPTH = 8;

/** Whether a value of `type` can hold another of the same type (`Option<Box<Node>>` inside `Node`), by text, as
 *  hasNoValue reads "itself". Remembered per scope and type text. */
function reachesItself(type: ValueType, typeContext: TypeContext): boolean {
  let byText = REACHES_ITSELF.get(typeContext.scope);
  if (byText === undefined) {
    byText = new Map();
    REACHES_ITSELF.set(typeContext.scope, byText);
  }
  const text = valueTypeText(type);
  const known = byText.get(text);
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const pending = partTypes(type, typeContext);
  let found = false;
  while (!found && pending.length > 0 && seen.size < MAX_PARTS_SEARCHED) {
    const part = pending.pop() as ValueType;
    const partText = valueTypeText(part);
    found = partText === text;
    if (seen.has(partText)) continue;
    seen.add(partText);
    pending.push(...partTypes(part, typeContext));
  }
  byText.set(text, found);
  return found;
}

const REACHES_ITSELF = new WeakMap<ModelScope, Map<string, boolean>>();
const MAX_PARTS_SEARCHED = 256;

/** The types a value of `type` holds directly: elements, fields, payloads. */
function partTypes(type: ValueType, typeContext: TypeContext): ValueType[] {
  switch (type.kind) {
    case 'seq':
    case 'set':
    case 'multiset':
      return [type.element];
    case 'map':
      return [type.key, type.value];
    case 'tuple':
      return [...type.elements];
    case 'adt': {
      const shape = isBuiltinPointer(type, typeContext) ? undefined : adtShape(type, typeContext);
      if (shape === undefined) return [];
      const holders = shape.kind === 'struct' ? [shape.fields] : shape.variants.map((variant) => variant.fields);
      return holders.flatMap((holder) => holder.fields.map((field) => field.type));
    }
    default:
      return [];
  }
}

function variantValue(
  ctx: CandidateContext,
  name: string,
  variant: { name: string; fields: FieldsShape },
  depth: number,
  mode: 'first' | 'random',
): Value | undefined {
  const values = variant.fields.fields.map((field) => fieldValue(ctx, field.type, depth, mode));
  if (values.some((v) => v === undefined)) return undefined;
  return {
    kind: 'enum',
    name,
    variant: variant.name,
    fields: variant.fields.fields.map((field, i) => [field.name, values[i] as Value] as const),
  };
}

function fieldValue(ctx: CandidateContext, type: ValueType, depth: number, mode: 'first' | 'random'): Value | undefined {
  if (mode === 'first') return firstValues(ctx, type, depth + 1).find((v) => v !== undefined) ?? randomValue(ctx, type, depth + 1);
  return randomValue(ctx, type, depth + 1);
}

function seqValue(type: Extract<ValueType, { kind: 'seq' }>, elements: readonly Value[]): Value | undefined {
  if (type.length !== undefined && elements.length !== type.length) return undefined;
  return {
    kind: 'seq',
    elements,
    ...(type.element.kind === 'char' && (type.origin === 'String' || type.origin === 'str') ? { text: true } : {}),
  };
}

function lowOf(type: IntType): bigint {
  const min = intRange(type).min;
  return min === undefined || min < -9n ? -9n : min;
}

function charOf(text: string): Value {
  return { kind: 'char', codePoint: text.codePointAt(0) ?? 0 };
}

function textOf(text: string): Value {
  return { kind: 'seq', elements: Array.from(text, charOf), text: true };
}
