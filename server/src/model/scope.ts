// Name resolution over one file (ModelScope): functions, methods, datatypes, variants, constants and aliases,
// indexed once by qualified name. Lookups are lenient where Rust would need a `use` (enclosing modules are searched).

import type { Attribute, ConstItem, EnumItem, FnItem, ImplItem, LayoutDirective, MacroRulesDefinition, TypeAliasItem } from '../syntax';
import type { ItemContext, VisitedItem } from './lower-functions';
import { expandItemMacros } from './item-macros';
import { typeHeadName } from './lower-functions';
import { flattenUseTree } from './use-tree';
import type { Datatype, ModelScope, ResolvedFn } from './types';

/** The scope of `items` and of what their item-level macro calls expand to (item-macros.ts). */
export function scopeWithItemMacros(items: readonly VisitedItem[]): ModelScope {
  const written = createModelScope(items);
  const expanded = expandItemMacros(items, written.macroRules);
  return expanded.length === 0 ? written : createModelScope([...items, ...expanded]);
}

/** The scope of `items` (one file's, or a whole crate's with each file's module path in its contexts). */
export function createModelScope(items: readonly VisitedItem[]): ModelScope {
  const index = buildIndex(items);
  const functionTable = scopedTable(index.functions);
  const constantTable = scopedTable(index.constants);
  return {
    resolveFunction: (path, selfTypeName, modulePath) => lookupName(functionTable, path, selfTypeName, modulePath),
    resolveMethod: (typeName, method) => resolveMethod(index, typeName, method),
    implMethods: (typeName, method) => index.implMethods.get(`${lastSegment(typeName)}::${method}`) ?? NO_FUNCTIONS,
    blanketMethods: (method) => index.blanketMethods.get(method) ?? NO_FUNCTIONS,
    datatype: (name) => lookupDatatype(index, name),
    enumOfVariant: (variant) => index.variants.get(lastSegment(variant)),
    constant: (path, selfTypeName, modulePath) => lookupName(constantTable, path, selfTypeName, modulePath),
    typeAlias: (name) => index.aliases.get(name),
    constantsOfType: (typeName) => index.constantsByType.get(lastSegment(typeName)) ?? NO_CONSTANTS,
    traitImpls: (traitName) => index.traitImpls.get(lastSegment(traitName)) ?? NO_IMPLS,
    typeImpls: (typeName) => index.typeImpls.get(lastSegment(typeName)) ?? NO_IMPLS,
    derivers: (traitName) => index.derivers.get(lastSegment(traitName)) ?? NO_DATATYPES,
    useAlias: (name) => index.useRenames.get(name),
    macroRules: (name) => index.macros.get(name),
    declaredLayout: (typeName) => index.layouts.get(lastSegment(typeName)),
    externalCrate: (name) => externalCrate(index, name),
  };
}

interface ScopeIndex {
  /** Qualified name (`m::Stack::push`) to target. */
  readonly functions: Map<string, ResolvedFn>;
  /** `Type::method` (no module path) to target, inherent impls first, then trait impls. */
  readonly inherentMethods: Map<string, ResolvedFn>;
  readonly traitImplMethods: Map<string, ResolvedFn>;
  /** Every impl method by `Type::method`, for the types several impls cover. */
  readonly implMethods: Map<string, ResolvedFn[]>;
  /** Methods of blanket impls (`impl<T: Clone> ClonePlus for T`) by name. */
  readonly blanketMethods: Map<string, ResolvedFn[]>;
  /** Trait name to its default methods (with bodies). */
  readonly traitDefaults: Map<string, Map<string, ResolvedFn>>;
  /** Type name to the traits it implements, in source order. */
  readonly implementedTraits: Map<string, string[]>;
  /** Trait name to its impls, in source order. */
  readonly traitImpls: Map<string, ImplItem[]>;
  /** Type name to its impls, inherent and of traits, in source order. */
  readonly typeImpls: Map<string, ImplItem[]>;
  /** Trait name to the datatypes deriving it, in source order. */
  readonly derivers: Map<string, Datatype[]>;
  /** Datatypes by bare and by qualified name; the first declaration wins a bare-name clash. */
  readonly datatypes: Map<string, Datatype>;
  readonly variants: Map<string, EnumItem>;
  readonly constants: Map<string, ConstItem>;
  /** Exec constants by the last segment of their type's name. */
  readonly constantsByType: Map<string, ConstItem[]>;
  readonly aliases: Map<string, TypeAliasItem>;
  /** `use a::b::f as g`: g -> [a, b, f]. */
  readonly useRenames: Map<string, readonly string[]>;
  /** `macro_rules!` macros by the name they define. */
  readonly macros: Map<string, MacroRulesDefinition>;
  /** `global size_of`/`global layout` directives by the type's last path segment. */
  readonly layouts: Map<string, LayoutDirective>;
  /** The modules items are declared in or that `mod` declares, inline or not. */
  readonly modules: Set<string>;
  /** The first segments of `use` paths other than `crate`, `self` and `super`. */
  readonly useRoots: Set<string>;
  /** The names `use` binds (`kube` in `use deps_hack::kube`, `k8s` in `use k8s_openapi::api as k8s`) to their
   *  path's first segment. */
  readonly importRoots: Map<string, string>;
}

