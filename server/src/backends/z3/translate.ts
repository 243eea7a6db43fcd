// Spec expressions -> SMT-LIB2 terms over Int, Bool and (Seq S), with the obligation's concrete values substituted
// as constants. User spec fns become `define-fun-rec`. Partial operations (an index out of range, `subrange` outside
// the sequence, `/ 0`, `as nat` of a negative) stay unspecified, as in the evaluator: an uninterpreted function
// gives their value, so a formula that depends on one is neither valid nor refutable. Whatever is not listed here
// throws Untranslatable (caught at translateClause), and the evaluator's verdict stands.

import type { Block, Expr, QuantifierBinder } from '../../syntax';
import type { ModelScope, ResolvedFn } from '../../model';
import { resolveSpecMethod } from '../../model';
import { typeConsts } from '../../harness';
import { intRange, isIntTypeName, resolveValueType } from '../../eval';
import type { TypeContext, ValueType } from '../../eval';
import { BOOL, INT, Untranslatable, intLiteral, rangeConstraint, sameSort, sortOf, sortText } from './smt-terms';
import type { Sort, Term } from './smt-terms';

export interface TranslateScope {
  readonly scope: ModelScope;
  readonly selfTypeName: string | undefined;
  readonly modulePath: readonly string[] | undefined;
}

/** Declarations a set of translated terms needs, in dependency order; shared by the clauses of one query. */
export interface Declarations {
  readonly lines: string[];
  readonly declared: Set<string>;
  /** Spec fns whose definitions are being translated, outermost first (only direct self-recursion is translated). */
  readonly inProgress: string[];
}

export function emptyDeclarations(): Declarations {
  return { lines: [], declared: new Set(), inProgress: [] };
}

/** What a name stands for: a term, or for `&mut` parameters the entry (`old`) and final terms. */
export type Binding =
  { readonly kind: 'term'; readonly term: Term } | { readonly kind: 'mutable'; readonly old: Term; readonly final: Term };

export interface Frame {
  readonly at: TranslateScope;
  readonly decls: Declarations;
  readonly names: ReadonlyMap<string, Binding>;
  /** Only when searching for inputs over sequences of at most this length: a quantifier whose integer binders all
   *  index a sequence is expanded over 0..indexWindow-1 instead (Z3 rarely finds models through quantifiers over
   *  sequence elements). The result only proposes inputs; each is decided again before it is used. */
  readonly indexWindow?: number;
  /** How many struct methods deep the translation is (`self.wf()` calling `self.data.wf()`). */
  readonly inlined?: number;
}

export function translateBool(frame: Frame, expr: Expr): string {
  const term = translate(frame, expr);
  if (term.sort.kind !== 'bool') throw new Untranslatable('a clause that is not a bool');
  return term.smt;
}

function translate(frame: Frame, expr: Expr): Term {
  switch (expr.kind) {
    case 'int':
      return { smt: intLiteral(expr.value), sort: INT };
    case 'bool':
      return { smt: expr.value ? 'true' : 'false', sort: BOOL };
    case 'char':
      return { smt: String(expr.value.codePointAt(0) ?? 0), sort: INT };
    case 'paren':
      return translate(frame, expr.inner);
    case 'view': {
      const operand = translate(frame, expr.operand);
      return operand.sort.kind === 'struct' ? inlineMethod(frame, operand, 'view', []) : operand;
    }
    case 'path':
      return translatePath(frame, expr);
    case 'unary':
      return translateUnary(frame, expr);
    case 'binary':
      return translateBinary(frame, expr.op, translate(frame, expr.left), () => translate(frame, expr.right));
    case 'chain':
      return translateChain(frame, expr);
    case 'if':
      return translateIf(frame, expr);
    case 'block':
      return translateBlock(frame, expr.block);
    case 'cast':
      return translateCast(frame, expr);
    case 'index':
      return seqIndex(frame, translate(frame, expr.receiver), translate(frame, expr.index));
    case 'method-call':
      return translateMethod(frame, expr);
    case 'call':
      return translateCall(frame, expr);
    case 'quantifier':
      return translateQuantifier(frame, expr);
    case 'field':
      return tuplePart(translate(frame, expr.receiver), expr.field);
    case 'tuple': {
      const parts = expr.elements.map((element) => translate(frame, element));
      if (parts.length === 0) throw new Untranslatable('`()`');
      return { smt: '', sort: { kind: 'tuple', elements: parts.map((part) => part.sort) }, parts };
    }
    default:
      throw new Untranslatable(`\`${expr.kind}\` expressions`);
  }
}

