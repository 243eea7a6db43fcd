// One Cargo crate's files lowered together: each file keeps its own model (its functions, qualified names and
// diagnostics are what they are alone, so pairs keys do not change, except that a trait impl method is held to its
// trait's declaration in another file too), and its scope also reaches every item of the crate through module paths
// and `use`s. Pure: the host finds and reads the files; this only reads their trees.
// Invariant: a name the file resolves alone resolves to the same item in the crate (the file's own scope is asked
// first), so adding a crate can only make more names known.

import { createLineIndex } from '../syntax';
import type { ConstItem, LineIndex, SourceFile, Span } from '../syntax';
import { buildFileModel } from './build-file-model';
import { collectItems } from './lower-functions';
import type { VisitedItem } from './lower-functions';
import { scopeWithItemMacros } from './scope';
import { traitDeclarations, withCrateTraitContracts } from './trait-contracts';
import { moduleUses, resolveInCrate } from './crate-paths';
import type { ModuleUses } from './crate-paths';
import type { FileModel, ForeignSite, ModelScope, ResolvedFn } from './types';

export interface CrateFile {
  /** The file's path as the host names it; the key of `CrateModel.files`. */
  readonly path: string;
  /** How messages name the file (`src/types.rs`, relative to the crate's folder). */
  readonly displayName: string;
  readonly source: SourceFile;
  /** The module the file is: `[]` for the crate root, `['a', 'b']` for `crate::a::b`. */
  readonly modulePath: readonly string[];
}

export interface CrateModel {
  /** Each file's model, its scope widened to the crate. */
  readonly files: ReadonlyMap<string, FileModel>;
}

/** `mod name;` in a file: where the module's own file is looked for. */
export interface ModuleDeclaration {
  /** The inline modules around the declaration (`mod a { mod b; }` gives `['a']`). */
  readonly inlinePath: readonly string[];
  readonly name: string;
  /** `#[path = "x.rs"]`, as written. */
  readonly pathAttribute: string | undefined;
}

/** The out-of-line modules a file declares, configured-out ones (`#[cfg(test)]`) left out as rustc does. */
export function moduleDeclarations(source: SourceFile): ModuleDeclaration[] {
  const declarations: ModuleDeclaration[] = [];
  for (const { item, context } of collectItems(source)) {
    if (item.kind !== 'mod' || item.items !== undefined) continue;
    const pathAttribute = item.attributes
      .map((attribute) => /^path\s*=\s*"([^"]*)"$/.exec(attribute.text)?.[1])
      .find((found) => found !== undefined);
    declarations.push({ inlinePath: context.modulePath, name: item.name, pathAttribute });
  }
  return declarations;
}

export function buildCrateModel(files: readonly CrateFile[]): CrateModel {
  const items = files.flatMap((file) => collectItems(file.source).map((visited) => inModule(visited, file.modulePath)));
  const crate = crateIndex(items);
  const sites = files.map((file) => ({
    file,
    spans: lazily(() => collectSpans(file.source.items)),
    lines: lazily(() => createLineIndex(file.source.text)),
  }));
  const models = new Map<string, FileModel>();
  const alone = files.map((file) => buildFileModel(file.source));
  const declarations = traitDeclarations(alone.map((model) => model.functions));
  for (const [index, file] of files.entries()) {
    const own = alone[index] as FileModel;
    models.set(file.path, {
      ...own,
      functions: withCrateTraitContracts(own.functions, declarations),
      scope: fileScope(own.scope, crate, file.modulePath),
      foreignSite: (span) => foreignSite(sites, file, span),
      siblings: () => [...models.entries()].filter(([path]) => path !== file.path).map(([, model]) => model),
    });
  }
  return { files: models };
}

interface FileSpans {
  readonly file: CrateFile;
  /** Every span object of the file's tree and its line index, made on the first question (only unsupported
   *  constructs ask). */
  readonly spans: () => ReadonlySet<Span>;
  readonly lines: () => LineIndex;
}

/** Spans are offsets without a file, so the file is found by the span object's identity in each tree. */
function foreignSite(sites: readonly FileSpans[], asking: CrateFile, span: Span): ForeignSite | undefined {
  const owner = sites.find((site) => site.file !== asking && site.spans().has(span));
  if (owner === undefined) return undefined;
  const line = owner.lines().positionAt(span.start).line + 1;
  return { file: owner.file.displayName, line, text: owner.file.source.text.slice(span.start, span.end) };
}

