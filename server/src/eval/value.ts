// Concrete values that spec and exec evaluation work on. Plain immutable data; structural equality is
// `valueEquals`, and a total order (`compareValues`) keeps sets and maps canonical and output deterministic.

import type { Expr, Pattern, Span } from '../syntax';

export type Value =
  /** Every integer, machine or mathematical, is an exact bigint; the declared type gives its range. */
  | { readonly kind: 'int'; readonly value: bigint }
  | { readonly kind: 'bool'; readonly value: boolean }
  /** A Unicode scalar value, as its code point. */
  | { readonly kind: 'char'; readonly codePoint: number }
  /** `Seq<T>` and every type that views to one (`Vec<T>`, `[T; N]`, `&[T]`); `String`/`&str` are seqs of char
   *  with `text: true` so exec code and output can tell them apart. */
  | { readonly kind: 'seq'; readonly elements: readonly Value[]; readonly text?: boolean }
  /** Elements sorted by `compareValues`, without duplicates. */
  | { readonly kind: 'set'; readonly elements: readonly Value[] }
  /** Entries sorted by key with `compareValues`, keys unique. */
  | { readonly kind: 'map'; readonly entries: readonly (readonly [Value, Value])[] }
  /** Entries (element, count > 0) sorted by element. */
  | { readonly kind: 'multiset'; readonly entries: readonly (readonly [Value, bigint])[] }
  /** Tuples; the unit value `()` is the empty tuple. */
  | { readonly kind: 'tuple'; readonly elements: readonly Value[] }
  /** A struct value; `fields` in declaration order (tuple structs use '0', '1', ...). */
  | { readonly kind: 'struct'; readonly name: string; readonly fields: readonly (readonly [string, Value])[] }
  /** An enum value, including `Option` (`None`, `Some`) and `Result` (`Ok`, `Err`). Tuple variants use '0', '1'. */
  | {
      readonly kind: 'enum';
      readonly name: string;
      readonly variant: string;
      readonly fields: readonly (readonly [string, Value])[];
    }
  /** A placeholder for what the harness cannot represent but exec code never reads: a `Ghost<T>`/`Tracked<T>`
   *  value of an unknown `T` (a state-machine token, `PointsToRaw`), a raw pointer's provenance. `text` says what it
   *  stands for. Whatever spec code reads of it is indeterminate (spec/opaque-values.ts). */
  | { readonly kind: 'opaque'; readonly text: string }
  /** A spec closure (`|x: int| x + 1`, `spec_fn`), capturing its environment by value. */
  | {
      readonly kind: 'closure';
      readonly params: readonly Pattern[];
      readonly body: Expr;
      readonly env: ReadonlyMap<string, Value>;
      readonly span: Span;
      /** Its Verus text, for a closure read from a pairs file or made by the generator (spec-fn-values.ts): what
       *  the pairs file holds, and what tells two such closures apart. Such a closure captures nothing. */
      readonly source?: string;
    };

export const UNIT: Value = { kind: 'tuple', elements: [] };

export function int(value: bigint | number): Value {
  return { kind: 'int', value: BigInt(value) };
}

/** The placeholder standing for a value of the type written `text`. */
export function opaqueValue(text: string): Value {
  return { kind: 'opaque', text };
}

export function bool(value: boolean): Value {
  return value ? TRUE : FALSE;
}

const TRUE: Value = { kind: 'bool', value: true };
const FALSE: Value = { kind: 'bool', value: false };