function translatePath(frame: Frame, expr: Extract<Expr, { kind: 'path' }>): Term {
  const names = expr.segments.map((segment) => segment.name);
  if (names.length === 1) {
    const binding = frame.names.get(names[0] as string);
    if (binding !== undefined) return binding.kind === 'term' ? binding.term : binding.final;
  }
  if (names.length === 2 && isIntTypeName(names[0])) {
    const range = intRange(names[0]);
    const bound = names[1] === 'MAX' ? range.max : names[1] === 'MIN' ? range.min : undefined;
    if (bound !== undefined) return { smt: intLiteral(bound), sort: INT };
  }
  throw new Untranslatable(`the name ${names.join('::')}`);
}

function translateUnary(frame: Frame, expr: Extract<Expr, { kind: 'unary' }>): Term {
  const operand = translate(frame, expr.operand);
  switch (expr.op) {
    case '-':
      return { smt: `(- ${expectInt(operand)})`, sort: INT };
    case '!':
      if (operand.sort.kind !== 'bool') throw new Untranslatable('bitwise not');
      return { smt: `(not ${operand.smt})`, sort: BOOL };
    default:
      return operand;
  }
}

function translateBinary(frame: Frame, op: string, left: Term, right: () => Term): Term {
  switch (op) {
    case '&&':
      return boolOp('and', left, right());
    case '||':
      return boolOp('or', left, right());
    case '==>':
      return boolOp('=>', left, right());
    case '<==':
      return boolOp('=>', right(), left);
    case '<==>':
      return boolOp('=', left, right());
    case '==':
    case '===':
    case '=~=':
    case '=~~=':
      return equality(left, right(), false);
    case '!=':
    case '!==':
    case '!~=':
    case '!~~=':
      return equality(left, right(), true);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return { smt: `(${op} ${expectInt(left)} ${expectInt(right())})`, sort: BOOL };
    case '+': {
      const r = right();
      if (left.sort.kind === 'seq' && sameSort(left.sort, r.sort)) return { smt: `(seq.++ ${left.smt} ${r.smt})`, sort: left.sort };
      return { smt: `(+ ${expectInt(left)} ${expectInt(r)})`, sort: INT };
    }
    case '-':
    case '*':
      return { smt: `(${op} ${expectInt(left)} ${expectInt(right())})`, sort: INT };
    case '/':
    case '%':
      // SMT-LIB's div and mod are Euclidean, as Verus's are; by zero they are unspecified, as in the evaluator.
      return { smt: `(${op === '/' ? 'div' : 'mod'} ${expectInt(left)} ${expectInt(right())})`, sort: INT };
    default:
      void frame;
      throw new Untranslatable(`the operator \`${op}\``);
  }
}

/** `t.0`, `t.1`: a part of a tuple term; `s.len`: a field of a struct term. */
function tuplePart(receiver: Term, field: string): Term {
  const index = receiver.sort.kind === 'struct' ? receiver.sort.fields.indexOf(field) : /^\d+$/.test(field) ? Number(field) : -1;
  const part = index < 0 ? undefined : receiver.parts?.[index];
  if (part === undefined) throw new Untranslatable('a field of a struct');
  return part;
}

function boolOp(op: string, left: Term, right: Term): Term {
  if (left.sort.kind !== 'bool' || right.sort.kind !== 'bool') throw new Untranslatable(`\`${op}\` on non-bool operands`);
  return { smt: `(${op} ${left.smt} ${right.smt})`, sort: BOOL };
}

function equality(left: Term, right: Term, negated: boolean): Term {
  if (!sameSort(left.sort, right.sort)) throw new Untranslatable('an equality between different sorts');
  const eq =
    left.parts !== undefined && right.parts !== undefined
      ? `(and true ${left.parts.map((part, i) => equality(part, right.parts?.[i] as Term, false).smt).join(' ')})`
      : `(= ${left.smt} ${right.smt})`;
  return { smt: negated ? `(not ${eq})` : eq, sort: BOOL };
}

