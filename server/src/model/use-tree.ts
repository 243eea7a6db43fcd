// A `use` tree as written (`crate::a::{b::f as g, h, c::*}`) flattened into the names it binds and the modules it
// glob-imports, each with its full path as written (`crate::`/`self::`/`super::` kept: the reader resolves them).

/** `f` in `a::f`, `g` in `a::f as g` (`_` included: it binds nothing), `b` in `a::b::{self}`, or `a::*`. */
export type UseLeaf =
  | { readonly kind: 'name' | 'rename'; readonly name: string; readonly path: readonly string[] }
  | { readonly kind: 'glob'; readonly path: readonly string[] };

export function flattenUseTree(tree: string): UseLeaf[] {
  const out: UseLeaf[] = [];
  // Spaces matter only around `as`: `a :: { b as c }` -> `a::{b as c}`.
  collectLeaves(tree.replace(/\s*(::|\{|\}|,)\s*/g, '$1').trim(), [], out, 0);
  return out;
}

// Deeper groups than this do not occur in real code; the bound keeps a malformed tree from costing much.
const MAX_GROUP_DEPTH = 8;

function collectLeaves(tree: string, prefix: readonly string[], out: UseLeaf[], depth: number): void {
  const open = tree.indexOf('{');
  if (open < 0) {
    out.push(...leafOf(tree, prefix));
    return;
  }
  if (depth > MAX_GROUP_DEPTH || !tree.endsWith('}')) return;
  const head = segments(tree.slice(0, open));
  for (const part of splitTopLevel(tree.slice(open + 1, -1))) collectLeaves(part, [...prefix, ...head], out, depth + 1);
}

function leafOf(tree: string, prefix: readonly string[]): UseLeaf[] {
  const renamed = /^([\w:]+) as (\w+)$/.exec(tree);
  const written = renamed === null ? tree : (renamed[1] ?? '');
  const path = [...prefix, ...segments(written)];
  const last = path[path.length - 1];
  if (last === undefined || !/^(\w+|\*)$/.test(last)) return [];
  if (last === '*') return [{ kind: 'glob', path: path.slice(0, -1) }];
  // `a::b::{self}` binds `b` to `a::b`.
  const target = last === 'self' ? path.slice(0, -1) : path;
  const name = renamed?.[2] ?? target[target.length - 1];
  if (name === undefined) return [];
  return [{ kind: renamed === null ? 'name' : 'rename', name, path: target }];
}

function segments(text: string): string[] {
  return text.split('::').filter((segment) => segment !== '');
}

/** Splits `a, b::{c, d}, e` at the commas outside braces. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part !== '');
}
