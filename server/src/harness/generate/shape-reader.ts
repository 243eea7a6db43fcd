// Reads a function's `requires` (through the spec fns it calls, unfolded) for what fixes its inputs' shape: a small
// algebra of integer unknowns (integer parameters, sequence lengths, elements and tuple fields under a `forall`
// over indices, the rows of nested sequences) related by differences (`a.len() == n`, `queries[k].0 <
// queries[k].1 <= a.len()`, `1 <= a[i] <= 1000`), plus enumerations (`grid[i] == 0u8 || grid[i] == 1u8`) and
// moduli (`n % 2 == 0`). What it cannot read is left out: shapes.ts builds inputs that satisfy what was read, and
// the evaluator still decides the whole `requires` on each.

import type { Expr } from '../../syntax';
import type { FunctionContract, ModelScope } from '../../model';
import { aliasedIntConstant, constInstantiation, intRange, layoutConstant, unfoldCall } from '../../eval';
import type { TypeContext, UnfoldSite, ValueType } from '../../eval';
import type { Difference } from './shape-system';
import { ZERO } from './shape-system';
import { namedPlace, readPlace, stripped, unfoldMethod } from './shape-places';
import type { Place } from './shape-places';

/** One integer unknown of a shape. */
export interface ShapeUnknown {
  /** `n`, `len a`, `a[*]`, `queries[*].1`, `len grid[*]`. */
  readonly key: string;
  readonly kind: 'length' | 'value';
  /** The sequence whose length it is, or the integer or char type of the value. */
  readonly type: ValueType;
  /** The element it is chosen anew for: '' for a parameter and a parameter's length, else the path of the
   *  innermost element it lies in (`a[*]`, `grid[*]`). */
  readonly scope: string;
}

export interface Shape {
  /** Unknown `i` of the list is unknown `i + 1` of `differences` (0 is the constant zero). */
  readonly unknowns: readonly ShapeUnknown[];
  readonly differences: readonly Difference[];
  /** Differences read from the consequent of an implication outside a `forall` (`n > 0 ==> a.len() > 0`): making
   *  it true is enough, not needed, so they are dropped when they contradict the others. */
  readonly conditional: readonly Difference[];
  /** The values an unknown is limited to (by its number in `differences`). */
  readonly members: ReadonlyMap<number, readonly bigint[]>;
  readonly moduli: ReadonlyMap<number, { readonly modulus: bigint; readonly remainder: bigint }>;
  readonly excluded: ReadonlyMap<number, readonly bigint[]>;
  /** Unknowns whose elements are pairwise distinct (`a[i] != a[j]`, `a[i] == a[j] ==> i == j`). */
  readonly distinct: ReadonlySet<number>;
  /** Sequence parameters equal as multisets (`a@.to_multiset() == b@.to_multiset()`): the second is built as a
   *  reordering of the first. */
  readonly permutations: readonly (readonly [string, string])[];
}

/** The shape the `requires` of `fn` gives its parameters (`params`: their value types); empty when it says
 *  nothing the reader understands. */
export function readShape(
  scope: ModelScope,
  fn: FunctionContract,
  params: ReadonlyMap<string, ValueType>,
  typeContext: TypeContext,
): Shape {
  const reader: Reader = {
    site: { scope, selfTypeName: fn.selfTypeName, modulePath: fn.modulePath },
    params,
    typeContext,
    consts: constInstantiation(fn, scope),
    bindings: undefined,
    depth: 0,
    unknowns: [],
    differences: [],
    conditional: [],
    members: new Map(),
    moduli: new Map(),
    excluded: new Map(),
    distinct: new Set(),
    permutations: [],
  };
  const top: At = { binders: new Set(), conditional: false, forallBody: false };
  for (const clause of fn.requires) readCondition(reader, clause.clause.expr, top, 0);
  // Every unknown keeps to its type's range (a u8 element, a length at least 0).
  reader.unknowns.forEach((unknown, i) => typeBounds(reader, unknown, i + 1));
  return reader;
}

