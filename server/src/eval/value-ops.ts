// Operations on `Value`s: structural equality, a total order (which keeps sets, maps and multisets canonical),
// canonical constructors, text conversions and integer ranges. Pure functions over immutable data.

import type { Value } from './value';
import type { ValueType } from './value-type';
import { inRange } from './int-types';
import { assertNever } from '../stdx';

export { intRange, inRange, isSignedInt } from './int-types';
export type { IntRange } from './int-types';

/** Structural equality. A closure equals only itself, or one of the same Verus text (nested inside other values, closures fall back to the
 *  order below: same lambda, equal captures); a `String` and a `Seq<char>` with the same characters are equal
 *  (the `text` flag only records where a value came from). */
export function valueEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a.kind === 'closure' || b.kind === 'closure')
    return a.kind === 'closure' && b.kind === 'closure' && a.source !== undefined && a.source === b.source;
  return compareValues(a, b) === 0;
}

/** A total order: by kind first, then contents (ints numerically, sequences lexicographically, ...). Closures are
 *  ordered by their text, then source position, then captured environment, so distinct closures of one lambda may compare 0. */
export function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a.kind !== b.kind) return KIND_RANK[a.kind] - KIND_RANK[b.kind];
  switch (a.kind) {
    case 'int':
      return compareBigInt(a.value, (b as typeof a).value);
    case 'bool':
      return Number(a.value) - Number((b as typeof a).value);
    case 'char':
      return a.codePoint - (b as typeof a).codePoint;
    case 'seq':
    case 'set':
    case 'tuple':
      return compareLists(a.elements, (b as typeof a).elements, compareValues);
    case 'map':
      return compareLists(a.entries, (b as typeof a).entries, comparePairs);
    case 'multiset':
      return compareLists(a.entries, (b as typeof a).entries, compareCounted);
    case 'struct': {
      const other = b as typeof a;
      return compareStrings(a.name, other.name) || compareLists(a.fields, other.fields, compareFields);
    }
    case 'enum': {
      const other = b as typeof a;
      return (
        compareStrings(a.name, other.name) ||
        compareStrings(a.variant, other.variant) ||
        compareLists(a.fields, other.fields, compareFields)
      );
    }
    case 'opaque':
      return compareStrings(a.text, (b as typeof a).text);
    case 'closure': {
      const other = b as typeof a;
      return (
        compareStrings(a.source ?? '', other.source ?? '') ||
        a.span.start - other.span.start ||
        a.span.end - other.span.end ||
        compareLists(sortedEnv(a.env), sortedEnv(other.env), compareFields)
      );
    }
    default:
      return assertNever(a);
  }
}

/** A set value: sorted by `compareValues`, duplicates removed. */
export function makeSet(elements: readonly Value[]): Value {
  return { kind: 'set', elements: sortUnique(elements) };
}

/** A map value: entries sorted by key; for a duplicate key the rightmost entry wins. */
export function makeMap(entries: readonly (readonly [Value, Value])[]): Value {
  const sorted = entries.map((entry, idx) => ({ entry, idx })).sort((x, y) => compareValues(x.entry[0], y.entry[0]) || y.idx - x.idx);
  const unique: (readonly [Value, Value])[] = [];
  for (const { entry } of sorted) {
    const last = unique[unique.length - 1];
    if (last === undefined || compareValues(last[0], entry[0]) !== 0) unique.push(entry);
  }
  return { kind: 'map', entries: unique };
}

/** A multiset from its elements, each occurrence counting once. */
export function makeMultiset(elements: readonly Value[]): Value {
  return multisetFromCounts(elements.map((element) => [element, 1n] as const));
}

/** A multiset from (element, count) entries: counts of equal elements add up; non-positive totals vanish. */
export function multisetFromCounts(entries: readonly (readonly [Value, bigint])[]): Value {
  const sorted = [...entries].sort((x, y) => compareValues(x[0], y[0]));
  const merged: [Value, bigint][] = [];
  for (const [element, count] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && compareValues(last[0], element) === 0) last[1] += count;
    else merged.push([element, count]);
  }
  return { kind: 'multiset', entries: merged.filter(([, count]) => count > 0n) };
}

export function seqOf(elements: readonly Value[]): Value {
  return { kind: 'seq', elements };
}

/** The char value of a one-scalar string (`'a'`, `'🦀'`); undefined when `text` is not exactly one scalar. */
export function charValue(text: string): Value | undefined {
  const scalars = [...text];
  const only = scalars[0];
  if (scalars.length !== 1 || only === undefined) return undefined;
  const codePoint = only.codePointAt(0);
  if (codePoint === undefined || isSurrogate(codePoint)) return undefined;
  return { kind: 'char', codePoint };
}

/** A `String`/`&str` value: a seq of chars marked as text. Lone surrogates become U+FFFD, as Rust requires. */
export function textValue(text: string): Value {
  const elements: Value[] = [];
  for (const scalar of text) {
    const codePoint = scalar.codePointAt(0) ?? 0xfffd;
    elements.push({ kind: 'char', codePoint: isSurrogate(codePoint) ? 0xfffd : codePoint });
  }
  return { kind: 'seq', elements, text: true };
}

