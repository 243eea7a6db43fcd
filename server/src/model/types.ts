// The contract model: what later layers know about a file. Plain data lowered from the syntax tree, plus a
// `ModelScope` that resolves names (spec fns, methods, datatypes, constants) the way Verus would.

import type {
  Clause,
  ConstItem,
  EnumItem,
  ImplItem,
  FnItem,
  FnMode,
  LayoutDirective,
  MacroRulesDefinition,
  GenericParam,
  SourceFile,
  Span,
  StructItem,
  SyntaxDiagnostic,
  Type,
  TypeAliasItem,
} from '../syntax';

export interface FileModel {
  readonly source: SourceFile;
  /** Every fn in the file (exec, proof and spec), in source order. */
  readonly functions: readonly FunctionContract[];
  readonly scope: ModelScope;
  /** Syntax diagnostics plus model-level ones (e.g. duplicate names). */
  readonly diagnostics: readonly SyntaxDiagnostic[];
  /** In a crate, where a span of another file lies (a construct met in a spec fn the scope found there); undefined
   *  for this file's spans. Absent for a file modelled alone, whose spans are all its own. */
  readonly foreignSite?: (span: Span) => ForeignSite | undefined;
  /** In a crate, the models of its other files (a type's impls may be spread over them); absent for a file
   *  modelled alone. */
  readonly siblings?: () => readonly FileModel[];
}

/** A place in another file of the crate, for messages: the file as its crate names it and the 1-based line. */
export interface ForeignSite {
  readonly file: string;
  readonly line: number;
  /** The span's text in that file. */
  readonly text: string;
}

export interface FunctionContract {
  readonly name: string;
  /** `f`, `Type::method`, `module::f`, `module::Type::method`: the key used in pairs files. */
  readonly qualifiedName: string;
  /** Enclosing inline modules, outermost first. */
  readonly modulePath: readonly string[];
  /** Name of the impl's self type (`Solution` for `impl Solution`), undefined for free fns. */
  readonly selfTypeName: string | undefined;
  /** The enclosing impl's generic parameters and self type as written (`impl<V> Stack<V>`); absent outside impls. */
  readonly implHeader?: { readonly generics: readonly GenericParam[]; readonly selfType: Type };
  readonly mode: FnMode;
  readonly item: FnItem;
  readonly params: readonly ParamModel[];
  /** `r` in `-> (r: T)`; undefined when the return is unnamed or absent. */
  readonly returnName: string | undefined;
  /** Undefined for `()` returns. */
  readonly returnType: Type | undefined;
  readonly requires: readonly ClauseModel[];
  /** `ensures` clauses, with `returns e` appended as a clause `returnName == e`. */
  readonly ensures: readonly ClauseModel[];
  readonly hasBody: boolean;
  /** For a method declared in `trait Tr { }`: `Tr`. A bodiless declaration is measured at one of the trait's impls
   *  (`measuredFunction`, harness/). */
  readonly declaredInTrait?: string;
  /** The impl's self type as written (`VolatileMemoryMockingPersistentMemoryRegion`) when this is such a
   *  declaration's measured form, which runs that impl's method. */
  readonly measuredAtImpl?: string;
  /** For a method of `impl Tr for T`: `Tr`, whose declaration's contract it is held to (`trait-contracts.ts`). */
  readonly implementsTrait?: string;
  readonly span: Span;
  readonly nameSpan: Span;
}

export interface ParamModel {
  /** `self` for receivers. */
  readonly name: string;
  /** The declared type with any reference stripped: `&mut Vec<u8>` gives `Vec<u8>`. */
  readonly type: Type;
  /** The declared type as written. */
  readonly declaredType: Type;
  readonly typeText: string;
  readonly passing: 'value' | 'ref' | 'mut';
  readonly isSelf: boolean;
  readonly span: Span;
}

export interface ClauseModel {
  /** Position among the clauses of its kind, from 0. */
  readonly index: number;
  /** The clause's source text. */
  readonly text: string;
  readonly clause: Clause;
}

