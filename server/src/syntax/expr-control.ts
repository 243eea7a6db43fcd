// Control-flow expressions: if/else (with `let` conditions), match, while/loop/for with labels and loop specs
// (`invariant`, `invariant_except_break`, `ensures`, `decreases`), return/break/continue, `unsafe { }`, inline
// `const { }`, and the coroutine forms `async { }` and `yield e`.
import type { Clause, Expr, LoopSpec, MatchArm, Span } from './ast';
import { parseClauseList, parseDecreasesExprs } from './clauses';
import { canStartExpr, parseExpr, parseExprLevel, parseExprNoStruct } from './expr';
import { parseClosure } from './expr-special';
import type { ParserState } from './parser-state';
import { parsePattern } from './pattern';
import { parseBlock, parseStatementExpr } from './stmt';
import { TokenKind } from './tokens';

export const CONTROL_KEYWORDS = new Set([
  'if',
  'match',
  'while',
  'loop',
  'for',
  'return',
  'break',
  'continue',
  'let',
  'unsafe',
  'const',
  'async',
  'yield',
]);

const LOOP_SPEC_KEYWORDS = new Set(['invariant', 'invariants', 'invariant_except_break', 'invariant_ensures', 'ensures', 'decreases']);

/** Parses a keyword-led control expression at the cursor, or returns undefined when the keyword is used as a name. */
export function parseControlExpr(p: ParserState, start: number): Expr | undefined {
  let label: string | undefined;
  if (p.kind() === TokenKind.Lifetime) {
    label = p.tok();
    p.bump();
    p.bump(); // `:`
  }
  switch (p.tok()) {
    case 'if':
      return parseIf(p, start);
    case 'match':
      return parseMatch(p, start);
    case 'while':
      return parseWhile(p, start, label);
    case 'loop': {
      p.bump();
      const spec = parseLoopSpec(p);
      return { kind: 'loop', label, spec, body: parseBlock(p), span: p.span(start) };
    }
    case 'for':
      return parseFor(p, start, label);
    case 'return': {
      p.bump();
      const value = canStartExpr(p) ? parseExpr(p) : undefined;
      return { kind: 'return', value, span: p.span(start) };
    }
    case 'break': {
      p.bump();
      const breakLabel = eatLabel(p);
      const value = canStartExpr(p) ? parseExpr(p) : undefined;
      return { kind: 'break', label: breakLabel, value, span: p.span(start) };
    }
    case 'continue': {
      p.bump();
      return { kind: 'continue', label: eatLabel(p), span: p.span(start) };
    }
    case 'let':
      return parseLetCondition(p, start);
    case 'unsafe':
    case 'const':
      // `[const { None }; N]`, `const { assert!(..) };`: an inline const block's value is its block's.
      if (!p.at('{', 1)) return undefined;
      p.bump();
      return parseBlockAsExpr(p, start);
    case 'async':
      return parseAsync(p, start);
    case 'yield': {
      p.bump();
      const valueStart = p.startOffset();
      const value = canStartExpr(p) ? parseExpr(p) : undefined;
      return opaqueCall(p, start, 'yield', value, { start: valueStart, end: Math.max(valueStart, p.lastEnd) });
    }
    default:
      if (label !== undefined) {
        p.errorHere('expected a loop after a label');
        return { kind: 'error', span: p.span(start) };
      }
      return undefined;
  }
}

function eatLabel(p: ParserState): string | undefined {
  if (p.kind() !== TokenKind.Lifetime) return undefined;
  const label = p.tok();
  p.bump();
  return label;
}

/** `async { .. }`, `async move { .. }`, and async closures (`async move |x| ..`), which are closures whose body is an
 *  async block; undefined when `async` is a name (edition 2015). */
function parseAsync(p: ParserState, start: number): Expr | undefined {
  const afterMove = p.at('move', 1) ? 2 : 1;
  if (p.at('|', afterMove) || p.at('||', afterMove)) {
    p.bump();
    p.eat('move');
    const closure = parseClosure(p, start);
    if (closure.kind !== 'closure') return closure;
    const body = closure.body;
    return { ...closure, body: opaqueCall(p, body.span.start, 'async', body, innerSpan(body)) };
  }
  if (!p.at('{', afterMove)) return undefined;
  p.bump();
  p.eat('move');
  const block = parseBlockAsExpr(p, p.startOffset());
  return opaqueCall(p, start, 'async', block, innerSpan(block));
}

