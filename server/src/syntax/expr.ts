// Expression parsing with Verus's precedence table (verus-semantics.md section 1), as precedence climbing:
// level 1 is postfix, 20 is `|||`; `parseExprLevel(p, n)` parses an expression whose loosest operator is <= n.
import type { BinaryOp, ComparisonOp, Expr, Span } from './ast';
import { parsePrimary } from './expr-primary';
import { parseAtomicallyTail } from './expr-special';
import { ITEM_START_WORDS, SPEC_KEYWORDS } from './keywords';
import type { ParserState } from './parser-state';
import { parsePattern } from './pattern';
import { TokenKind } from './tokens';
import { parseType, parseGenericArgs } from './types';

export const LEVEL_UNARY = 2;
export const LEVEL_RANGE = 17;
export const LEVEL_ALL = 20;

/** Punctuation binary operators and their levels (smaller binds tighter). */
const BINARY_LEVELS: ReadonlyMap<string, number> = new Map([
  ['*', 5],
  ['/', 5],
  ['%', 5],
  ['+', 6],
  ['-', 6],
  ['<<', 7],
  ['>>', 7],
  ['&', 8],
  ['^', 9],
  ['|', 10],
  ['==', 11],
  ['!=', 11],
  ['<', 11],
  ['<=', 11],
  ['>', 11],
  ['>=', 11],
  ['===', 11],
  ['!==', 11],
  ['=~=', 11],
  ['!~=', 11],
  ['=~~=', 11],
  ['!~~=', 11],
  ['&&', 12],
  ['||', 13],
  ['==>', 14],
  ['<==', 15],
  ['<==>', 16],
  ['..', 17],
  ['..=', 17],
  ['=', 17],
  ['+=', 17],
  ['-=', 17],
  ['*=', 17],
  ['/=', 17],
  ['%=', 17],
  ['&=', 17],
  ['|=', 17],
  ['^=', 17],
  ['<<=', 17],
  ['>>=', 17],
  ['&&&', 19],
  ['|||', 20],
]);

const CHAINABLE = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Parses a whole expression (every operator, `&&&`/`|||` bullets included). */
export function parseExpr(p: ParserState): Expr {
  return parseExprLevel(p, LEVEL_ALL);
}

/** Parses an expression where `{` starts a body rather than a struct literal (conditions, clauses). */
export function parseExprNoStruct(p: ParserState, level = LEVEL_ALL): Expr {
  return p.withNoStruct(true, () => parseExprLevel(p, level));
}

export function parseExprLevel(p: ParserState, maxLevel: number): Expr {
  if (p.tooDeep()) return tooDeep(p);
  p.depth++;
  const left = parseInfixes(p, parsePrefix(p, maxLevel), maxLevel);
  p.depth--;
  return left;
}

/** Continues an expression from an operand parsed on its own: a block-like statement followed by `.m()` or `?`
 *  (`unsafe { .. }.encode(w)`, `match r { .. }?`), which Rust reads as one expression. */
export function continueExpr(p: ParserState, operand: Expr): Expr {
  return parseInfixes(p, parsePostfix(p, operand), LEVEL_ALL);
}

function parseInfixes(p: ParserState, first: Expr, maxLevel: number): Expr {
  let left = first;
  for (let guard = 0; guard < 1_000_000; guard++) {
    const next = parseInfix(p, left, maxLevel);
    if (next === undefined) break;
    left = next;
  }
  return left;
}

export function errorExpr(p: ParserState, message: string): Expr {
  p.errorHere(message);
  const start = p.startOffset();
  return { kind: 'error', span: { start, end: start } };
}

/** Whether the current token can begin an expression (used for optional operands such as `a..`). */
export function canStartExpr(p: ParserState): boolean {
  const kind = p.kind();
  if (kind === TokenKind.Eof) return false;
  if (kind !== TokenKind.Punct) return kind !== TokenKind.Unknown;
  const t = p.tok();
  if (t === '{') return !p.noStruct;
  return (
    t === '(' ||
    t === '[' ||
    t === '-' ||
    t === '!' ||
    t === '*' ||
    t === '&' ||
    t === '&&' ||
    t === '|' ||
    t === '||' ||
    t === '..' ||
    t === '#' ||
    t === '::' ||
    t === '<' ||
    t === '&&&' ||
    t === '|||'
  );
}

