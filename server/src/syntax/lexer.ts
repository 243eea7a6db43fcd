// Turns source text into a flat token stream. tree-sitter-rust parses the text and is the authority on where
// comments, strings and char literals are (the parts a naive lexer gets wrong: nested block comments, raw strings,
// `'a'` vs `'a`); everything between them is split by a small JS scanner with Verus's operators. Walking every
// tree-sitter leaf from JS costs several native calls per token, which made the front end several times slower
// than the parse itself; asking tree-sitter only where a literal may start costs a few calls per literal.
// Invariant: tokens are in text order, never overlap, and carry UTF-16 offsets (JS string indices).
import Parser = require('tree-sitter');
import RustLanguage = require('tree-sitter-rust');
import { lineAndColumn, type ChangedSpan } from './changed-span';
import { matchDelimiters } from './delimiters';
import { scanTokens, type LiteralAt, type LiteralHit } from './scanner';
import { TokenKind, type TokenStream } from './tokens';

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

export function tokenize(text: string): TokenStream {
  return finishStream(text, literalsOf(getParser().parse(text), 0, text.length));
}

/** A document's tree-sitter tree, kept between its versions so the next parse re-reads only the edited region.
 *  Opaque outside syntax/; a tree is edited in place, so an `IncrementalTree` is used for one next version only. */
export interface IncrementalTree {
  readonly text: string;
  readonly tree: Parser.Tree;
}

/** `tokenize`, reusing the previous version's tree: tree-sitter re-parses only around the edit (`change`, the span
 *  between the texts' common prefix and suffix); the JS scanner still runs over the whole text. */
export function tokenizeIncrementally(
  text: string,
  previous: { readonly tree: IncrementalTree; readonly change: ChangedSpan } | undefined,
): { stream: TokenStream; tree: IncrementalTree } {
  const tree = previous === undefined ? getParser().parse(text) : getParser().parse(text, editedTree(previous.tree, text, previous.change));
  return { stream: finishStream(text, literalsOf(tree, 0, text.length)), tree: { text, tree } };
}

/** The previous tree told of the edit to `text` but not re-parsed: when only one item was re-parsed (from its own
 *  text), the next whole-file parse still re-reads only the regions edited since the tree's last parse. */
export function editTree(previous: IncrementalTree, text: string, span: ChangedSpan): IncrementalTree {
  return { text, tree: editedTree(previous, text, span) };
}

/** Tells the previous tree where the text changed (indices and columns in UTF-16 units, as the binding expects). */
function editedTree(previous: IncrementalTree, text: string, span: ChangedSpan): Parser.Tree {
  const before = previous.text;
  const { start, oldEnd, newEnd } = span;
  previous.tree.edit({
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition: pointAt(before, start),
    oldEndPosition: pointAt(before, oldEnd),
    newEndPosition: pointAt(text, newEnd),
  });
  return previous.tree;
}

function pointAt(text: string, offset: number): Parser.Point {
  const { line, character } = lineAndColumn(text, offset);
  return { row: line, column: character };
}

const EXPRESSION_PREFIX = 'verus!{';

/** Tokenizes a lone expression inside a `verus!` token tree, where tree-sitter accepts any token sequence. */
export function tokenizeExpression(text: string): TokenStream {
  // tree-sitter is asked only where a literal may start, so an expression without one (`0`, `a[i] <= r`: most of
  // the clauses suggestions and code mutants parse) is never handed to it.
  let literalAt: LiteralAt | undefined;
  return finishStream(text, (offset) => {
    literalAt ??= literalsOf(getParser().parse(`${EXPRESSION_PREFIX}${text}\n}`), EXPRESSION_PREFIX.length, text.length);
    return literalAt(offset);
  });
}

/** Tokenizes one `verus!` item alone (from the end of the token before it, `from`, to its end, `to`) and the token
 *  after it (up to `through`; `closesBody` when that is the body's closer), at the text's offsets and inside a `verus!` token tree, as the whole file's parse
 *  reads it. Delimiters are matched within the item only. `clean` when tree-sitter met no error near a literal or
 *  comment (such an error, an unclosed block comment say, can move literals far away in the whole file). */
export function tokenizeVerusItem(
  text: string,
  from: number,
  to: number,
  through: number,
  closesBody: boolean,
): { readonly stream: TokenStream; readonly clean: boolean } {
  // When the token after the item is the `verus!` body's closer, it closes the token tree here too.
  const tree = getParser().parse(`${EXPRESSION_PREFIX}${text.slice(from, through)}${closesBody ? '' : '\n}'}`);
  const { kinds, starts, ends, texts, comments } = scanTokens(
    text,
    literalsOf(tree, EXPRESSION_PREFIX.length - from, through),
    from,
    through,
  );
  let own = kinds.length;
  while (own > 0 && (ends[own - 1] ?? 0) > to) own--;
  const itemTokens = {
    text,
    kinds: kinds.subarray(0, own),
    starts: starts.subarray(0, own),
    ends: ends.subarray(0, own),
    texts: texts.slice(0, own),
  };
  const { match: itemMatch, balanced } = matchDelimiters(itemTokens);
  const match = new Int32Array(kinds.length).fill(-1);
  match.set(itemMatch);
  return {
    stream: { text, kinds, starts, ends, texts, match, balanced, comments, count: kinds.length },
    clean: !hasLiteralError(tree.rootNode),
  };
}

/** Whether tree-sitter's last parse of the tree met an error near a literal or comment. */
export function treeHasLiteralErrors(tree: IncrementalTree): boolean {
  return hasLiteralError(tree.tree.rootNode);
}

/** Verus operators tree-sitter-rust does not know (`=~=`, `&&&`'s neighbours) are errors too, but local ones: only
 *  an error holding a quote or a comment marker, or a missing token, can change where literals end elsewhere. */
function hasLiteralError(node: Parser.SyntaxNode): boolean {
  if (!node.hasError) return false;
  if (node.isMissing) return true;
  if (node.type === 'ERROR' && LITERAL_MARKERS.test(node.text)) return true;
  return node.children.some(hasLiteralError);
}

const LITERAL_MARKERS = /["']|\/\*|\*\/|\/\//;

function finishStream(text: string, literalAt: LiteralAt): TokenStream {
  const { kinds, starts, ends, texts, comments } = scanTokens(text, literalAt);
  const { match, balanced } = matchDelimiters({ text, kinds, starts, ends, texts });
  return { text, kinds, starts, ends, texts, match, balanced, comments, count: kinds.length };
}

/** Looks up the literal node of `tree` at an offset of the text: offset `o` is at `o + shift` in the parsed string,
 *  and literals are cut at offset `length`. The smallest node at an offset is a leaf (`"`, `//`, ...) a few levels
 *  below it. */
function literalsOf(tree: Parser.Tree, shift: number, length: number): LiteralAt {
  const root = tree.rootNode;
  return (offset) => {
    let node: Parser.SyntaxNode | null = root.descendantForIndex(offset + shift, offset + shift + 1);
    for (let depth = 0; node !== null && depth < 4; depth++) {
      const kind = literalKind(node.type);
      if (kind !== undefined) return { end: Math.min(node.endIndex - shift, length), kind };
      node = node.parent;
    }
    return undefined;
  };
}

function literalKind(type: string): LiteralHit['kind'] | undefined {
  if (type === 'char_literal') return TokenKind.Char;
  if (type === 'string_literal' || type === 'raw_string_literal') return TokenKind.Str;
  if (type === 'line_comment' || type === 'block_comment') return 'comment';
  return undefined;
}