/** The reading's state: where names resolve (shape-places.ts reads places through it) and what was read so far. */
export interface Reader {
  readonly site: UnfoldSite;
  readonly params: ReadonlyMap<string, ValueType>;
  readonly typeContext: TypeContext;
  readonly consts: ReadonlyMap<string, bigint>;
  /** Inside an unfolded method (`self.wf()` and what it calls): its parameters, bound to places of the function's
   *  parameters; names resolve only through these there. Undefined in the function's own clauses. */
  readonly bindings: ReadonlyMap<string, Place> | undefined;
  /** How many methods deep the reading is. */
  readonly depth: number;
  readonly unknowns: ShapeUnknown[];
  readonly differences: Difference[];
  readonly conditional: Difference[];
  readonly members: Map<number, readonly bigint[]>;
  readonly moduli: Map<number, { readonly modulus: bigint; readonly remainder: bigint }>;
  readonly excluded: Map<number, bigint[]>;
  readonly distinct: Set<number>;
  readonly permutations: (readonly [string, string])[];
}

/** An unknown plus a constant; `unknown` undefined for a constant. `place` is the unknown's path with the binders
 *  written out (`q[k]`): two unknowns are related only when one's place contains the other's. */
interface Term {
  readonly unknown: number | undefined;
  readonly place: string;
  readonly offset: bigint;
}

/** Calls are unfolded this deep. */
const UNFOLD_DEPTH = 3;
const COMPARISONS: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Where a condition is read: the `forall` binders around it (element indices), whether it is the consequent of
 *  an implication outside a `forall`'s own guard, and whether it is a `forall`'s body (whose `==>` is the guard). */
interface At {
  readonly binders: ReadonlySet<string>;
  readonly conditional: boolean;
  readonly forallBody: boolean;
}

/** Reads what makes `expr` true: every conjunct, the consequent of an implication (making it true is enough), the
 *  body of a `forall` with its binders as element indices. */
function readCondition(reader: Reader, expr: Expr, at: At, depth: number): void {
  switch (expr.kind) {
    case 'paren':
      return readCondition(reader, expr.inner, at, depth);
    case 'block':
      if (expr.block.stmts.length === 0 && expr.block.tail !== undefined) readCondition(reader, expr.block.tail, at, depth);
      return;
    case 'quantifier':
      if (expr.quantifier === 'forall') {
        const binders = new Set([...at.binders, ...expr.binders.map((binder) => binder.name)]);
        readCondition(reader, expr.body, { ...at, binders, forallBody: true }, depth);
      }
      return;
    case 'call': {
      const unfolded = depth < UNFOLD_DEPTH ? unfoldCall(reader.site, expr) : undefined;
      if (unfolded !== undefined) readCondition(reader, unfolded, { ...at, forallBody: false }, depth + 1);
      return;
    }
    case 'method-call': {
      const method = depth < UNFOLD_DEPTH ? unfoldMethod(reader, expr, at.binders) : undefined;
      if (method !== undefined)
        readCondition(method.reader, method.body, { binders: new Set(), conditional: at.conditional, forallBody: false }, depth + 1);
      return;
    }
    case 'chain':
      expr.ops.forEach((op, i) => atomically(reader, () => readComparison(reader, op, expr.operands[i], expr.operands[i + 1], at)));
      return;
    case 'binary':
      if (expr.op === '&&') {
        readCondition(reader, expr.left, { ...at, forallBody: false }, depth);
        readCondition(reader, expr.right, { ...at, forallBody: false }, depth);
      } else if (expr.op === '==>' && atomically(reader, () => readsDistinct(reader, expr.left, '==', at.binders))) return;
      else if (expr.op === '==>')
        readCondition(reader, expr.right, { ...at, conditional: at.conditional || !at.forallBody, forallBody: false }, depth);
      else if (expr.op === '||' && !at.conditional) atomically(reader, () => readEnumeration(reader, expr, at.binders));
      else if (
        (expr.op === '==' || expr.op === '=~=') &&
        !at.conditional &&
        atomically(reader, () => readsPermutation(reader, expr.left, expr.right))
      )
        return;
      else if (COMPARISONS.has(expr.op)) atomically(reader, () => readComparison(reader, expr.op, expr.left, expr.right, at));
      return;
    default:
      return;
  }
}

/** Runs one atom's reading; when it added no constraint, the unknowns it met are forgotten, so a parameter only
 *  appears in the shape (and is built by it) when something constrains it. Whether anything was added. */
function atomically(reader: Reader, read: () => unknown): boolean {
  const mark = reader.unknowns.length;
  const before = constraintCount(reader);
  read();
  const added = constraintCount(reader) !== before;
  if (!added) reader.unknowns.length = mark;
  return added;
}

