// The type context a function's declared types resolve in: its generic type parameters (of the fn and of its impl)
// instantiated at one concrete type each, chosen from what the file can run, deterministically.

import type { Expr, GenericParam, ImplItem, Span, Type } from '../syntax';
import type { Datatype, FunctionContract, ModelScope } from '../model';
import type { ValueType } from './value-type';
import type { TypeContext } from './type-resolution';
import { adtShape, firstUnsupported, HIDDEN_FIELD, resolveValueType, standIn, valueTypeText } from './type-resolution';
import { isObservationFn } from './observations';
import { isRecord } from '../stdx';
import { typeHeadName } from '../model';
import { printType } from '../syntax';

export type FunctionTypeContext =
  | { readonly kind: 'supported'; readonly ctx: TypeContext }
  | { readonly kind: 'unsupported'; readonly reason: string; readonly span: Span };

/** The type context for a function's declared types. Decision: a generic type parameter of the function or of its
 *  impl (`fn max<T: Ord>`, `impl<V> Stack<V>`) is measured at one concrete type. With no bounds, or only bounds an
 *  integer satisfies, that is `i64`: a body that type-checks for every such `T` cannot do arithmetic on it, so
 *  `i64` values behave as any `T` would (compare, `==`, move). A bound on a trait of the file (`K: KeyTrait`)
 *  takes the first impl of that trait in source order (the file's, then the crate's: `impl KeyTrait for SHTKey`,
 *  `impl PmCopy for u64`) whose type the harness can represent, fields included (a file-backed region behind a
 *  `RefCell` is not), that satisfies the parameter's other bounds, and whose methods the function calls have
 *  bodies or are uninterpreted observations of a struct (`observations.ts`); method calls on `K` values then run
 *  that impl's methods. With no such impl the function is unsupported, naming the bound and why each candidate
 *  does not fit. Everything that resolves a function's types (pairs,
 *  mutants, report encoding, pair generation, the interpreter, the spec evaluator, the Verus stubs) goes through
 *  here, so they agree on the instantiation. */
export function functionTypeContext(fn: FunctionContract, scope: ModelScope): FunctionTypeContext {
  const fixed = FIXED_INSTANTIATIONS.get(fn);
  const params = [...(fn.implHeader?.generics ?? []), ...fn.item.generics].filter((param) => param.kind === 'type');
  const generics = new Map<string, ValueType>(fixed?.generics);
  const site: InstantiationSite = { scope, calls: lazyCalledNames(fn) };
  for (const param of params) {
    if (generics.has(param.name)) continue;
    const chosen = instantiate(site, param, 0);
    if (chosen.kind === 'missing') {
      return {
        kind: 'unsupported',
        reason: `generic \`${param.name}: ${chosen.bound}\` cannot be instantiated${chosen.why}`,
        span: param.span,
      };
    }
    generics.set(param.name, chosen.type);
  }
  const consts = constInstantiation(fn, scope);
  const base: TypeContext = { scope, ...(generics.size === 0 ? {} : { generics }), ...(consts.size === 0 ? {} : { consts }) };
  if (fn.selfTypeName === undefined) return { kind: 'supported', ctx: base };
  return { kind: 'supported', ctx: { ...base, selfType: implSelfType(fn.selfTypeName, fn.implHeader, base) } };
}

/** `Self` of an impl. A generic impl's self type, or one written with arguments (`impl Array<u8, PAGE_SZ>`), is
 *  resolved from the header, and so is an impl for a type that is not a datatype (`impl Marshalable for u64`,
 *  `for Vec<u8>`, `for (K, V)`); a datatype's other impls keep the name-only `Self` they always had. */