function translateChain(frame: Frame, expr: Extract<Expr, { kind: 'chain' }>): Term {
  const operands = expr.operands.map((operand) => translate(frame, operand));
  const parts = expr.ops.map((op, i) => translateBinary(frame, op, operands[i] as Term, () => operands[i + 1] as Term).smt);
  return { smt: `(and ${parts.join(' ')})`, sort: BOOL };
}

function translateIf(frame: Frame, expr: Extract<Expr, { kind: 'if' }>): Term {
  if (expr.else === undefined) throw new Untranslatable('`if` without `else`');
  const condition = translate(frame, expr.condition);
  if (condition.sort.kind !== 'bool') throw new Untranslatable('a non-bool condition');
  const then = translateBlock(frame, expr.then);
  const otherwise = translate(frame, expr.else);
  if (!sameSort(then.sort, otherwise.sort)) throw new Untranslatable('`if` branches of different sorts');
  return { smt: `(ite ${condition.smt} ${then.smt} ${otherwise.smt})`, sort: then.sort };
}

function translateBlock(frame: Frame, block: Block): Term {
  const stmt = block.stmts[0];
  if (stmt === undefined) {
    if (block.tail === undefined) throw new Untranslatable('an empty block');
    return translate(frame, block.tail);
  }
  if (stmt.kind !== 'let' || stmt.pattern.kind !== 'binding' || stmt.init === undefined || stmt.pattern.subpattern !== undefined) {
    throw new Untranslatable('a statement other than `let x = e;`');
  }
  const value = translate(frame, stmt.init);
  const name = stmt.pattern.name;
  const variable = `|let!${name}!${frame.names.size}|`;
  const inner: Frame = { ...frame, names: new Map([...frame.names, [name, { kind: 'term', term: { smt: variable, sort: value.sort } }]]) };
  const body = translateBlock(inner, { ...block, stmts: block.stmts.slice(1) });
  return { smt: `(let ((${variable} ${value.smt})) ${body.smt})`, sort: body.sort };
}

function translateCast(frame: Frame, expr: Extract<Expr, { kind: 'cast' }>): Term {
  const operand = translate(frame, expr.operand);
  const value = operand.sort.kind === 'bool' ? `(ite ${operand.smt} 1 0)` : expectInt(operand);
  const target = expr.type.kind === 'path' && expr.type.segments.length === 1 ? expr.type.segments[0]?.name : undefined;
  if (target === undefined || !isIntTypeName(target)) throw new Untranslatable('a cast to a non-integer type');
  if (target === 'int') return { smt: value, sort: INT };
  if (target === 'nat') return { smt: partial(frame, `(>= ${value} 0)`, value, 'as_nat', [{ smt: value, sort: INT }], INT), sort: INT };
  const bits = intRange(target).bits as number;
  const modulus = 1n << BigInt(bits);
  if (intRange(target).min === 0n) return { smt: `(mod ${value} ${modulus})`, sort: INT };
  const half = modulus / 2n;
  return { smt: `(- (mod (+ ${value} ${half}) ${modulus}) ${half})`, sort: INT };
}

function seqIndex(frame: Frame, receiver: Term, index: Term): Term {
  if (receiver.sort.kind !== 'seq') throw new Untranslatable('indexing a non-sequence');
  void frame;
  // seq.nth outside 0..len is unspecified in Z3, as `s[i]` is in Verus.
  return { smt: `(seq.nth ${receiver.smt} ${expectInt(index)})`, sort: receiver.sort.element };
}

