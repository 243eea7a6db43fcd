// The Verus syntax tree: plain, immutable data with exact spans. It is the contract between the parser
// and every later layer, so it holds no tree-sitter objects and no derived (semantic) information.
import type { MacroRulesDefinition } from './macro-rules';

/** A half-open range of UTF-16 code-unit offsets into the file text (what JS string indices count). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface SyntaxDiagnostic {
  readonly message: string;
  readonly severity: 'error' | 'warning' | 'information';
  readonly span: Span;
}

/** A parsed file. Parsing never fails: broken items become diagnostics and parsing resumes. */
export interface SourceFile {
  readonly text: string;
  readonly items: readonly Item[];
  readonly diagnostics: readonly SyntaxDiagnostic[];
}

// ---------------------------------------------------------------------------------------------------------------
// Items

export type Item = FnItem | StructItem | EnumItem | TypeAliasItem | ConstItem | ImplItem | TraitItem | UseItem | ModItem | MacroItem;

export interface ItemBase {
  readonly span: Span;
  readonly attributes: readonly Attribute[];
  /** Doc comment text (`///` and block doc comments), markers stripped, lines joined with '\n'. */
  readonly docs: string;
  readonly visibility: 'private' | 'pub' | 'pub-restricted';
  /** True when the item sits inside a `verus! { }` block. */
  readonly inVerus: boolean;
}

export interface Attribute {
  /** The text between `#[` and `]`, e.g. `verifier::opaque`. */
  readonly text: string;
  /** Path of the attribute, e.g. `verifier::external_body`. */
  readonly path: string;
  readonly inner: boolean;
  readonly span: Span;
}

export type FnMode = 'exec' | 'spec' | 'proof';

export interface FnItem extends ItemBase {
  readonly kind: 'fn';
  readonly name: string;
  readonly nameSpan: Span;
  readonly mode: FnMode;
  /** `spec(checked)` sets this. */
  readonly checked: boolean;
  /** `open`, `closed`, `uninterp`, or undefined when none was written. */
  readonly specVisibility: 'open' | 'closed' | 'uninterp' | undefined;
  readonly isConst: boolean;
  readonly isUnsafe: boolean;
  /** `axiom fn`: mode 'proof', no body, `ensures` trusted rather than proved. */
  readonly isAxiom: boolean;
  readonly generics: readonly GenericParam[];
  readonly params: readonly Param[];
  readonly ret: ReturnSpec | undefined;
  readonly requires: readonly Clause[];
  readonly ensures: readonly Clause[];
  readonly recommends: readonly Clause[];
  readonly decreases: DecreasesSpec | undefined;
  /** `returns e` (sugar for `ensures result == e`). */
  readonly returns: Clause | undefined;
  /** Undefined when the fn has no body (`;`), e.g. uninterp spec fns and trait method declarations. */
  readonly body: Block | undefined;
  /** From the first token of the item to the end of the signature and specs (before the body). */
  readonly signatureSpan: Span;
}

export interface GenericParam {
  readonly name: string;
  readonly kind: 'type' | 'lifetime' | 'const';
  /** Bounds as written, e.g. ['Copy', 'View<V = int>']. */
  readonly bounds: readonly string[];
  /** A type parameter's default (`Fallibility = Fallible`), which a use may leave out. */
  readonly default?: Type;
  readonly span: Span;
}

export interface Param {
  readonly name: string;
  /** Binding pattern when it is not a plain name (rare; `(a, b): (u8, u8)`). */
  readonly pattern: Pattern;
  /** The declared type. For `self` forms this is `Self`, `&Self` or `&mut Self`. */
  readonly type: Type;
  /** `value`: by value; `ref`: `&T`; `mut`: `&mut T` (the caller sees the final value). */
  readonly passing: 'value' | 'ref' | 'mut';
  readonly isSelf: boolean;
  /** `tracked` / `ghost` parameter modes written before the name. */
  readonly ghostMode: 'exec' | 'tracked' | 'ghost';
  readonly span: Span;
}

/** The name the result goes by when the signature gives none (`-> T`, or a pattern `-> ((a, b): (A, B))`). */
export const UNNAMED_RETURN_NAME = 'result';

export interface ReturnSpec {
  /** The name in `-> (r: T)`, undefined for `-> T` and for a pattern. */
  readonly name: string | undefined;
  /** `-> ((paddr, level): (Paddr, Level))`: the result destructured; the parser has made each ensures clause a block
   *  `{ let (paddr, level) = result; clause }`, so every reader of the clauses sees the names bound. */
  readonly pattern?: Pattern;
  readonly type: Type;
  readonly ghostMode: 'exec' | 'tracked' | 'ghost';
  readonly span: Span;
}

