// Function items in every Verus mode (signature, parameters, return spec, requires/ensures/recommends/
// decreases/returns, body) and const/static items. A broken body keeps the parsed contract.
import type {
  Block,
  Clause,
  DecreasesSpec,
  Expr,
  FnItem,
  ConstItem,
  ItemBase,
  MacroItem,
  Param,
  Pattern,
  ReturnSpec,
  Stmt,
  Type,
} from './ast';
import { UNNAMED_RETURN_NAME } from './ast';
import { parseClauseList, parseDecreasesExprs } from './clauses';
import { parseExpr, parseExprNoStruct } from './expr';
import { parseGenericParams, parseWhereClause } from './generics';
import type { ItemContext } from './items';
import { isReservedWord } from './keywords';
import type { ParserState } from './parser-state';
import { parsePatternNoAlt } from './pattern';
import { parseBlock } from './stmt';
import { TokenKind } from './tokens';
import { parseType } from './types';

export interface FnModifiers {
  readonly mode: 'spec' | 'proof' | 'exec' | undefined;
  readonly checked: boolean;
  readonly specVisibility: 'open' | 'closed' | 'uninterp' | undefined;
  readonly isConst: boolean;
  readonly isUnsafe: boolean;
  readonly isAxiom: boolean;
  readonly broadcast: boolean;
  /** `ghost struct` / `tracked struct` (and enums): every field has that mode. */
  readonly dataMode: 'ghost' | 'tracked' | undefined;
}

export function parseFnItem(p: ParserState, base: ItemBase, modifiers: FnModifiers, ctx: ItemContext): FnItem | undefined {
  const start = base.span.start;
  p.bump(); // `fn`
  if (!p.isIdent() || isReservedWord(p.tok())) {
    p.errorHere('expected a function name');
    return undefined;
  }
  const name = p.tok();
  const nameStart = p.startOffset();
  p.bump();
  const nameSpan = p.span(nameStart);
  const generics = parseGenericParams(p);
  const params = p.at('(') ? parseParams(p) : (p.errorHere('expected `(`'), []);
  const ret = p.at('->') ? parseReturnSpec(p) : undefined;
  parseWhereClause(p, generics);
  const specs = parseFnSpecs(p);
  const destructured = ret?.pattern;
  const signatureSpan = p.span(start);
  let body: Block | undefined;
  if (p.at('{')) body = parseBlock(p);
  else if (!p.eat(';')) p.errorHere('expected a function body or `;`');
  void ctx;
  // Spelled out rather than spread: spreading `base` and `specs` into this many fields made V8 build each fn item
  // the slow way (a third of the parser's allocation).
  return {
    span: base.span,
    attributes: base.attributes,
    docs: base.docs,
    visibility: base.visibility,
    inVerus: base.inVerus,
    kind: 'fn',
    name,
    nameSpan,
    mode: modifiers.mode ?? 'exec',
    checked: modifiers.checked,
    specVisibility: modifiers.specVisibility,
    isConst: modifiers.isConst,
    isUnsafe: modifiers.isUnsafe,
    isAxiom: modifiers.isAxiom,
    generics,
    params,
    ret,
    requires: specs.requires,
    ensures: destructured === undefined ? specs.ensures : specs.ensures.map((clause) => destructuredClause(clause, destructured)),
    recommends: specs.recommends,
    decreases: specs.decreases,
    returns: specs.returns,
    body,
    signatureSpan,
  };
}

/** `assume_specification<T>[ path::f ](a: A) -> (r: R) requires .. ensures ..;` (or `[ CONST ] -> T returns e;`): a
 *  trusted contract for a function or constant outside Verus. It has no body to score, so it is checked and kept as
 *  an opaque item. */
export function parseAssumeSpecification(p: ParserState, base: ItemBase): MacroItem {
  const name = p.tok();
  p.bump();
  parseGenericParams(p);
  if (p.at('[')) p.skipTokenOrGroup();
  else p.errorHere('expected `[` and the path of the function');
  if (p.at('(')) parseParams(p);
  if (p.at('->')) parseReturnSpec(p);
  parseWhereClause(p, []);
  parseFnSpecs(p);
  p.expect(';');
  return { ...base, kind: 'macro', name };
}

export interface FnSpecs {
  requires: Clause[];
  ensures: Clause[];
  recommends: Clause[];
  decreases: DecreasesSpec | undefined;
  returns: Clause | undefined;
}

