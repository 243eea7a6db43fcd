// Type-directed mutation operators (design.md, "Mutants"): from one correct value, candidate wrong values of the
// same type, each tagged with its operator and a priority tier (0 = strongest). Every candidate is in range.

import { adtShape, opaqueValue, visibleLockFields, type FieldsShape, type TypeContext } from '../../eval';
import type { IntType, Value, ValueType } from '../../eval';
import { compareValues, inRange, intRange, isSignedInt, makeMap, makeSet, multisetFromCounts, valueEquals } from '../../eval';

export interface Candidate {
  readonly value: Value;
  readonly operator: string;
  /** 0 for the strongest operators (±1, flips, drop last, boundary); larger is weaker. */
  readonly tier: number;
}

export interface MutationEnv {
  readonly ctx: TypeContext;
  /** Lengths of the sequence inputs (for `int+len(a)`), in a stable order. */
  readonly inputLengths: readonly { readonly name: string; readonly length: number }[];
  /** A seeded PRNG in [0, 1). */
  readonly random: () => number;
}

/** Candidates for `value` of `type`, in a stable order; may contain duplicates or the value itself (the caller
 *  filters). Nested components recurse at most `MAX_DEPTH` levels. */
export function mutateValue(value: Value, type: ValueType, env: MutationEnv): Candidate[] {
  return mutate(value, type, env, 0);
}

/** A small value of the type (0, false, 'a', empty collections, the first constructible variant); undefined for
 *  types without one (spec fns, unsupported types) or when recursion runs too deep. */
export function sampleValue(type: ValueType, ctx: TypeContext, depth = 0): Value | undefined {
  if (depth > MAX_DEPTH * 2) return undefined;
  switch (type.kind) {
    case 'int':
      return { kind: 'int', value: 0n };
    case 'bool':
      return { kind: 'bool', value: false };
    case 'char':
      return { kind: 'char', codePoint: 0x61 };
    case 'seq': {
      const origin = type.origin === 'String' || type.origin === 'str' ? { text: true } : {};
      if (type.length === undefined || type.length === 0) return { kind: 'seq', elements: [], ...origin };
      const element = sampleValue(type.element, ctx, depth + 1);
      return element === undefined ? undefined : { kind: 'seq', elements: Array.from({ length: type.length }, () => element) };
    }
    case 'set':
      return { kind: 'set', elements: [] };
    case 'map':
      return { kind: 'map', entries: [] };
    case 'multiset':
      return { kind: 'multiset', entries: [] };
    case 'tuple': {
      const elements = type.elements.map((element) => sampleValue(element, ctx, depth + 1));
      return allDefined(elements) ? { kind: 'tuple', elements } : undefined;
    }
    case 'adt':
      return sampleAdt(type, ctx, depth);
    case 'opaque':
      return opaqueValue(type.text);
    default:
      return undefined;
  }
}

/** The operator family of an operator name, for a fair share of the slots: the innermost operator decides
 *  (`after(v):seq-drop-last` is a deletion), except that changing a component is its own family. */
export function operatorFamily(operator: string): string {
  // String scans, not regular expressions: value mutants ask this of every candidate of every pair.
  const close = operator.startsWith('after(') ? operator.indexOf(')') : -1;
  const inner = close >= 0 && operator[close + 1] === ':' ? operator.slice(close + 2) : operator;
  if (ELEMENT_CHANGES.some((prefix) => inner.startsWith(prefix))) return 'element-change';
  const nameEnd = [inner.indexOf('('), inner.indexOf(':')].filter((index) => index >= 0);
  const name = nameEnd.length === 0 ? inner : inner.slice(0, Math.min(...nameEnd));
  return OPERATOR_FAMILIES[name] ?? name;
}

const ELEMENT_CHANGES = ['seq-change-element', 'tuple-field', 'field', 'enum-field', 'option-inner', 'result-inner', 'map-change-value'];