/** One top-level conjunct of requires/ensures/recommends: a comma item or an `&&&` bullet. */
export interface Clause {
  readonly expr: Expr;
  /** The clause's own text range (no trailing comma). */
  readonly span: Span;
  /** A `default_ensures` clause: it holds for a trait's default body only, not for an impl that overrides it. */
  readonly defaultOnly?: true;
}

export interface DecreasesSpec {
  readonly exprs: readonly Expr[];
  readonly when: Expr | undefined;
  readonly via: Expr | undefined;
  readonly span: Span;
}

export interface StructItem extends ItemBase {
  readonly kind: 'struct';
  readonly name: string;
  readonly nameSpan: Span;
  readonly generics: readonly GenericParam[];
  readonly fields: Fields;
}

/** Named fields (`{ a: T }`), positional fields (`(T, U)`), or none (`struct S;` / unit variant). */
export type Fields =
  | { readonly kind: 'named'; readonly fields: readonly FieldDef[] }
  | { readonly kind: 'tuple'; readonly fields: readonly FieldDef[] }
  | { readonly kind: 'unit' };

export interface FieldDef {
  /** Field name; for tuple fields the index as a string ('0', '1', ...). */
  readonly name: string;
  readonly type: Type;
  /** `ghost x: T` / `tracked x: T` (fields of `tracked struct`s); absent for exec fields. */
  readonly ghostMode?: 'ghost' | 'tracked';
  readonly span: Span;
}

export interface EnumItem extends ItemBase {
  readonly kind: 'enum';
  readonly name: string;
  readonly nameSpan: Span;
  readonly generics: readonly GenericParam[];
  readonly variants: readonly Variant[];
}

export interface Variant {
  readonly name: string;
  readonly fields: Fields;
  readonly discriminant: Expr | undefined;
  readonly span: Span;
}

export interface TypeAliasItem extends ItemBase {
  readonly kind: 'type';
  readonly name: string;
  readonly generics: readonly GenericParam[];
  /** Undefined for associated type declarations without a value (`type V;` in a trait). */
  readonly type: Type | undefined;
}

export interface ConstItem extends ItemBase {
  readonly kind: 'const';
  readonly name: string;
  readonly nameSpan: Span;
  /** `spec const` is 'spec'; `const`/`static` is 'exec'. */
  readonly mode: FnMode;
  readonly isStatic: boolean;
  readonly type: Type;
  /** `exec const C: u64 ensures C == 8 { 4 + 4 }`: what the initializer promises (empty for other consts). */
  readonly ensures: readonly Clause[];
  /** The initializer: `= e`, or the block of an `exec const` with `ensures`. */
  readonly value: Expr | undefined;
}

export interface ImplItem extends ItemBase {
  readonly kind: 'impl';
  readonly generics: readonly GenericParam[];
  readonly selfType: Type;
  /** The trait for `impl Trait for T`, undefined for inherent impls. */
  readonly trait: Type | undefined;
  readonly items: readonly Item[];
}

export interface TraitItem extends ItemBase {
  readonly kind: 'trait';
  readonly name: string;
  readonly generics: readonly GenericParam[];
  readonly items: readonly Item[];
}

export interface UseItem extends ItemBase {
  readonly kind: 'use';
  /** The use tree as written, e.g. `vstd::prelude::*`. */
  readonly tree: string;
  /** `broadcast use` */
  readonly isBroadcast: boolean;
}

export interface ModItem extends ItemBase {
  readonly kind: 'mod';
  readonly name: string;
  /** Undefined for `mod foo;` (out-of-line module). */
  readonly items: readonly Item[] | undefined;
}

/** An item-level macro call other than `verus!` (whose items are parsed in place), e.g. `macro_rules!`. */
export interface MacroItem extends ItemBase {
  readonly kind: 'macro';
  readonly name: string;
  /** For `macro_rules! name { .. }`: the macro it defines. */
  readonly definition?: MacroRulesDefinition;
  /** For any other call (`name! { .. }`): the text between its delimiters, which a `macro_rules!` of the crate may
   *  expand into items (model/item-macros.ts). */
  readonly argsText?: string;
  /** For `global size_of T == 8;` and `global layout T is size == 16, align == 8;`: what Verus is told the
   *  type's layout is (and checks against rustc's). */
  readonly layout?: LayoutDirective;
}