export function parseFnSpecs(p: ParserState): FnSpecs {
  const specs: FnSpecs = { requires: [], ensures: [], recommends: [], decreases: undefined, returns: undefined };
  for (;;) {
    const keyword = p.tok();
    if (!p.isIdent()) break;
    const start = p.startOffset();
    if (keyword === 'requires' || keyword === 'ensures' || keyword === 'recommends' || keyword === 'default_ensures') {
      p.bump();
      const list = parseClauseList(p);
      if (keyword === 'requires') specs.requires.push(...list);
      else if (keyword === 'recommends') specs.recommends.push(...list);
      else if (keyword === 'ensures') specs.ensures.push(...list);
      else specs.ensures.push(...list.map((clause): Clause => ({ ...clause, defaultOnly: true })));
    } else if (keyword === 'decreases') {
      p.bump();
      const exprs = parseDecreasesExprs(p);
      const when = p.eat('when') ? parseExprNoStruct(p) : undefined;
      const via = p.eat('via') ? parseExprNoStruct(p) : undefined;
      specs.decreases = { exprs, when, via, span: p.span(start) };
    } else if (keyword === 'returns') {
      p.bump();
      // `#[verus_spec(.., returns /* */)]`: an attribute's list may end on the keyword.
      if (p.atEnd()) break;
      const expr = parseExprNoStruct(p);
      specs.returns = { expr, span: expr.span };
      p.eat(',');
    } else if (keyword === 'opens_invariants' || keyword === 'no_unwind' || keyword === 'unwind') {
      // Not part of the contract we measure: skip the argument (`any`, `none`, `[..]`, `when e`).
      p.bump();
      if (p.at('when')) p.bump();
      if (!p.atEnd() && !p.at('{') && !p.at(';') && !p.at(',') && !p.at('requires') && !p.at('ensures')) parseExprNoStruct(p);
      p.eat(',');
    } else if (keyword === 'atomically' && p.at('(', 1)) {
      // `atomically (au) { (perm: P) -> (r: R), requires .., ensures .., outer_mask any, }`: the atomic update a
      // logically atomic fn receives. It speaks of ghost permissions only, so it is skipped.
      p.bump();
      p.skipTokenOrGroup();
      if (p.at('{')) p.skipTokenOrGroup();
      p.eat(',');
    } else if (keyword === 'by' && p.at('(', 1)) {
      // `by (nonlinear_arith)` / `by (bit_vector)`: how Verus proves the fn, not part of its contract.
      p.bump();
      p.skipTokenOrGroup();
    } else if (keyword === 'via' || keyword === 'when') {
      p.bump();
      const expr = parseExprNoStruct(p);
      if (specs.decreases !== undefined) {
        specs.decreases = { ...specs.decreases, [keyword]: expr, span: p.span(specs.decreases.span.start) };
      }
    } else break;
  }
  return specs;
}

function parseParams(p: ParserState): Param[] {
  const frame = p.enterGroup();
  const params: Param[] = [];
  while (!p.atEnd()) {
    const before = p.pos;
    params.push(parseParam(p));
    if (p.eat(',')) continue;
    if (!p.atEnd()) p.errorHere('expected `,` between parameters');
    if (p.pos === before) p.skipTokenOrGroup();
    if (!p.atEnd() && p.pos !== before) continue;
    break;
  }
  p.leaveGroup(frame);
  return params;
}

/** A parameter pattern is irrefutable, so a lone upper-case name (`N: u32`) binds it rather than naming a
 *  constant or unit variant as it would in a `match`. */
function asParamBinding(pattern: Pattern): Pattern {
  const only = pattern.kind === 'path' && pattern.path.length === 1 ? pattern.path[0] : undefined;
  if (only === undefined || only.generics.length > 0) return pattern;
  return { kind: 'binding', name: only.name, mutable: false, byRef: false, subpattern: undefined, span: pattern.span };
}

export function parseParam(p: ParserState): Param {
  while (p.at('#') && p.at('[', 1)) {
    p.bump();
    p.skipTokenOrGroup();
  }
  const start = p.startOffset();
  let ghostMode: Param['ghostMode'] = 'exec';
  if ((p.at('tracked') || p.at('ghost')) && !p.at(':', 1)) {
    ghostMode = p.tok() === 'tracked' ? 'tracked' : 'ghost';
    p.bump();
  }
  const selfParam = parseSelfParam(p, start, ghostMode);
  if (selfParam !== undefined) return selfParam;
  const pattern = asParamBinding(parsePatternNoAlt(p));
  let type: Type;
  if (p.expect(':')) type = parseType(p);
  else type = { kind: 'infer', span: p.span(p.lastEnd) };
  const name = pattern.kind === 'binding' ? pattern.name : p.slice(pattern.span.start, pattern.span.end);
  return { name, pattern, type, passing: passingOf(type), isSelf: false, ghostMode, span: p.span(start) };
}

/** `self`, `mut self`, `&self`, `&mut self`, `&'a self`, `self: Type`. */
function parseSelfParam(p: ParserState, start: number, ghostMode: Param['ghostMode']): Param | undefined {
  let offset = 0;
  let isRef = false;
  let mutableRef = false;
  if (p.at('&')) {
    isRef = true;
    offset++;
    if (p.kind(offset) === TokenKind.Lifetime) offset++;
    if (p.at('mut', offset)) {
      mutableRef = true;
      offset++;
    }
  } else if (p.at('mut') && p.at('self', 1)) offset++;
  if (!p.at('self', offset)) return undefined;
  for (let idx = 0; idx <= offset; idx++) p.bump();
  const selfSpan = p.span(start);
  let type: Type = { kind: 'path', segments: [{ name: 'Self', generics: [] }], span: selfSpan };
  if (isRef) type = { kind: 'ref', mutable: mutableRef, inner: type, span: selfSpan };
  if (p.eat(':')) type = parseType(p);
  const pattern: Pattern = { kind: 'binding', name: 'self', mutable: false, byRef: false, subpattern: undefined, span: selfSpan };
  return { name: 'self', pattern, type, passing: passingOf(type), isSelf: true, ghostMode, span: p.span(start) };
}

