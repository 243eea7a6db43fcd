// The hand-written half of the lexer: splits text into identifiers, numbers and Verus operators (maximal munch:
// `==>`, `<==>`, `=~=`, `&&&`, ...). Where a comment, string or char literal could start (`//`, `/*`, `"`, `'`,
// `b"`, `r#"`, ...) it asks tree-sitter (`LiteralAt`), which stays the authority on where those begin and end.
// Invariant: tokens are in text order, never overlap, and carry UTF-16 offsets.
import { TokenKind, type Comment } from './tokens';

/** A comment, string or char literal found by tree-sitter at an offset; `end` is exclusive. */
export interface LiteralHit {
  readonly end: number;
  /** A string or char literal becomes a token of that kind; a comment is kept aside (`ScannedTokens.comments`). */
  readonly kind: TokenKind.Str | TokenKind.Char | 'comment';
}

/** Asks the tree which literal (if any) covers the character at `offset`. */
export type LiteralAt = (offset: number) => LiteralHit | undefined;

/** The token arrays of a stream before delimiter matching. */
export interface ScannedTokens {
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly texts: string[];
  readonly comments: Comment[];
}

/** Growable typed arrays: plain arrays grown by push were the scanner's main cost. */
interface TokenBuffer {
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  readonly texts: string[];
  readonly comments: Comment[];
  count: number;
}

/** Scans `text` from `from` to `limit` (all of it by default) into tokens, at the text's offsets. */
export function scanTokens(text: string, literalAt: LiteralAt, from = 0, limit = text.length): ScannedTokens {
  // About one token per four characters in typical code; `grow` doubles when that is not enough.
  const capacity = ((limit - from) >> 2) + 16;
  const out: TokenBuffer = {
    kinds: new Uint8Array(capacity),
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    texts: [],
    comments: [],
    count: 0,
  };
  let pos = from;
  while (pos < limit) {
    if (mayStartLiteral(text, pos, limit)) {
      const hit = literalAt(pos);
      if (hit !== undefined && hit.end > pos) {
        if (hit.kind === 'comment') out.comments.push(makeComment(text, pos, hit.end));
        else push(out, hit.kind, pos, hit.end, text.slice(pos, hit.end));
        pos = hit.end;
        continue;
      }
    }
    pos = scanToken(text, pos, limit, out);
  }
  const count = out.count;
  return {
    kinds: out.kinds.subarray(0, count),
    starts: out.starts.subarray(0, count),
    ends: out.ends.subarray(0, count),
    texts: out.texts,
    comments: out.comments,
  };
}

/** `"`, `'`, `//`, `/*`, and the prefixed forms `b"`, `b'`, `br"`, `r"`, `r#"`, `c"`, `cr"`. */
function mayStartLiteral(text: string, pos: number, limit: number): boolean {
  const code = text.charCodeAt(pos);
  if (code === 34 || code === 39) return true;
  const next = pos + 1 < limit ? text.charCodeAt(pos + 1) : -1;
  if (code === 47) return next === 47 || next === 42;
  if (code !== 98 && code !== 114 && code !== 99) return false;
  if (next === 34 || next === 39 || next === 35) return true;
  const third = pos + 2 < limit ? text.charCodeAt(pos + 2) : -1;
  return code !== 114 && next === 114 && (third === 34 || third === 35);
}

/** Scans one token (or skips whitespace) at `pos`, never past `limit`; returns the next position. */
function scanToken(text: string, pos: number, limit: number, out: TokenBuffer): number {
  const code = text.charCodeAt(pos);
  if (code <= 32 || isUnicodeSpace(code)) return pos + 1;
  if (code < 128 && PUNCT_TABLE[code] === 1) {
    const op = operatorAt(text, pos, limit, code);
    push(out, TokenKind.Punct, pos, pos + op.length, op);
    return pos + op.length;
  }
  if (isIdentStart(code)) {
    let end = pos + 1;
    // `r#name` is a raw identifier (raw strings were taken whole as literals before we get here).
    if (code === 114 && end + 1 < limit && text.charCodeAt(end) === 35 && isIdentStart(text.charCodeAt(end + 1))) end += 2;
    while (end < limit && isIdentContinue(text.charCodeAt(end))) end++;
    push(out, TokenKind.Ident, pos, end, text.slice(pos, end));
    return end;
  }
  if (code >= 48 && code <= 57) return scanNumber(text, pos, limit, out);
  if (code === 39 && pos + 1 < limit && isIdentStart(text.charCodeAt(pos + 1))) {
    // A lifetime or loop label (`'a`, `'outer`); char literals were taken whole before we get here.
    let end = pos + 2;
    while (end < limit && isIdentContinue(text.charCodeAt(end))) end++;
    push(out, TokenKind.Lifetime, pos, end, text.slice(pos, end));
    return end;
  }
  // One code point (a surrogate pair stays together) that no Verus token can start with.
  const width = code >= 0xd800 && code <= 0xdbff && pos + 1 < limit ? 2 : 1;
  push(out, TokenKind.Unknown, pos, pos + width, text.slice(pos, pos + width));
  return pos + width;
}

/** Rust's number rules: `0x1F`, `1_000u8`, `7int`, `1.5`, `1e3`, `2.0f64`; `1..2` and `1.max(2)` keep the int.
 *  `t.0.1` yields the float `0.1`, as in rustc; the parser splits it into two tuple fields. */
