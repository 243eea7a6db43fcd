// Turns source text into a flat token stream: tree-sitter-rust finds the leaves (inside `verus!` they are a
// token tree, outside a full Rust tree), then runs of adjacent punctuation are re-lexed with Verus's operators.
// Invariant: tokens are in text order, never overlap, and carry UTF-16 offsets (JS string indices).
import Parser = require('tree-sitter');
import RustLanguage = require('tree-sitter-rust');
import { matchDelimiters } from './delimiters';
import { lexFragment, isPunctChar } from './relex';
import { TokenKind, type Comment, type TokenStream } from './tokens';

export { TokenKind } from './tokens';
export type { Comment, TokenStream } from './tokens';

/** One parser for the process: creating one loads the grammar, which is far slower than a parse. */
let sharedParser: Parser | undefined;

function getParser(): Parser {
  if (sharedParser === undefined) {
    sharedParser = new Parser();
    sharedParser.setLanguage(RustLanguage as unknown as Parser.Language);
  }
  return sharedParser;
}

/** Parses `text` with tree-sitter only (no token stream); the benchmark uses it as the baseline. */
export function parseTreeOnly(text: string): void {
  getParser().parse(text);
}

/** Node types whose whole text is one token (tree-sitter gives them children we do not want). */
const ATOMIC_TYPES = new Set([
  'string_literal',
  'raw_string_literal',
  'char_literal',
  'line_comment',
  'block_comment',
  'integer_literal',
  'float_literal',
]);

export function tokenize(text: string): TokenStream {
  return tokenizeWithOffset(text, text, 0);
}

const EXPRESSION_PREFIX = 'verus!{';

/** Tokenizes a lone expression inside a `verus!` token tree, where tree-sitter accepts any token sequence. */
export function tokenizeExpression(text: string): TokenStream {
  return tokenizeWithOffset(`${EXPRESSION_PREFIX}${text}\n}`, text, EXPRESSION_PREFIX.length);
}

/** Parses `parsed`, keeping the leaves that fall inside `text`, which starts at offset `shift` of `parsed`. */
function tokenizeWithOffset(parsed: string, text: string, shift: number): TokenStream {
  const tree = getParser().parse(parsed);
  const builder = new StreamBuilder(parsed);
  const cursor = tree.walk();
  // Iterative pre-order walk over leaves; recursion would be deep on deeply nested token trees.
  for (;;) {
    const type = cursor.nodeType;
    const atomic = ATOMIC_TYPES.has(type);
    if (!atomic && cursor.gotoFirstChild()) continue;
    const start = cursor.startIndex;
    const end = cursor.endIndex;
    if (end > start) builder.leaf(type, start, end, cursor.nodeIsNamed);
    let done = false;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        done = true;
        break;
      }
    }
    if (done) break;
  }
  const stream = builder.finish();
  return shift === 0 && parsed === text ? stream : shiftStream(stream, text, shift);
}