function translateMethod(frame: Frame, expr: Extract<Expr, { kind: 'method-call' }>): Term {
  const receiver = translate(frame, expr.receiver);
  const args = expr.args.map((arg) => translate(frame, arg));
  if (receiver.sort.kind === 'struct') return inlineMethod(frame, receiver, expr.method, args);
  if (receiver.sort.kind !== 'seq') throw new Untranslatable(`the method \`${expr.method}\``);
  const seq = receiver.smt;
  const len = `(seq.len ${seq})`;
  const [a0, a1] = args;
  switch (expr.method) {
    case 'view':
    case 'deep_view':
    case 'clone':
      return receiver;
    case 'len':
    case 'spec_len':
      return { smt: len, sort: INT };
    case 'is_empty':
      return { smt: `(= ${len} 0)`, sort: BOOL };
    case 'index':
    case 'spec_index':
      return seqIndex(frame, receiver, need(a0));
    case 'first':
      return seqIndex(frame, receiver, { smt: '0', sort: INT });
    case 'last':
      return seqIndex(frame, receiver, { smt: `(- ${len} 1)`, sort: INT });
    case 'push':
      return { smt: `(seq.++ ${seq} (seq.unit ${need(a0).smt}))`, sort: receiver.sort };
    case 'add':
      return translateBinary(frame, '+', receiver, () => need(a0));
    case 'contains':
      return { smt: `(seq.contains ${seq} (seq.unit ${need(a0).smt}))`, sort: BOOL };
    case 'subrange':
      return subrange(frame, receiver, expectInt(need(a0)), expectInt(need(a1)));
    case 'take':
      return subrange(frame, receiver, '0', expectInt(need(a0)));
    case 'skip':
      return subrange(frame, receiver, expectInt(need(a0)), len);
    case 'drop_first':
      return subrange(frame, receiver, '1', len);
    case 'drop_last':
      return subrange(frame, receiver, '0', `(- ${len} 1)`);
    default:
      throw new Untranslatable(`the method \`${expr.method}\``);
  }
}

/** Struct methods inline this deep at most. */
const MAX_INLINED = 4;

/** A spec method (or the `when_used_as_spec` twin of an exec one) of a struct term: its body translated with `self`
 *  and its parameters bound to the terms, and the type's const generics to their values. A struct has no sort, so
 *  the body is inlined rather than defined as a function. */
function inlineMethod(frame: Frame, receiver: Term, method: string, args: readonly Term[]): Term {
  const sort = receiver.sort;
  if (sort.kind !== 'struct' || (frame.inlined ?? 0) >= MAX_INLINED) throw new Untranslatable(`the method \`${method}\``);
  const resolved = resolveSpecMethod(frame.at.scope, sort.type.name, method);
  const item = resolved?.item;
  if (resolved === undefined || item?.body === undefined || item.specVisibility === 'uninterp' || item.params[0]?.isSelf !== true)
    throw new Untranslatable(`the method \`${method}\``);
  if (item.params.length !== args.length + 1) throw new Untranslatable(`the method \`${method}\` with these arguments`);
  const names = new Map<string, Binding>([['self', { kind: 'term', term: receiver }]]);
  for (const [name, value] of typeConsts(frame.at.scope, sort.type, resolved))
    names.set(name, { kind: 'term', term: { smt: intLiteral(value), sort: INT } });
  for (const [i, param] of item.params.slice(1).entries()) {
    if (param.pattern.kind !== 'binding') throw new Untranslatable(`the method \`${method}\``);
    names.set(param.pattern.name, { kind: 'term', term: args[i] as Term });
  }
  const at: TranslateScope = { scope: frame.at.scope, selfTypeName: resolved.selfTypeName, modulePath: resolved.modulePath };
  return translateBlock({ ...frame, at, names, inlined: (frame.inlined ?? 0) + 1 }, item.body);
}

function subrange(frame: Frame, receiver: Term, from: string, to: string): Term {
  const guard = `(and (<= 0 ${from}) (<= ${from} ${to}) (<= ${to} (seq.len ${receiver.smt})))`;
  const total = `(seq.extract ${receiver.smt} ${from} (- ${to} ${from}))`;
  const args = [receiver, { smt: from, sort: INT }, { smt: to, sort: INT }];
  return { smt: partial(frame, guard, total, 'subrange', args, receiver.sort), sort: receiver.sort };
}

/** `total` where `guard` holds, else the value of an uninterpreted function of the arguments: unspecified. */
function partial(frame: Frame, guard: string, total: string, name: string, args: readonly Term[], sort: Sort): string {
  const symbol = `|unspecified!${name}!${args.map((a) => sortText(a.sort)).join('!')}|`;
  if (!frame.decls.declared.has(symbol)) {
    frame.decls.declared.add(symbol);
    frame.decls.lines.push(`(declare-fun ${symbol} (${args.map((a) => sortText(a.sort)).join(' ')}) ${sortText(sort)})`);
  }
  return `(ite ${guard} ${total} (${symbol} ${args.map((a) => a.smt).join(' ')}))`;
}