function lazily<V>(make: () => V): () => V {
  let made: { readonly value: V } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** The objects with numeric `start` and `end` in a tree of plain objects and arrays (an explicit stack: trees
 *  can be deeper than the JS stack). */
function collectSpans(root: unknown): Set<Span> {
  const spans = new Set<Span>();
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (isSpan(next)) spans.add(next);
    for (const child of Array.isArray(next) ? next : Object.values(next)) stack.push(child);
  }
  return spans;
}

function isSpan(value: object): value is Span {
  return 'start' in value && 'end' in value && typeof value.start === 'number' && typeof value.end === 'number';
}

/** The first segment of a module path that is crate-absolute. `crate` is a keyword, so no module has that name:
 *  a function reached in another file hands this path back as the module its body runs in. */
const CRATE = 'crate';

interface CrateIndex {
  readonly scope: ModelScope;
  readonly uses: ModuleUses;
  readonly functionCache: Map<string, ResolvedFn | undefined>;
  readonly constantCache: Map<string, ConstItem | undefined>;
}

function inModule(visited: VisitedItem, fileModule: readonly string[]): VisitedItem {
  if (fileModule.length === 0) return visited;
  return { item: visited.item, context: { ...visited.context, modulePath: [...fileModule, ...visited.context.modulePath] } };
}

function crateIndex(items: readonly VisitedItem[]): CrateIndex {
  return { scope: scopeWithItemMacros(items), uses: moduleUses(items), functionCache: new Map(), constantCache: new Map() };
}

function fileScope(local: ModelScope, crate: CrateIndex, fileModule: readonly string[]): ModelScope {
  // A caller that does not say where the reference occurs (the exec interpreter) is taken to be in the file's own
  // module: the names its `use`s bring in are the ones its code can mean.
  const inCrate = (modulePath: readonly string[] | undefined): readonly string[] =>
    modulePath?.[0] === CRATE ? modulePath.slice(1) : [...fileModule, ...(modulePath ?? [])];
  const asksFile = (path: readonly string[], modulePath: readonly string[] | undefined): boolean =>
    modulePath?.[0] !== CRATE && !leavesFile(path, modulePath ?? [], fileModule);
  // The file's `use`s say where the name comes from; a module any file of the crate declares is no outside crate.
  const externalCrate = (name: string): string | undefined => {
    const root = local.externalCrate(name);
    return root !== undefined && crate.scope.externalCrate(root) !== undefined ? root : undefined;
  };
  // `collections::HashMap::new` after `use std::collections;` is std's, though the crate has a `HashMap::new` of its
  // own (IronKV's wrapper calls exactly that). The `use`s are those of the module the path is written in: a body
  // from another file runs with that file's module path.
  const namesOtherCrate = (path: readonly string[], modulePath: readonly string[] | undefined): boolean => {
    const head = path[0];
    if (path.length < 2 || head === undefined) return false;
    const used = crate.uses.get(inCrate(modulePath).join('::'))?.names.get(head)?.[0];
    // Without a `use` of its own here, a datatype of the crate is the crate's: another file's `use
    // k8s_openapi::..::ConfigMap` does not make anvil's `ConfigMap` wrapper k8s_openapi's.
    if (used === undefined && crate.scope.datatype(head) !== undefined) return false;
    return crate.scope.externalCrate(used ?? head) !== undefined;
  };
  // The file's own targets first, then the other files' (as reached from this file), each item once.
  const ownThenReached = (own: readonly ResolvedFn[], all: readonly ResolvedFn[]): readonly ResolvedFn[] => {
    const items = new Set(own.map((target) => target.item));
    const elsewhere = all.filter((target) => !items.has(target.item));
    return elsewhere.length === 0 ? own : [...own, ...elsewhere.map((target) => reachedInCrate(target) as ResolvedFn)];
  };
  return {
    resolveFunction: (path, selfTypeName, modulePath) =>
      namesOtherCrate(path, modulePath)
        ? undefined
        : ((asksFile(path, modulePath) ? local.resolveFunction(path, selfTypeName, modulePath) : undefined) ??
          crateFunction(crate, path, selfTypeName, inCrate(modulePath))),
    resolveMethod: (typeName, method) =>
      local.resolveMethod(typeName, method) ?? reachedInCrate(crate.scope.resolveMethod(typeName, method)),
    implMethods: (typeName, method) => ownThenReached(local.implMethods(typeName, method), crate.scope.implMethods(typeName, method)),
    blanketMethods: (method) => ownThenReached(local.blanketMethods(method), crate.scope.blanketMethods(method)),
    datatype: (name) => local.datatype(name) ?? crate.scope.datatype(name),
    enumOfVariant: (variant) => local.enumOfVariant(variant) ?? crate.scope.enumOfVariant(variant),
    constant: (path, selfTypeName, modulePath) =>
      namesOtherCrate(path, modulePath)
        ? undefined
        : ((asksFile(path, modulePath) ? local.constant(path, selfTypeName, modulePath) : undefined) ??
          crateConstant(crate, path, selfTypeName, inCrate(modulePath))),
    typeAlias: (name) => local.typeAlias(name) ?? crate.scope.typeAlias(name),
    constantsOfType: (typeName) => ownFirst(local.constantsOfType(typeName), crate.scope.constantsOfType(typeName)),
    useAlias: (name) => local.useAlias(name),
    macroRules: (name) => local.macroRules(name) ?? crate.scope.macroRules(name),
    // The file's own impls first (what it would pick alone), then the other files' in module-tree order.
    traitImpls: (traitName) => ownFirst(local.traitImpls(traitName), crate.scope.traitImpls(traitName)),
    typeImpls: (typeName) => ownFirst(local.typeImpls(typeName), crate.scope.typeImpls(typeName)),
    derivers: (traitName) => ownFirst(local.derivers(traitName), crate.scope.derivers(traitName)),
    declaredLayout: (typeName) => local.declaredLayout(typeName) ?? crate.scope.declaredLayout(typeName),
    externalCrate,
  };
}

