// Lowers the fns of a parsed file into FunctionContracts: walks nested modules, impls and traits, and names each
// fn by its module path and impl self type, the key pairs files use (`m::Stack::push`).

import type { Clause, Expr, FnItem, GenericParam, Item, Param, ReturnSpec, SourceFile, Span, Type } from '../syntax';
import type { ClauseModel, FunctionContract, ParamModel } from './types';
import { isConfiguredOut, UNNAMED_RETURN_NAME } from '../syntax';

/** Where an item sits: its enclosing modules and, inside an impl or trait, the self type's name. */
export interface ItemContext {
  readonly modulePath: readonly string[];
  readonly selfTypeName: string | undefined;
  /** The trait name for trait declarations and trait impls; undefined elsewhere. */
  readonly traitName: string | undefined;
  /** In a trait impl, the trait as written (`SpecFrom<u16>`), which tells apart two impls of one trait for a type. */
  readonly traitType?: Type;
  /** `inherent` for `impl T`, `trait-impl` for `impl Tr for T`, `trait` inside `trait Tr { }`. */
  readonly container: 'module' | 'inherent' | 'trait-impl' | 'trait';
  /** Inside an impl: its generic parameters and self type, so `V` in `impl<V> Stack<V>` can be instantiated. */
  readonly implHeader?: { readonly generics: readonly GenericParam[]; readonly selfType: Type };
  /** An impl Verus does not check: written outside `verus!` with no `#[verus_verify]` (plain Rust beside verified
   *  code, a module for another architecture). */
  readonly outsideVerus?: true;
}

export interface VisitedItem {
  readonly item: Item;
  readonly context: ItemContext;
}

/** Every item in the file with its context, in source order (pre-order: an impl comes before its fns). */
export function collectItems(source: SourceFile): readonly VisitedItem[] {
  const visited: VisitedItem[] = [];
  const rootContext: ItemContext = { modulePath: [], selfTypeName: undefined, traitName: undefined, container: 'module' };
  visitItems(source.items, rootContext, visited);
  return visited;
}

export function lowerFunction(source: SourceFile, fn: FnItem, context: ItemContext): FunctionContract {
  const ownerSegments = context.selfTypeName === undefined ? [] : [context.selfTypeName];
  const returnType = fn.ret === undefined || isUnitType(fn.ret.type) ? undefined : fn.ret.type;
  return {
    name: fn.name,
    qualifiedName: [...context.modulePath, ...ownerSegments, fn.name].join('::'),
    modulePath: context.modulePath,
    selfTypeName: context.selfTypeName,
    ...(context.implHeader === undefined ? {} : { implHeader: context.implHeader }),
    mode: fn.mode,
    item: fn,
    params: fn.params.map((param) => lowerParam(source, param)),
    returnName: fn.ret?.name,
    returnType,
    requires: lowerClauses(source, fn.requires),
    ensures: lowerEnsures(source, fn.ensures, fn.returns, fn.ret),
    hasBody: fn.body !== undefined,
    ...(context.container === 'trait' && context.traitName !== undefined ? { declaredInTrait: context.traitName } : {}),
    ...(context.container === 'trait-impl' && context.traitName !== undefined && isCheckedByVerus(fn, context)
      ? { implementsTrait: context.traitName }
      : {}),
    span: fn.span,
    nameSpan: fn.nameSpan,
  };
}

/** Whether Verus checks the fn against its contract: inside `verus!`, or outside it marked for Verus
 *  (`#[verus_verify]` on it or its impl, `#[verus_spec(..)]` on it). A trait impl method Verus does not check is not
 *  held to the trait's contract: nothing proved it meets it. */
export function isCheckedByVerus(fn: FnItem, context: ItemContext): boolean {
  return fn.inVerus || (context.outsideVerus !== true && context.implHeader !== undefined) || fn.attributes.some(isVerusMarker);
}

function isVerusMarker(attribute: { readonly path: string }): boolean {
  return attribute.path === 'verus_verify' || attribute.path === 'verus_spec' || attribute.path === 'verifier::verify';
}

/** The name a type is known by for `Self` and method lookup: the last path segment (`Stack` for `m::Stack<T>`). */
export function typeHeadName(type: Type): string | undefined {
  switch (type.kind) {
    case 'path':
      return type.segments[type.segments.length - 1]?.name;
    case 'ref':
      return typeHeadName(type.inner);
    default:
      return undefined;
  }
}

/** The source text a span covers. */
export function sliceSpan(source: SourceFile, span: Span): string {
  return source.text.slice(span.start, span.end);
}

export { UNNAMED_RETURN_NAME };