function externalCrate(index: ScopeIndex, name: string): string | undefined {
  const root = index.importRoots.get(name) ?? name;
  return index.useRoots.has(root) && !index.modules.has(root) ? root : undefined;
}

const NO_IMPLS: readonly ImplItem[] = [];
const NO_FUNCTIONS: readonly ResolvedFn[] = [];
const NO_CONSTANTS: readonly ConstItem[] = [];
const NO_DATATYPES: readonly Datatype[] = [];
/** First path segments that name a place in this crate, never another crate. */
const RELATIVE_ROOTS: ReadonlySet<string> = new Set(['crate', 'self', 'super', 'Self']);

// Aliases can chain (`type A = B; type B = Point;`) or loop; this bounds the walk.
const MAX_ALIAS_DEPTH = 16;

function buildIndex(items: readonly VisitedItem[]): ScopeIndex {
  const index: ScopeIndex = {
    functions: new Map(),
    inherentMethods: new Map(),
    implMethods: new Map(),
    blanketMethods: new Map(),
    traitImplMethods: new Map(),
    traitDefaults: new Map(),
    implementedTraits: new Map(),
    traitImpls: new Map(),
    typeImpls: new Map(),
    derivers: new Map(),
    datatypes: new Map(),
    variants: new Map(),
    constants: new Map(),
    constantsByType: new Map(),
    aliases: new Map(),
    useRenames: new Map(),
    macros: new Map(),
    layouts: new Map(),
    modules: new Set(),
    useRoots: new Set(),
    importRoots: new Map(),
  };
  for (const { item, context } of items) {
    for (const module of context.modulePath) index.modules.add(module);
    const qualify = (name: string): string => qualifiedName(context, name);
    switch (item.kind) {
      case 'fn':
        indexFunction(index, item, context);
        break;
      case 'struct':
      case 'enum':
        setFirst(index.datatypes, qualify(item.name), item);
        setFirstVerified(index.datatypes, item.name, item);
        if (item.kind === 'enum') for (const variant of item.variants) setFirst(index.variants, variant.name, item);
        for (const traitName of derivedTraits(item.attributes))
          index.derivers.set(traitName, [...(index.derivers.get(traitName) ?? []), item]);
        break;
      case 'const': {
        setFirst(index.constants, qualify(item.name), item);
        const typeName = item.mode === 'exec' ? typeHeadName(item.type) : undefined;
        if (typeName !== undefined) index.constantsByType.set(typeName, [...(index.constantsByType.get(typeName) ?? []), item]);
        break;
      }
      case 'type':
        setFirst(index.aliases, qualify(item.name), item);
        // Associated types (`type V = ..` in an impl) are known only qualified (`Point::V`).
        if (context.container === 'module') setFirst(index.aliases, item.name, item);
        break;
      case 'impl':
        indexImpl(index, item);
        break;
      case 'macro':
        if (item.definition !== undefined) setFirst(index.macros, item.definition.name, item.definition);
        if (item.layout?.type.kind === 'path') setFirst(index.layouts, item.layout.type.segments.at(-1)?.name ?? '', item.layout);
        break;
      case 'use':
        for (const leaf of flattenUseTree(item.tree)) {
          if (leaf.kind === 'rename' && leaf.name !== '_') setFirst(index.useRenames, leaf.name, leaf.path);
          const root = leaf.path[0];
          if (root === undefined || RELATIVE_ROOTS.has(root)) continue;
          index.useRoots.add(root);
          if (leaf.kind !== 'glob') setFirst(index.importRoots, leaf.name, root);
        }
        break;
      case 'mod':
        index.modules.add(item.name);
        break;
      default:
        break;
    }
  }
  return index;
}