function passingOf(type: Type): Param['passing'] {
  if (type.kind !== 'ref') return 'value';
  return type.mutable ? 'mut' : 'ref';
}

/** `-> T`, `-> (r: T)`, `-> (tracked r: T)`, `-> ((a, b): (A, B))`, `-> (tracked (a, b): (A, B))`. */
export function parseReturnSpec(p: ParserState): ReturnSpec {
  const start = p.startOffset();
  p.bump();
  let modeOffset = 0;
  if (p.at('(') && (p.at('tracked', 1) || p.at('ghost', 1)) && (p.isIdent(2) || p.at('(', 2))) modeOffset = 1;
  if (p.at('(') && p.at('(', 1 + modeOffset) && p.tokAfterGroup(1 + modeOffset) === ':') {
    const frame = p.enterGroup();
    const ghostMode = returnMode(p, modeOffset);
    const pattern = parsePatternNoAlt(p);
    p.expect(':');
    const type = parseType(p);
    p.leaveGroup(frame);
    return { name: undefined, pattern, type, ghostMode, span: p.span(start) };
  }
  const named = p.at('(') && p.isIdent(1 + modeOffset) && p.at(':', 2 + modeOffset);
  if (!named) {
    let ghostMode: ReturnSpec['ghostMode'] = 'exec';
    if ((p.at('tracked') || p.at('ghost')) && !p.at('::', 1) && !p.at('<', 1)) {
      ghostMode = p.tok() === 'tracked' ? 'tracked' : 'ghost';
      p.bump();
    }
    const type = parseType(p);
    return { name: undefined, type, ghostMode, span: p.span(start) };
  }
  const frame = p.enterGroup();
  const ghostMode = returnMode(p, modeOffset);
  const name = p.tok();
  p.bump();
  p.bump(); // `:`
  const type = parseType(p);
  p.leaveGroup(frame);
  return { name, type, ghostMode, span: p.span(start) };
}

/** Reads the `tracked`/`ghost` at the start of a named or destructured result when `modeOffset` says one is there. */
function returnMode(p: ParserState, modeOffset: number): ReturnSpec['ghostMode'] {
  if (modeOffset === 0) return 'exec';
  const mode = p.tok() === 'tracked' ? 'tracked' : 'ghost';
  p.bump();
  return mode;
}

/** `{ let (a, b) = result; clause }`, spanning the clause, so the clause reads the pattern's names. */
function destructuredClause(clause: Clause, pattern: Pattern): Clause {
  return clauseWithBinding(clause, pattern, UNNAMED_RETURN_NAME);
}

/** `{ let pattern = name; clause }`, spanning the clause: the clause reads `name` under the pattern's names. */
export function clauseWithBinding(clause: Clause, pattern: Pattern, name: string): Clause {
  const span = clause.span;
  const init: Expr = { kind: 'path', segments: [{ name, generics: [], span }], span };
  const binding: Stmt = { kind: 'let', pattern, type: undefined, init, else: undefined, ghostMode: 'exec', span };
  return { ...clause, expr: { kind: 'block', block: { stmts: [binding], tail: clause.expr, span }, span } };
}

/** `const X: T = e;`, `static X: T = e;`, `spec const X: int = e;`, `exec const X: T ensures P { e }` (modifiers
 *  already consumed). */
export function parseConstItem(p: ParserState, base: ItemBase, modifiers: FnModifiers): ConstItem | undefined {
  const isStatic = p.tok() === 'static';
  p.bump();
  p.eat('mut');
  if (!p.isIdent()) {
    p.errorHere('expected a constant name');
    return undefined;
  }
  const name = p.tok();
  const nameStart = p.startOffset();
  p.bump();
  const nameSpan = p.span(nameStart);
  let type: Type = { kind: 'infer', span: nameSpan };
  if (p.expect(':')) type = parseType(p);
  const ensures = p.eat('ensures') ? parseClauseList(p) : [];
  let value: Expr | undefined;
  if (p.eat('=')) value = parseExpr(p);
  else if (p.at('{')) value = { kind: 'block', block: parseBlock(p), span: p.span(nameStart) };
  if (!p.eat(';') && value?.kind !== 'block') p.errorHere('expected `;`');
  const mode = modifiers.mode === 'spec' || modifiers.mode === 'proof' ? modifiers.mode : 'exec';
  return { ...base, kind: 'const', name, nameSpan, mode, isStatic, type, ensures, value };
}