/** A block's text inside its braces (what a macro call keeps as its arguments' text), or any other operand's. */
function innerSpan(operand: Expr): Span {
  if (operand.kind !== 'block') return operand.span;
  return { start: operand.span.start + 1, end: Math.max(operand.span.start + 1, operand.span.end - 1) };
}

/** A form nothing here runs (a future, a coroutine's yield), kept as a call of a macro by the keyword's name: no
 *  macro can take that name, so nothing expands it and every reader reports it unsupported, while a walk over the
 *  tree still sees the operand. */
function opaqueCall(p: ParserState, start: number, name: 'async' | 'yield', operand: Expr | undefined, operandSpan: Span): Expr {
  const args = operand === undefined ? [] : [operand];
  return { kind: 'macro-call', name, args, argsText: p.slice(operandSpan.start, operandSpan.end), span: p.span(start) };
}

function parseBlockAsExpr(p: ParserState, start: number): Expr {
  const block = parseBlock(p);
  return { kind: 'block', block, span: p.span(start) };
}

function parseIf(p: ParserState, start: number): Expr {
  p.bump();
  const condition = parseExprNoStruct(p);
  const then = parseBlock(p);
  let elseExpr: Expr | undefined;
  if (p.eat('else')) {
    const elseStart = p.startOffset();
    if (p.at('if')) elseExpr = parseIf(p, elseStart);
    else elseExpr = parseBlockAsExpr(p, elseStart);
  }
  return { kind: 'if', condition, then, else: elseExpr, span: p.span(start) };
}

/** `let P = e` in a condition; the value stops before `&&` so let-chains work. */
function parseLetCondition(p: ParserState, start: number): Expr {
  p.bump();
  const pattern = parsePattern(p);
  p.expect('=');
  const value = parseExprLevel(p, 11);
  return { kind: 'let-condition', pattern, value, span: p.span(start) };
}

function parseMatch(p: ParserState, start: number): Expr {
  p.bump();
  const scrutinee = parseExprNoStruct(p);
  const arms: MatchArm[] = [];
  if (!p.at('{')) {
    p.errorHere('expected `{` after the match scrutinee');
    return { kind: 'match', scrutinee, arms, span: p.span(start) };
  }
  const frame = p.enterGroup();
  while (!p.atEnd()) {
    const before = p.pos;
    arms.push(parseArm(p));
    if (!p.eat(',') && p.pos === before) p.skipTokenOrGroup();
  }
  p.leaveGroup(frame);
  return { kind: 'match', scrutinee, arms, span: p.span(start) };
}

function parseArm(p: ParserState): MatchArm {
  while (p.at('#') && p.at('[', 1)) {
    p.bump();
    p.skipTokenOrGroup();
  }
  const start = p.startOffset();
  const pattern = parsePattern(p);
  const guard = p.eat('if') ? parseExpr(p) : undefined;
  p.expect('=>');
  const body = parseStatementExpr(p).expr;
  return { pattern, guard, body, span: p.span(start) };
}

function parseWhile(p: ParserState, start: number, label: string | undefined): Expr {
  p.bump();
  const condition = parseExprNoStruct(p);
  const spec = parseLoopSpec(p);
  const body = parseBlock(p);
  return { kind: 'while', label, condition, spec, body, span: p.span(start) };
}

function parseFor(p: ParserState, start: number, label: string | undefined): Expr {
  p.bump();
  const pattern = parsePattern(p);
  p.expect('in');
  // Verus names the iterator for use in invariants: `for x in it: 0..n invariant it.pos <= n { .. }`.
  if (p.kind() === TokenKind.Ident && p.at(':', 1)) {
    p.bump();
    p.bump();
  }
  const iterable = parseExprNoStruct(p);
  const spec = parseLoopSpec(p);
  const body = parseBlock(p);
  return { kind: 'for', label, pattern, iterable, spec, body, span: p.span(start) };
}

export function parseLoopSpec(p: ParserState): LoopSpec {
  const invariants: Clause[] = [];
  const invariantExceptBreak: Clause[] = [];
  const ensures: Clause[] = [];
  const decreases: Expr[] = [];
  while (p.isIdent() && LOOP_SPEC_KEYWORDS.has(p.tok())) {
    const keyword = p.tok();
    p.bump();
    if (keyword === 'decreases') decreases.push(...parseDecreasesExprs(p));
    else if (keyword === 'ensures') ensures.push(...parseClauseList(p));
    else if (keyword === 'invariant_except_break') invariantExceptBreak.push(...parseClauseList(p));
    else invariants.push(...parseClauseList(p));
  }
  return { invariants, invariantExceptBreak, ensures, decreases };
}
