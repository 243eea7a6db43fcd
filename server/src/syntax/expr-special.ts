// Verus-specific expression forms: closures, `forall`/`exists`/`choose` with triggers, macro calls (collection
// macros become `collection-macro`), and ghost forms (`assert(..) by ..`, `assume`, `reveal`, `proof { }`).
import type { Expr, QuantifierBinder, ClosureParam, Type } from './ast';
import { parseClauseList } from './clauses';
import { parseLoopSpec } from './expr-control';
import { parseFnSpecs, parseReturnSpec } from './item-fn';
import { parseCommaList, parseExpr, parseExprLevel, parsePrefix, LEVEL_RANGE } from './expr';
import type { ParserState } from './parser-state';
import { parsePattern, parsePatternNoAlt } from './pattern';
import { parseBlock } from './stmt';
import { parseType } from './types';

export const GHOST_KEYWORDS = new Set(['assert', 'assume', 'reveal', 'reveal_with_fuel', 'hide', 'proof']);

const COLLECTION_MACROS = new Set(['seq', 'set', 'map', 'vec', 'multiset']);

export function parseClosure(p: ParserState, start: number): Expr {
  const params = parseClosureParams(p);
  const ret: Type | undefined = p.at('->') ? parseReturnSpec(p).type : undefined;
  // `|x: u8| -> (r: u8) requires x < 128 ensures r == 2 * x { 2 * x }`: an exec closure's contract. Nothing scores
  // or evaluates a closure's contract (`call_ensures`), so it is checked and left out of the tree.
  if (p.at('requires') || p.at('ensures')) {
    const saved = p.closureContract;
    p.closureContract = true;
    parseFnSpecs(p);
    p.closureContract = saved;
  }
  const body = parseExprLevel(p, LEVEL_RANGE);
  return { kind: 'closure', params, ret, body, span: p.span(start) };
}

/** `f(x) atomically |upd| -> AU { .. }`, `f(x) atomically loop |upd| invariant .. { .. }` (at `atomically`): the
 *  ghost closure that performs a logically atomic call's update. It changes only ghost state, so the call stands
 *  for the whole expression. */
export function parseAtomicallyTail(p: ParserState, call: Expr): Expr {
  p.bump();
  p.eat('loop');
  parseClosureParams(p);
  if (p.at('->')) parseReturnSpec(p);
  parseLoopSpec(p);
  parseBlock(p);
  return call;
}

/** `|a, b: u8|` or `||` at the cursor. */
function parseClosureParams(p: ParserState): ClosureParam[] {
  const params: ClosureParam[] = [];
  if (!p.eat('||')) {
    p.bump(); // `|`
    while (!p.atEnd() && !p.at('|')) {
      const before = p.pos;
      const paramStart = p.startOffset();
      const pattern = parsePatternNoAlt(p);
      const type = p.eat(':') ? parseType(p) : undefined;
      params.push({ pattern, type, span: p.span(paramStart) });
      if (!p.eat(',') && !p.at('|')) {
        p.errorHere('expected `,` or `|` in closure parameters');
        if (p.pos === before) p.skipTokenOrGroup();
        break;
      }
    }
    p.expect('|');
  }
  return params;
}

export function parseQuantifier(p: ParserState, start: number, quantifier: 'forall' | 'exists' | 'choose'): Expr {
  p.bump();
  const binders = parseBinders(p);
  const triggers: Expr[][] = [];
  p.triggerStack.push({ groups: triggers, marks: undefined });
  parseInnerTriggerAttributes(p, triggers);
  const body = parseExprLevel(p, LEVEL_RANGE);
  p.triggerStack.pop();
  return { kind: 'quantifier', quantifier, binders, triggers, body, span: p.span(start) };
}

/** Parses `|i: int, j|` (or `||`) at the cursor. */
export function parseBinders(p: ParserState): QuantifierBinder[] {
  const binders: QuantifierBinder[] = [];
  if (p.eat('||')) return binders;
  p.expect('|');
  while (!p.atEnd() && !p.at('|')) {
    const before = p.pos;
    const binderStart = p.startOffset();
    let name = '';
    if (p.isIdent()) {
      name = p.tok();
      p.bump();
    } else p.errorHere('expected a binder name');
    const type = p.eat(':') ? parseType(p) : undefined;
    binders.push({ name, type, span: p.span(binderStart) });
    if (!p.eat(',') && !p.at('|')) {
      p.errorHere('expected `,` or `|` after a binder');
      if (p.pos === before) p.skipTokenOrGroup();
      break;
    }
  }
  p.expect('|');
  return binders;
}

