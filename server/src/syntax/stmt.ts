// Blocks and statements: let (mut/ghost/tracked, let-else), expression statements (with or without `;`),
// nested items. A broken statement is reported and skipped; the block always ends at its own `}`.
import type { Block, Expr, Span, Stmt, Type } from './ast';
import { isConfiguredOut } from './cfg';
import { continueExpr, parseExpr } from './expr';
import { parsePrimary } from './expr-primary';
import { isItemStart, parseItem, parseOuterAttributes } from './items';
import type { ParserState } from './parser-state';
import { TokenKind } from './tokens';
import { parsePattern } from './pattern';
import { parseType } from './types';

const BLOCK_LIKE = new Set(['if', 'match', 'while', 'loop', 'for', 'block', 'ghost']);

export function parseBlock(p: ParserState): Block {
  const start = p.startOffset();
  if (!p.at('{')) {
    p.errorHere('expected `{`');
    return { stmts: [], tail: undefined, span: { start, end: start } };
  }
  if (p.tooDeep()) {
    p.errorHere('block nested too deeply');
    p.skipTokenOrGroup();
    return { stmts: [], tail: undefined, span: p.span(start) };
  }
  p.depth++;
  const frame = p.enterGroup();
  const stmts: Stmt[] = [];
  let tail: Expr | undefined;
  while (!p.atEnd()) {
    const before = p.pos;
    if (p.eat(';')) continue;
    const stmt = parseStmt(p);
    if (stmt.kind === 'expr' && !stmt.semicolon && p.atEnd()) tail = stmt.expr;
    else stmts.push(stmt);
    if (p.pos === before) p.skipTokenOrGroup();
  }
  p.leaveGroup(frame);
  p.depth--;
  return { stmts, tail, span: p.span(start) };
}

export function parseBlockExpr(p: ParserState): Expr {
  const start = p.startOffset();
  const block = parseBlock(p);
  return { kind: 'block', block, span: p.span(start) };
}

function parseStmt(p: ParserState): Stmt {
  const start = p.startOffset();
  if (isItemAfterAttributes(p)) {
    // The item parser reads the attributes itself, so they stay on the item.
    const item = parseItem(p, { inVerus: true });
    if (item !== undefined) return isConfiguredOut(item.attributes) ? compiledOut(item.span) : { kind: 'item', item, span: item.span };
  }
  // Outer attributes on a statement (`#[verifier::custom_err("..")] assert(..);`, `#[allow(..)] let ..`) do not
  // change what we measure, so they are parsed (for their diagnostics) and dropped, except a false `#[cfg]`:
  // the statement is not compiled, so it becomes an empty statement.
  const attributes = parseOuterAttributes(p);
  const stmt = parseStmtAfterAttributes(p, start);
  return isConfiguredOut(attributes) ? compiledOut(stmt.span) : stmt;
}

function compiledOut(span: Span): Stmt {
  return { kind: 'expr', expr: { kind: 'tuple', elements: [], span }, semicolon: true, span };
}

function parseStmtAfterAttributes(p: ParserState, start: number): Stmt {
  if (p.at('let')) return parseLet(p, start);
  const { expr, endsAtBrace } = parseStatementExpr(p);
  if (p.eat(';')) return { kind: 'expr', expr, semicolon: true, span: p.span(start) };
  if (!p.atEnd() && !endsAtBrace && !BLOCK_LIKE.has(expr.kind) && expr.kind !== 'error') p.errorHere('expected `;`');
  return { kind: 'expr', expr, semicolon: false, span: p.span(start) };
}

/** An expression in statement position (a statement, a match arm's body). As in Rust, one that starts with a
 *  block-like expression ends at its closing brace: `while c { .. } (x, 0)` is a loop and then a tuple, not a call of
 *  the loop's value, and `(None, _) => {} (Some(_), _) => ..` is two arms. Only `.` and `?` continue it. Such a
 *  statement needs no `;` (`endsAtBrace`). */
export function parseStatementExpr(p: ParserState): { expr: Expr; endsAtBrace: boolean } {
  if (!startsBlockLikeStatement(p)) return { expr: parseExpr(p), endsAtBrace: false };
  const head = parsePrimary(p);
  if (p.at('.') || p.at('?')) return { expr: continueExpr(p, head), endsAtBrace: false };
  return { expr: head, endsAtBrace: true };
}

const BLOCK_LIKE_KEYWORDS = new Set(['if', 'match', 'while', 'loop', 'for']);

/** `if`/`match`/loops/blocks, `unsafe { }`, inline `const { }`, labelled loops, `proof { }`, `name! { }`, and
 *  `assert`/`assume` forms (which may end in a `by { }` block). */
function startsBlockLikeStatement(p: ParserState): boolean {
  const t = p.tok();
  if (p.kind() === TokenKind.Lifetime) return p.at(':', 1);
  if (p.kind() !== TokenKind.Ident && p.kind() !== TokenKind.Punct) return false;
  if (t === '{' || BLOCK_LIKE_KEYWORDS.has(t)) return true;
  if (bracedMacroCallAhead(p)) return true;
  if (t === 'unsafe' || t === 'proof' || t === 'const') return p.at('{', 1);
  return (t === 'assert' || t === 'assume') && (p.at('(', 1) || p.at('forall', 1));
}

/** `proof_decl! { .. }`, `crate::cpu_local_cell! { .. }` then the next statement: a braced macro call, its path
 *  written out or not, is a statement of its own, as in Rust. */
function bracedMacroCallAhead(p: ParserState): boolean {
  let at = p.at('::') ? 1 : 0;
  while (p.isIdent(at) && p.at('::', at + 1)) at += 2;
  return p.isIdent(at) && p.at('!', at + 1) && p.at('{', at + 2);
}

/** Whether an item starts at the cursor once any outer attributes are skipped; the cursor does not move. */
function isItemAfterAttributes(p: ParserState): boolean {
  const savedPos = p.pos;
  const savedLastEnd = p.lastEnd;
  while (p.at('#') && (p.at('[', 1) || (p.at('!', 1) && p.at('[', 2)))) {
    p.bump();
    p.eat('!');
    p.skipTokenOrGroup();
  }
  const result = isItemStart(p);
  p.pos = savedPos;
  p.lastEnd = savedLastEnd;
  return result;
}

function parseLet(p: ParserState, start: number): Stmt {
  p.bump();
  let ghostMode: 'exec' | 'tracked' | 'ghost' = 'exec';
  if ((p.at('ghost') || p.at('tracked')) && (p.isIdent(1) || p.at('(', 1))) {
    ghostMode = p.tok() === 'ghost' ? 'ghost' : 'tracked';
    p.bump();
  }
  const pattern = parsePattern(p);
  let type: Type | undefined;
  if (p.eat(':')) type = parseType(p);
  let init: Expr | undefined;
  let elseBlock: Block | undefined;
  if (p.eat('=')) {
    init = parseExpr(p);
    if (p.eat('else')) elseBlock = parseBlock(p);
  }
  if (!p.eat(';')) p.errorHere('expected `;` after `let`');
  return { kind: 'let', pattern, type, init, else: elseBlock, ghostMode, span: p.span(start) };
}