// The target's names are the ones `lowerFunction` gives its contract (qualifiedName is the same join).
function indexFunction(index: ScopeIndex, item: FnItem, context: ItemContext): void {
  const target: ResolvedFn = {
    item,
    qualifiedName: qualifiedName(context, item.name),
    selfTypeName: context.selfTypeName,
    modulePath: context.modulePath,
    ...(context.implHeader === undefined ? {} : { implHeader: context.implHeader }),
  };
  setFirst(index.functions, target.qualifiedName, target);
  if (context.selfTypeName === undefined) return;
  const methodKey = `${context.selfTypeName}::${item.name}`;
  if (context.container === 'inherent') setFirst(index.inherentMethods, methodKey, target);
  if (context.container === 'trait-impl') setFirst(index.traitImplMethods, methodKey, target);
  if (context.container === 'inherent' || context.container === 'trait-impl')
    index.implMethods.set(methodKey, [...(index.implMethods.get(methodKey) ?? []), target]);
  const header = context.implHeader;
  const blanket = header?.selfType.kind === 'path' && header.selfType.segments.length === 1 ? header.selfType.segments[0] : undefined;
  if (context.container === 'trait-impl' && blanket !== undefined && header?.generics.some((param) => param.name === blanket.name))
    index.blanketMethods.set(item.name, [...(index.blanketMethods.get(item.name) ?? []), target]);
  if (context.container === 'trait' && item.body !== undefined) {
    const defaults = index.traitDefaults.get(context.selfTypeName) ?? new Map<string, ResolvedFn>();
    setFirst(defaults, item.name, target);
    index.traitDefaults.set(context.selfTypeName, defaults);
  }
}

/** `#[derive(Copy, Clone, PmCopy)]` and `#[derive(std::fmt::Debug)]` name `Copy`, `Clone`, `PmCopy`, `Debug`. */
function derivedTraits(attributes: readonly Attribute[]): string[] {
  return attributes
    .filter((attribute) => attribute.path === 'derive')
    .flatMap((attribute) => {
      const open = attribute.text.indexOf('(');
      const close = attribute.text.lastIndexOf(')');
      return open < 0 || close < open ? [] : attribute.text.slice(open + 1, close).split(',');
    })
    .map((name) => lastSegment(name.trim()))
    .filter((name) => name !== '');
}

function indexImpl(index: ScopeIndex, impl: ImplItem): void {
  const typeName = typeHeadName(impl.selfType);
  if (typeName !== undefined) index.typeImpls.set(typeName, [...(index.typeImpls.get(typeName) ?? []), impl]);
  const traitName = impl.trait === undefined ? undefined : typeHeadName(impl.trait);
  if (traitName === undefined) return;
  index.traitImpls.set(traitName, [...(index.traitImpls.get(traitName) ?? []), impl]);
  if (typeName === undefined) return;
  const traits = index.implementedTraits.get(typeName) ?? [];
  if (!traits.includes(traitName)) traits.push(traitName);
  index.implementedTraits.set(typeName, traits);
}

function qualifiedName(context: ItemContext, name: string): string {
  const owner = context.selfTypeName === undefined ? [] : [context.selfTypeName];
  return [...context.modulePath, ...owner, name].join('::');
}

function setFirst<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (!map.has(key)) map.set(key, value);
}

/** By its bare name, a datatype Verus checks stands before a plain-Rust one of that name: anvil wraps
 *  `crds::RabbitmqClusterSpec` (serde, k8s types) in an `external_body` `RabbitmqClusterSpec` its contracts use. */
function setFirstVerified(map: Map<string, Datatype>, key: string, value: Datatype): void {
  const known = map.get(key);
  if (known === undefined || (!known.inVerus && value.inVerus)) map.set(key, value);
}

function lastSegment(name: string): string {
  const at = name.lastIndexOf('::');
  return at < 0 ? name : name.slice(at + 2);
}