/** `#![trigger a, b]`, `#![auto]`, `#![all_triggers]` directly after the binders (or at the start of a clause). */
export function parseInnerTriggerAttributes(p: ParserState, triggers: Expr[][]): void {
  while (p.at('#') && p.at('!', 1) && p.at('[', 2)) {
    p.bump();
    p.bump();
    const frame = p.enterGroup();
    if (p.eat('trigger')) triggers.push(parseCommaList(p));
    else p.pos = frame.close;
    p.leaveGroup(frame);
  }
}

/** `#[trigger] e`, `#[trigger(1)] e`, or any other attribute before an expression (skipped). */
export function parseTriggerAttribute(p: ParserState): Expr {
  p.bump();
  const frame = p.enterGroup();
  const isTrigger = p.at('trigger');
  p.pos = frame.close;
  p.leaveGroup(frame);
  const operand = parsePrefix(p, 2);
  const scope = p.triggerStack[p.triggerStack.length - 1];
  if (isTrigger && scope !== undefined) {
    // All `#[trigger]` marks of one quantifier form one trigger group (numbered groups are merged too).
    if (scope.marks === undefined) {
      scope.marks = [];
      scope.groups.push(scope.marks);
    }
    scope.marks.push(operand);
  }
  return operand;
}

/** `name!(..)` / `name![..]` / `name!{..}` at the `!`. */
export function parseMacroCall(p: ParserState, start: number, name: string): Expr {
  const proof = GHOST_BLOCK_MACROS.has(name) && p.at('{', 1) ? parseGhostBlockMacro(p, start) : undefined;
  if (proof !== undefined) return proof;
  p.bump(); // `!`
  const openIdx = p.pos;
  const frame = p.enterGroup();
  const argsText = p.slice(p.ts.ends[openIdx] ?? 0, p.ts.starts[frame.close] ?? p.text.length);
  if (COLLECTION_MACROS.has(name)) {
    const result = parseCollectionBody(p, name as 'seq' | 'set' | 'map' | 'vec' | 'multiset');
    p.leaveGroup(frame);
    return { ...result, span: p.span(start) };
  }
  if (name === 'matches' || name === 'std::matches' || name === 'core::matches') {
    const test = parseMatchesMacroBody(p, start);
    if (test !== undefined) {
      p.pos = frame.close;
      p.leaveGroup(frame);
      return test;
    }
  }
  // Other macros: keep the arguments only when they parse as expressions, and drop the attempt's diagnostics.
  const savedDiagnostics = p.diagnostics.length;
  const args = INVARIANT_OPENINGS.has(name.split('::').pop() ?? name) ? parseInvariantOpening(p) : parseCommaList(p);
  const parsed = p.diagnostics.length === savedDiagnostics;
  p.diagnostics.length = savedDiagnostics;
  p.pos = frame.close;
  p.leaveGroup(frame);
  return { kind: 'macro-call', name, args: parsed ? args : [], argsText, span: p.span(start) };
}

/** vstd's attribute syntax writes proof blocks as macros outside `verus!`: `proof! { .. }`, `proof_decl! { let ghost
 *  mut i = 0int; }`. */
const GHOST_BLOCK_MACROS: ReadonlySet<string> = new Set(['proof', 'proof_decl']);

/** vstd's `open_atomic_invariant!(credential => inner => { body })` and its kin. */
const INVARIANT_OPENINGS: ReadonlySet<string> = new Set([
  'open_atomic_invariant',
  'open_local_invariant',
  'open_atomic_invariant_in_proof',
  'open_local_invariant_in_proof',
]);

/** The arguments of an invariant opening as three expressions: the invariant, the binding (a path; `mut` dropped)
 *  and the body. Any other form leaves a diagnostic, and the call keeps no arguments. */
function parseInvariantOpening(p: ParserState): Expr[] {
  const invariant = parseExpr(p);
  if (!p.expect('=>')) return [];
  p.eat('mut');
  const start = p.startOffset();
  if (!p.isIdent()) {
    p.errorHere('expected the name the invariant opens to');
    return [];
  }
  const name = p.tok();
  p.bump();
  const span = p.span(start);
  const binding: Expr = { kind: 'path', segments: [{ name, generics: [], span }], span };
  if (!p.expect('=>')) return [];
  const body = parseExpr(p);
  if (!p.atEnd()) p.errorHere('unexpected text after the body');
  return [invariant, binding, body];
}

/** `proof! { .. }` as the proof block `proof { .. }`; undefined (nothing consumed) when its body does not parse as
 *  statements, which then stays an opaque macro call. */
function parseGhostBlockMacro(p: ParserState, start: number): Expr | undefined {
  const saved = { pos: p.pos, lastEnd: p.lastEnd, diagnostics: p.diagnostics.length };
  p.bump(); // `!`
  const block = parseBlock(p);
  if (p.diagnostics.length === saved.diagnostics)
    return { kind: 'ghost', form: 'proof-block', expr: undefined, block, span: p.span(start) };
  p.diagnostics.length = saved.diagnostics;
  p.pos = saved.pos;
  p.lastEnd = saved.lastEnd;
  return undefined;
}