export interface LayoutDirective {
  readonly type: Type;
  readonly size: bigint;
  readonly align: bigint | undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Types

export type Type =
  | PathType
  | { readonly kind: 'ref'; readonly mutable: boolean; readonly inner: Type; readonly span: Span }
  | { readonly kind: 'tuple'; readonly elements: readonly Type[]; readonly span: Span }
  | { readonly kind: 'array'; readonly element: Type; readonly length: Expr; readonly span: Span }
  | { readonly kind: 'slice'; readonly element: Type; readonly span: Span }
  /** `spec_fn(A, B) -> C`, `FnSpec(..)`, `fn(..)`, `Fn(..)`, `FnMut`, `FnOnce`; `dyn`/`impl` wrappers keep the name. */
  | {
      readonly kind: 'fn';
      readonly name: string;
      readonly params: readonly Type[];
      readonly ret: Type | undefined;
      readonly span: Span;
    }
  | { readonly kind: 'infer'; readonly span: Span }
  | { readonly kind: 'never'; readonly span: Span }
  /** Anything else the parser accepts but does not model (`dyn Trait`, `impl Trait`, raw pointers): text kept. */
  /** `pointee`: for a raw pointer (`*mut T`, `*const T`), the type it points to. */
  | { readonly kind: 'opaque'; readonly text: string; readonly pointee?: Type; readonly span: Span };

export interface PathType {
  readonly kind: 'path';
  /** `std::vec::Vec<u8>` is [{name:'std'},{name:'vec'},{name:'Vec', generics:[u8]}]. */
  readonly segments: readonly TypeSegment[];
  readonly span: Span;
}

export interface TypeSegment {
  readonly name: string;
  readonly generics: readonly GenericArg[];
}

/** A generic argument: a type, or an associated-type binding `V = int` (kept as a type with a name). */
export type GenericArg = Type | { readonly kind: 'binding'; readonly name: string; readonly type: Type; readonly span: Span };

// ---------------------------------------------------------------------------------------------------------------
// Expressions

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '&'
  | '|'
  | '^'
  | '<<'
  | '>>'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '==='
  | '!=='
  | '=~='
  | '!~='
  | '=~~='
  | '!~~='
  | '&&'
  | '||'
  | '==>'
  | '<=='
  | '<==>'
  | 'has';

export type ComparisonOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type AssignOp = '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=';

export interface PathSegment {
  readonly name: string;
  /** Turbofish or type generics on this segment: `Seq::<int>::empty` has generics on `Seq`. */
  readonly generics: readonly GenericArg[];
  readonly span: Span;
}

export interface MatchArm {
  readonly pattern: Pattern;
  readonly guard: Expr | undefined;
  readonly body: Expr;
  readonly span: Span;
}

export interface QuantifierBinder {
  readonly name: string;
  readonly type: Type | undefined;
  readonly span: Span;
}

export interface ClosureParam {
  readonly pattern: Pattern;
  readonly type: Type | undefined;
  readonly span: Span;
}

/** Loop specifications (exec code); erased by the interpreter, kept for tools. */
export interface LoopSpec {
  readonly invariants: readonly Clause[];
  readonly invariantExceptBreak: readonly Clause[];
  readonly ensures: readonly Clause[];
  readonly decreases: readonly Expr[];
}

export type Expr =
  | { readonly kind: 'int'; readonly value: bigint; readonly suffix: string | undefined; readonly span: Span }
  | { readonly kind: 'float'; readonly text: string; readonly span: Span }
  | { readonly kind: 'bool'; readonly value: boolean; readonly span: Span }
  /** One Unicode scalar value; `b'x'` has `byte: true` and is a u8. */
  | { readonly kind: 'char'; readonly value: string; readonly byte: boolean; readonly span: Span }
  | { readonly kind: 'str'; readonly value: string; readonly byte: boolean; readonly span: Span }
  /** `x`, `u32::MAX`, `Self::f`, `Seq::<int>::empty`, `Option::None`, `None`. */
  | { readonly kind: 'path'; readonly segments: readonly PathSegment[]; readonly span: Span }
  /** `f(a)`, `Self::f(a)`, `old(x)`, `final(x)`, `Some(3)`, `S(1, 2)` (tuple struct constructor). */
  | { readonly kind: 'call'; readonly callee: Expr; readonly args: readonly Expr[]; readonly span: Span }
  | {
      readonly kind: 'method-call';
      readonly receiver: Expr;
      readonly method: string;
      readonly methodSpan: Span;
      readonly generics: readonly GenericArg[];
      readonly args: readonly Expr[];
      readonly span: Span;
    }
  /** `e.f` and `e.0` */
  | { readonly kind: 'field'; readonly receiver: Expr; readonly field: string; readonly span: Span }
  /** `e->f`, `e->0`, `e->V_f` */
  | { readonly kind: 'arrow'; readonly receiver: Expr; readonly field: string; readonly span: Span }
  | { readonly kind: 'index'; readonly receiver: Expr; readonly index: Expr; readonly span: Span }
  /** `e@` */
  | { readonly kind: 'view'; readonly operand: Expr; readonly span: Span }
  /** `e?` */
  | { readonly kind: 'try'; readonly operand: Expr; readonly span: Span }
  | {
      readonly kind: 'unary';
      readonly op: '-' | '!' | '*' | '&' | '&mut';
      readonly operand: Expr;
      readonly span: Span;
    }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr; readonly span: Span }
  /** A chain of two or more comparisons: `a <= b < c` has operands [a, b, c] and ops ['<=', '<']. */
  | {
      readonly kind: 'chain';
      readonly operands: readonly Expr[];
      readonly ops: readonly ComparisonOp[];
      readonly span: Span;
    }
  /** `e is V` / `e !is V` */
  | { readonly kind: 'is'; readonly operand: Expr; readonly variant: string; readonly negated: boolean; readonly span: Span }
  /** `e matches P` (scope of bindings: the right operand of a following `&&`/`==>`, and later bullets). */
  | { readonly kind: 'matches'; readonly operand: Expr; readonly pattern: Pattern; readonly span: Span }
  | { readonly kind: 'cast'; readonly operand: Expr; readonly type: Type; readonly span: Span }
  | {
      readonly kind: 'if';
      readonly condition: Expr;
      readonly then: Block;
      /** Another `if` expression or a block expression. */
      readonly else: Expr | undefined;
      readonly span: Span;
    }
  /** `let P = e` inside an `if`/`while` condition (also chained with `&&`). */
  | { readonly kind: 'let-condition'; readonly pattern: Pattern; readonly value: Expr; readonly span: Span }
  | { readonly kind: 'match'; readonly scrutinee: Expr; readonly arms: readonly MatchArm[]; readonly span: Span }
  | { readonly kind: 'block'; readonly block: Block; readonly span: Span }
  | {
      readonly kind: 'closure';
      readonly params: readonly ClosureParam[];
      readonly ret: Type | undefined;
      readonly body: Expr;
      readonly span: Span;
    }
  | {
      readonly kind: 'quantifier';
      readonly quantifier: 'forall' | 'exists' | 'choose';
      readonly binders: readonly QuantifierBinder[];
      /** Triggers as written: `#[trigger] e` marks and `#![trigger a, b]` groups; informative only. */
      readonly triggers: readonly (readonly Expr[])[];
      readonly body: Expr;
      readonly span: Span;
    }
  /** `seq![..]`, `set![..]`, `vec![..]`, `map![k => v, ..]`, `seq![e; n]`, `vec![e; n]`. */
  | {
      readonly kind: 'collection-macro';
      readonly macro: 'seq' | 'set' | 'map' | 'vec' | 'multiset';
      readonly elements: readonly Expr[];
      readonly entries: readonly (readonly [Expr, Expr])[];
      readonly repeat: { readonly value: Expr; readonly count: Expr } | undefined;
      readonly span: Span;
    }
  /** Any other macro call: `assert!(..)`, `panic!(..)`, `println!(..)`, `assert_eq!(..)`, `unreachable!()`.
   *  `args` holds the comma-separated arguments when they parse as expressions (else empty, with `argsText`).
   *  `async { .. }` and `yield e`, which nothing here runs, are calls of the macros `async` and `yield` (names no
   *  macro can have) with the block or the operand as their argument. */
  | {
      readonly kind: 'macro-call';
      readonly name: string;
      readonly args: readonly Expr[];
      readonly argsText: string;
      readonly span: Span;
    }
  | {
      readonly kind: 'struct-literal';
      readonly path: readonly PathSegment[];
      readonly fields: readonly { readonly name: string; readonly value: Expr; readonly span: Span }[];
      readonly base: Expr | undefined;
      readonly span: Span;
    }
  /** `()` is a tuple with no elements. */
  | { readonly kind: 'tuple'; readonly elements: readonly Expr[]; readonly span: Span }
  | { readonly kind: 'array'; readonly elements: readonly Expr[]; readonly span: Span }
  | { readonly kind: 'array-repeat'; readonly value: Expr; readonly count: Expr; readonly span: Span }
  | {
      readonly kind: 'range';
      readonly start: Expr | undefined;
      readonly end: Expr | undefined;
      readonly inclusive: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'paren'; readonly inner: Expr; readonly span: Span }
  // Exec-only expressions (function bodies). Ghost statements are kept as `ghost` so tools can see them.
  | { readonly kind: 'assign'; readonly op: AssignOp; readonly target: Expr; readonly value: Expr; readonly span: Span }
  | { readonly kind: 'return'; readonly value: Expr | undefined; readonly span: Span }
  | { readonly kind: 'break'; readonly label: string | undefined; readonly value: Expr | undefined; readonly span: Span }
  | { readonly kind: 'continue'; readonly label: string | undefined; readonly span: Span }
  | {
      readonly kind: 'while';
      readonly label: string | undefined;
      readonly condition: Expr;
      readonly spec: LoopSpec;
      readonly body: Block;
      readonly span: Span;
    }
  | { readonly kind: 'loop'; readonly label: string | undefined; readonly spec: LoopSpec; readonly body: Block; readonly span: Span }
  | {
      readonly kind: 'for';
      readonly label: string | undefined;
      readonly pattern: Pattern;
      readonly iterable: Expr;
      readonly spec: LoopSpec;
      readonly body: Block;
      readonly span: Span;
    }
  /** Ghost code, erased at run time: `proof { }`, `assert(..)` (with optional `by`), `assume(..)`,
   *  `assert forall ..`, `reveal(..)`, `reveal_with_fuel(..)`, `hide(..)`. `expr` is the asserted/assumed
   *  expression where there is one. */
  | {
      readonly kind: 'ghost';
      readonly form: 'proof-block' | 'assert' | 'assume' | 'assert-forall' | 'reveal' | 'other';
      readonly expr: Expr | undefined;
      /** The statements of a `proof { .. }` block (the shadow execution runs their ghost updates). */
      readonly block?: Block;
      readonly span: Span;
    }
  /** A placeholder the parser inserts where an expression was required but missing or broken. */
  | { readonly kind: 'error'; readonly span: Span };