const OPERATOR_FAMILIES: Readonly<Record<string, string>> = {
  'int+1': 'arithmetic',
  'int-1': 'arithmetic',
  'int+2': 'arithmetic',
  'int-2': 'arithmetic',
  'int+k': 'arithmetic',
  'int-k': 'arithmetic',
  'int+len': 'arithmetic',
  'int-len': 'arithmetic',
  'char+1': 'arithmetic',
  'char-1': 'arithmetic',
  negate: 'sign',
  'bool-flip': 'sign',
  'int=0': 'boundary',
  'int=MIN': 'boundary',
  'int=MAX': 'boundary',
  'seq-swap': 'swap',
  'seq-reverse': 'reverse',
  'seq-sort': 'permutation',
  'seq-rotate': 'permutation',
  'seq-duplicate': 'duplicate',
  'seq-insert': 'insert',
  'set-insert': 'insert',
  'map-insert': 'insert',
  'multiset-add': 'insert',
  'seq-drop-last': 'delete',
  'seq-drop-first': 'delete',
  'set-remove': 'delete',
  'map-remove': 'delete',
  'multiset-remove': 'delete',
  'seq-truncate-half': 'truncate',
  'seq-empty': 'truncate',
  'set-empty': 'truncate',
  input: 'other-input-value',
  element: 'other-input-value',
  index: 'other-input-value',
};

/** Values taken from the inputs, as a confused implementation would return them: another parameter's value,
 *  an element of an input sequence (first, middle, last, smallest, largest), an index or the length of one. */