function implSelfType(selfTypeName: string, header: FunctionContract['implHeader'], ctx: TypeContext): ValueType {
  const named: ValueType = { kind: 'adt', name: selfTypeName, args: [] };
  if (header === undefined) return named;
  const generic = (ctx.generics?.size ?? 0) + (ctx.consts?.size ?? 0) > 0;
  const written = header.selfType.kind !== 'path' || generic || hasTypeArguments(header.selfType);
  const declared = written || ctx.scope.datatype(selfTypeName) === undefined ? resolveValueType(header.selfType, ctx) : undefined;
  if (declared === undefined) return named;
  if (declared.kind === 'adt') return declared.name === selfTypeName ? declared : named;
  return BUILTIN_SELF_KINDS.has(declared.kind) ? declared : named;
}

/** Value types an impl's `Self` can be besides a datatype: integers, `bool`, `char`, `Vec`/arrays/slices, tuples. */
const BUILTIN_SELF_KINDS: ReadonlySet<ValueType['kind']> = new Set(['int', 'bool', 'char', 'seq', 'tuple']);

function hasTypeArguments(type: Type): boolean {
  return type.kind === 'path' && (type.segments[type.segments.length - 1]?.generics.length ?? 0) > 0;
}

/** Decision: a const generic parameter (`const N: usize`, of the fn or its impl) is measured at one value: what the
 *  `requires` pins it to (`N == 9`), else the smallest value at least CONST_INSTANTIATION that its literal bounds
 *  there allow (`2 <= N`, `N > 4`). Small, because arrays of length `N` are built element by element. */
export function constInstantiation(fn: FunctionContract, scope: ModelScope): ReadonlyMap<string, bigint> {
  const fixed = FIXED_INSTANTIATIONS.get(fn)?.consts;
  const params = [...(fn.implHeader?.generics ?? []), ...fn.item.generics].filter((param) => param.kind === 'const');
  const consts = new Map<string, bigint>([...selfTypeConsts(fn, scope), ...(fixed ?? [])]);
  for (const param of params) {
    if (fixed?.has(param.name) === true) continue;
    const bounds = { low: CONST_INSTANTIATION, exact: undefined as bigint | undefined };
    for (const clause of fn.requires) literalBounds(clause.clause.expr, param.name, bounds, 0);
    consts.set(param.name, bounds.exact ?? bounds.low);
  }
  return consts;
}

const CONST_INSTANTIATION = 3n;

interface FixedInstantiation {
  readonly generics: ReadonlyMap<string, ValueType>;
  readonly consts: ReadonlyMap<string, bigint>;
}

/** Functions of a generic impl taken at the arguments of one concrete type (`atSelfType`). */
const FIXED_INSTANTIATIONS = new WeakMap<FunctionContract, FixedInstantiation>();

/** A method of a generic impl (`impl<T, const N: usize> StaticLinkedList<T, N>`) at the type arguments of `selfType`
 *  (`StaticLinkedList<usize, 128>`, a field of another struct): a copy of the function whose impl parameters every
 *  consumer of functionTypeContext and constInstantiation sees at those arguments (its own parameters are chosen as
 *  usual). Undefined when the impl's self type does not name its parameters plainly, or is another type. */
export function atSelfType(fn: FunctionContract, selfType: ValueType, scope: ModelScope): FunctionContract | undefined {
  const header = fn.implHeader;
  const datatype = selfType.kind === 'adt' ? scope.datatype(selfType.name) : undefined;
  if (header === undefined || datatype === undefined || selfType.kind !== 'adt' || fn.selfTypeName !== selfType.name) return undefined;
  const written = header.selfType.kind === 'path' ? (header.selfType.segments[header.selfType.segments.length - 1]?.generics ?? []) : [];
  if (written.length !== datatype.generics.length) return undefined;
  const generics = new Map<string, ValueType>();
  const consts = new Map<string, bigint>();
  let typeIndex = 0;
  let constIndex = 0;
  for (const [index, param] of datatype.generics.entries()) {
    const arg = written[index];
    const name = arg?.kind === 'path' && arg.segments.length === 1 ? arg.segments[0]?.name : undefined;
    const implParam = header.generics.find((candidate) => candidate.name === name);
    const given = param.kind === 'const' ? selfType.consts?.[constIndex++] : selfType.args[typeIndex++];
    if (implParam === undefined || given === undefined) continue;
    if (implParam.kind === 'const' && typeof given === 'bigint') consts.set(implParam.name, given);
    else if (implParam.kind === 'type' && typeof given !== 'bigint') generics.set(implParam.name, given);
  }
  if (generics.size + consts.size === 0) return undefined;
  const copy: FunctionContract = { ...fn };
  FIXED_INSTANTIATIONS.set(copy, { generics, consts });
  return copy;
}