/** Qualified names, plus each name's last segment to the qualified names ending in it (for suffix lookups). */
interface ScopedTable<V> {
  readonly byName: ReadonlyMap<string, V>;
  readonly byLastSegment: ReadonlyMap<string, readonly string[]>;
}

function scopedTable<V>(byName: ReadonlyMap<string, V>): ScopedTable<V> {
  const byLastSegment = new Map<string, string[]>();
  for (const name of byName.keys()) {
    const last = lastSegment(name);
    byLastSegment.set(last, [...(byLastSegment.get(last) ?? []), name]);
  }
  return { byName, byLastSegment };
}

/** Scoped lookup; a caller that does not say where the reference occurs (no `modulePath`) also gets the one
 *  item whose qualified name ends with the path, if exactly one does (`CAPACITY` for `collections::CAPACITY`),
 *  which is what Rust would resolve for code that compiles. */
function lookupName<V>(
  table: ScopedTable<V>,
  path: readonly string[],
  selfTypeName: string | undefined,
  modulePath: readonly string[] | undefined,
): V | undefined {
  const found = lookupScoped(table.byName, path, selfTypeName, modulePath ?? []);
  if (found !== undefined || modulePath !== undefined) return found;
  const expanded = path[0] === 'Self' ? (selfTypeName === undefined ? undefined : [selfTypeName, ...path.slice(1)]) : path;
  const last = expanded?.[expanded.length - 1];
  if (expanded === undefined || last === undefined || RELATIVE_ROOTS.has(expanded[0] ?? '')) return undefined;
  const suffix = `::${expanded.join('::')}`;
  const candidates = (table.byLastSegment.get(last) ?? []).filter((name) => name.endsWith(suffix));
  const [only] = candidates;
  return candidates.length === 1 && only !== undefined ? table.byName.get(only) : undefined;
}

/** Resolves a path as written from inside `modulePath`: `Self` becomes the impl type, `crate::` is absolute,
 *  `super::`/`self::` are relative; other paths are tried in the innermost module first, then outwards. */
function lookupScoped<V>(
  map: ReadonlyMap<string, V>,
  path: readonly string[],
  selfTypeName: string | undefined,
  modulePath: readonly string[],
): V | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return undefined;
  if (head === 'Self') {
    if (selfTypeName === undefined) return undefined;
    return lookupScoped(map, [selfTypeName, ...rest], undefined, modulePath);
  }
  if (head === 'crate') return map.get(rest.join('::'));
  if (head === 'self') return map.get([...modulePath, ...rest].join('::'));
  if (head === 'super') return lookupScoped(map, rest, selfTypeName, modulePath.slice(0, -1));
  for (let depth = modulePath.length; depth >= 0; depth--) {
    const found = map.get([...modulePath.slice(0, depth), ...path].join('::'));
    if (found !== undefined) return found;
  }
  return undefined;
}

function resolveMethod(index: ScopeIndex, typeName: string, method: string): ResolvedFn | undefined {
  const name = resolveAliasName(index, lastSegment(typeName));
  const key = `${name}::${method}`;
  const direct = index.inherentMethods.get(key) ?? index.traitImplMethods.get(key);
  if (direct !== undefined) return direct;
  // A trait's default method body runs with `Self` bound to the implementing type.
  for (const traitName of index.implementedTraits.get(name) ?? []) {
    const fallback = index.traitDefaults.get(traitName)?.get(method);
    if (fallback !== undefined) return { ...fallback, selfTypeName: name };
  }
  return undefined;
}

function lookupDatatype(index: ScopeIndex, name: string): Datatype | undefined {
  const direct = index.datatypes.get(name) ?? index.datatypes.get(lastSegment(name));
  if (direct !== undefined) return direct;
  const aliased = resolveAliasName(index, name);
  return aliased === name ? undefined : index.datatypes.get(aliased);
}

/** Follows `type` aliases whose target is a plain path (`type P = geo::Point`) to the final type's name. */
function resolveAliasName(index: ScopeIndex, name: string): string {
  let current = name;
  for (let step = 0; step < MAX_ALIAS_DEPTH; step++) {
    const target = index.aliases.get(current)?.type;
    const next = target === undefined ? undefined : typeHeadName(target);
    if (next === undefined || next === current) return current;
    current = next;
  }
  return current;
}