export interface Block {
  readonly stmts: readonly Stmt[];
  /** The final expression without a semicolon, if any. */
  readonly tail: Expr | undefined;
  readonly span: Span;
}

export type Stmt =
  | {
      readonly kind: 'let';
      readonly pattern: Pattern;
      readonly type: Type | undefined;
      readonly init: Expr | undefined;
      /** `let P = e else { .. };` */
      readonly else: Block | undefined;
      /** `let ghost x` / `let tracked x` */
      readonly ghostMode: 'exec' | 'tracked' | 'ghost';
      readonly span: Span;
    }
  | { readonly kind: 'expr'; readonly expr: Expr; readonly semicolon: boolean; readonly span: Span }
  | { readonly kind: 'item'; readonly item: Item; readonly span: Span };

// ---------------------------------------------------------------------------------------------------------------
// Patterns

export type Pattern =
  | { readonly kind: 'wild'; readonly span: Span }
  /** `..` inside tuple, slice and tuple-struct patterns. */
  | { readonly kind: 'rest'; readonly span: Span }
  | {
      readonly kind: 'binding';
      readonly name: string;
      readonly mutable: boolean;
      readonly byRef: boolean;
      /** `name @ pattern` */
      readonly subpattern: Pattern | undefined;
      readonly span: Span;
    }
  /** A literal: int (possibly negative), bool, char, str. */
  | { readonly kind: 'literal'; readonly value: Expr; readonly span: Span }
  | {
      readonly kind: 'range';
      readonly start: Expr | undefined;
      readonly end: Expr | undefined;
      readonly inclusive: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'tuple'; readonly elements: readonly Pattern[]; readonly span: Span }
  | { readonly kind: 'slice'; readonly elements: readonly Pattern[]; readonly span: Span }
  /** A path that names a unit variant, unit struct or constant: `None`, `Color::Red`, `MAX`.
   *  A single lowercase identifier parses as a `binding`, as in Rust. */
  | { readonly kind: 'path'; readonly path: readonly PathSegment[]; readonly span: Span }
  | {
      readonly kind: 'tuple-struct';
      readonly path: readonly PathSegment[];
      readonly elements: readonly Pattern[];
      readonly span: Span;
    }
  | {
      readonly kind: 'struct';
      readonly path: readonly PathSegment[];
      readonly fields: readonly { readonly name: string; readonly pattern: Pattern; readonly span: Span }[];
      readonly hasRest: boolean;
      readonly span: Span;
    }
  | { readonly kind: 'or'; readonly alternatives: readonly Pattern[]; readonly span: Span }
  | { readonly kind: 'ref'; readonly mutable: boolean; readonly pattern: Pattern; readonly span: Span };