/** An impl for a const-generic type at fixed arguments (`impl Array<u8, PAGE_SZ>`): the datatype's const
 *  parameters at those values (`N` = 4096), so the spec fns of its generic impl (`self.wf()` reading `N`) evaluate
 *  when called on `self`. A generic impl binds its own parameters instead. */
function selfTypeConsts(fn: FunctionContract, scope: ModelScope): ReadonlyMap<string, bigint> {
  const header = fn.implHeader;
  if (header === undefined || header.generics.some((param) => param.kind === 'const') || !hasTypeArguments(header.selfType))
    return NO_CONSTS;
  const resolved = resolveValueType(header.selfType, { scope });
  const datatype = resolved.kind === 'adt' && resolved.consts !== undefined ? scope.datatype(resolved.name) : undefined;
  if (datatype === undefined || resolved.kind !== 'adt' || resolved.consts === undefined) return NO_CONSTS;
  const names = datatype.generics.filter((param) => param.kind === 'const').map((param) => param.name);
  const values = resolved.consts;
  return new Map(names.flatMap((name, index) => (values[index] === undefined ? [] : [[name, values[index]] as const])));
}

const NO_CONSTS: ReadonlyMap<string, bigint> = new Map();

/** Raises `bounds.low` to each literal lower bound of `name` under `&&`, and sets `exact` for `name == k`. */
function literalBounds(expr: Expr, name: string, bounds: { low: bigint; exact: bigint | undefined }, depth: number): void {
  if (depth > MAX_SYNTAX_DEPTH) return;
  if (expr.kind === 'paren') return literalBounds(expr.inner, name, bounds, depth + 1);
  if (expr.kind !== 'binary') return;
  if (expr.op === '&&') {
    literalBounds(expr.left, name, bounds, depth + 1);
    literalBounds(expr.right, name, bounds, depth + 1);
    return;
  }
  // Chained comparisons (`2 <= N <= 8`) parse as comparisons of comparisons: each side is read on its own.
  if (expr.left.kind === 'binary') literalBounds(expr.left, name, bounds, depth + 1);
  const left = expr.left.kind === 'binary' ? expr.left.right : expr.left;
  const isName = (side: Expr): boolean => side.kind === 'path' && side.segments.length === 1 && side.segments[0]?.name === name;
  const literal = (side: Expr): bigint | undefined => (side.kind === 'int' ? side.value : undefined);
  const flipped: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==' };
  const [op, value] = isName(left)
    ? [expr.op, literal(expr.right)]
    : isName(expr.right)
      ? [flipped[expr.op], literal(left)]
      : [undefined, undefined];
  if (value === undefined) return;
  if (op === '==') bounds.exact = value;
  if (op === '>=' && value > bounds.low) bounds.low = value;
  if (op === '>' && value + 1n > bounds.low) bounds.low = value + 1n;
}

/** The concrete type's name each generic parameter stands for (`K` -> `SHTKey`, `T` -> `i64`), for dispatching
 *  `K::f(..)` and methods on its values; empty for a non-generic or unsupported function. */