/** `matches!(e, P)` and `matches!(e, P if g)` as Verus's `e matches P` (and `&& g`, which sees P's bindings, as
 *  after `matches`); undefined (the caller keeps the plain macro call) when the arguments are not of that form. */
function parseMatchesMacroBody(p: ParserState, start: number): Expr | undefined {
  const savedDiagnostics = p.diagnostics.length;
  const operand = parseExpr(p);
  const pattern = p.eat(',') ? parsePattern(p) : undefined;
  const guard = pattern !== undefined && p.eat('if') ? parseExpr(p) : undefined;
  p.eat(',');
  const clean = pattern !== undefined && p.atEnd() && p.diagnostics.length === savedDiagnostics;
  p.diagnostics.length = savedDiagnostics;
  if (!clean) return undefined;
  const test: Expr = { kind: 'matches', operand, pattern, span: p.span(start) };
  return guard === undefined ? test : { kind: 'binary', op: '&&', left: test, right: guard, span: p.span(start) };
}

function parseCollectionBody(p: ParserState, macro: 'seq' | 'set' | 'map' | 'vec' | 'multiset'): Expr {
  const elements: Expr[] = [];
  const entries: (readonly [Expr, Expr])[] = [];
  let repeat: { value: Expr; count: Expr } | undefined;
  while (!p.atEnd()) {
    const before = p.pos;
    const first = parseExpr(p);
    if (p.eat('=>')) entries.push([first, parseExpr(p)]);
    else if (p.eat(';')) {
      repeat = { value: first, count: parseExpr(p) };
      break;
    } else elements.push(first);
    if (p.eat(',')) continue;
    if (!p.atEnd()) p.errorHere('expected `,`');
    if (p.pos === before) p.skipTokenOrGroup();
    break;
  }
  return { kind: 'collection-macro', macro, elements, entries, repeat, span: { start: 0, end: 0 } };
}

/** Ghost forms; returns undefined when the keyword is used as an ordinary name (e.g. a local `proof`). */
export function parseGhostForm(p: ParserState, start: number): Expr | undefined {
  const keyword = p.tok();
  if (keyword === 'proof') {
    if (!p.at('{', 1)) return undefined;
    p.bump();
    const block = parseBlock(p);
    return { kind: 'ghost', form: 'proof-block', expr: undefined, block, span: p.span(start) };
  }
  if (keyword === 'assert' && p.at('forall', 1)) return parseAssertForall(p, start);
  if (!p.at('(', 1)) return undefined;
  p.bump();
  const frame = p.enterGroup();
  const args = parseCommaList(p);
  p.leaveGroup(frame);
  const expr = args[0];
  if (keyword === 'assert') {
    parseProofTail(p);
    return { kind: 'ghost', form: 'assert', expr, span: p.span(start) };
  }
  const form = keyword === 'assume' ? 'assume' : keyword === 'hide' ? 'other' : 'reveal';
  return { kind: 'ghost', form, expr, span: p.span(start) };
}

/** `by (nonlinear_arith) requires .. { .. }`, `by { .. }`, `by (bit_vector)` after an assertion. */
function parseProofTail(p: ParserState): void {
  if (!p.eat('by')) return;
  if (p.at('(')) p.skipTokenOrGroup();
  if (p.eat('requires')) parseClauseList(p);
  if (p.at('{')) parseBlock(p);
}

/** `assert forall|i| P implies Q by { .. }`: the expression is the quantifier over `P ==> Q`. */
function parseAssertForall(p: ParserState, start: number): Expr {
  p.bump();
  const quantStart = p.startOffset();
  p.bump();
  const binders = parseBinders(p);
  const triggers: Expr[][] = [];
  p.triggerStack.push({ groups: triggers, marks: undefined });
  parseInnerTriggerAttributes(p, triggers);
  let body = p.withNoStruct(true, () => parseExprLevel(p, LEVEL_RANGE));
  if (p.eat('implies')) {
    const conclusion = p.withNoStruct(true, () => parseExprLevel(p, LEVEL_RANGE));
    body = { kind: 'binary', op: '==>', left: body, right: conclusion, span: { start: body.span.start, end: conclusion.span.end } };
  }
  p.triggerStack.pop();
  const quantifier: Expr = { kind: 'quantifier', quantifier: 'forall', binders, triggers, body, span: p.span(quantStart) };
  parseProofTail(p);
  return { kind: 'ghost', form: 'assert-forall', expr: quantifier, span: p.span(start) };
}