/** A resolved function target: the item and the impl self type it belongs to (for `Self`). */
export interface ResolvedFn {
  readonly item: FnItem;
  readonly qualifiedName: string;
  readonly selfTypeName: string | undefined;
  /** Enclosing inline modules of the target (for resolving the names its body uses). */
  readonly modulePath?: readonly string[];
  /** The enclosing impl's generic parameters and self type, as FunctionContract.implHeader. */
  readonly implHeader?: { readonly generics: readonly GenericParam[]; readonly selfType: Type };
}

export type Datatype = StructItem | EnumItem;

/** Name resolution over one file. Lookups never throw; unknown names give undefined. */
export interface ModelScope {
  /** A free function or associated function by path as written: ['f'], ['Self', 'f'], ['Type', 'f'], ['m', 'f'].
   *  `selfTypeName` is the impl the reference occurs in (for `Self::`). `modulePath` is the module the reference
   *  occurs in (FunctionContract.modulePath): the innermost module is searched first, then outwards. Without a
   *  `modulePath` the crate root is searched, then the one item whose qualified name ends with the path, if unique. */
  resolveFunction(path: readonly string[], selfTypeName: string | undefined, modulePath?: readonly string[]): ResolvedFn | undefined;
  /** A method `recv.method(..)` on a user type named `typeName`. */
  resolveMethod(typeName: string, method: string): ResolvedFn | undefined;
  /** Every impl's method `method` for the type named `typeName` (inherent and trait impls), in source order. A
   *  built-in type can have several (`impl Marshalable for Vec<u8>` and `impl<T> Marshalable for Vec<T>`), of which
   *  resolveMethod gives the first. */
  implMethods(typeName: string, method: string): readonly ResolvedFn[];
  /** The methods named `method` of blanket impls (`impl<T: Clone> ClonePlus for T`), which any type meeting the
   *  impl's bounds has. */
  blanketMethods(method: string): readonly ResolvedFn[];
  datatype(name: string): Datatype | undefined;
  /** The enum that declares a variant, for unqualified variant names (`Some`, `Red` after `use Color::*`). */
  enumOfVariant(variant: string): EnumItem | undefined;
  /** `MAX`, `Self::MAX`, `m::MAX`, `Type::MAX` (associated consts); `modulePath` as for resolveFunction. */
  constant(path: readonly string[], selfTypeName: string | undefined, modulePath?: readonly string[]): ConstItem | undefined;
  typeAlias(name: string): TypeAliasItem | undefined;
  /** The crate's exec constants and statics declared with a type of this name (`exec const X86: ArchExec`), in
   *  source order: values of the type its own code builds. */
  constantsOfType(typeName: string): readonly ConstItem[];
  /** The impls of a trait (`impl Tr for T`, `impl<K> Tr<u8> for S<K>`) by the trait's last path segment, in source
   *  order; empty when the file has none. */
  traitImpls(traitName: string): readonly ImplItem[];
  /** The impls of a type, inherent and of traits (`impl S`, `impl Tr for S`), by the type's last path segment, in
   *  source order; empty when the file has none. */
  typeImpls(typeName: string): readonly ImplItem[];
  /** The datatypes whose `#[derive(..)]` names the trait (`#[derive(PmCopy)]`: a derive macro writes the impl), in
   *  source order. */
  derivers(traitName: string): readonly Datatype[];
  /** The layout a `global size_of`/`global layout` directive gives the type (by its last path segment). */
  declaredLayout(typeName: string): LayoutDirective | undefined;
  /** The outside crate a path that starts with `name` is in: `name` is, or `use` brings it from, the root of a `use`
   *  path (`use k8s_openapi::api as k8s`, `use deps_hack::kube`) that is no module of the crate. A datatype the crate
   *  declares under the path's last name is then another type (anvil's `struct PodSpec { inner:
   *  k8s_openapi::api::core::v1::PodSpec }`). */
  externalCrate(name: string): string | undefined;
  /** The path a `use .. as name` renames (`use vstd::arithmetic::power2::pow2 as p2` gives `p2` ->
   *  ['vstd', 'arithmetic', 'power2', 'pow2']). */
  useAlias(name: string): readonly string[] | undefined;
  /** The `macro_rules!` macro of that name (`bit` for `bit!(..)`); in a crate, one defined in any file. */
  macroRules(name: string): MacroRulesDefinition | undefined;
}