export function instantiatedTypeNames(instantiated: FunctionTypeContext): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  if (instantiated.kind === 'unsupported') return names;
  for (const [param, type] of instantiated.ctx.generics ?? []) {
    const name = type.kind === 'int' ? type.int : type.kind === 'adt' ? type.name : undefined;
    if (name !== undefined) names.set(param, name);
  }
  return names;
}

/** The instantiation as report text, `{ K: 'SHTKey', N: '3' }`; undefined for a function without generic parameters. */
export function instantiationText(instantiated: FunctionTypeContext): Readonly<Record<string, string>> | undefined {
  if (instantiated.kind !== 'supported') return undefined;
  const generics = [...(instantiated.ctx.generics ?? [])].map(([name, type]) => [name, valueTypeText(type)] as const);
  const consts = [...(instantiated.ctx.consts ?? [])].map(([name, value]) => [name, String(value)] as const);
  return generics.length + consts.length === 0 ? undefined : Object.fromEntries([...generics, ...consts]);
}

/** Bounds `i64` satisfies; a type parameter bounded only by these (or lifetimes, `?Sized`) is instantiable. */
const INT_SATISFIED_BOUNDS: ReadonlySet<string> = new Set([
  'Copy',
  'Clone',
  'PartialEq',
  'Eq',
  'PartialOrd',
  'Ord',
  'Debug',
  'Display',
  'Hash',
  'Default',
  'Sized',
  'MetaSized',
  'PointeeSized',
  'Send',
  'Sync',
  'Unpin',
  'View',
  'DeepView',
]);
/** Auto traits every representable type has (std's sizedness markers among them: `T: PointeeSized` is the bound a
 *  pointer type's parameter carries). */
const AUTO_TRAITS: ReadonlySet<string> = new Set(['Sized', 'MetaSized', 'PointeeSized', 'Send', 'Sync', 'Unpin']);
/** vstd's `View`/`DeepView` hold for integers (they view as themselves); a datatype needs its own impl. */
const VIEW_TRAITS: ReadonlySet<string> = new Set(['View', 'DeepView']);
const INSTANTIATION: ValueType = { kind: 'int', int: 'i64' };
/** An impl's own type parameters are instantiated the same way (`impl<T: Tr> Tr for Wrap<T>`), this deep. */
const MAX_IMPL_NESTING = 3;

export interface InstantiationSite {
  readonly scope: ModelScope;
  /** Names of the fns and methods the function's body and contract call (computed on first use). */
  readonly calls: () => ReadonlySet<string>;
}

/** `partial`: the chosen type's values hold placeholders for fields the harness cannot represent (an
 *  `external_body` struct's hidden fields): taken only when no other impl fits, since code reading them cannot run. */
export type Instantiation =
  | { readonly kind: 'chosen'; readonly type: ValueType; readonly partial?: true }
  | { readonly kind: 'missing'; readonly bound: string; readonly why: string };

function instantiate(site: InstantiationSite, param: GenericParam, depth: number): Instantiation {
  const traitBound = param.bounds.find((text) => !isIntSatisfiedBound(text));
  if (traitBound === undefined) return { kind: 'chosen', type: INSTANTIATION };
  const traitName = boundTraitName(traitBound);
  const impls = site.scope.traitImpls(traitName);
  const derivers = site.scope.derivers(traitName);
  // A trait no code read implements (a kernel's frame-metadata trait, implemented by its users): the parameter stands
  // for a type the run holds and passes on as a placeholder; a call of one of its methods says so.
  if (impls.length === 0 && derivers.length === 0)
    return {
      kind: 'chosen',
      type: standIn(param.name, `no impl of ${traitName} is in the code read`),
      partial: true,
    };
  const misfits: string[] = [];
  // A persistent-memory crate's file-backed region (its mapped section hidden in an `external_body` struct) and its
  // volatile mock both fit: the mock, whose state is all there, is the one that runs.
  let partial: Instantiation | undefined;
  for (const impl of impls) {
    const candidate = implCandidate(site, impl, param, depth);
    if (candidate.kind === 'chosen' && candidate.partial === undefined) return candidate;
    if (candidate.kind === 'chosen') partial ??= candidate;
    else misfits.push(candidate.why);
  }
  // A datatype whose derive macro writes the impl (`#[derive(PmCopy)] struct Elem`), taken as such an impl.
  for (const datatype of derivers) {
    const candidate = derivedCandidate(site, datatype, param);
    if (candidate.kind === 'chosen') return candidate;
    misfits.push(candidate.why);
  }
  if (partial !== undefined) return partial;
  // Each candidate once, with why it does not fit (the same type's impls under different `#[cfg]`s say the same).
  const reasons = [...new Set(misfits)].join('; ');
  return { kind: 'missing', bound: traitBound, why: `: no impl of ${traitName} in this file fits: ${reasons}` };
}