function constraintCount(reader: Reader): number {
  let excluded = 0;
  for (const values of reader.excluded.values()) excluded += values.length;
  return (
    reader.differences.length +
    reader.conditional.length +
    reader.members.size +
    reader.moduli.size +
    excluded +
    reader.distinct.size +
    reader.permutations.length
  );
}

function readComparison(reader: Reader, op: string, leftExpr: Expr | undefined, rightExpr: Expr | undefined, at: At): void {
  if (leftExpr === undefined || rightExpr === undefined) return;
  const binders = at.binders;
  if (readModulus(reader, op, leftExpr, rightExpr, at) || readModulus(reader, op, rightExpr, leftExpr, at)) return;
  const left = readTerm(reader, leftExpr, binders);
  const right = readTerm(reader, rightExpr, binders);
  // `a - b OP c` with two unknowns on one side (`old(s)@.len() - pos >= size_of::<Self>()`) is `a OP c + b`: spec
  // arithmetic is on unbounded integers, so moving `b` across is exact.
  const leftInner = stripped(leftExpr);
  if (left === undefined && leftInner.kind === 'binary' && leftInner.op === '-')
    return readComparison(reader, op, leftInner.left, { ...leftInner, op: '+', left: rightExpr, right: leftInner.right }, at);
  const rightInner = stripped(rightExpr);
  if (right === undefined && rightInner.kind === 'binary' && rightInner.op === '-')
    return readComparison(reader, op, { ...rightInner, op: '+', left: leftExpr, right: rightInner.right }, rightInner.left, at);
  if (op === '!=' && sameUnknownElsewhere(left, right)) {
    reader.distinct.add(left?.unknown ?? 0);
    return;
  }
  if (left === undefined || right === undefined || !related(left, right)) return;
  if (left.unknown === undefined && right.unknown === undefined) return;
  // left.unknown + left.offset OP right.unknown + right.offset, as left.unknown - right.unknown OP gap.
  const gap = right.offset - left.offset;
  const from = right.unknown ?? ZERO;
  const to = left.unknown ?? ZERO;
  const differences = at.conditional ? reader.conditional : reader.differences;
  const push = (a: number, b: number, bound: bigint): void => {
    differences.push({ from: a, to: b, bound });
  };
  switch (op) {
    case '==':
      push(from, to, gap);
      push(to, from, -gap);
      return;
    case '<=':
      return push(from, to, gap);
    case '<':
      return push(from, to, gap - 1n);
    case '>=':
      return push(to, from, -gap);
    case '>':
      return push(to, from, -gap - 1n);
    case '!=': {
      const single = left.unknown === undefined ? right : right.unknown === undefined ? left : undefined;
      const other = single === left ? right : left;
      if (single?.unknown !== undefined && !at.conditional)
        reader.excluded.set(single.unknown, [...(reader.excluded.get(single.unknown) ?? []), other.offset - single.offset]);
      return;
    }
    default:
      return;
  }
}

/** `a[i] == a[j]` (`op`) between two elements of one unknown: the antecedent of `==> i == j` (the consequent
 *  then holds whenever the elements are distinct, which is what the unknown is marked). */
function readsDistinct(reader: Reader, expr: Expr, op: string, binders: ReadonlySet<string>): boolean {
  const inner = stripped(expr);
  if (inner.kind !== 'binary' || inner.op !== op) return false;
  const left = readTerm(reader, inner.left, binders);
  const right = readTerm(reader, inner.right, binders);
  if (!sameUnknownElsewhere(left, right)) return false;
  reader.distinct.add(left?.unknown ?? 0);
  return true;
}

/** Two elements of one unknown at different places (`a[i]` and `a[j]`). */
function sameUnknownElsewhere(left: Term | undefined, right: Term | undefined): boolean {
  return (
    left?.unknown !== undefined &&
    left.unknown === right?.unknown &&
    left.place !== right.place &&
    left.offset === 0n &&
    right.offset === 0n
  );
}

/** `a@.to_multiset() == b@.to_multiset()` between two sequence parameters: `b` is a reordering of `a`, so their
 *  lengths are equal too. */