function binaryLevel(p: ParserState): number {
  const kind = p.kind();
  if (kind === TokenKind.Ident) {
    const t = p.tok();
    if (t === 'as') return 4;
    if (t === 'has' || t === 'is' || t === 'matches') return 3;
    return 0;
  }
  if (kind !== TokenKind.Punct) return 0;
  if (p.at('!') && p.at('is', 1)) return 3;
  return BINARY_LEVELS.get(p.tok()) ?? 0;
}

/** Extends `left` with one infix/postfix-level construct, or returns undefined when none applies. */
function parseInfix(p: ParserState, left: Expr, maxLevel: number): Expr | undefined {
  const level = binaryLevel(p);
  if (level === 0 || level > maxLevel) return undefined;
  const start = left.span.start;
  const op = p.tok();
  if (level === 3) return parseTestOperator(p, left, start);
  if (level === 4) {
    p.bump();
    return { kind: 'cast', operand: left, type: parseType(p), span: p.span(start) };
  }
  if (level === 11) return parseComparison(p, left, start);
  if (op === '..' || op === '..=') {
    p.bump();
    const end = canStartExpr(p) ? parseExprLevel(p, 16) : undefined;
    return { kind: 'range', start: left, end, inclusive: op === '..=', span: p.span(start) };
  }
  if (level === 17) {
    p.bump();
    const value = parseExprLevel(p, 17);
    return { kind: 'assign', op: op as Extract<Expr, { kind: 'assign' }>['op'], target: left, value, span: p.span(start) };
  }
  if (op === '&&&' || op === '|||') return parseInfixBullets(p, left, op);
  const opSpan = { start: p.startOffset(), end: p.ts.ends[p.pos] ?? p.startOffset() };
  p.bump();
  if (operandMissing(p)) {
    // Reported at the operator, where the mistake is, and the `{` is left for the body it starts.
    p.error(`expected an expression after \`${op}\``, opSpan);
    return binary(op as BinaryOp, left, { kind: 'error', span: { start: opSpan.end, end: opSpan.end } }, p.span(start));
  }
  // `==>` is right-associative; `<==>` is non-associative (parsed like left with one operand).
  const rightLevel = op === '==>' ? 14 : level - 1;
  const right = parseExprLevel(p, rightLevel);
  return binary(op as BinaryOp, left, right, p.span(start));
}

/** Words that begin the next item: after a `{ .. }` group they show it was a fn body, not an operand. */
const NEXT_ITEM_WORDS: ReadonlySet<string> = new Set([...ITEM_START_WORDS, 'use', 'const', 'type']);

/** After a binary operator: nothing that can be its right operand. In a clause or condition (`noStruct`) that is
 *  also the next spec section's keyword (`x >= 0 ||` then `ensures`), and a `{` group followed by the next item (or
 *  by the end of the enclosing group): the body, which a dangling `&&` would otherwise swallow
 *  (`ensures r >= x && { x * 2 }` then `fn next`). */
function operandMissing(p: ParserState): boolean {
  if (p.atEnd() || p.at(',') || p.at(';')) return true;
  if (p.noStruct && p.isIdent() && SPEC_KEYWORDS.has(p.tok())) return true;
  if (!p.at('{') || !p.noStruct) return false;
  const close = p.ts.match[p.pos] ?? -1;
  if (close < 0 || p.beyondLimit(close + 1)) return true;
  const after = p.ts.texts[close + 1] ?? '';
  return after === '#' || (p.ts.kinds[close + 1] === TokenKind.Ident && NEXT_ITEM_WORDS.has(after));
}

function parseTestOperator(p: ParserState, left: Expr, start: number): Expr {
  if (p.at('has')) {
    p.bump();
    const right = parsePrefix(p, LEVEL_UNARY);
    return binary('has', left, right, p.span(start));
  }
  if (p.at('matches')) {
    p.bump();
    const pattern = parsePattern(p);
    return { kind: 'matches', operand: left, pattern, span: p.span(start) };
  }
  const negated = p.eat('!');
  p.bump(); // `is`
  let variant = '';
  if (p.isIdent()) {
    variant = p.tok();
    p.bump();
    // `e is Option::Some` is not Verus syntax, but keep the last segment if someone writes it.
    while (p.at('::') && p.isIdent(1)) {
      p.bump();
      variant = p.tok();
      p.bump();
    }
  } else p.errorHere('expected a variant name after `is`');
  return { kind: 'is', operand: left, variant, negated, span: p.span(start) };
}