/** A non-generic datatype that derives the bound's trait, when it meets every bound. */
function derivedCandidate(site: InstantiationSite, datatype: Datatype, param: GenericParam): Instantiation {
  const misfit = (why: string): Instantiation => ({ kind: 'missing', bound: param.bounds.join(' + '), why: `\`${datatype.name}\` ${why}` });
  if (datatype.generics.length > 0) return misfit('is generic');
  const type: ValueType = { kind: 'adt', name: datatype.name, args: [] };
  const unmet = param.bounds.find((bound) => !satisfies(site.scope, type, datatype.name, bound));
  return unmet === undefined ? { kind: 'chosen', type } : misfit(`does not implement ${unmet}`);
}

/** The impl's self type, when it is representable, meets every bound of `param` and can run what is called. */
export function implCandidate(site: InstantiationSite, impl: ImplItem, param: GenericParam, depth: number): Instantiation {
  const written = printType(impl.selfType);
  const misfit = (why: string): Instantiation => ({ kind: 'missing', bound: param.bounds.join(' + '), why: `\`${written}\` ${why}` });
  const generics = new Map<string, ValueType>();
  const blanket = blanketParameter(impl);
  for (const inner of impl.generics.filter((generic) => generic.kind === 'type')) {
    if (depth >= MAX_IMPL_NESTING) return misfit('nests generic impls too deeply');
    // A blanket impl (`impl<T: Eq + View> StT for T {}`, a trait alias) is the type its parameter is chosen at, so
    // that type must also meet the bounds the function puts beside the trait (`K: StT + TotalOrder`).
    const implemented = impl.trait === undefined ? undefined : typeHeadName(impl.trait);
    const wanted =
      inner.name === blanket
        ? { ...inner, bounds: [...inner.bounds, ...param.bounds.filter((bound) => boundTraitName(bound) !== implemented)] }
        : inner;
    const chosen = instantiate(site, wanted, depth + 1);
    // Only the first link: a self-referential impl (`impl<T: Tr> Tr for [T; N]`) would repeat itself.
    if (chosen.kind === 'missing') return misfit(`needs \`${inner.name}: ${chosen.bound}\``);
    generics.set(inner.name, chosen.type);
  }
  const type = resolveValueType(impl.selfType, { scope: site.scope, generics });
  const unsupported = firstUnsupported(type);
  if (unsupported !== undefined) return misfit(`cannot be represented (${unsupported.reason})`);
  const field = fieldWhere(site.scope, type, unsupportedPart, new Set(), 0);
  if (field !== undefined) return misfit(`cannot be represented: ${field}`);
  const head = blanket === undefined ? typeHeadName(impl.selfType) : valueTypeHead(type);
  const unmet = param.bounds.find((bound) => !satisfies(site.scope, type, head, bound));
  if (unmet !== undefined) return misfit(`does not implement ${unmet}`);
  const calls = site.calls();
  // An uninterpreted observation (`view`, `constants` of a mocked region) is a hidden field of a struct's values
  // (`observations.ts`), so calling it needs no body.
  const observes = type.kind === 'adt' && adtShape(type, { scope: site.scope })?.kind === 'struct';
  const bodiless = impl.items.find(
    (item) =>
      item.kind === 'fn' &&
      calls.has(item.name) &&
      (item.body === undefined || item.specVisibility === 'uninterp') &&
      !(observes && isObservationFn(item)),
  );
  if (bodiless?.kind === 'fn') return misfit(`has no body for \`${bodiless.name}\``);
  return fieldWhere(site.scope, type, placeholderPart, new Set(), 0) === undefined
    ? { kind: 'chosen', type }
    : { kind: 'chosen', type, partial: true };
}