export function visitItems(items: readonly Item[], context: ItemContext, out: VisitedItem[]): void {
  for (const item of items) {
    // Under a false `#[cfg(..)]` (`any()`, `test`) the item is not compiled: not scored, not callable.
    if (isConfiguredOut(item.attributes)) continue;
    out.push({ item, context });
    switch (item.kind) {
      case 'mod':
        if (item.items !== undefined) {
          visitItems(item.items, { ...context, modulePath: [...context.modulePath, item.name] }, out);
        }
        break;
      case 'impl': {
        const traitName = item.trait === undefined ? undefined : typeHeadName(item.trait);
        const container = item.trait === undefined ? 'inherent' : 'trait-impl';
        // An impl for a type with no usable name (`impl Tr for [u8]`) still lowers, named by what is written.
        const selfTypeName = typeHeadName(item.selfType) ?? compactText(item.selfType);
        const implHeader = { generics: item.generics, selfType: item.selfType };
        const traitType = item.trait === undefined ? {} : { traitType: item.trait };
        const outsideVerus = item.inVerus || item.attributes.some(isVerusMarker) ? {} : { outsideVerus: true as const };
        visitItems(
          item.items,
          { modulePath: context.modulePath, selfTypeName, traitName, ...traitType, container, implHeader, ...outsideVerus },
          out,
        );
        break;
      }
      case 'trait':
        visitItems(item.items, { modulePath: context.modulePath, selfTypeName: item.name, traitName: item.name, container: 'trait' }, out);
        break;
      default:
        break;
    }
  }
}

/** The names impls of built-in types go by (`impl Tr for Vec<u8>` is `Vec`; `for [u8; 4]`, `for [u8]`, `for &[u8]`
 *  and `for (A, B)` are named by the kind of type written), for method lookup on sequence and tuple values. */
export const SEQUENCE_IMPL_NAMES: readonly string[] = ['Vec', 'Seq', 'array', 'slice', 'ref'];
export const TUPLE_IMPL_NAMES: readonly string[] = ['tuple'];

function compactText(type: Type): string {
  return type.kind === 'opaque' ? type.text : type.kind;
}

function isUnitType(type: Type): boolean {
  return type.kind === 'tuple' && type.elements.length === 0;
}

function lowerParam(source: SourceFile, param: Param): ParamModel {
  const unwrapped = unwrapModeParam(param);
  const declared = unwrapped?.inner ?? param.type;
  const type = declared.kind === 'ref' ? declared.inner : declared;
  return {
    name: unwrapped?.name ?? param.name,
    type,
    declaredType: param.type,
    typeText: param.isSelf ? selfTypeText(source, param) : sliceSpan(source, param.type.span),
    passing: unwrapped === undefined ? param.passing : declared.kind !== 'ref' ? 'value' : declared.mutable ? 'mut' : 'ref',
    isSelf: param.isSelf,
    span: param.span,
  };
}

/** `Tracked(p): Tracked<&mut PointsTo<V>>` and `Ghost(g): Ghost<T>` bind the unwrapped value, and the contract
 *  names it (`old(p)`, `final(p)`), so the parameter is `p` of type `&mut PointsTo<V>`. */
function unwrapModeParam(param: Param): { readonly name: string; readonly inner: Type } | undefined {
  const pattern = param.pattern;
  if (pattern.kind !== 'tuple-struct' || pattern.elements.length !== 1 || param.type.kind !== 'path') return undefined;
  const wrapper = pattern.path[pattern.path.length - 1]?.name;
  const last = param.type.segments[param.type.segments.length - 1];
  const binding = pattern.elements[0];
  if ((wrapper !== 'Tracked' && wrapper !== 'Ghost') || last?.name !== wrapper || binding?.kind !== 'binding') return undefined;
  const inner = last.generics[0];
  return inner === undefined || inner.kind === 'binding' ? undefined : { name: binding.name, inner };
}

// `&self` has no written type, so the parser's synthetic `&Self` may span the receiver text itself; spell the
// type out from the passing mode unless an explicit `self: T` was written.
function selfTypeText(source: SourceFile, param: Param): string {
  const written = sliceSpan(source, param.type.span);
  if (/^[\s&]*(mut\s+)?self$/.test(written) || written.length === 0) {
    if (param.passing === 'mut') return '&mut Self';
    return param.passing === 'ref' ? '&Self' : 'Self';
  }
  return written;
}

function lowerClauses(source: SourceFile, clauses: readonly Clause[]): ClauseModel[] {
  return clauses.map((clause, index) => ({ index, text: sliceSpan(source, clause.span), clause }));
}

function lowerEnsures(
  source: SourceFile,
  ensures: readonly Clause[],
  returns: Clause | undefined,
  ret: ReturnSpec | undefined,
): ClauseModel[] {
  const lowered = lowerClauses(source, ensures);
  if (returns === undefined) return lowered;
  const returnName = ret?.name ?? UNNAMED_RETURN_NAME;
  // `returns e` means `ensures r == e`; the synthetic path spans the clause so failures point at `returns`.
  const resultPath: Expr = {
    kind: 'path',
    segments: [{ name: returnName, generics: [], span: returns.span }],
    span: returns.span,
  };
  const expr: Expr = { kind: 'binary', op: '==', left: resultPath, right: returns.expr, span: returns.span };
  const written = sliceSpan(source, returns.span);
  const text = /^returns\b/.test(written) ? written : `returns ${written}`;
  lowered.push({ index: lowered.length, text, clause: { expr, span: returns.span } });
  return lowered;
}