function translateCall(frame: Frame, expr: Extract<Expr, { kind: 'call' }>): Term {
  if (expr.callee.kind !== 'path') throw new Untranslatable('a call of a closure');
  const names = expr.callee.segments.map((segment) => segment.name);
  const only = expr.args[0];
  if (names.length === 1 && (names[0] === 'old' || names[0] === 'final') && only?.kind === 'path' && expr.args.length === 1) {
    const binding = only.segments.length === 1 ? frame.names.get(only.segments[0]?.name as string) : undefined;
    if (binding?.kind === 'mutable') return names[0] === 'old' ? binding.old : binding.final;
    if (binding?.kind === 'term') return binding.term;
  }
  const resolved = frame.at.scope.resolveFunction(names, frame.at.selfTypeName, frame.at.modulePath);
  if (resolved === undefined || resolved.item.mode !== 'spec') throw new Untranslatable(`the call ${names.join('::')}`);
  const args = expr.args.map((arg) => translate(frame, arg));
  const signature = defineSpecFn(frame, resolved);
  if (signature.params.length !== args.length || signature.params.some((sort, i) => !sameSort(sort, (args[i] as Term).sort))) {
    throw new Untranslatable(`the call ${names.join('::')} with these arguments`);
  }
  return { smt: args.length === 0 ? signature.symbol : `(${signature.symbol} ${args.map((a) => a.smt).join(' ')})`, sort: signature.ret };
}

interface SpecFnSignature {
  readonly symbol: string;
  readonly params: readonly Sort[];
  readonly ret: Sort;
}

/** Declares a user spec fn once per query as `define-fun-rec` (its body translated in its own module and impl). */
function defineSpecFn(frame: Frame, resolved: ResolvedFn): SpecFnSignature {
  const item = resolved.item;
  const symbol = `|fn!${resolved.qualifiedName}|`;
  const typeContext: TypeContext = { scope: frame.at.scope };
  const paramTypes = item.params.map((param) => resolveValueType(param.type, typeContext));
  if (item.ret === undefined || item.body === undefined || item.generics.some((g) => g.kind === 'type')) {
    throw new Untranslatable(`the spec fn ${resolved.qualifiedName}`);
  }
  const retType = resolveValueType(item.ret.type, typeContext);
  const signature = { symbol, params: paramTypes.map(sortOf), ret: sortOf(retType) };
  if (frame.decls.declared.has(symbol)) return signature;
  if (frame.decls.inProgress.includes(symbol)) {
    if (frame.decls.inProgress[frame.decls.inProgress.length - 1] !== symbol) throw new Untranslatable('mutually recursive spec fns');
    return signature;
  }
  frame.decls.inProgress.push(symbol);
  const names = new Map<string, Binding>();
  const formals = item.params.map((param, i) => {
    const variable = `|arg!${param.name}|`;
    names.set(param.name, { kind: 'term', term: { smt: variable, sort: signature.params[i] as Sort } });
    return `(${variable} ${sortText(signature.params[i] as Sort)})`;
  });
  const at: TranslateScope = { scope: frame.at.scope, selfTypeName: resolved.selfTypeName, modulePath: resolved.modulePath };
  const body = translateBlock({ at, decls: frame.decls, names }, item.body);
  frame.decls.inProgress.pop();
  if (!sameSort(body.sort, signature.ret)) throw new Untranslatable(`the body of ${resolved.qualifiedName}`);
  frame.decls.declared.add(symbol);
  frame.decls.lines.push(`(define-fun-rec ${symbol} (${formals.join(' ')}) ${sortText(signature.ret)} ${body.smt})`);
  return signature;
}