/** `a < b`, a chain `a <= b < c` (two or more comparisons), or `a =~= b == c`, grouped to the left. */
function parseComparison(p: ParserState, left: Expr, start: number): Expr {
  // The common single comparison allocates no operand lists.
  const firstOp = p.tok();
  p.bump();
  const firstRight = parseExprLevel(p, 10);
  if (binaryLevel(p) !== 11) return binary(firstOp as BinaryOp, left, firstRight, p.span(start));
  const operands: Expr[] = [left, firstRight];
  const ops: string[] = [firstOp];
  while (binaryLevel(p) === 11) {
    ops.push(p.tok());
    p.bump();
    operands.push(parseExprLevel(p, 10));
  }
  if (ops.every((op) => CHAINABLE.has(op))) {
    return { kind: 'chain', operands, ops: ops as ComparisonOp[], span: p.span(start) };
  }
  // With an extensional or big equality among them (`s1 =~= s2 == false`), Verus's parser groups comparisons to the
  // left, as syn did before Rust forbade chains; whether the types then agree is Verus's business, not syntax.
  let result: Expr = left;
  ops.forEach((op, idx) => {
    const right = operands[idx + 1] ?? left;
    result = binary(op as BinaryOp, result, right, { start, end: right.span.end });
  });
  return result;
}

/** `a &&& b &&& c` (no leading bullet): folded to the right so `matches` bindings reach later bullets. */
function parseInfixBullets(p: ParserState, first: Expr, op: string): Expr {
  const items: Expr[] = [first];
  const itemLevel = op === '&&&' ? 18 : 19;
  while (p.eat(op)) items.push(parseExprLevel(p, itemLevel));
  return foldBullets(items, op === '&&&' ? '&&' : '||');
}

/** Parses bullets after a leading `&&&`/`|||` at the cursor; returns each bullet's expression. */
export function parseBulletItems(p: ParserState, op: '&&&' | '|||'): Expr[] {
  const items: Expr[] = [];
  const itemLevel = op === '&&&' ? 18 : 19;
  while (p.eat(op)) items.push(parseExprLevel(p, itemLevel));
  return items;
}

export function foldBullets(items: readonly Expr[], op: '&&' | '||'): Expr {
  let result = items[items.length - 1];
  if (result === undefined) throw new Error('foldBullets needs at least one item');
  for (let idx = items.length - 2; idx >= 0; idx--) {
    const left = items[idx];
    if (left === undefined) continue;
    result = binary(op, left, result, { start: left.span.start, end: result.span.end });
  }
  return result;
}

function binary(op: BinaryOp, left: Expr, right: Expr, span: Span): Expr {
  return { kind: 'binary', op, left, right, span };
}

/** Unary operators, prefix bullets, prefix ranges, then a primary with its postfix operators. */
export function parsePrefix(p: ParserState, maxLevel: number): Expr {
  const start = p.startOffset();
  if (p.kind() === TokenKind.Punct) {
    const t = p.tok();
    if (t === '-' || t === '!' || t === '*') {
      p.bump();
      const operand = parsePrefixGuarded(p);
      return { kind: 'unary', op: t, operand, span: p.span(start) };
    }
    if (t === '&' || t === '&&') {
      p.eatFirstChar('&');
      const mutable = p.eat('mut');
      const operand = parsePrefixGuarded(p);
      return { kind: 'unary', op: mutable ? '&mut' : '&', operand, span: p.span(start) };
    }
    if (t === '&&&' || t === '|||') {
      const items = parseBulletItems(p, t);
      const folded = foldBullets(items, t === '&&&' ? '&&' : '||');
      return { ...folded, span: p.span(start) };
    }
    if ((t === '..' || t === '..=') && maxLevel >= LEVEL_RANGE) {
      p.bump();
      const end = canStartExpr(p) ? parseExprLevel(p, 16) : undefined;
      return { kind: 'range', start: undefined, end, inclusive: t === '..=', span: p.span(start) };
    }
  }
  return parsePostfix(p, parsePrimary(p));
}