function ownFirst<T>(own: readonly T[], crateWide: readonly T[]): readonly T[] {
  const elsewhere = crateWide.filter((item) => !own.includes(item));
  return elsewhere.length === 0 ? own : [...own, ...elsewhere];
}

/** `crate::..`, or more `super::`s than the file's inline modules: the path names a module outside the file, which
 *  the file alone would misread as its own top level. */
function leavesFile(path: readonly string[], modulePath: readonly string[], fileModule: readonly string[]): boolean {
  if (fileModule.length === 0) return false;
  if (path[0] === 'crate') return true;
  let supers = 0;
  while (path[supers] === 'super') supers++;
  return supers > modulePath.length;
}

function crateFunction(
  crate: CrateIndex,
  path: readonly string[],
  selfTypeName: string | undefined,
  modulePath: readonly string[],
): ResolvedFn | undefined {
  const key = `${modulePath.join('::')}|${selfTypeName ?? ''}|${path.join('::')}`;
  if (crate.functionCache.has(key)) return crate.functionCache.get(key);
  const exact = (absolute: readonly string[]): ResolvedFn | undefined => crate.scope.resolveFunction(absolute, undefined, []);
  const found =
    resolveInCrate(crate.uses, exact, path, selfTypeName, modulePath) ??
    associatedFunction(crate, path, selfTypeName) ??
    crate.scope.resolveFunction(path, selfTypeName);
  const reached = reachedInCrate(found);
  crate.functionCache.set(key, reached);
  return reached;
}

/** `Type::f` whose impl sits in another module than the type: found by the type's name, as methods are. */
function associatedFunction(crate: CrateIndex, path: readonly string[], selfTypeName: string | undefined): ResolvedFn | undefined {
  const method = path[path.length - 1];
  const owner = path[path.length - 2] === 'Self' ? selfTypeName : path[path.length - 2];
  return method === undefined || owner === undefined ? undefined : crate.scope.resolveMethod(owner, method);
}

function crateConstant(
  crate: CrateIndex,
  path: readonly string[],
  selfTypeName: string | undefined,
  modulePath: readonly string[],
): ConstItem | undefined {
  const key = `${modulePath.join('::')}|${selfTypeName ?? ''}|${path.join('::')}`;
  if (crate.constantCache.has(key)) return crate.constantCache.get(key);
  const exact = (absolute: readonly string[]): ConstItem | undefined => crate.scope.constant(absolute, undefined, []);
  const found = resolveInCrate(crate.uses, exact, path, selfTypeName, modulePath) ?? crate.scope.constant(path, selfTypeName);
  crate.constantCache.set(key, found);
  return found;
}

/** A target found through the crate runs with crate-absolute names: its module path is marked so, and its
 *  qualified name (the evaluator's memo key) cannot equal a file-relative one. */
function reachedInCrate(target: ResolvedFn | undefined): ResolvedFn | undefined {
  if (target === undefined) return undefined;
  return { ...target, qualifiedName: `${CRATE}::${target.qualifiedName}`, modulePath: [CRATE, ...(target.modulePath ?? [])] };
}