function translateQuantifier(frame: Frame, expr: Extract<Expr, { kind: 'quantifier' }>): Term {
  if (expr.quantifier === 'choose') throw new Untranslatable('`choose`');
  const names = new Map(frame.names);
  const declared: string[] = [];
  const guards: string[] = [];
  expr.binders.forEach((binder, i) => {
    const type = binderType(frame, binder);
    const variable = `|q!${binder.name}!${frame.names.size}!${i}|`;
    const sort = sortOf(type);
    names.set(binder.name, { kind: 'term', term: { smt: variable, sort } });
    declared.push(`(${variable} ${sortText(sort)})`);
    const guard = rangeConstraint(variable, type);
    if (guard !== 'true') guards.push(guard);
  });
  const body = translateBool({ ...frame, names }, expr.body);
  const expanded = expandOverIndices(
    frame,
    expr,
    declared.map((d, i) => ({ variable: d.slice(1, d.indexOf(' ')), binder: expr.binders[i] as QuantifierBinder })),
    body,
  );
  if (expanded !== undefined) return { smt: expanded, sort: BOOL };
  const guard = guards.length === 0 ? undefined : guards.length === 1 ? guards[0] : `(and ${guards.join(' ')})`;
  const guarded = guard === undefined ? body : expr.quantifier === 'forall' ? `(=> ${guard} ${body})` : `(and ${guard} ${body})`;
  return { smt: `(${expr.quantifier} (${declared.join(' ')}) ${guarded})`, sort: BOOL };
}

/** A binder without a written type is an `int` (what the evaluator assumes too). */
function binderType(frame: Frame, binder: QuantifierBinder): ValueType {
  if (binder.type === undefined) return { kind: 'int', int: 'int' };
  const type = resolveValueType(binder.type, { scope: frame.at.scope });
  if (type.kind === 'seq' && type.element.kind !== 'int' && type.element.kind !== 'bool' && type.element.kind !== 'char') {
    throw new Untranslatable('a quantifier over sequences of compound values');
  }
  return type;
}

function expectInt(term: Term): string {
  if (term.sort.kind !== 'int') throw new Untranslatable('arithmetic on a non-integer');
  return term.smt;
}

function need(term: Term | undefined): Term {
  if (term === undefined) throw new Untranslatable('a method call with too few arguments');
  return term;
}

const MAX_EXPANDED_INSTANCES = 512;

function expandOverIndices(
  frame: Frame,
  expr: Extract<Expr, { kind: 'quantifier' }>,
  binders: readonly { readonly variable: string; readonly binder: QuantifierBinder }[],
  body: string,
): string | undefined {
  const window = frame.indexWindow;
  if (window === undefined || window ** binders.length > MAX_EXPANDED_INSTANCES) return undefined;
  if (!binders.every(({ binder }) => isIntBinder(frame, binder) && usedAsIndex(expr.body, binder.name))) return undefined;
  let instances: string[][] = [[]];
  for (const { variable } of binders) {
    instances = instances.flatMap((prefix) => Array.from({ length: window }, (_, value) => [...prefix, `(${variable} ${value})`]));
  }
  const parts = instances.map((bindings) => (bindings.length === 0 ? body : `(let (${bindings.join(' ')}) ${body})`));
  return `(${expr.quantifier === 'forall' ? 'and' : 'or'} ${parts.join(' ')})`;
}

function isIntBinder(frame: Frame, binder: QuantifierBinder): boolean {
  return binder.type === undefined || resolveValueType(binder.type, { scope: frame.at.scope }).kind === 'int';
}

/** Whether `name` appears as an index (`s[name]`, `s.index(name)`) somewhere in `expr`. */
function usedAsIndex(expr: Expr, name: string): boolean {
  const isName = (e: Expr | undefined): boolean => e?.kind === 'path' && e.segments.length === 1 && e.segments[0]?.name === name;
  let found = false;
  const visit = (e: unknown): void => {
    if (found || typeof e !== 'object' || e === null) return;
    if (Array.isArray(e)) {
      e.forEach(visit);
      return;
    }
    const node = e as Expr;
    if (node.kind === 'index' && isName(node.index)) found = true;
    if (node.kind === 'method-call' && (node.method === 'index' || node.method === 'spec_index') && isName(node.args[0])) found = true;
    for (const [key, child] of Object.entries(node)) if (key !== 'span') visit(child);
  };
  visit(expr);
  return found;
}