function readsPermutation(reader: Reader, leftExpr: Expr, rightExpr: Expr): boolean {
  const multisetOf = (expr: Expr): Place | undefined => {
    const inner = stripped(expr);
    const place =
      inner.kind === 'method-call' && inner.method === 'to_multiset' && inner.args.length === 0
        ? readPlace(reader, inner.receiver, new Set())
        : undefined;
    return place?.type.kind === 'seq' && reader.params.has(place.key) ? place : undefined;
  };
  const left = multisetOf(leftExpr);
  const right = multisetOf(rightExpr);
  if (left === undefined || right === undefined || left.key === right.key) return false;
  reader.permutations.push([left.key, right.key]);
  const leftLength = placeTerm(reader, left, 'length');
  const rightLength = placeTerm(reader, right, 'length');
  if (leftLength?.unknown !== undefined && rightLength?.unknown !== undefined) {
    reader.differences.push({ from: leftLength.unknown, to: rightLength.unknown, bound: 0n });
    reader.differences.push({ from: rightLength.unknown, to: leftLength.unknown, bound: 0n });
  }
  return true;
}

/** `x % k == r` for a literal k > 0 and r. */
function readModulus(reader: Reader, op: string, dividend: Expr, remainderExpr: Expr, at: At): boolean {
  const inner = stripped(dividend);
  if (op !== '==' || inner.kind !== 'binary' || inner.op !== '%') return false;
  if (at.conditional) return true;
  const binders = at.binders;
  const term = readTerm(reader, inner.left, binders);
  const modulus = readTerm(reader, inner.right, binders);
  const remainder = readTerm(reader, remainderExpr, binders);
  if (term?.unknown === undefined || term.offset !== 0n || modulus?.unknown !== undefined || remainder?.unknown !== undefined) return true;
  if (modulus === undefined || remainder === undefined || modulus.offset <= 0n) return true;
  reader.moduli.set(term.unknown, { modulus: modulus.offset, remainder: remainder.offset });
  return true;
}

/** `x == a || x == b || ..`: x is one of the listed values. */
function readEnumeration(reader: Reader, expr: Expr, binders: ReadonlySet<string>): void {
  const values: bigint[] = [];
  let unknown: number | undefined;
  for (const disjunct of disjuncts(expr)) {
    const inner = stripped(disjunct);
    if (inner.kind !== 'binary' || inner.op !== '==') return;
    const left = readTerm(reader, inner.left, binders);
    const right = readTerm(reader, inner.right, binders);
    const [variable, constant] = left?.unknown !== undefined ? [left, right] : [right, left];
    if (variable?.unknown === undefined || constant === undefined || constant.unknown !== undefined) return;
    if (unknown !== undefined && unknown !== variable.unknown) return;
    unknown = variable.unknown;
    values.push(constant.offset - variable.offset);
  }
  if (unknown === undefined) return;
  const known = reader.members.get(unknown);
  reader.members.set(unknown, known === undefined ? values : known.filter((value) => values.includes(value)));
}

function disjuncts(expr: Expr): Expr[] {
  const inner = stripped(expr);
  return inner.kind === 'binary' && inner.op === '||' ? [...disjuncts(inner.left), ...disjuncts(inner.right)] : [inner];
}

/** An expression as unknown + constant: literals, constants, integer parameters, lengths, elements under the
 *  binders; `+`/`-` of a constant; casts and views see through. */
function readTerm(reader: Reader, expr: Expr, binders: ReadonlySet<string>): Term | undefined {
  const inner = stripped(expr);
  switch (inner.kind) {
    case 'int':
      return constant(inner.value);
    case 'char':
      return constant(BigInt(inner.value.codePointAt(0) ?? 0));
    case 'unary': {
      const operand = inner.op === '-' ? readTerm(reader, inner.operand, binders) : undefined;
      return operand === undefined || operand.unknown !== undefined ? undefined : constant(-operand.offset);
    }
    case 'binary': {
      if (inner.op !== '+' && inner.op !== '-' && inner.op !== '*') return undefined;
      const left = readTerm(reader, inner.left, binders);
      const right = readTerm(reader, inner.right, binders);
      if (left === undefined || right === undefined) return undefined;
      if (inner.op === '*')
        return left.unknown === undefined && right.unknown === undefined ? constant(left.offset * right.offset) : undefined;
      if (right.unknown === undefined)
        return { ...left, offset: inner.op === '+' ? left.offset + right.offset : left.offset - right.offset };
      return inner.op === '+' && left.unknown === undefined ? { ...right, offset: left.offset + right.offset } : undefined;
    }
    case 'path':
      return namedTerm(
        reader,
        inner.segments.map((segment) => segment.name),
      );
    case 'call': {
      const layout = layoutConstant(inner, reader.typeContext);
      return layout === undefined ? placeTerm(reader, readPlace(reader, inner, binders), 'value') : constant(layout);
    }
    case 'method-call': {
      const receiver = inner.method === 'len' && inner.args.length === 0 ? readPlace(reader, inner.receiver, binders) : undefined;
      if (receiver?.type.kind === 'seq') return placeTerm(reader, receiver, 'length');
      const method = unfoldMethod(reader, inner, binders);
      if (method !== undefined) return readTerm(method.reader, method.body, new Set());
      return placeTerm(reader, readPlace(reader, inner, binders), 'value');
    }
    default:
      return placeTerm(reader, readPlace(reader, inner, binders), 'value');
  }
}

