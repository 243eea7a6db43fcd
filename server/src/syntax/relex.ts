// A small maximal-munch lexer for the parts tree-sitter splits the wrong way for Verus: runs of adjacent
// punctuation (`==>`, `<==>`, `=~=`, `&&&`, ...) and ERROR leaves. It only ever sees short fragments.
import { TokenKind } from './tokens';

/** Verus operators, longest first within each starting character (maximal munch). */
const OPERATORS: readonly string[] = [
  '<==>', '=~~=', '!~~=', '<<=', '>>=', '...', '..=', '==>', '<==', '=~=', '!~=', '===', '!==', '&&&', '|||',
  '::', '->', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '^=', '&=', '|=', '<<',
  '>>', '..',
];

const PUNCT_CHARS = '!#$%&*+,-./:;<=>?@^|~()[]{}';

export function isPunctChar(code: number): boolean {
  return code < 128 && PUNCT_TABLE[code] === 1;
}

const PUNCT_TABLE = new Uint8Array(128);
for (let i = 0; i < PUNCT_CHARS.length; i++) PUNCT_TABLE[PUNCT_CHARS.charCodeAt(i)] = 1;

/** Calls `emit` for each token in `text[start, end)`; whitespace is skipped, unknown characters are `Unknown`. */
export function lexFragment(
  text: string,
  start: number,
  end: number,
  emit: (kind: TokenKind, start: number, end: number) => void,
): void {
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i++;
    } else if (isPunctChar(code)) {
      const length = operatorLength(text, i, end);
      emit(TokenKind.Punct, i, i + length);
      i += length;
    } else if (isIdentStart(code)) {
      let j = i + 1;
      while (j < end && isIdentContinue(text.charCodeAt(j))) j++;
      emit(TokenKind.Ident, i, j);
      i = j;
    } else if (code >= 48 && code <= 57) {
      let j = i + 1;
      while (j < end && isIdentContinue(text.charCodeAt(j))) j++;
      emit(TokenKind.Int, i, j);
      i = j;
    } else {
      // One code point (a surrogate pair stays together) that no Verus token can start with.
      const width = code >= 0xd800 && code <= 0xdbff && i + 1 < end ? 2 : 1;
      emit(code === 39 ? TokenKind.Quote : TokenKind.Unknown, i, i + width);
      i += width;
    }
  }
}

function operatorLength(text: string, at: number, end: number): number {
  for (const op of OPERATORS) {
    if (op.length <= end - at && text.startsWith(op, at)) return op.length;
  }
  return 1;
}

function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || (code > 127 && code < 0xd800);
}

function isIdentContinue(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}