function shiftStream(stream: TokenStream, text: string, shift: number): TokenStream {
  const kinds: TokenKind[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const texts: string[] = [];
  for (let idx = 0; idx < stream.count; idx++) {
    const start = (stream.starts[idx] ?? 0) - shift;
    const end = (stream.ends[idx] ?? 0) - shift;
    if (start < 0 || end > text.length) continue;
    kinds.push(stream.kinds[idx] ?? TokenKind.Unknown);
    starts.push(start);
    ends.push(end);
    texts.push(stream.texts[idx] ?? '');
  }
  const comments = stream.comments
    .filter((comment) => comment.start >= shift && comment.end - shift <= text.length)
    .map((comment) => ({ ...comment, start: comment.start - shift, end: comment.end - shift }));
  return { text, kinds, starts, ends, texts, match: matchDelimiters({ text, kinds, starts, ends, texts }), comments, count: kinds.length };
}

class StreamBuilder {
  readonly kinds: TokenKind[] = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly texts: string[] = [];
  readonly comments: Comment[] = [];
  private lastEnd = 0;
  /** Start of the pending punctuation run (adjacent punctuation leaves), or -1. */
  private runStart = -1;
  private runEnd = -1;

  constructor(private readonly text: string) {}

  leaf(type: string, start: number, end: number, named: boolean): void {
    // tree-sitter may report a leaf overlapping text we already consumed (ERROR recovery); skip those parts.
    if (start < this.lastEnd) start = this.lastEnd;
    if (end <= start) return;
    if (type === 'line_comment' || type === 'block_comment') {
      this.flushRun();
      this.addComment(start, end);
      this.lastEnd = end;
      return;
    }
    const first = this.text.charCodeAt(start);
    const isPunct = (!named || type === 'ERROR') && isPunctLeaf(this.text, start, end);
    if (isPunct) {
      if (this.runStart >= 0 && this.runEnd === start) this.runEnd = end;
      else {
        this.flushRun();
        this.runStart = start;
        this.runEnd = end;
      }
      this.lastEnd = end;
      return;
    }
    this.flushRun();
    if (type === 'integer_literal') this.push(TokenKind.Int, start, end);
    else if (type === 'float_literal') this.push(TokenKind.Float, start, end);
    else if (type === 'char_literal') this.push(TokenKind.Char, start, end);
    else if (type === 'string_literal' || type === 'raw_string_literal') this.push(TokenKind.Str, start, end);
    else if (type === "'" || (first === 39 && end - start === 1)) this.push(TokenKind.Quote, start, end);
    else if (type === 'ERROR' || type === 'shebang' || !isIdentLike(first) || !isIdentLike(this.text.charCodeAt(end - 1))) {
      // Includes keyword leaves with punctuation (`macro_rules!`) and anything tree-sitter could not parse.
      this.lexRange(start, end);
    }
    else this.push(TokenKind.Ident, start, end);
    this.lastEnd = end;
  }

  finish(): TokenStream {
    this.flushRun();
    mergeLifetimes(this);
    const count = this.kinds.length;
    return {
      text: this.text,
      kinds: this.kinds,
      starts: this.starts,
      ends: this.ends,
      texts: this.texts,
      match: matchDelimiters({ text: this.text, kinds: this.kinds, starts: this.starts, ends: this.ends, texts: this.texts }),
      comments: this.comments,
      count,
    };
  }

  push(kind: TokenKind, start: number, end: number): void {
    this.kinds.push(kind);
    this.starts.push(start);
    this.ends.push(end);
    this.texts.push(this.text.slice(start, end));
  }

  private lexRange(start: number, end: number): void {
    lexFragment(this.text, start, end, (kind, s, e) => this.push(kind, s, e));
  }

  private flushRun(): void {
    if (this.runStart < 0) return;
    this.lexRange(this.runStart, this.runEnd);
    this.runStart = -1;
  }

  private addComment(start: number, end: number): void {
    const text = this.text.slice(start, end);
    const doc =
      (text.startsWith('///') && !text.startsWith('////')) ||
      (text.startsWith('/**') && !text.startsWith('/***') && text !== '/**/');
    this.comments.push({ start, end, doc, text });
  }
}

function isIdentLike(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code > 127 || code === 36 /* $ */
  );
}

function isPunctLeaf(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isPunctChar(text.charCodeAt(i))) return false;
  return true;
}

/** `'` directly followed by an identifier is a lifetime or loop label (`'a`, `'outer`): one token.
 *  An integer directly followed by an identifier is one suffixed literal (`3nat`). */
function mergeLifetimes(builder: StreamBuilder): void {
  const { kinds, starts, ends, texts } = builder;
  let write = 0;
  for (let read = 0; read < kinds.length; read++) {
    let kind = kinds[read] ?? TokenKind.Unknown;
    const start = starts[read] ?? 0;
    let end = ends[read] ?? 0;
    let text = texts[read] ?? '';
    const next = read + 1;
    if (kind === TokenKind.Int && next < kinds.length && kinds[next] === TokenKind.Ident && starts[next] === end) {
      // tree-sitter knows only Rust's suffixes; Verus adds `int`/`nat` (`7int`), which arrive as a separate leaf.
      end = ends[next] ?? end;
      text += texts[next] ?? '';
      read = next;
    } else if (kind === TokenKind.Quote) {
      if (next < kinds.length && kinds[next] === TokenKind.Ident && starts[next] === end) {
        kind = TokenKind.Lifetime;
        end = ends[next] ?? end;
        text += texts[next] ?? '';
        read = next;
      } else kind = TokenKind.Unknown;
    }
    kinds[write] = kind;
    starts[write] = start;
    ends[write] = end;
    texts[write] = text;
    write++;
  }
  kinds.length = write;
  starts.length = write;
  ends.length = write;
  texts.length = write;
}