function constant(value: bigint): Term {
  return { unknown: undefined, place: '', offset: value };
}

/** A const generic, `u32::MAX`, a `const` with a literal value, or an integer parameter. */
function namedTerm(reader: Reader, names: readonly string[]): Term | undefined {
  const [first, second] = names;
  if (first === undefined) return undefined;
  const generic = names.length === 1 ? reader.consts.get(first) : undefined;
  if (generic !== undefined) return constant(generic);
  if (names.length === 2 && second !== undefined) {
    const limit = aliasedIntConstant(reader.site.scope, first, second);
    if (limit !== undefined) return constant(limit);
  }
  const item = reader.site.scope.constant(names, reader.site.selfTypeName, reader.site.modulePath);
  const value = item?.value === undefined ? undefined : stripped(item.value);
  if (value?.kind === 'int') return constant(value.value);
  return names.length === 1 ? placeTerm(reader, namedPlace(reader, first, new Set()), 'value') : undefined;
}

/** The unknown at a place in a parameter (`a`, `a[i]`, `q[k].0`, `grid[i]`), its value or its length. */
function placeTerm(reader: Reader, place: Place | undefined, kind: 'length' | 'value'): Term | undefined {
  if (place === undefined) return undefined;
  const type = place.type;
  if (kind === 'length' ? type.kind !== 'seq' : type.kind !== 'int' && type.kind !== 'char') return undefined;
  const key = kind === 'length' ? `len ${place.key}` : place.key;
  const scope = elementScope(place.key);
  let index = reader.unknowns.findIndex((unknown) => unknown.key === key);
  if (index < 0) index = reader.unknowns.push({ key, kind, type, scope }) - 1;
  return { unknown: index + 1, place: place.written, offset: 0n };
}

/** The element an unknown at (or the length of) the place `key` is chosen for: the innermost `[*]` in it. */
function elementScope(key: string): string {
  const end = key.lastIndexOf('[*]');
  return end < 0 ? '' : key.slice(0, end + 3);
}

/** Two places can be related when one lies inside the other (`q[k].0` and `q[k].1`, `grid[i]` and `m`); `a[i]`
 *  and `a[j]`, or `a[i]` and `b[i]`, are relations between elements, which the reader leaves out. */
function related(left: Term, right: Term): boolean {
  const [short, long] = left.place.length <= right.place.length ? [left.place, right.place] : [right.place, left.place];
  const outer = (place: string): string => {
    const end = place.lastIndexOf(']');
    return end < 0 ? '' : place.slice(0, end + 1);
  };
  const a = outer(short);
  const b = outer(long);
  return a === '' || b === a || b.startsWith(`${a}[`) || b.startsWith(`${a}.`);
}

function typeBounds(reader: Reader, unknown: ShapeUnknown, index: number): void {
  if (unknown.kind === 'length') {
    reader.differences.push({ from: index, to: ZERO, bound: 0n });
    if (unknown.type.kind === 'seq' && unknown.type.length !== undefined) {
      reader.differences.push({ from: ZERO, to: index, bound: BigInt(unknown.type.length) });
      reader.differences.push({ from: index, to: ZERO, bound: -BigInt(unknown.type.length) });
    }
    return;
  }
  const range = unknown.type.kind === 'int' ? intRange(unknown.type.int) : { min: 0n, max: 0x10ffffn };
  if (range.min !== undefined) reader.differences.push({ from: index, to: ZERO, bound: -range.min });
  if (range.max !== undefined) reader.differences.push({ from: ZERO, to: index, bound: range.max });
}
