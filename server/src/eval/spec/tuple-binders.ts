// `Set::new(|t: (int, usize)| 0 <= t.0 < 8 && t.1 < 64 && ..)` (mimalloc's commit mask): a comprehension over a
// tuple ranges over each component, bounded by what its guard says of `t.0` and `t.1`. The binder is split into
// one binder per component and the body rewritten to name them, so the quantifier planner finds their bounds.

import type { Expr, Type } from '../../syntax';
import { innerBinders } from './quantifier-candidates';

export interface SplitBinder {
  readonly names: readonly string[];
  readonly types: readonly Type[];
  readonly body: Expr;
}

/** The binder `name` of a tuple type split into its components, with `body` reading them (`t.0` is the first;
 *  `t` itself is the tuple of them); undefined for a binder of any other type. Remembered per body. */
export function splitTupleBinder(name: string, type: Type | undefined, body: Expr): SplitBinder | undefined {
  if (!SPLITS.has(body)) SPLITS.set(body, split(name, type, body));
  return SPLITS.get(body);
}

const SPLITS = new WeakMap<Expr, SplitBinder | undefined>();

function split(name: string, type: Type | undefined, body: Expr): SplitBinder | undefined {
  if (type?.kind !== 'tuple' || type.elements.length < 2) return undefined;
  // `t.0` is no identifier a user can write, so the names cannot capture another binding.
  const names = type.elements.map((_, index) => `${name}.${index}`);
  return { names, types: type.elements, body: rewritten(body, name, names) as Expr };
}

function rewritten(node: unknown, name: string, names: readonly string[]): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map((child) => rewritten(child, name, names));
  const record = node as Record<string, unknown>;
  const span = record['span'];
  if (record['kind'] === 'field' && isPathTo(record['receiver'], name) && typeof record['field'] === 'string') {
    const component = names[Number(record['field'])];
    if (/^[0-9]+$/.test(record['field']) && component !== undefined) return pathTo(component, span);
  }
  if (isPathTo(record, name)) return { kind: 'tuple', elements: names.map((component) => pathTo(component, span)), span };
  // An inner closure or quantifier that binds the same name shadows the binder.
  const kind = record['kind'];
  if ((kind === 'closure' || kind === 'quantifier') && innerBinders(node as Extract<Expr, { kind: typeof kind }>).includes(name))
    return node;
  const copy: Record<string, unknown> = {};
  for (const key in record) copy[key] = key === 'span' || key === 'type' ? record[key] : rewritten(record[key], name, names);
  return copy;
}

function isPathTo(node: unknown, name: string): boolean {
  const record = node as { kind?: unknown; segments?: readonly { name?: unknown }[] } | null;
  return record?.kind === 'path' && record.segments?.length === 1 && record.segments[0]?.name === name;
}

function pathTo(name: string, span: unknown): unknown {
  return { kind: 'path', segments: [{ name, generics: [], span }], span };
}
