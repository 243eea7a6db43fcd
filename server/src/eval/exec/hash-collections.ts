// vstd's `HashSetWithView<K>` and `HashMapWithView<K, V>` (and std's `HashSet`/`HashMap`, `BTreeSet`/`BTreeMap`) in
// exec code: a value is its view, a `Set<K>`/`Map<K, V>`, so results are compared through their views as the ensures
// reads them. A B-tree iterates in its keys' order; a hash collection in an order the program cannot know, so a run
// that iterates one is checked against a run in the reversed order (`iterationOrder`).

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import { makeMap, makeSet, valueEquals } from '../value-ops';
import type { Ctx, Typed } from './interpreter-state';
import { compareValues } from './typed-operators';
import type { ExecType } from './exec-types';
import { BOOL, seqOf, UNIT_TYPE, UNKNOWN, USIZE } from './exec-types';
import { optionValue } from './calls-and-paths';
import { notRunnable } from './signals';

/** The owners whose `new()` makes an empty set or map. */
export const SET_OWNERS: ReadonlySet<string> = new Set(['HashSetWithView', 'HashSet', 'StringHashSet', 'BTreeSet']);
export const MAP_OWNERS: ReadonlySet<string> = new Set(['HashMapWithView', 'HashMap', 'StringHashMap', 'BTreeMap']);

/** How a collection of this exec type orders its elements when it iterates: a `BTreeMap`/`BTreeSet` by its keys
 *  (`Ord`); a hash collection in an order the program cannot know, so the run takes them as stored, or reversed on the
 *  second run that checks the result does not depend on it (`Ctx.hashIteration`, exec/index.ts). */
export function iterationOrder(ctx: Ctx, type: ExecType): IterationOrder {
  if (type.kind === 'adt' && (type.name === 'BTreeMap' || type.name === 'BTreeSet'))
    return (items, key) => [...items].sort((a, b) => compareValues(ctx, key(a), key(b)));
  return (items) => {
    ctx.hashIteration.seen = true;
    return ctx.hashIteration.reversed ? [...items].reverse() : items;
  };
}

/** A collection's elements (or entries, by key) in the order it iterates them. */
export type IterationOrder = <T>(items: readonly T[], key: (item: T) => Value) => readonly T[];

/** `HashSetWithView::new()`, `HashMap::with_capacity(n)`: an empty collection; undefined for other calls. */
export function hashCollectionCall(owner: string, name: string): Typed | undefined {
  if (name !== 'new' && name !== 'with_capacity') return undefined;
  if (SET_OWNERS.has(owner)) return { value: makeSet([]), type: { kind: 'adt', name: owner, args: [UNKNOWN] } };
  if (MAP_OWNERS.has(owner)) return { value: makeMap([]), type: { kind: 'adt', name: owner, args: [UNKNOWN, UNKNOWN] } };
  return undefined;
}

/** A method on a set value; `receiver` is the set's new value for `insert`, `remove` and `clear`. */
export function setMethod(
  set: Extract<Value, { kind: 'set' }>,
  method: string,
  args: readonly Typed[],
  span: Span,
  order?: IterationOrder,
): { readonly value: Typed; readonly receiver?: Value } {
  const arg = (): Value => args[0]?.value ?? notRunnable(`\`${method}\` needs an argument`, span);
  const has = (value: Value): boolean => set.elements.some((element) => valueEquals(element, value));
  switch (method) {
    case 'len':
      return { value: { value: int(set.elements.length), type: USIZE } };
    case 'is_empty':
      return { value: { value: bool(set.elements.length === 0), type: BOOL } };
    case 'contains':
      return { value: { value: bool(has(arg())), type: BOOL } };
    case 'insert': {
      const value = arg();
      return { value: { value: bool(!has(value)), type: BOOL }, receiver: makeSet([...set.elements, value]) };
    }
    case 'remove': {
      const value = arg();
      return {
        value: { value: bool(has(value)), type: BOOL },
        receiver: makeSet(set.elements.filter((element) => !valueEquals(element, value))),
      };
    }
    case 'clear':
      return { value: { value: { kind: 'tuple', elements: [] }, type: UNIT_TYPE }, receiver: makeSet([]) };
    case 'clone':
      return { value: { value: set, type: UNKNOWN } };
    case 'iter':
    case 'into_iter': {
      if (order === undefined) return notRunnable(`calls ${method} on a set`, span);
      return { value: { value: { kind: 'seq', elements: order(set.elements, (element) => element) }, type: seqOf(UNKNOWN) } };
    }
    default:
      return notRunnable(`calls ${method} on a set`, span);
  }
}

/** A method on a map value; `receiver` is the map's new value for `insert`, `remove` and `clear`. */
export function mapMethod(
  map: Extract<Value, { kind: 'map' }>,
  method: string,
  args: readonly Typed[],
  span: Span,
  order?: IterationOrder,
): { readonly value: Typed; readonly receiver?: Value } {
  const arg = (i: number): Value => args[i]?.value ?? notRunnable(`\`${method}\` needs an argument`, span);
  const found = (key: Value): Value | undefined => map.entries.find(([k]) => valueEquals(k, key))?.[1];
  const valueType: ExecType = UNKNOWN;
  const option = (value: Value | undefined): Typed => optionValue(value === undefined ? undefined : { value, type: valueType }, valueType);
  switch (method) {
    case 'len':
      return { value: { value: int(map.entries.length), type: USIZE } };
    case 'is_empty':
      return { value: { value: bool(map.entries.length === 0), type: BOOL } };
    case 'contains_key':
      return { value: { value: bool(found(arg(0)) !== undefined), type: BOOL } };
    case 'get':
      return { value: option(found(arg(0))) };
    case 'insert': {
      const key = arg(0);
      const rest = map.entries.filter(([k]) => !valueEquals(k, key));
      return { value: option(found(key)), receiver: makeMap([...rest, [key, arg(1)]]) };
    }
    case 'remove': {
      const key = arg(0);
      return { value: option(found(key)), receiver: makeMap(map.entries.filter(([k]) => !valueEquals(k, key))) };
    }
    case 'clear':
      return { value: { value: { kind: 'tuple', elements: [] }, type: UNIT_TYPE }, receiver: makeMap([]) };
    case 'clone':
      return { value: { value: map, type: UNKNOWN } };
    case 'iter':
    case 'into_iter':
    case 'keys':
    case 'values': {
      if (order === undefined) return notRunnable(`calls ${method} on a map`, span);
      const elements = order(map.entries, ([key]) => key).map(([key, value]): Value =>
        method === 'keys' ? key : method === 'values' ? value : { kind: 'tuple', elements: [key, value] },
      );
      return { value: { value: { kind: 'seq', elements }, type: seqOf(UNKNOWN) } };
    }
    default:
      return notRunnable(`calls ${method} on a map`, span);
  }
}