function blanketCovers(scope: ModelScope, impl: ImplItem, type: ValueType, head: string | undefined, depth: number): boolean {
  const name = blanketParameter(impl);
  const param = impl.generics.find((generic) => generic.name === name);
  return param !== undefined && param.bounds.every((bound) => satisfies(scope, type, head, bound, depth));
}

/** `T` of `impl<T: ..> Tr for T`: the impl's type parameter that is its whole self type. */
function blanketParameter(impl: ImplItem): string | undefined {
  const self = impl.selfType;
  const name =
    self.kind === 'path' && self.segments.length === 1 && self.segments[0]?.generics.length === 0 ? self.segments[0].name : undefined;
  return impl.generics.some((generic) => generic.kind === 'type' && generic.name === name) ? name : undefined;
}

/** The name impls of a chosen type are indexed by: an integer's type name, a datatype's name. */
function valueTypeHead(type: ValueType): string | undefined {
  return type.kind === 'int' ? type.int : type.kind === 'adt' ? type.name : undefined;
}

function unsupportedPart(type: ValueType): string | undefined {
  const unsupported = firstUnsupported(type);
  return unsupported === undefined ? undefined : `\`${unsupported.text}\` (${unsupported.reason})`;
}

/** A hidden field's placeholder (type-resolution.ts's `fieldsShape`), which the type's own trusted code reads; a
 *  ghost or tracked one is never read by exec code, so it does not count. */
function placeholderPart(type: ValueType): string | undefined {
  return type.kind === 'opaque' && type.text.startsWith(`${HIDDEN_FIELD} `) ? `\`${type.text}\` (${type.reason})` : undefined;
}

/** Fields (of fields, this deep) are resolved on demand, so a type can look representable at its head and hold a
 *  `RefCell` below: the first field whose type `part` objects to, as `field \`section.file\` holds \`..\` (reason)`. */
