// vstd `Seq` methods (verus-semantics.md section 2): computed exactly where defined, indeterminate (with the
// reason) where vstd leaves the value arbitrary or unspecified, e.g. an index outside `0..len`.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { makeMultiset, makeSet, valueEquals } from '../value-ops';
import { applyFn } from './calls';
import type { Res, SpecContext } from './spec-context';
import { charge, indeterminate, isFailure, unsupported } from './spec-context';

type SeqValue = Extract<Value, { kind: 'seq' }>;

/** Seq methods that do not walk the elements (everything else is charged one step per element). */
const CONSTANT_TIME: ReadonlySet<string> = new Set([
  'len',
  'spec_len',
  'is_empty',
  'view',
  'deep_view',
  'clone',
  'index',
  'spec_index',
  'first',
  'last',
]);

export function mkInt(value: bigint | number): Value {
  return { kind: 'int', value: BigInt(value) };
}

export function some(value: Value): Value {
  return { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', value]] };
}

export const NONE: Value = { kind: 'enum', name: 'Option', variant: 'None', fields: [] };

export function seq(elements: readonly Value[]): Value {
  return { kind: 'seq', elements };
}

export function indexSeq(receiver: SeqValue, index: Value, span: Span): Res {
  if (index.kind !== 'int') return unsupported(`seq index of kind ${index.kind}`, span);
  const n = receiver.elements.length;
  if (index.value < 0n || index.value >= BigInt(n)) {
    return indeterminate(`index ${index.value} out of range for length ${n}`, span);
  }
  return receiver.elements[Number(index.value)] as Value;
}

export function indexMap(receiver: Extract<Value, { kind: 'map' }>, key: Value, span: Span): Res {
  const entry = receiver.entries.find(([k]) => valueEquals(k, key));
  return entry === undefined ? indeterminate('map index of a key outside the domain', span) : entry[1];
}

export function collectionContains(collection: Value, element: Value, span: Span): Res {
  switch (collection.kind) {
    case 'seq':
    case 'set':
      return bool(collection.elements.some((e) => valueEquals(e, element)));
    case 'multiset':
      return bool(collection.entries.some(([e]) => valueEquals(e, element)));
    case 'map':
      return bool(collection.entries.some(([k]) => valueEquals(k, element)));
    default:
      return unsupported(`\`contains\` on a ${collection.kind} value`, span);
  }
}

/** A `Seq` method, or undefined when the name is not one. `args` are evaluated already. */
export function seqMethod(ctx: SpecContext, s: SeqValue, method: string, args: readonly Value[], span: Span): Res | undefined {
  const xs = s.elements;
  const n = xs.length;
  if (!CONSTANT_TIME.has(method)) {
    const exhausted = charge(ctx, n, span);
    if (exhausted !== undefined) return exhausted;
  }
  const a0 = args[0];
  const a1 = args[1];
  switch (method) {
    case 'len':
    case 'spec_len':
      return mkInt(n);
    case 'is_empty':
      return bool(n === 0);
    case 'view':
    case 'deep_view':
    case 'clone':
      return s.text === true ? seq(xs) : s;
    case 'index':
    case 'spec_index':
      return a0 === undefined ? arity(method, span) : indexSeq(s, a0, span);
    case 'push':
      return a0 === undefined ? arity(method, span) : seq([...xs, a0]);
    case 'update': {
      const i = intArg(a0, method, span);
      if (typeof i !== 'bigint') return i;
      if (a1 === undefined) return arity(method, span);
      if (i < 0n || i >= BigInt(n)) return indeterminate(`update index ${i} out of range for length ${n}`, span);
      const copy = [...xs];
      copy[Number(i)] = a1;
      return seq(copy);
    }
    case 'subrange': {
      const j = intArg(a0, method, span);
      if (typeof j !== 'bigint') return j;
      const k = intArg(a1, method, span);
      if (typeof k !== 'bigint') return k;
      if (j < 0n || j > k || k > BigInt(n)) return indeterminate(`subrange(${j}, ${k}) out of range for length ${n}`, span);
      return seq(xs.slice(Number(j), Number(k)));
    }
    case 'add':
      if (a0?.kind !== 'seq') return unsupported('`add` with a non-seq argument', span);
      return seq([...xs, ...a0.elements]);
    case 'take':
    case 'skip': {
      const k = intArg(a0, method, span);
      if (typeof k !== 'bigint') return k;
      if (k < 0n || k > BigInt(n)) return indeterminate(`${method}(${k}) out of range for length ${n}`, span);
      return seq(method === 'take' ? xs.slice(0, Number(k)) : xs.slice(Number(k)));
    }
    case 'first':
    case 'last':
      if (n === 0) return indeterminate(`${method}() of an empty seq`, span);
      return xs[method === 'first' ? 0 : n - 1];
    case 'drop_first':
    case 'drop_last':
      if (n === 0) return indeterminate(`${method}() of an empty seq`, span);
      return seq(method === 'drop_first' ? xs.slice(1) : xs.slice(0, n - 1));
    case 'insert': {
      const i = intArg(a0, method, span);
      if (typeof i !== 'bigint') return i;
      if (a1 === undefined) return arity(method, span);
      if (i < 0n || i > BigInt(n)) return indeterminate(`insert index ${i} out of range for length ${n}`, span);
      return seq([...xs.slice(0, Number(i)), a1, ...xs.slice(Number(i))]);
    }
    case 'remove': {
      const i = intArg(a0, method, span);
      if (typeof i !== 'bigint') return i;
      if (i < 0n || i >= BigInt(n)) return indeterminate(`remove index ${i} out of range for length ${n}`, span);
      return seq([...xs.slice(0, Number(i)), ...xs.slice(Number(i) + 1)]);
    }
    case 'contains':
      return a0 === undefined ? arity(method, span) : bool(xs.some((x) => valueEquals(x, a0)));
    case 'index_of':
    case 'index_of_first':
    case 'index_of_last':
      return a0 === undefined ? arity(method, span) : indexOf(xs, a0, method, span);
    case 'no_duplicates': {
      const distinct = makeSet(xs);
      return bool(distinct.kind === 'set' && distinct.elements.length === n);
    }
    case 'reverse':
      return seq([...xs].reverse());
    case 'to_set':
      return makeSet(xs);
    case 'to_multiset':
      return makeMultiset(xs);
    case 'max':
    case 'min':
      return extremum(xs, method, span);
    case 'is_prefix_of':
    case 'is_suffix_of': {
      if (a0?.kind !== 'seq') return unsupported(`\`${method}\` with a non-seq argument`, span);
      const other = a0.elements;
      if (n > other.length) return bool(false);
      const offset = method === 'is_prefix_of' ? 0 : other.length - n;
      return bool(xs.every((x, i) => valueEquals(x, other[offset + i] as Value)));
    }
    case 'ext_equal':
    case 'ext_equal_deep':
      return a0 === undefined ? arity(method, span) : bool(valueEquals(seq(xs), a0.kind === 'seq' ? seq(a0.elements) : a0));
    case 'flatten':
    case 'flatten_alt':
      return flatten(ctx, xs, method, span);
    case 'zip_with': {
      // vstd: the pairs of same-index elements; empty when the lengths differ.
      if (a0?.kind !== 'seq') return unsupported('`zip_with` with a non-seq argument', span);
      const other = a0.elements;
      return seq(other.length !== n ? [] : xs.map((x, i) => ({ kind: 'tuple', elements: [x, other[i] as Value] })));
    }
    default:
      return seqHigherOrder(ctx, xs, method, args, span);
  }
}

/** The methods that take closures: `filter`, `map`, `map_values`, `fold_left`, `fold_right`. */
function seqHigherOrder(ctx: SpecContext, xs: readonly Value[], method: string, args: readonly Value[], span: Span): Res | undefined {
  const a0 = args[0];
  const a1 = args[1];
  switch (method) {
    case 'filter': {
      if (a0 === undefined) return arity(method, span);
      const kept: Value[] = [];
      for (const x of xs) {
        const keep = applyFn(ctx, a0, [x], span);
        if (isFailure(keep)) return keep;
        if (keep.kind !== 'bool') return unsupported('`filter` predicate that is not a bool', span);
        if (keep.value) kept.push(x);
      }
      return seq(kept);
    }
    case 'map':
    case 'map_values': {
      if (a0 === undefined) return arity(method, span);
      const mapped: Value[] = [];
      for (let i = 0; i < xs.length; i++) {
        const x = xs[i] as Value;
        const y = applyFn(ctx, a0, method === 'map' ? [mkInt(i), x] : [x], span);
        if (isFailure(y)) return y;
        mapped.push(y);
      }
      return seq(mapped);
    }
    case 'fold_left': {
      if (a0 === undefined || a1 === undefined) return arity(method, span);
      let acc: Value = a0;
      for (const x of xs) {
        const next = applyFn(ctx, a1, [acc, x], span);
        if (isFailure(next)) return next;
        acc = next;
      }
      return acc;
    }
    case 'fold_right': {
      if (a0 === undefined || a1 === undefined) return arity(method, span);
      let acc: Value = a1;
      for (let i = xs.length - 1; i >= 0; i--) {
        const next = applyFn(ctx, a0, [xs[i] as Value, acc], span);
        if (isFailure(next)) return next;
        acc = next;
      }
      return acc;
    }
    default:
      return undefined;
  }
}

/** `index_of` is `choose`: defined only when exactly one index holds the value. The `_first`/`_last` forms
 *  return an `Option<int>`. */
function indexOf(xs: readonly Value[], x: Value, method: string, span: Span): Res {
  const hits: number[] = [];
  for (let i = 0; i < xs.length; i++) if (valueEquals(xs[i] as Value, x)) hits.push(i);
  if (method === 'index_of') {
    if (hits.length === 0) return indeterminate('`index_of` of a value not in the seq (choose has no witness)', span);
    if (hits.length > 1) return indeterminate('`index_of` of a repeated value (choose has several witnesses)', span);
    return mkInt(hits[0] as number);
  }
  const hit = method === 'index_of_first' ? hits[0] : hits[hits.length - 1];
  return hit === undefined ? NONE : some(mkInt(hit));
}

/** `Seq<Seq<A>>::flatten` (and `flatten_alt`, the same value): the inner seqs concatenated in order. */
function flatten(ctx: SpecContext, xs: readonly Value[], method: string, span: Span): Res {
  const out: Value[] = [];
  for (const x of xs) {
    if (x.kind !== 'seq') return unsupported(`\`${method}\` of a seq of ${x.kind}`, span);
    const exhausted = charge(ctx, x.elements.length, span);
    if (exhausted !== undefined) return exhausted;
    out.push(...x.elements);
  }
  return seq(out);
}

function extremum(xs: readonly Value[], method: 'max' | 'min', span: Span): Res {
  let best: bigint | undefined;
  for (const x of xs) {
    if (x.kind !== 'int') return unsupported(`\`${method}\` of a seq of ${x.kind}`, span);
    if (best === undefined || (method === 'max' ? x.value > best : x.value < best)) best = x.value;
  }
  return mkInt(best ?? 0n);
}

export function intArg(arg: Value | undefined, method: string, span: Span): bigint | Exclude<Res, Value> {
  if (arg === undefined) return arity(method, span);
  if (arg.kind !== 'int') return unsupported(`\`${method}\` with a ${arg.kind} argument`, span);
  return arg.value;
}

export function arity(method: string, span: Span): Exclude<Res, Value> {
  return unsupported(`\`${method}\` with missing arguments`, span);
}