/** The JS string of a seq of chars (text or not); undefined when some element is not a char. */
export function textOf(value: Value): string | undefined {
  if (value.kind !== 'seq') return undefined;
  let text = '';
  for (const element of value.elements) {
    if (element.kind !== 'char') return undefined;
    text += String.fromCodePoint(element.codePoint);
  }
  return text;
}

const KIND_RANK: Readonly<Record<Value['kind'], number>> = {
  int: 0,
  bool: 1,
  char: 2,
  seq: 3,
  set: 4,
  map: 5,
  multiset: 6,
  tuple: 7,
  struct: 8,
  enum: 9,
  closure: 10,
  opaque: 11,
};

function isSurrogate(codePoint: number): boolean {
  return codePoint >= 0xd800 && codePoint <= 0xdfff;
}

function sortUnique(elements: readonly Value[]): Value[] {
  const sorted = [...elements].sort(compareValues);
  return sorted.filter((element, idx) => idx === 0 || compareValues(sorted[idx - 1] as Value, element) !== 0);
}

function compareBigInt(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareLists<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): number {
  const shared = Math.min(a.length, b.length);
  for (let idx = 0; idx < shared; idx++) {
    const order = compare(a[idx] as T, b[idx] as T);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function comparePairs(a: readonly [Value, Value], b: readonly [Value, Value]): number {
  return compareValues(a[0], b[0]) || compareValues(a[1], b[1]);
}

function compareCounted(a: readonly [Value, bigint], b: readonly [Value, bigint]): number {
  return compareValues(a[0], b[0]) || compareBigInt(a[1], b[1]);
}

function compareFields(a: readonly [string, Value], b: readonly [string, Value]): number {
  return compareStrings(a[0], b[0]) || compareValues(a[1], b[1]);
}

function sortedEnv(env: ReadonlyMap<string, Value>): (readonly [string, Value])[] {
  return [...env.entries()].sort((x, y) => compareStrings(x[0], y[0]));
}

/** A string that two values share exactly when `valueEquals` holds, for hashing (deduplicating mutants, grouping
 *  inputs); undefined for values that hold a closure (closures compare by identity and captures). */
export function valueKey(value: Value): string | undefined {
  switch (value.kind) {
    case 'int':
      return `${value.value}`;
    case 'bool':
      return value.value ? 'T' : 'F';
    case 'char':
      return `c${value.codePoint}`;
    case 'seq':
      return listKey('s[', value.elements);
    case 'set':
      return listKey('S[', value.elements);
    case 'tuple':
      return listKey('t[', value.elements);
    case 'map': {
      let key = 'm[';
      for (const [k, v] of value.entries) {
        const kk = valueKey(k);
        const vk = valueKey(v);
        if (kk === undefined || vk === undefined) return undefined;
        key += `${kk}:${vk},`;
      }
      return `${key}]`;
    }
    case 'multiset': {
      let key = 'M[';
      for (const [e, count] of value.entries) {
        const ek = valueKey(e);
        if (ek === undefined) return undefined;
        key += `${ek}*${count},`;
      }
      return `${key}]`;
    }
    case 'struct':
      return fieldsKey(`r{${value.name}|`, value.fields);
    case 'enum':
      return fieldsKey(`e{${value.name}|${value.variant}|`, value.fields);
    case 'opaque':
      return `o{${value.text}}`;
    case 'closure':
      return value.source === undefined ? undefined : `c{${value.source}}`;
    default:
      return assertNever(value);
  }
}

function listKey(open: string, elements: readonly Value[]): string | undefined {
  let key = open;
  for (const element of elements) {
    const k = valueKey(element);
    if (k === undefined) return undefined;
    key += `${k},`;
  }
  return `${key}]`;
}

function fieldsKey(open: string, fields: readonly (readonly [string, Value])[]): string | undefined {
  let key = open;
  for (const [name, field] of fields) {
    const k = valueKey(field);
    if (k === undefined) return undefined;
    key += `${name}=${k},`;
  }
  return `${key}}`;
}

/** Whether a value has the outer shape of a type: the kind, an integer within its width, a datatype's name, and so
 *  for the elements of sequences and tuples. */
export function hasShapeOf(value: Value, type: ValueType): boolean {
  switch (type.kind) {
    case 'int':
      return value.kind === 'int' && inRange(value.value, type.int);
    case 'bool':
    case 'char':
    case 'set':
    case 'map':
    case 'multiset':
      return value.kind === type.kind;
    case 'seq':
      return (
        value.kind === 'seq' &&
        (type.length === undefined || value.elements.length === type.length) &&
        value.elements.every((element) => hasShapeOf(element, type.element))
      );
    case 'tuple':
      return (
        value.kind === 'tuple' &&
        value.elements.length === type.elements.length &&
        value.elements.every((element, index) => hasShapeOf(element, type.elements[index] as ValueType))
      );
    case 'adt':
      return (value.kind === 'struct' || value.kind === 'enum') && value.name === type.name;
    default:
      return true;
  }
}
