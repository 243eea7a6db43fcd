// The token stream shared by the lexer and the parser: parallel arrays indexed by token number, so the
// parser's cursor is a plain integer and no per-token objects are allocated.

export const enum TokenKind {
  Eof = 0,
  Ident = 1,
  Int = 2,
  Float = 3,
  Char = 4,
  Str = 5,
  Punct = 6,
  Lifetime = 7,
  Unknown = 8,
  /** A lone `'` before lifetimes are merged; never left in a finished stream. */
  Quote = 9,
}

export interface Comment {
  readonly start: number;
  readonly end: number;
  /** An outer doc comment (`///` or a `/**` block), which documents the next item. */
  readonly doc: boolean;
  readonly text: string;
}

/** Mutable only in one way: the parser may split a leading `>` off a `>>`/`>=` token when closing generics. */
export interface TokenStream {
  readonly text: string;
  /** TokenKind values. */
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly texts: string[];
  /** For each opening delimiter the index of its closer (stream length when unclosed); -1 for other tokens. */
  readonly match: Int32Array;
  /** Every closer matched its opener without recovery: a balanced stretch can be re-matched on its own. */
  readonly balanced: boolean;
  readonly comments: readonly Comment[];
  readonly count: number;
}
