// vstd `Set`, `Map` and `Multiset` methods on canonical (sorted) values. Defined results are exact; a map index
// outside the domain and `choose` without a single witness are indeterminate.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { compareValues, makeMap, makeSet, multisetFromCounts, valueEquals } from '../value-ops';
import { applyFn } from './calls';
import { arity, indexMap, mkInt, NONE, some } from './collections';
import type { Res, SpecContext } from './spec-context';
import { allValues, charge, indeterminate, isFailure, unsupported } from './spec-context';

type SetValue = Extract<Value, { kind: 'set' }>;
type MapValue = Extract<Value, { kind: 'map' }>;
type MultisetValue = Extract<Value, { kind: 'multiset' }>;

/** Membership in a canonical (sorted) list by binary search. */
export function sortedHas(elements: readonly Value[], x: Value): boolean {
  let lo = 0;
  let hi = elements.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const order = compareValues(elements[mid] as Value, x);
    if (order === 0) return true;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export function setMethod(ctx: SpecContext, s: SetValue, method: string, args: readonly Value[], span: Span): Res | undefined {
  const xs = s.elements;
  const a0 = args[0];
  if (method === 'len') return mkInt(xs.length);
  if (method === 'contains' || method === 'spec_has') return a0 === undefined ? arity(method, span) : bool(sortedHas(xs, a0));
  if (method === 'is_empty') return bool(xs.length === 0);
  if (method === 'finite') return bool(true);
  if (method === 'ext_equal' || method === 'ext_equal_deep') return a0 === undefined ? arity(method, span) : bool(valueEquals(s, a0));
  const exhausted = charge(ctx, xs.length + (a0?.kind === 'set' ? a0.elements.length : 0), span);
  if (exhausted !== undefined) return exhausted;
  switch (method) {
    case 'insert':
      return a0 === undefined ? arity(method, span) : makeSet([...xs, a0]);
    case 'remove':
      return a0 === undefined ? arity(method, span) : { kind: 'set', elements: xs.filter((x) => !valueEquals(x, a0)) };
    case 'union':
    case 'intersect':
    case 'difference':
    case 'subset_of':
    case 'disjoint': {
      if (a0?.kind !== 'set') return unsupported(`\`${method}\` with a non-set argument`, span);
      const other = a0.elements;
      if (method === 'union') return makeSet([...xs, ...other]);
      if (method === 'intersect') return { kind: 'set', elements: xs.filter((x) => sortedHas(other, x)) };
      if (method === 'difference') return { kind: 'set', elements: xs.filter((x) => !sortedHas(other, x)) };
      if (method === 'subset_of') return bool(xs.every((x) => sortedHas(other, x)));
      return bool(!xs.some((x) => sortedHas(other, x)));
    }
    case 'choose':
      if (xs.length === 1) return xs[0];
      return indeterminate(xs.length === 0 ? '`choose` of an empty set' : 'choose has several witnesses', span);
    case 'filter':
    case 'map': {
      if (a0 === undefined) return arity(method, span);
      const out: Value[] = [];
      for (const x of xs) {
        const y = applyFn(ctx, a0, [x], span);
        if (isFailure(y)) return y;
        if (method === 'map') out.push(y);
        else if (y.kind !== 'bool') return unsupported('`filter` predicate that is not a bool', span);
        else if (y.value) out.push(x);
      }
      return makeSet(out);
    }
    default:
      return undefined;
  }
}

export function mapMethod(ctx: SpecContext, m: MapValue, method: string, args: readonly Value[], span: Span): Res | undefined {
  const entries = m.entries;
  const a0 = args[0];
  const a1 = args[1];
  const keys = (): Value[] => entries.map(([k]) => k);
  switch (method) {
    case 'len':
      return mkInt(entries.length);
    case 'is_empty':
      return bool(entries.length === 0);
    case 'index':
    case 'spec_index':
      return a0 === undefined ? arity(method, span) : indexMap(m, a0, span);
    case 'contains_key':
      return a0 === undefined ? arity(method, span) : bool(sortedHas(keys(), a0));
    case 'ext_equal':
    case 'ext_equal_deep':
      return a0 === undefined ? arity(method, span) : bool(valueEquals(m, a0));
    case 'contains_pair':
      return a0 === undefined || a1 === undefined
        ? arity(method, span)
        : bool(entries.some(([k, v]) => valueEquals(k, a0) && valueEquals(v, a1)));
    case 'get': {
      if (a0 === undefined) return arity(method, span);
      const entry = entries.find(([k]) => valueEquals(k, a0));
      return entry === undefined ? NONE : some(entry[1]);
    }
    default:
      break;
  }
  const exhausted = charge(ctx, entries.length + (a0?.kind === 'map' ? a0.entries.length : 0), span);
  if (exhausted !== undefined) return exhausted;
  switch (method) {
    case 'dom':
      return { kind: 'set', elements: keys() };
    case 'values':
      return makeSet(entries.map(([, v]) => v));
    case 'kv_pairs':
      return makeSet(entries.map(([k, v]) => ({ kind: 'tuple', elements: [k, v] })));
    case 'contains_value':
      return a0 === undefined ? arity(method, span) : bool(entries.some(([, v]) => valueEquals(v, a0)));
    case 'insert':
      return a0 === undefined || a1 === undefined ? arity(method, span) : makeMap([...entries, [a0, a1]]);
    case 'remove':
      return a0 === undefined ? arity(method, span) : { kind: 'map', entries: entries.filter(([k]) => !valueEquals(k, a0)) };
    case 'restrict':
    case 'remove_keys': {
      if (a0?.kind !== 'set') return unsupported(`\`${method}\` with a non-set argument`, span);
      const keep = method === 'restrict';
      return { kind: 'map', entries: entries.filter(([k]) => sortedHas(a0.elements, k) === keep) };
    }
    case 'union_prefer_right':
      if (a0?.kind !== 'map') return unsupported('`union_prefer_right` with a non-map argument', span);
      return makeMap([...entries, ...a0.entries]);
    case 'submap_of':
      if (a0?.kind !== 'map') return unsupported('`submap_of` with a non-map argument', span);
      return bool(entries.every(([k, v]) => a0.entries.some(([k2, v2]) => valueEquals(k, k2) && valueEquals(v, v2))));
    case 'map_values':
    case 'map_entries': {
      // `m.map_values(|v| f(v))` and `m.map_entries(|k, v| f(k, v))`: the same keys, each value mapped.
      if (a0 === undefined) return arity(method, span);
      const mapped = allValues(entries, ([k, v]) => applyFn(ctx, a0, method === 'map_values' ? [v] : [k, v], span));
      if (!Array.isArray(mapped)) return mapped;
      return { kind: 'map', entries: entries.map(([k], i) => [k, mapped[i] as Value] as const) };
    }
    default:
      return undefined;
  }
}

export function multisetMethod(ctx: SpecContext, m: MultisetValue, method: string, args: readonly Value[], span: Span): Res | undefined {
  const entries = m.entries;
  const a0 = args[0];
  const exhausted = charge(ctx, entries.length, span);
  if (exhausted !== undefined) return exhausted;
  const count = (x: Value): bigint => entries.find(([e]) => valueEquals(e, x))?.[1] ?? 0n;
  switch (method) {
    case 'count':
      return a0 === undefined ? arity(method, span) : mkInt(count(a0));
    case 'ext_equal':
    case 'ext_equal_deep':
      return a0 === undefined ? arity(method, span) : bool(valueEquals(m, a0));
    case 'len':
      return mkInt(entries.reduce((sum, [, c]) => sum + c, 0n));
    case 'is_empty':
      return bool(entries.length === 0);
    case 'contains':
      return a0 === undefined ? arity(method, span) : bool(count(a0) > 0n);
    case 'insert':
      return a0 === undefined ? arity(method, span) : multisetFromCounts([...entries, [a0, 1n]]);
    case 'remove':
      return a0 === undefined ? arity(method, span) : truncatedSub(entries, [[a0, 1n]]);
    case 'add':
    case 'sub':
    case 'subset_of': {
      if (a0?.kind !== 'multiset') return unsupported(`\`${method}\` with a non-multiset argument`, span);
      if (method === 'add') return multisetFromCounts([...entries, ...a0.entries]);
      if (method === 'sub') return truncatedSub(entries, a0.entries);
      return bool(entries.every(([e, c]) => c <= (a0.entries.find(([o]) => valueEquals(o, e))?.[1] ?? 0n)));
    }
    case 'dom':
      return { kind: 'set', elements: entries.map(([e]) => e) };
    default:
      return undefined;
  }
}

/** Multiset difference: counts subtract and stop at 0. */
function truncatedSub(entries: readonly (readonly [Value, bigint])[], minus: readonly (readonly [Value, bigint])[]): Value {
  const kept = entries.map(([e, c]) => {
    const removed = minus.find(([o]) => valueEquals(o, e))?.[1] ?? 0n;
    return [e, c > removed ? c - removed : 0n] as const;
  });
  return multisetFromCounts(kept);
}