export function inputValueCandidates(type: ValueType, inputs: ReadonlyMap<string, Value>): Candidate[] {
  const out: Candidate[] = [];
  const push = (value: Value, operator: string): void => {
    if (fitsType(value, type)) out.push({ value, operator, tier: 1 });
  };
  for (const [name, input] of [...inputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    push(input, `input(${name})`);
    if (input.kind !== 'seq' || type.kind !== 'int') continue;
    const n = input.elements.length;
    for (const idx of new Set([0, Math.floor(n / 2), n - 1, extremeIndex(input.elements, 1), extremeIndex(input.elements, -1)])) {
      const element = input.elements[idx];
      if (element !== undefined) push(element, `element(${name}[${idx}])`);
    }
    for (const idx of new Set([0, n - 1, n])) if (idx >= 0) push({ kind: 'int', value: BigInt(idx) }, `index(${name}, ${idx})`);
  }
  return out;
}

/** The position of the largest (`sign` 1) or smallest (-1) element, first occurrence; -1 when none is comparable. */
function extremeIndex(elements: readonly Value[], sign: 1 | -1): number {
  let best = -1;
  elements.forEach((element, idx) => {
    const current = elements[best];
    if (element.kind === 'int' && (current === undefined || (current.kind === 'int' && sign * Number(element.value - current.value) > 0)))
      best = idx;
  });
  return best;
}

/** Whether a value taken from an input can stand as a value of `type` (integers in range, sequences of fitting
 *  elements, booleans, chars); other kinds are not offered. */
function fitsType(value: Value, type: ValueType): boolean {
  if (value.kind === 'int') return type.kind === 'int' && inRange(value.value, type.int);
  if (value.kind === 'bool') return type.kind === 'bool';
  if (value.kind === 'char') return type.kind === 'char';
  if (value.kind === 'seq' && type.kind === 'seq') {
    if (type.length !== undefined && value.elements.length !== type.length) return false;
    return value.elements.every((element) => fitsType(element, type.element));
  }
  return false;
}

const MAX_DEPTH = 4;
/** Candidates kept per nested component, so nesting cannot multiply the work. */
const PER_COMPONENT = 4;

function mutate(value: Value, type: ValueType, env: MutationEnv, depth: number): Candidate[] {
  if (depth > MAX_DEPTH) return [];
  if (value.kind === 'int' && type.kind === 'int') return mutateInt(value.value, type.int, env);
  if (value.kind === 'bool') return [{ value: { kind: 'bool', value: !value.value }, operator: 'bool-flip', tier: 0 }];
  if (value.kind === 'char') return mutateChar(value.codePoint);
  if (value.kind === 'seq' && type.kind === 'seq') return mutateSeq(value, type, env, depth);
  if (value.kind === 'set' && type.kind === 'set') return mutateSet(value.elements, type.element, env, depth);
  if (value.kind === 'map' && type.kind === 'map') return mutateMap(value.entries, type, env, depth);
  if (value.kind === 'multiset') return mutateMultiset(value.entries, env);
  if (value.kind === 'tuple' && type.kind === 'tuple') {
    return nested(value.elements, type.elements, env, depth, 'tuple-field', (elements) => ({ kind: 'tuple', elements }));
  }
  if ((value.kind === 'struct' || value.kind === 'enum') && type.kind === 'adt') return mutateAdt(value, type, env, depth);
  return [];
}

function mutateInt(value: bigint, intType: IntType, env: MutationEnv): Candidate[] {
  const range = intRange(intType);
  const out: Candidate[] = [];
  // Pushed in the order the operators rank; out-of-range candidates and the value itself are skipped.
  const push = (candidate: bigint, operator: string, tier: number): void => {
    if (candidate !== value && (range.min === undefined || candidate >= range.min) && (range.max === undefined || candidate <= range.max)) {
      out.push({ value: { kind: 'int', value: candidate }, operator, tier });
    }
  };
  push(value + 1n, 'int+1', 0);
  push(value - 1n, 'int-1', 0);
  push(0n, 'int=0', 1);
  if (range.min !== undefined && range.min !== 0n) push(range.min, 'int=MIN', 1);
  if (range.max !== undefined) push(range.max, 'int=MAX', 1);
  push(value + 2n, 'int+2', 2);
  push(value - 2n, 'int-2', 2);
  if (isSignedInt(intType)) push(-value, 'negate', 2);
  for (const { name, length } of env.inputLengths) {
    push(value + BigInt(length), `int+len(${name})`, 2);
    push(value - BigInt(length), `int-len(${name})`, 2);
  }
  for (let k = 0; k < FAR_STEPS.length; k++) {
    const step = FAR_STEPS[k] as bigint;
    push(value + step, FAR_PLUS[k] as string, 3);
    push(value - step, FAR_MINUS[k] as string, 3);
  }
  return out;
}

/** The tier-3 `int±k` steps (3..10) and their operator names, built once. */
const FAR_STEPS: readonly bigint[] = [3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n];
const FAR_PLUS: readonly string[] = FAR_STEPS.map((k) => `int+k(${k})`);
const FAR_MINUS: readonly string[] = FAR_STEPS.map((k) => `int-k(${k})`);

function mutateChar(codePoint: number): Candidate[] {
  const candidates: Candidate[] = [];
  const up = codePoint + 1 === 0xd800 ? 0xe000 : codePoint + 1;
  const down = codePoint - 1 === 0xdfff ? 0xd7ff : codePoint - 1;
  if (up <= 0x10ffff) candidates.push({ value: { kind: 'char', codePoint: up }, operator: 'char+1', tier: 0 });
  if (down >= 0) candidates.push({ value: { kind: 'char', codePoint: down }, operator: 'char-1', tier: 0 });
  return candidates;
}

function mutateSeq(
  value: Extract<Value, { kind: 'seq' }>,
  type: Extract<ValueType, { kind: 'seq' }>,
  env: MutationEnv,
  depth: number,
): Candidate[] {
  const elements = value.elements;
  const n = elements.length;
  const make = (items: readonly Value[]): Value =>
    value.text === undefined ? { kind: 'seq', elements: items } : { kind: 'seq', elements: items, text: value.text };
  const out: Candidate[] = [];
  const push = (items: readonly Value[], operator: string, tier: number): void => {
    out.push({ value: make(items), operator, tier });
  };
  const growable = type.length === undefined;
  if (growable && n > 0) {
    push(elements.slice(0, -1), 'seq-drop-last', 0);
    push(elements.slice(1), 'seq-drop-first', 1);
    push([], 'seq-empty', 1);
  }
  for (const idx of pickIndices(n, env)) {
    const element = elements[idx] as Value;
    // Changing the last element ranks with the strongest operators; other positions one tier lower, so one
    // long sequence does not crowd out the structural operators.
    const bump = idx === n - 1 ? 0 : 1;
    for (const inner of mutate(element, type.element, env, depth + 1).slice(0, PER_COMPONENT)) {
      push(replaceAt(elements, idx, inner.value), `seq-change-element(${idx}):${inner.operator}`, inner.tier + bump);
    }
  }
  if (growable && n > 0) {
    const idx = pickIndex(n, env);
    push([...elements.slice(0, idx + 1), elements[idx] as Value, ...elements.slice(idx + 1)], 'seq-duplicate', 2);
  }
  const inserted = growable ? sampleValue(type.element, env.ctx) : undefined;
  if (inserted !== undefined) {
    const idx = pickIndex(n + 1, env);
    push([...elements.slice(0, idx), inserted, ...elements.slice(idx)], 'seq-insert', 2);
  }
  if (n >= 2) {
    const [first, second] = pickSwap(elements, env);
    push(swapAt(elements, first, second), 'seq-swap', 2);
    push([...elements].reverse(), 'seq-reverse', 2);
    push([...elements].sort(compareValues), 'seq-sort', 2);
    push([...elements.slice(1), elements[0] as Value], 'seq-rotate', 2);
    if (growable) push(elements.slice(0, Math.floor(n / 2)), 'seq-truncate-half', 2);
  }
  return out;
}

function mutateSet(elements: readonly Value[], elementType: ValueType, env: MutationEnv, depth: number): Candidate[] {
  const out: Candidate[] = [];
  if (elements.length > 0) {
    const idx = pickIndex(elements.length, env);
    out.push({ value: makeSet(elements.filter((_, i) => i !== idx)), operator: 'set-remove', tier: 1 });
  }
  const fresh = freshValue(elements, elementType, env, depth);
  if (fresh !== undefined) out.push({ value: makeSet([...elements, fresh]), operator: 'set-insert', tier: 1 });
  if (elements.length > 1) out.push({ value: makeSet([]), operator: 'set-empty', tier: 2 });
  return out;
}

function mutateMap(
  entries: readonly (readonly [Value, Value])[],
  type: Extract<ValueType, { kind: 'map' }>,
  env: MutationEnv,
  depth: number,
): Candidate[] {
  const out: Candidate[] = [];
  if (entries.length > 0) {
    const idx = pickIndex(entries.length, env);
    const [key, entry] = entries[idx] as readonly [Value, Value];
    out.push({ value: makeMap(entries.filter((_, i) => i !== idx)), operator: 'map-remove', tier: 1 });
    for (const inner of mutate(entry, type.value, env, depth + 1).slice(0, PER_COMPONENT)) {
      const changed = entries.map((pair, i) => (i === idx ? ([key, inner.value] as const) : pair));
      out.push({ value: makeMap(changed), operator: `map-change-value:${inner.operator}`, tier: inner.tier });
    }
  }
  const freshKey = freshValue(
    entries.map(([key]) => key),
    type.key,
    env,
    depth,
  );
  const sample = sampleValue(type.value, env.ctx);
  if (freshKey !== undefined && sample !== undefined) {
    out.push({ value: makeMap([...entries, [freshKey, sample]]), operator: 'map-insert', tier: 2 });
  }
  return out;
}

function mutateMultiset(entries: readonly (readonly [Value, bigint])[], env: MutationEnv): Candidate[] {
  if (entries.length === 0) return [];
  const idx = pickIndex(entries.length, env);
  const [element] = entries[idx] as readonly [Value, bigint];
  return [
    { value: multisetFromCounts([...entries, [element, 1n]]), operator: 'multiset-add', tier: 1 },
    { value: multisetFromCounts([...entries, [element, -1n]]), operator: 'multiset-remove', tier: 1 },
  ];
}

function mutateAdt(
  value: Extract<Value, { kind: 'struct' | 'enum' }>,
  type: Extract<ValueType, { kind: 'adt' }>,
  env: MutationEnv,
  depth: number,
): Candidate[] {
  const shape = visibleLockFields(env.ctx.scope, adtShape(type, env.ctx));
  if (shape === undefined) return [];
  if (shape.kind === 'struct' || value.kind === 'struct') {
    if (shape.kind !== 'struct' || value.kind !== 'struct') return [];
    return mutateFields(value.fields, shape.fields, env, depth, 'field', (fields) => ({ ...value, fields }));
  }
  const prefix = value.name === 'Option' ? 'option' : value.name === 'Result' ? 'result' : 'enum';
  const out: Candidate[] = [];
  for (const variant of shape.variants) {
    if (variant.name === value.variant) continue;
    const fields = sampleFields(variant.fields, env.ctx, depth);
    if (fields === undefined) continue;
    const operator = prefix === 'enum' ? `enum-variant(${variant.name})` : `${prefix}-${variant.name.toLowerCase()}`;
    out.push({ value: { kind: 'enum', name: value.name, variant: variant.name, fields }, operator, tier: 0 });
  }
  const current = shape.variants.find((variant) => variant.name === value.variant);
  if (current !== undefined) {
    const label = prefix === 'enum' ? 'enum-field' : `${prefix}-inner`;
    const inner = mutateFields(value.fields, current.fields, env, depth, label, (fields) => ({ ...value, fields }));
    // `Some(x)`/`Ok(x)` have one positional field; `option-inner:int+1` reads better than `option-inner(0):int+1`.
    const renamed =
      prefix === 'enum' ? inner : inner.map((candidate) => ({ ...candidate, operator: candidate.operator.replace(`${label}(0)`, label) }));
    out.push(...renamed);
  }
  return out;
}

function mutateFields(
  fields: readonly (readonly [string, Value])[],
  shape: FieldsShape,
  env: MutationEnv,
  depth: number,
  label: string,
  rebuild: (fields: readonly (readonly [string, Value])[]) => Value,
): Candidate[] {
  const out: Candidate[] = [];
  fields.forEach(([name, field], idx) => {
    const fieldType = shape.fields.find((candidate) => candidate.name === name)?.type;
    if (fieldType === undefined) return;
    for (const inner of mutate(field, fieldType, env, depth + 1).slice(0, PER_COMPONENT)) {
      const changed = fields.map((pair, i) => (i === idx ? ([name, inner.value] as const) : pair));
      out.push({ value: rebuild(changed), operator: `${label}(${name}):${inner.operator}`, tier: inner.tier });
    }
  });
  return out;
}

function nested(
  elements: readonly Value[],
  types: readonly ValueType[],
  env: MutationEnv,
  depth: number,
  label: string,
  rebuild: (elements: readonly Value[]) => Value,
): Candidate[] {
  const fields = elements.map((element, idx) => [String(idx), element] as const);
  const shape: FieldsShape = { kind: 'tuple', fields: types.map((type, idx) => ({ name: String(idx), type })) };
  return mutateFields(fields, shape, env, depth, label, (changed) => rebuild(changed.map(([, element]) => element)));
}

function sampleAdt(type: Extract<ValueType, { kind: 'adt' }>, ctx: TypeContext, depth: number): Value | undefined {
  const shape = adtShape(type, ctx);
  if (shape === undefined) return undefined;
  if (shape.kind === 'struct') {
    const fields = sampleFields(shape.fields, ctx, depth);
    return fields === undefined ? undefined : { kind: 'struct', name: shape.name, fields };
  }
  // Variants without fields first, so recursive enums (`Nil`/`Cons`) end quickly.
  const ordered = [...shape.variants].sort((a, b) => a.fields.fields.length - b.fields.fields.length);
  for (const variant of ordered) {
    const fields = sampleFields(variant.fields, ctx, depth);
    if (fields !== undefined) return { kind: 'enum', name: shape.name, variant: variant.name, fields };
  }
  return undefined;
}

function sampleFields(shape: FieldsShape, ctx: TypeContext, depth: number): (readonly [string, Value])[] | undefined {
  const fields: (readonly [string, Value])[] = [];
  for (const field of shape.fields) {
    const value = sampleValue(field.type, ctx, depth + 1);
    if (value === undefined) return undefined;
    fields.push([field.name, value]);
  }
  return fields;
}

/** A value of the type not among `existing`: the sample, else a mutation of an existing element. */
function freshValue(existing: readonly Value[], type: ValueType, env: MutationEnv, depth: number): Value | undefined {
  const isNew = (candidate: Value): boolean => !existing.some((element) => valueEquals(element, candidate));
  const sample = sampleValue(type, env.ctx);
  if (sample !== undefined && isNew(sample)) return sample;
  for (const element of existing.slice(-1)) {
    const found = mutate(element, type, env, depth + 1).find((candidate) => isNew(candidate.value));
    if (found !== undefined) return found.value;
  }
  return undefined;
}

/** The last index, the first, and one seeded index, without repeats. */
function pickIndices(n: number, env: MutationEnv): number[] {
  if (n === 0) return [];
  const seeded = pickIndex(n, env);
  return [...new Set([n - 1, 0, seeded])];
}

function pickIndex(n: number, env: MutationEnv): number {
  return Math.min(n - 1, Math.floor(env.random() * n));
}

/** Two positions holding different elements when there are any (swapping equal ones changes nothing). */
function pickSwap(elements: readonly Value[], env: MutationEnv): [number, number] {
  const first = pickIndex(elements.length, env);
  for (let offset = 1; offset < elements.length; offset++) {
    const second = (first + offset) % elements.length;
    if (!valueEquals(elements[first] as Value, elements[second] as Value)) return [Math.min(first, second), Math.max(first, second)];
  }
  return [0, 1];
}

function replaceAt(elements: readonly Value[], idx: number, value: Value): Value[] {
  return elements.map((element, i) => (i === idx ? value : element));
}

function swapAt(elements: readonly Value[], first: number, second: number): Value[] {
  return elements.map((element, i) => (i === first ? (elements[second] as Value) : i === second ? (elements[first] as Value) : element));
}

function allDefined<T>(items: readonly (T | undefined)[]): items is T[] {
  return items.every((item) => item !== undefined);
}
