// Delimiter matching for the token stream, with indentation-guided recovery so that one missing or extra
// closer damages only the construct it belongs to, not every item after it.
// Invariant: match[open] > open for every opener, and groups nest (a group never ends inside an inner one
// that the parser would enter first; the parser clamps inner groups to the outer limit).
import { TokenKind } from './tokens';
import { startsItemHeader } from './keywords';

export interface DelimiterInput {
  readonly text: string;
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly texts: readonly string[];
}

/** For every opening delimiter, the index of its closer; -1 elsewhere; `balanced` when every closer met its opener
 *  and nothing was left open (no recovery ran). An unclosed opener ends where
 *  indentation says its construct ends (see `closeByIndentation`), else at the enclosing closer or the end.
 *  When the braces of the file do not balance, a `{ }` group also ends before an item line indented no deeper
 *  than its opener (see `cutAtItemLines`). */
export function matchDelimiters(stream: DelimiterInput): { readonly match: Int32Array; readonly balanced: boolean } {
  const { texts, kinds } = stream;
  const match = new Int32Array(texts.length).fill(-1);
  const stack: number[] = [];
  const unclosed: number[] = [];
  let balanced = true;
  for (let i = 0; i < texts.length; i++) {
    if (kinds[i] !== TokenKind.Punct) continue;
    const t = texts[i];
    if (t === '(' || t === '[' || t === '{') stack.push(i);
    else if (t === ')' || t === ']' || t === '}') {
      const want = t === ')' ? '(' : t === ']' ? '[' : '{';
      let depth = stack.length - 1;
      while (depth >= 0 && texts[stack[depth] ?? 0] !== want) depth--;
      if (depth < 0) {
        balanced = false; // A stray closer: it matches nothing.
        continue;
      }
      while (stack.length > depth + 1) {
        const open = stack.pop() ?? 0;
        match[open] = i;
        unclosed.push(open);
      }
      match[stack.pop() ?? 0] = i;
    }
  }
  for (const open of stack) {
    match[open] = texts.length;
    unclosed.push(open);
  }
  if (unclosed.length > 0) balanced = false;
  // Innermost first, so an outer scan can jump over inner groups whose ends are already settled.
  unclosed.sort((a, b) => b - a);
  for (const open of unclosed) closeByIndentation(stream, match, open);
  if (!balanced) {
    cutAtItemLines(stream, match);
    reclaimVerusCloser(stream, match);
  }
  return { match, balanced };
}

/** Ends an unclosed group before the first later line that is indented no deeper than the opener's line
 *  (`fn f(x: u8 {` ... `fn g()`), so one missing closer does not swallow the following items. */
function closeByIndentation(stream: DelimiterInput, match: Int32Array, open: number): void {
  const { text, texts, starts } = stream;
  if (isVerusBlock(texts, open)) return;
  const openerIndent = lineIndent(text, starts[open] ?? 0);
  const limit = match[open] ?? texts.length;
  for (let j = open + 1; j < limit; j++) {
    const start = starts[j] ?? 0;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (isBlank(text, lineStart, start) && start - lineStart <= openerIndent) {
      match[open] = j;
      return;
    }
    const inner = match[j] ?? -1;
    if (inner > j && inner <= limit) j = inner;
  }
}

/**
 * With unbalanced braces, brace counting alone cannot tell which group lost its closer: in the common style
 * (`verus! {` and its items at column 0) a fn whose body misses a `}` is closed by the next fn's `}` and swallows
 * it. So every `{ }` group still open at a line that starts an item (`fn`, `pub`, `struct`, `#[`, ...) indented
 * no deeper than the group's opener line ends before that line. `verus! {` and `mod m {` are exempt: their items
 * legitimately sit at their own indentation. Only runs on unbalanced files, so valid code never changes.
 */
function cutAtItemLines(stream: DelimiterInput, match: Int32Array): void {
  const { text, texts, kinds, starts } = stream;
  const open: number[] = [];
  const openIndent: number[] = [];
  for (let j = 0; j < texts.length; j++) {
    while (open.length > 0 && (match[open[open.length - 1] ?? 0] ?? 0) <= j) {
      open.pop();
      openIndent.pop();
    }
    if (open.length > 0 && startsItemLine(stream, j)) {
      const indent = lineIndent(text, starts[j] ?? 0);
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined || (openIndent[openIndent.length - 1] ?? 0) < indent || isItemContainer(texts, top)) break;
        match[top] = j;
        open.pop();
        openIndent.pop();
      }
    }
    if (kinds[j] === TokenKind.Punct && texts[j] === '{' && (match[j] ?? -1) > j) {
      open.push(j);
      openIndent.push(lineIndent(text, starts[j] ?? 0));
    }
  }
}

/** A cut group leaves its old closer free; the last free `}` of the file is the closer of an unclosed
 *  `verus! {` (the usual shape after a fn body lost its `}`), which saves a cascade of diagnostics. */
function reclaimVerusCloser(stream: DelimiterInput, match: Int32Array): void {
  const { texts, kinds } = stream;
  let last = texts.length - 1;
  while (last >= 0 && !(kinds[last] === TokenKind.Punct && texts[last] === '}')) last--;
  if (last < 0) return;
  let verusOpen = -1;
  for (let i = 0; i < last; i++) {
    const end = match[i] ?? -1;
    if (end === last) return; // The closer is taken.
    if (end >= texts.length && isVerusBlock(texts, i)) verusOpen = i;
  }
  if (verusOpen >= 0) match[verusOpen] = last;
}

/** Whether token `j` is the first on its line and starts an item (`fn f`, `pub ..`, `proof fn`, `#[`). */
function startsItemLine(stream: DelimiterInput, j: number): boolean {
  const { text, texts, kinds, starts, ends } = stream;
  const t = texts[j] ?? '';
  const kind = kinds[j];
  const next = texts[j + 1] ?? '';
  const nextIsIdent = kinds[j + 1] === TokenKind.Ident;
  if (kind === TokenKind.Punct) {
    if (t !== '#' || next !== '[') return false;
  } else if (kind !== TokenKind.Ident) return false;
  else if (t === 'union') {
    if (!nextIsIdent) return false;
  } else if (!startsItemHeader(t, next, nextIsIdent)) return false;
  const start = starts[j] ?? 0;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  return (j === 0 || (ends[j - 1] ?? 0) <= lineStart) && isBlank(text, lineStart, start);
}

/** `verus! {` and `mod name {`, whose items sit at the container's own indentation in the common style. */
function isItemContainer(texts: readonly string[], open: number): boolean {
  return isVerusBlock(texts, open) || texts[open - 2] === 'mod';
}

function isVerusBlock(texts: readonly string[], open: number): boolean {
  return texts[open] === '{' && texts[open - 1] === '!' && texts[open - 2] === 'verus';
}

function lineIndent(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let idx = lineStart;
  while (idx < offset && (text.charCodeAt(idx) === 32 || text.charCodeAt(idx) === 9)) idx++;
  return idx - lineStart;
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let idx = from; idx < to; idx++) {
    const code = text.charCodeAt(idx);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}