function parsePrefixGuarded(p: ParserState): Expr {
  if (p.tooDeep()) return tooDeep(p);
  p.depth++;
  const operand = parsePrefix(p, LEVEL_UNARY);
  p.depth--;
  return operand;
}

/** Postfix: `.f`, `.0`, `.m::<T>(..)`, `->f`, `(..)`, `[..]`, `@`, `?`, `atomically |upd| { .. }`. */
export function parsePostfix(p: ParserState, base: Expr): Expr {
  let expr = base;
  const start = base.span.start;
  for (;;) {
    const t = p.tok();
    if (t === 'atomically' && (p.at('|', 1) || p.at('||', 1) || p.at('loop', 1))) {
      expr = parseAtomicallyTail(p, expr);
      continue;
    }
    if (p.kind() !== TokenKind.Punct) break;
    if (t === '.' || t === '->') {
      const next = parsePostfixMember(p, expr, start, t === '->');
      if (next === undefined) break;
      expr = next;
    } else if (t === '(') {
      expr = { kind: 'call', callee: expr, args: parseArgs(p), span: p.span(start) };
    } else if (t === '[') {
      const frame = p.enterGroup();
      const index = parseExpr(p);
      p.leaveGroup(frame);
      expr = { kind: 'index', receiver: expr, index, span: p.span(start) };
    } else if (t === '@') {
      p.bump();
      expr = { kind: 'view', operand: expr, span: p.span(start) };
    } else if (t === '?') {
      p.bump();
      expr = { kind: 'try', operand: expr, span: p.span(start) };
    } else break;
  }
  return expr;
}

function parsePostfixMember(p: ParserState, receiver: Expr, start: number, arrow: boolean): Expr | undefined {
  p.bump();
  const kind = p.kind();
  if (kind === TokenKind.Float && !arrow) {
    // `t.0.1` arrives as `t`, `.`, `0.1`: two tuple-field accesses.
    const [first, second] = p.tok().split('.');
    const tokenStart = p.startOffset();
    p.bump();
    const inner: Expr = { kind: 'field', receiver, field: first ?? '', span: { start, end: tokenStart + (first ?? '').length } };
    return { kind: 'field', receiver: inner, field: second ?? '', span: p.span(start) };
  }
  if (kind !== TokenKind.Ident && kind !== TokenKind.Int) {
    p.errorHere(`expected a field or method name after \`${arrow ? '->' : '.'}\``);
    return { kind: 'field', receiver, field: '', span: p.span(start) };
  }
  const name = p.tok();
  const nameStart = p.startOffset();
  p.bump();
  const methodSpan = p.span(nameStart);
  if (arrow) return { kind: 'arrow', receiver, field: name, span: p.span(start) };
  const generics = p.at('::') && p.at('<', 1) ? (p.bump(), parseGenericArgs(p)) : [];
  if (p.at('(') && kind === TokenKind.Ident) {
    const args = parseArgs(p);
    return { kind: 'method-call', receiver, method: name, methodSpan, generics, args, span: p.span(start) };
  }
  return { kind: 'field', receiver, field: name, span: p.span(start) };
}

/** `( a, b, )` at the cursor. */
export function parseArgs(p: ParserState): Expr[] {
  const frame = p.enterGroup();
  const args = parseCommaList(p);
  p.leaveGroup(frame);
  return args;
}

/** Comma-separated expressions up to the end of the current group; trailing comma allowed. */
export function parseCommaList(p: ParserState): Expr[] {
  const items: Expr[] = [];
  while (!p.atEnd()) {
    const before = p.pos;
    items.push(parseExpr(p));
    if (p.eat(',')) continue;
    if (p.pos === before) p.skipTokenOrGroup();
    else if (!p.atEnd()) {
      p.errorHere('expected `,`');
      p.skipTokenOrGroup();
    }
  }
  return items;
}

function tooDeep(p: ParserState): Expr {
  const start = p.startOffset();
  p.errorHere('expression nested too deeply');
  if (!p.atEnd()) p.skipTokenOrGroup();
  return { kind: 'error', span: p.span(start) };
}
