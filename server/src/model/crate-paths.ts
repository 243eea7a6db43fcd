// Paths resolved as rustc resolves them across a crate's modules: `crate::`, `self::`, `super::`, names a module
// imports (`use a::f`, `use a::f as g`, `pub use` re-exports alike) and its glob imports (`use a::*`). Lenient
// where code that compiles could not tell: visibility is not checked, and a plain name is also looked up in the
// enclosing modules (as the one-file scope does).

import type { VisitedItem } from './lower-functions';
import { flattenUseTree } from './use-tree';

/** Per module (its crate-absolute path joined by `::`), every module that holds an item: the names its `use`s bind
 *  and the paths it glob-imports, as written there (the resolver reads them from that module). */
export type ModuleUses = ReadonlyMap<
  string,
  { readonly names: ReadonlyMap<string, readonly string[]>; readonly globs: readonly (readonly string[])[] }
>;

interface ModuleEntry {
  readonly names: Map<string, readonly string[]>;
  readonly globs: (readonly string[])[];
}

export function moduleUses(items: readonly VisitedItem[]): ModuleUses {
  const uses = new Map<string, ModuleEntry>();
  const entryOf = (modulePath: readonly string[]): ModuleEntry => {
    const key = modulePath.join('::');
    const entry = uses.get(key) ?? { names: new Map<string, readonly string[]>(), globs: [] };
    uses.set(key, entry);
    return entry;
  };
  for (const { item, context } of items) {
    // Every module is listed, with or without `use`s of its own: a path goes through it (`model::resource::f`, where
    // `model/mod.rs` only declares `pub mod resource;`).
    for (let length = 0; length <= context.modulePath.length; length++) entryOf(context.modulePath.slice(0, length));
    if (item.kind !== 'use' || item.isBroadcast || context.container !== 'module') continue;
    const entry = entryOf(context.modulePath);
    for (const leaf of flattenUseTree(item.tree)) {
      if (leaf.kind === 'glob') entry.globs.push(leaf.path);
      else if (leaf.name !== '_' && !entry.names.has(leaf.name)) entry.names.set(leaf.name, leaf.path);
    }
  }
  return uses;
}

/** The item `path`, written in module `modulePath` (crate-absolute) inside the impl of `selfTypeName`, names;
 *  `exact` looks up a crate-absolute qualified name. */
export function resolveInCrate<V>(
  uses: ModuleUses,
  exact: (absolute: readonly string[]) => V | undefined,
  path: readonly string[],
  selfTypeName: string | undefined,
  modulePath: readonly string[],
): V | undefined {
  const resolver = { uses, exact, asked: new Set<string>() };
  if (path[0] === 'Self')
    return selfTypeName === undefined ? undefined : written(resolver, modulePath, [selfTypeName, ...path.slice(1)], 0, 'reference');
  return written(resolver, modulePath, path, 0, 'reference');
}

interface Resolver<V> {
  readonly uses: ModuleUses;
  readonly exact: (absolute: readonly string[]) => V | undefined;
  /** `module|path` pairs asked already in this resolution: globs of each other's modules (`use super::*` in a
   *  child whose parent has `use child::*`) would otherwise branch at every step. */
  readonly asked: Set<string>;
}

// Imports can chain (`pub use` of a `pub use`) or loop (two globs of each other); this bounds the walk.
const MAX_IMPORT_DEPTH = 12;

/** A path as written in `module`: `crate::`, `self::` and `super::` say where it starts. A reference starts in
 *  `module` and then in each enclosing one; a `use` target starts at an item or submodule of `module` (or an extern
 *  crate, which is not here): never at another of the module's imports, which would let `use a::*` re-enter itself. */
function written<V>(
  resolver: Resolver<V>,
  module: readonly string[],
  path: readonly string[],
  depth: number,
  start: 'reference' | 'use-target',
): V | undefined {
  const [head, ...rest] = path;
  if (head === undefined || depth > MAX_IMPORT_DEPTH) return undefined;
  const first = start === 'reference' ? 'with-imports' : 'items-only';
  if (head === 'crate') return within(resolver, [], rest, depth, first);
  if (head === 'self') return within(resolver, module, rest, depth, first);
  if (head === 'super') return written(resolver, module.slice(0, -1), rest[0] === 'super' ? rest : ['self', ...rest], depth, start);
  if (start === 'use-target') return within(resolver, module, path, depth, 'items-only');
  for (let length = module.length; length >= 0; length--) {
    const found = within(resolver, module.slice(0, length), path, depth, 'with-imports');
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `path` inside `module`: an item there, through a submodule's own imports, or through this module's imports. */
function within<V>(
  resolver: Resolver<V>,
  module: readonly string[],
  path: readonly string[],
  depth: number,
  first: 'with-imports' | 'items-only',
): V | undefined {
  const [head, ...rest] = path;
  const key = `${first}|${module.join('::')}|${path.join('::')}`;
  if (head === undefined || resolver.asked.has(key)) return undefined;
  resolver.asked.add(key);
  const direct = resolver.exact([...module, ...path]);
  if (direct !== undefined) return direct;
  const submodule = [...module, head];
  if (rest.length > 0 && resolver.uses.has(submodule.join('::'))) {
    const found = within(resolver, submodule, rest, depth + 1, 'with-imports');
    if (found !== undefined) return found;
  }
  const imports = first === 'with-imports' ? resolver.uses.get(module.join('::')) : undefined;
  if (imports === undefined) return undefined;
  const named = imports.names.get(head);
  if (named !== undefined) {
    const found = written(resolver, module, [...named, ...rest], depth + 1, 'use-target');
    if (found !== undefined) return found;
  }
  for (const glob of imports.globs) {
    const found = written(resolver, module, [...glob, ...path], depth + 1, 'use-target');
    if (found !== undefined) return found;
  }
  return undefined;
}