function scanNumber(text: string, pos: number, limit: number, out: TokenBuffer): number {
  let end = pos + 1;
  const radix = text.charCodeAt(pos) === 48 && end < limit ? text.charCodeAt(end) : 0;
  if (radix === 120 || radix === 111 || radix === 98) {
    // `0x..`, `0o..`, `0b..`: digits and any suffix are identifier characters.
    while (end < limit && isIdentContinue(text.charCodeAt(end))) end++;
    push(out, TokenKind.Int, pos, end, text.slice(pos, end));
    return end;
  }
  end = skipDigits(text, end, limit);
  let kind = TokenKind.Int;
  if (end < limit && text.charCodeAt(end) === 46 /* . */) {
    const next = end + 1 < limit ? text.charCodeAt(end + 1) : -1;
    if (next >= 48 && next <= 57) {
      kind = TokenKind.Float;
      end = skipDigits(text, end + 1, limit);
    } else if (next !== 46 && !isIdentStart(next)) {
      kind = TokenKind.Float; // `1.` is a float literal.
      end += 1;
      push(out, kind, pos, end, text.slice(pos, end));
      return end;
    }
  }
  const exponent = end < limit ? text.charCodeAt(end) : -1;
  if (exponent === 101 || exponent === 69) {
    let digits = end + 1;
    const sign = digits < limit ? text.charCodeAt(digits) : -1;
    if (sign === 43 || sign === 45) digits++;
    const first = digits < limit ? text.charCodeAt(digits) : -1;
    if (first >= 48 && first <= 57) {
      kind = TokenKind.Float;
      end = skipDigits(text, digits, limit);
    }
  }
  while (end < limit && isIdentContinue(text.charCodeAt(end))) end++; // A suffix: `u8`, `f64`, `int`, `nat`.
  push(out, kind, pos, end, text.slice(pos, end));
  return end;
}

function skipDigits(text: string, from: number, limit: number): number {
  let end = from;
  for (; end < limit; end++) {
    const c = text.charCodeAt(end);
    if (!((c >= 48 && c <= 57) || c === 95)) break;
  }
  return end;
}

function push(out: TokenBuffer, kind: TokenKind, start: number, end: number, tokenText: string): void {
  const idx = out.count;
  if (idx === out.kinds.length) grow(out);
  out.kinds[idx] = kind;
  out.starts[idx] = start;
  out.ends[idx] = end;
  out.texts.push(tokenText);
  out.count = idx + 1;
}

function grow(out: TokenBuffer): void {
  const kinds = new Uint8Array(out.kinds.length * 2);
  kinds.set(out.kinds);
  const starts = new Int32Array(out.starts.length * 2);
  starts.set(out.starts);
  const ends = new Int32Array(out.ends.length * 2);
  ends.set(out.ends);
  out.kinds = kinds;
  out.starts = starts;
  out.ends = ends;
}

function makeComment(text: string, start: number, end: number): Comment {
  const commentText = text.slice(start, end);
  const doc =
    (commentText.startsWith('///') && !commentText.startsWith('////')) ||
    (commentText.startsWith('/**') && !commentText.startsWith('/***') && commentText !== '/**/');
  return { start, end, doc, text: commentText };
}

/** Verus operators by first character, longest first (maximal munch); a lone character is the fallback. */
const OPERATORS: readonly string[] = [
  '<==>',
  '=~~=',
  '!~~=',
  '<<=',
  '>>=',
  '...',
  '..=',
  '==>',
  '<==',
  '=~=',
  '!~=',
  '===',
  '!==',
  '&&&',
  '|||',
  '::',
  '->',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '^=',
  '&=',
  '|=',
  '<<',
  '>>',
  '..',
];
const PUNCT_CHARS = '!#$%&*+,-./:;<=>?@^|~()[]{}';
const PUNCT_TABLE = new Uint8Array(128);
const OPERATORS_BY_FIRST: (readonly string[])[] = [];
const SINGLE_CHARS: string[] = [];
for (let i = 0; i < PUNCT_CHARS.length; i++) {
  const code = PUNCT_CHARS.charCodeAt(i);
  PUNCT_TABLE[code] = 1;
  SINGLE_CHARS[code] = PUNCT_CHARS.charAt(i);
  OPERATORS_BY_FIRST[code] = OPERATORS.filter((op) => op.charCodeAt(0) === code);
}

/** The operator at `pos` (interned: the returned string is a table constant, not a fresh slice). */
function operatorAt(text: string, pos: number, limit: number, code: number): string {
  const candidates = OPERATORS_BY_FIRST[code] ?? [];
  for (let c = 0; c < candidates.length; c++) {
    const op = candidates[c] ?? '';
    if (op.length > limit - pos) continue;
    let idx = 1;
    while (idx < op.length && text.charCodeAt(pos + idx) === op.charCodeAt(idx)) idx++;
    if (idx === op.length) return op;
  }
  return SINGLE_CHARS[code] ?? text.charAt(pos);
}

function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || (code > 127 && code < 0xd800 && !isUnicodeSpace(code));
}

function isIdentContinue(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

/** Unicode white space that tree-sitter skips like ASCII blanks (NBSP, BOM, the U+2000 block, ...). */
function isUnicodeSpace(code: number): boolean {
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
