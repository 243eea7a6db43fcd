// Value types: a declared Rust/Verus type resolved to the shape its values take (views applied where
// design.md says so). The codec, the mutants, input generation and stub literals are all directed by these.

export type IntType = 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'usize' | 'i8' | 'i16' | 'i32' | 'i64' | 'i128' | 'isize' | 'int' | 'nat';

/** Where a sequence type came from: decides literal syntax and exec behaviour (a `Vec` can grow, an array cannot). */
export type SeqOrigin = 'Seq' | 'Vec' | 'array' | 'slice' | 'String' | 'str' | 'VecDeque';

export type ValueType =
  | { readonly kind: 'int'; readonly int: IntType }
  | { readonly kind: 'bool' }
  | { readonly kind: 'char' }
  /** Element type `char` with origin String/str for strings. `length` is fixed for arrays `[T; N]`. */
  | { readonly kind: 'seq'; readonly element: ValueType; readonly origin: SeqOrigin; readonly length?: number }
  | { readonly kind: 'set'; readonly element: ValueType }
  | { readonly kind: 'map'; readonly key: ValueType; readonly value: ValueType }
  | { readonly kind: 'multiset'; readonly element: ValueType }
  /** The unit type `()` is a tuple with no elements. */
  | { readonly kind: 'tuple'; readonly elements: readonly ValueType[] }
  /** A user struct or enum, or the built-in `Option`/`Result`, by name with generic arguments; its fields or
   *  variants are looked up on demand so recursive types (`enum List { Nil, Cons(int, Box<List>) }`) work.
   *  `consts` are the values of its const generic parameters (`Array<u8, 4>`), in declaration order. */
  | { readonly kind: 'adt'; readonly name: string; readonly args: readonly ValueType[]; readonly consts?: readonly bigint[] }
  /** `spec_fn(A) -> B` and closures. */
  | { readonly kind: 'fn'; readonly params: readonly ValueType[]; readonly ret: ValueType }
  /** `Ghost<T>` / `Tracked<T>` (or a ghost or tracked field) whose `T` the product cannot represent: exec code
   *  never reads it, so its one value is an `opaque` placeholder; `reason` says why `T` is not represented. */
  | { readonly kind: 'opaque'; readonly text: string; readonly reason: string }
  /** A type the product cannot represent (floats, raw pointers, unknown names, trait objects): with the reason. */
  | { readonly kind: 'unsupported'; readonly text: string; readonly reason: string };