function fieldWhere(
  scope: ModelScope,
  type: ValueType,
  part: (type: ValueType) => string | undefined,
  seen: Set<string>,
  depth: number,
): string | undefined {
  if (type.kind !== 'adt' || depth > MAX_FIELD_DEPTH || seen.has(type.name)) return undefined;
  seen.add(type.name);
  const shape = adtShape(type, { scope });
  const fieldSets = shape === undefined ? [] : shape.kind === 'struct' ? [shape.fields] : shape.variants.map((variant) => variant.fields);
  for (const field of fieldSets.flatMap((fields) => fields.fields)) {
    const objection = part(field.type);
    if (objection !== undefined) return `field \`${field.name}\` holds ${objection}`;
    for (const held of heldAdts(field.type)) {
      const inner = fieldWhere(scope, held, part, seen, depth + 1);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** The datatypes a field's values hold: itself, a `Vec`'s elements, a tuple's parts, an `Option`'s argument. */
function heldAdts(type: ValueType): ValueType[] {
  switch (type.kind) {
    case 'adt':
      return [type, ...type.args.flatMap(heldAdts)];
    case 'seq':
    case 'set':
    case 'multiset':
      return heldAdts(type.element);
    case 'map':
      return [...heldAdts(type.key), ...heldAdts(type.value)];
    case 'tuple':
      return type.elements.flatMap(heldAdts);
    default:
      return [];
  }
}

const MAX_FIELD_DEPTH = 4;

/** Whether a candidate (resolved `type`, named `head` as its impls name it) meets one bound as written. */
function satisfies(scope: ModelScope, type: ValueType, head: string | undefined, bound: string, depth = 0): boolean {
  const trimmed = bound.trim();
  if (trimmed.startsWith("'") || trimmed.startsWith('?')) return true;
  const traitName = boundTraitName(trimmed);
  if (scope.traitImpls(traitName).some((impl) => typeHeadName(impl.selfType) === head)) return true;
  // A blanket impl (`impl<T: Eq + View> StT for T {}`) covers every type that meets its parameter's bounds.
  if (depth < MAX_IMPL_NESTING && scope.traitImpls(traitName).some((impl) => blanketCovers(scope, impl, type, head, depth + 1)))
    return true;
  if (scope.derivers(traitName).some((datatype) => datatype.name === head)) return true;
  if (!isIntSatisfiedBound(trimmed)) return false;
  if (type.kind === 'int' || AUTO_TRAITS.has(traitName)) return true;
  if (type.kind !== 'adt') return traitName !== 'Copy' || type.kind === 'tuple' || type.kind === 'bool' || type.kind === 'char';
  if (VIEW_TRAITS.has(traitName)) return false;
  return scope.derivers(traitName).some((datatype) => datatype.name === type.name);
}

/** `Ord`, `std::cmp::Ord`, `'a` and `?Sized` are satisfied by `i64`; `View<V = int>` and user traits are not. */
function isIntSatisfiedBound(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.startsWith("'") || trimmed.startsWith('?')) return true;
  const last = trimmed.split('::').pop() ?? trimmed;
  return INT_SATISFIED_BOUNDS.has(last);
}

/** `KeyTrait`, `vstd::view::View`, `CheckPermission<Seq<u8>>`, `for<'a> Fn(&'a u8)` name the traits `KeyTrait`, `View`,
 *  `CheckPermission`, `Fn`. */
function boundTraitName(bound: string): string {
  // A higher-ranked bound (`for<'a> Continuation<&'a T>`) names the trait after its binder.
  const unbound = bound.trim().replace(/^for\s*<[^>]*>\s*/, '');
  const open = unbound.indexOf('<');
  const path = (open < 0 ? unbound : unbound.slice(0, open)).trim();
  return path.split('::').pop()?.trim() ?? path;
}

export function lazyCalledNames(fn: FunctionContract): () => ReadonlySet<string> {
  let names: Set<string> | undefined;
  return () => {
    if (names === undefined) {
      names = new Set();
      const clauses = [...fn.requires, ...fn.ensures].map((clause) => clause.clause.expr);
      collectCalledNames([fn.item.body, ...clauses], names, 0);
    }
    return names;
  };
}

/** Syntax nests deeper than any real body past this; the walk stops there rather than risk the stack. */
const MAX_SYNTAX_DEPTH = 400;

/** Method names of `x.m(..)` and last segments of `p::f(..)` anywhere under the nodes (a walk over the plain-data
 *  syntax tree, which has no cycles). */
function collectCalledNames(node: unknown, out: Set<string>, depth: number): void {
  if (depth > MAX_SYNTAX_DEPTH) return;
  if (Array.isArray(node)) {
    for (const child of node) collectCalledNames(child, out, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  // Every object here is a syntax node or a part of one; only the two call shapes are read.
  const expr = node as Expr;
  if (expr.kind === 'method-call') out.add(expr.method);
  if (expr.kind === 'call' && expr.callee.kind === 'path') {
    const last = expr.callee.segments[expr.callee.segments.length - 1];
    if (last !== undefined) out.add(last.name);
  }
  for (const [key, child] of Object.entries(node))
    if (key !== 'span' && typeof child === 'object') collectCalledNames(child, out, depth + 1);
}
