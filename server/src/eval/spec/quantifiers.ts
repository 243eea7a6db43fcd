// `forall`, `exists`, `choose` and set comprehensions over domains the evaluator can enumerate: bounds and
// memberships read off the guard (any order or orientation, nested binders, guards inside called spec fns), or a
// small finite binder type. The domain only has to contain every binding the guard admits; the full body is
// evaluated on each. A binder with no such domain ranges over candidate values (quantifier-candidates.ts): they
// can refute a `forall` or prove an `exists`, never the converse, so otherwise the reason stays "unbounded".

import type { ComparisonOp, Expr, Span, Type } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { inRange, intRange, valueEquals, valueKey } from '../value-ops';
import type { Env, Failure, Res, SpecContext } from './spec-context';
import { BUDGET_EXHAUSTED, bindLocal, charge, envFromCapture, indeterminate, isFailure, step, unsupported } from './spec-context';
import { evalExpr } from './evaluate';
import { asIntType } from './integers';
import { truth } from './operators';
import type { CandidateSource, UnfoldSite } from './quantifier-candidates';
import { candidateSources, containsError, isName, isUnboundedIntType, mentions, unfoldCall } from './quantifier-candidates';
import { parametricDomain } from './parametric-domain';
import { productEquation } from './product-equations';
import { sequenceCandidates } from './sequence-candidates';
import { splitTupleBinder } from './tuple-binders';
import type { SplitBinder } from './tuple-binders';
import { CHOOSE_NO_WITNESS, CHOOSE_SEVERAL_WITNESSES, unboundedQuantifier } from './reasons';

interface Binder {
  readonly name: string;
  readonly type: Type | undefined;
}

/** A fact the guard states about binders: a comparison, or membership in a collection. */
type Atom =
  | { readonly kind: 'cmp'; readonly left: Expr; readonly op: ComparisonOp; readonly right: Expr }
  | { readonly kind: 'member'; readonly collection: Expr; readonly element: Expr }
  /** `A || B || ..`: each alternative's atoms. A binder bounded in every alternative lies in their hull. */
  | { readonly kind: 'any'; readonly alternatives: readonly (readonly Atom[])[] };

/** A range or list of values; `partial` when it holds candidates only (the binder's domain is not bounded),
 *  with the reason the quantifier stays undecided unless a candidate decides it. */
type Domain =
  | { readonly kind: 'range'; readonly lo: bigint; readonly hi: bigint; readonly partial?: undefined }
  | { readonly kind: 'list'; readonly values: readonly Value[]; readonly partial?: Failure };

/** At most this many candidate values per binder (each is one evaluation of the body). */
const CANDIDATE_LIMIT = 4_096;

/** At most this many distinct `choose` witnesses are collected (each re-evaluates the enclosing clause). */
export const CHOOSE_WITNESS_LIMIT = 16;

export const SMALL_TYPES: ReadonlySet<string> = new Set(['u8', 'i8', 'u16', 'i16']);

/** The quantifier's domain plan, computed once per context. */
export function quantifierPlan(ctx: SpecContext, expr: Extract<Expr, { kind: 'quantifier' }>): readonly BinderPlan[] {
  let plan = ctx.quantifierPlans.get(expr);
  if (plan === undefined) {
    const split = splitQuantifier(expr);
    const binders: Binder[] =
      split === undefined
        ? expr.binders.map((b) => ({ name: b.name, type: b.type }))
        : split.names.map((name, i) => ({ name, type: split.types[i] }));
    const body = split?.body ?? expr.body;
    plan = planBinders(ctx, binders, expr.quantifier === 'forall' ? antecedentAtoms(ctx, body) : conjunctAtoms(ctx, body, [], 0), body);
    ctx.quantifierPlans.set(expr, plan);
  }
  return plan;
}

/** A quantifier over one tuple (`forall|t: (int, int)| ..`) ranges over its components (tuple-binders.ts). */
function splitQuantifier(expr: Extract<Expr, { kind: 'quantifier' }>): SplitBinder | undefined {
  const [binder] = expr.binders;
  return expr.binders.length === 1 && binder !== undefined ? splitTupleBinder(binder.name, binder.type, expr.body) : undefined;
}

export function evalQuantifier(ctx: SpecContext, expr: Extract<Expr, { kind: 'quantifier' }>, env: Env): Res {
  const plan = quantifierPlan(ctx, expr);
  const walk: Walk = {
    ctx,
    plan,
    span: expr.span,
    body: splitQuantifier(expr)?.body ?? expr.body,
    quantifier: expr.quantifier,
    values: [],
    firstFailure: undefined,
    partial: undefined,
    decided: false,
    found: [],
  };
  enumerateFrom(walk, 0, env);
  if (expr.quantifier === 'choose') return chooseResult(ctx, expr, walk);
  if (walk.decided) return bool(expr.quantifier === 'exists');
  if (walk.partial !== undefined) return walk.firstFailure?.kind === 'unsupported' ? walk.firstFailure : walk.partial;
  return walk.firstFailure ?? bool(expr.quantifier === 'forall');
}

/** `choose` is arbitrary among its witnesses: one witness is the value; with several, the value is the witness
 *  the enclosing clause fixed (entry.ts re-evaluates it once per witness), otherwise indeterminate. */
function chooseResult(ctx: SpecContext, expr: Extract<Expr, { kind: 'quantifier' }>, walk: Walk): Res {
  if (walk.partial !== undefined) return walk.partial;
  if (walk.found.length > CHOOSE_WITNESS_LIMIT)
    return indeterminate(`${CHOOSE_SEVERAL_WITNESSES} (more than ${CHOOSE_WITNESS_LIMIT})`, expr.span);
  if (walk.found.length > 1) {
    const fixed = ctx.chosen.get(expr);
    if (fixed !== undefined && sameWitnesses(fixed.witnesses, walk.found)) return fixed.pick;
    if (fixed === undefined) ctx.pendingChoice ??= { expr, witnesses: walk.found };
    return indeterminate(CHOOSE_SEVERAL_WITNESSES, expr.span);
  }
  if (walk.firstFailure !== undefined) return walk.firstFailure;
  return walk.found[0] ?? indeterminate(CHOOSE_NO_WITNESS, expr.span);
}

function sameWitnesses(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((witness, i) => valueEquals(witness, b[i] as Value));
}

/** The members of `Set::new(|x| P(x))`: the closure's body is the guard of its parameter. */
export function comprehension(ctx: SpecContext, fn: Value, span: Span): Value[] | Failure {
  const param = fn.kind === 'closure' && fn.params.length === 1 ? fn.params[0] : undefined;
  if (fn.kind !== 'closure' || param?.kind !== 'binding') return unsupported('set comprehension that is not `|x| ..`', span);
  const type = ctx.closureParamTypes.get(fn.body)?.[0];
  const split = splitTupleBinder(param.name, type, fn.body);
  const binders: Binder[] =
    split === undefined ? [{ name: param.name, type }] : split.names.map((name, i) => ({ name, type: split.types[i] }));
  const body = split?.body ?? fn.body;
  let plan = ctx.quantifierPlans.get(fn.body);
  if (plan === undefined) {
    plan = planBinders(ctx, binders, conjunctAtoms(ctx, body, [], 0), body);
    ctx.quantifierPlans.set(fn.body, plan);
  }
  const walk: Walk = {
    ctx,
    plan,
    span,
    body,
    quantifier: 'comprehension',
    values: [],
    firstFailure: undefined,
    partial: undefined,
    decided: false,
    found: [],
  };
  enumerateFrom(walk, 0, envFromCapture(fn.env));
  return walk.partial ?? walk.firstFailure ?? walk.found;
}

/** One enumeration's state, in one object so the hot loop allocates no closures. `found` collects distinct
 *  witnesses (`choose`) or members (comprehension). */
interface Walk {
  readonly ctx: SpecContext;
  readonly plan: readonly BinderPlan[];
  readonly span: Span;
  readonly body: Expr;
  readonly quantifier: 'forall' | 'exists' | 'choose' | 'comprehension';
  /** The current binder values (read by `choose` and comprehensions only). */
  readonly values: Value[];
  firstFailure: Failure | undefined;
  /** Set when some binder ranged over candidates only: why the quantifier is undecided unless one decides it. */
  partial: Failure | undefined;
  decided: boolean;
  readonly found: Value[];
}

/** Records a failure; whether to go on (a comprehension stops at the first; quantifiers stop on the budget). */
function onFailure(walk: Walk, failure: Failure): boolean {
  walk.firstFailure ??= failure;
  if (walk.quantifier === 'comprehension') return false;
  return failure.kind !== 'indeterminate' || failure.reason !== BUDGET_EXHAUSTED;
}

/** Evaluates the body at one binding; whether to go on. */
function visit(walk: Walk, inner: Env): boolean {
  const t = truth(evalExpr(walk.ctx, walk.body, inner), walk.body.span);
  if (typeof t !== 'boolean') return onFailure(walk, t);
  switch (walk.quantifier) {
    case 'forall':
      if (!t) walk.decided = true;
      return !walk.decided;
    case 'exists':
      if (t) walk.decided = true;
      return !walk.decided;
    case 'choose': {
      if (t) {
        const values = walk.values;
        const witness: Value = values.length === 1 ? (values[0] as Value) : { kind: 'tuple', elements: [...values] };
        if (!walk.found.some((w) => valueEquals(w, witness))) walk.found.push(witness);
      }
      return walk.found.length <= CHOOSE_WITNESS_LIMIT;
    }
    default:
      if (t) walk.found.push(walk.values.length === 1 ? (walk.values[0] as Value) : { kind: 'tuple', elements: [...walk.values] });
      return true;
  }
}

function enumerateFrom(walk: Walk, k: number, current: Env): boolean {
  const binder = walk.plan[k];
  if (binder === undefined) return visit(walk, current);
  const ctx = walk.ctx;
  const domain = domainOf(ctx, binder, current, walk.span);
  if ('reason' in domain || 'construct' in domain) return onFailure(walk, domain);
  // Comprehensions and `choose` need every member or witness: candidates cannot give them.
  if (domain.partial !== undefined && (walk.quantifier === 'comprehension' || walk.quantifier === 'choose'))
    return onFailure(walk, domain.partial);
  if (domain.partial !== undefined) walk.partial ??= domain.partial;
  const size = domain.kind === 'range' ? domain.hi - domain.lo : BigInt(domain.values.length);
  if (size > BigInt(Math.max(0, ctx.stepBudget - ctx.steps))) {
    ctx.steps = ctx.stepBudget + 1;
    return onFailure(walk, indeterminate(BUDGET_EXHAUSTED, walk.span));
  }
  const n = Number(size);
  const tracksValues = walk.quantifier === 'choose' || walk.quantifier === 'comprehension';
  let next = domain.kind === 'range' ? domain.lo : 0n;
  for (let i = 0; i < n; i++) {
    const spent = step(ctx, walk.span);
    if (spent !== undefined) return onFailure(walk, spent);
    let value: Value;
    if (domain.kind === 'range') {
      value = { kind: 'int', value: next };
      next++;
    } else {
      value = domain.values[i] as Value;
    }
    if (tracksValues) {
      walk.values[k] = value;
      walk.values.length = k + 1;
    }
    if (!enumerateFrom(walk, k + 1, bindLocal(current, binder.name, value))) return false;
  }
  return true;
}

/** What the guard says about one binder, computed once per quantifier (the AST is immutable). */
export interface BinderPlan {
  readonly name: string;
  readonly typeName: string | undefined;
  /** Expressions whose value lists the binder's candidates: collections (`c.contains(x)`) or `x == e`. */
  readonly sources: readonly BinderSource[];
  /** Bounds (tagged `true` for upper) that mention no binder from this one on. */
  readonly bounds: readonly [Bound, boolean][];
  /** Per disjunctive guard atom, each alternative's bounds (with the other atoms' bounds and `x == e` as both). */
  readonly hulls: readonly (readonly (readonly [Bound, boolean][])[])[];
  /** Where candidate values come from when no bound domain is found. */
  readonly candidates: readonly CandidateSource[];
  /** For a binder of type `Seq<E>`: `E` as written (undefined when not written); sequence-candidates.ts. */
  readonly seqElement?: Type | undefined;
  readonly isSeq: boolean;
}

function planBinders(ctx: SpecContext, binders: readonly Binder[], atoms: readonly Atom[], body: Expr): BinderPlan[] {
  return binders.map((binder, k) => {
    const excluded = new Set(binders.slice(k).map((b) => b.name));
    const sources: BinderSource[] = [];
    const unboundedInt = binder.type === undefined || isUnboundedIntType(binder.type);
    for (const atom of atoms) {
      if (atom.kind === 'any') continue;
      const source =
        atom.kind === 'member' ? (isName(atom.element, binder.name) ? atom.collection : undefined) : equalityPartner(atom, binder.name);
      if (source !== undefined && !mentions(source, excluded)) sources.push({ expr: source, isMember: atom.kind === 'member' });
      else if (source === undefined && atom.kind === 'cmp' && atom.op === '==') {
        const equation = productEquation(ctx, atom.left, atom.right, binder.name, unboundedInt, excluded);
        if (equation !== undefined) sources.push({ expr: equation.product, isMember: false, factor: equation.factor });
      }
    }
    const written = binder.type?.kind === 'path' ? binder.type.segments.map((seg) => seg.name).join('::') : undefined;
    const aliased = written === undefined ? undefined : ctx.scope.typeAlias(written)?.type;
    const typeName = aliased?.kind === 'path' ? aliased.segments.map((seg) => seg.name).join('::') : written;
    const plain = atoms.filter((atom) => atom.kind !== 'any');
    const hulls = atoms.flatMap((atom) =>
      atom.kind === 'any'
        ? [atom.alternatives.map((alternative) => boundExprs([...plain, ...alternative.flatMap(equalityAsBounds)], binder.name, excluded))]
        : [],
    );
    const candidates = candidateSources(ctx, body, binder.name, excluded);
    const last = binder.type?.kind === 'path' ? binder.type.segments[binder.type.segments.length - 1] : undefined;
    const isSeq = last?.name === 'Seq';
    const elementArg = isSeq ? last?.generics[0] : undefined;
    const seqElement = elementArg === undefined || elementArg.kind === 'binding' ? undefined : elementArg;
    return { name: binder.name, typeName, sources, bounds: boundExprs(atoms, binder.name, excluded), hulls, candidates, isSeq, seqElement };
  });
}

/** `c.contains(x)`, `x == e`, or `factor * x == e` (product-equations.ts). */
interface BinderSource {
  readonly expr: Expr;
  readonly isMember: boolean;
  readonly factor?: Expr;
}

/** The values a binder may take given earlier binders' values (bound in `env`). */
function domainOf(ctx: SpecContext, plan: BinderPlan, env: Env, span: Span): Domain | Failure {
  let failure: Failure | undefined;
  for (const source of plan.sources) {
    const value = evalExpr(ctx, source.expr, env);
    if (isFailure(value)) {
      failure ??= value;
      continue;
    }
    if (source.factor !== undefined) {
      const solution = quotientDomain(ctx, value, source.factor, plan.typeName, env);
      if (solution === undefined) continue;
      if ('kind' in solution) {
        failure ??= solution;
        continue;
      }
      return { kind: 'list', values: solution };
    }
    if (!source.isMember) return { kind: 'list', values: [value] };
    const members = membersOf(value);
    if (members !== undefined) return { kind: 'list', values: members };
  }
  const typeName = plan.typeName;
  if (typeName === 'bool') return { kind: 'list', values: [bool(false), bool(true)] };
  const intType = asIntType(typeName ?? 'int');
  if (intType === undefined && typeName !== undefined && ctx.parametricTypes.has(typeName)) {
    const values = parametricDomain(env);
    if (values !== undefined) return { kind: 'list', values };
  }
  if (intType === undefined)
    return candidateDomain(ctx, plan, env, failure ?? indeterminate(unboundedQuantifier(typeName ?? 'a non-integer type'), span), span);
  const range = intRange(intType);
  let lo = range.min;
  let hi = range.max === undefined ? undefined : range.max + 1n;
  let loFromGuard = false;
  let hiFromGuard = false;
  for (const [bound, isUpper] of plan.bounds) {
    const value = evalExpr(ctx, bound.expr, env);
    if (isFailure(value)) {
      failure ??= value;
      continue;
    }
    if (value.kind !== 'int') continue;
    if (isUpper) {
      const limit = bound.inclusive ? value.value + 1n : value.value;
      if (hi === undefined || limit < hi) hi = limit;
      hiFromGuard = true;
    } else {
      const limit = bound.inclusive ? value.value : value.value + 1n;
      if (lo === undefined || limit > lo) lo = limit;
      loFromGuard = true;
    }
  }
  for (const hull of plan.hulls) {
    const limits = hullLimits(ctx, hull, env);
    if (limits === undefined) continue;
    if (limits.lo !== undefined && (lo === undefined || limits.lo > lo)) [lo, loFromGuard] = [limits.lo, true];
    if (limits.hi !== undefined && (hi === undefined || limits.hi < hi)) [hi, hiFromGuard] = [limits.hi, true];
  }
  // A type's own range bounds the domain only for small types, and from below at 0 for unsigned/nat binders.
  const small = SMALL_TYPES.has(intType);
  const loOk = loFromGuard || small || lo === 0n;
  const hiOk = hiFromGuard || small;
  if (lo === undefined || hi === undefined || !loOk || !hiOk) {
    return candidateDomain(ctx, plan, env, failure ?? indeterminate(unboundedQuantifier(typeName ?? 'int'), span), span);
  }
  return { kind: 'range', lo, hi: hi < lo ? lo : hi };
}

/** The solutions of `factor * x == product` within the binder's type: none, or the one quotient. Undefined
 *  when the equation says nothing (a zero factor, a non-integer). */
function quotientDomain(
  ctx: SpecContext,
  product: Value,
  factorExpr: Expr,
  typeName: string | undefined,
  env: Env,
): Value[] | Failure | undefined {
  const factor = evalExpr(ctx, factorExpr, env);
  if (isFailure(factor)) return factor;
  if (product.kind !== 'int' || factor.kind !== 'int' || factor.value === 0n) return undefined;
  if (product.value % factor.value !== 0n) return [];
  const quotient = product.value / factor.value;
  const intType = asIntType(typeName ?? 'int');
  return intType === undefined || inRange(quotient, intType) ? [{ kind: 'int', value: quotient }] : [];
}

/** The candidate values of an unbounded binder (deduplicated, in source order, within its type's range), or
 *  `undecided` when there are none. */
function candidateDomain(ctx: SpecContext, plan: BinderPlan, env: Env, undecided: Failure, span: Span): Domain | Failure {
  const intType = asIntType(plan.typeName ?? 'int');
  const seen = new Set<string>();
  const values: Value[] = [];
  let spent: Failure | undefined;
  const add = (value: Value): void => {
    if (values.length >= CANDIDATE_LIMIT || spent !== undefined) return;
    // Keying a candidate costs its size: nested sequence binders over long sequences are work like any other.
    spent = charge(ctx, value.kind === 'seq' ? 1 + value.elements.length : 1, span);
    if (intType !== undefined && (value.kind !== 'int' || !inRange(value.value, intType))) return;
    const key = valueKey(value);
    if (key === undefined || seen.has(key)) return;
    seen.add(key);
    values.push(value);
  };
  for (const source of plan.candidates) {
    const value = evalExpr(ctx, source.kind === 'near' ? source.value : source.collection, env);
    if (isFailure(value)) continue;
    if (source.kind === 'members') membersOf(value)?.forEach(add);
    else if (source.kind === 'near' && value.kind === 'int')
      for (const delta of [0n, -1n, 1n]) add({ kind: 'int', value: value.value + delta });
    else if (source.kind === 'indices' && value.kind === 'seq') {
      const count = Math.min(value.elements.length, CANDIDATE_LIMIT);
      for (let i = 0; i < count; i++) add({ kind: 'int', value: BigInt(i) - source.offset });
    } else if (source.kind === 'indices' && value.kind === 'map') value.entries.forEach(([key]) => add(key));
  }
  if (plan.isSeq) sequenceCandidates(env, plan.seqElement).forEach(add);
  if (spent !== undefined) return spent;
  return values.length === 0 ? undecided : { kind: 'list', values, partial: undecided };
}

/** The hull of a disjunction's alternatives: the least lower and greatest upper limit (exclusive), each only
 *  when every alternative has one. Undefined when a bound cannot be evaluated (the plain bounds decide then). */
function hullLimits(
  ctx: SpecContext,
  alternatives: readonly (readonly [Bound, boolean][])[],
  env: Env,
): { lo: bigint | undefined; hi: bigint | undefined } | undefined {
  let hullLo: bigint | undefined;
  let hullHi: bigint | undefined;
  let loEverywhere = true;
  let hiEverywhere = true;
  for (const bounds of alternatives) {
    let lo: bigint | undefined;
    let hi: bigint | undefined;
    for (const [bound, isUpper] of bounds) {
      const value = evalExpr(ctx, bound.expr, env);
      if (isFailure(value)) return undefined;
      if (value.kind !== 'int') continue;
      if (isUpper) {
        const limit = bound.inclusive ? value.value + 1n : value.value;
        if (hi === undefined || limit < hi) hi = limit;
      } else {
        const limit = bound.inclusive ? value.value : value.value + 1n;
        if (lo === undefined || limit > lo) lo = limit;
      }
    }
    if (lo === undefined) loEverywhere = false;
    else if (hullLo === undefined || lo < hullLo) hullLo = lo;
    if (hi === undefined) hiEverywhere = false;
    else if (hullHi === undefined || hi > hullHi) hullHi = hi;
  }
  return { lo: loEverywhere ? hullLo : undefined, hi: hiEverywhere ? hullHi : undefined };
}

/** Inside a disjunct, `x == e` bounds `x` from both sides. */
function equalityAsBounds(atom: Atom): Atom[] {
  if (atom.kind !== 'cmp' || atom.op !== '==') return [atom];
  return [atom, { ...atom, op: '<=' }, { ...atom, op: '>=' }];
}

export interface Bound {
  readonly expr: Expr;
  readonly inclusive: boolean;
}

/** Lower and upper bounds of `name` (tagged `true` for upper) whose expressions avoid the excluded binders.
 *  A bound that is itself a later binder is replaced by that binder's bound in the same direction (`i < j < n`
 *  gives `i <= n`), which can only widen the domain. */
function boundExprs(
  atoms: readonly Atom[],
  name: string,
  excluded: ReadonlySet<string>,
  seen: Set<string> = new Set(),
): [Bound, boolean][] {
  seen.add(name);
  const out: [Bound, boolean][] = [];
  for (const atom of atoms) {
    if (atom.kind !== 'cmp' || atom.op === '==' || atom.op === '!=') continue;
    let other: Expr;
    let op: ComparisonOp = atom.op;
    if (isName(atom.left, name)) other = atom.right;
    else if (isName(atom.right, name)) {
      other = atom.left;
      op = FLIP[atom.op];
    } else continue;
    const isUpper = op === '<' || op === '<=';
    const inclusive = op === '<=' || op === '>=';
    if (!mentions(other, excluded)) {
      out.push([{ expr: other, inclusive }, isUpper]);
      continue;
    }
    const via = other.kind === 'path' && other.segments.length === 1 ? other.segments[0]?.name : undefined;
    if (via === undefined || !excluded.has(via) || seen.has(via)) continue;
    for (const [bound, upper] of boundExprs(atoms, via, excluded, seen)) {
      if (upper === isUpper) out.push([{ expr: bound.expr, inclusive: true }, upper]);
    }
  }
  return out;
}

const FLIP: Readonly<Record<ComparisonOp, ComparisonOp>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

function equalityPartner(atom: Extract<Atom, { kind: 'cmp' }>, name: string): Expr | undefined {
  if (atom.op !== '==') return undefined;
  if (isName(atom.left, name)) return atom.right;
  if (isName(atom.right, name)) return atom.left;
  return undefined;
}

function membersOf(value: Value): readonly Value[] | undefined {
  switch (value.kind) {
    case 'seq':
    case 'set':
      return value.elements;
    case 'map':
      return value.entries.map(([k]) => k);
    case 'multiset':
      return value.entries.map(([e]) => e);
    default:
      return undefined;
  }
}

/** Atoms of the antecedents of a (right-nested) implication: `A ==> B ==> C` gives atoms of A and B. */
function antecedentAtoms(site: UnfoldSite, body: Expr): Atom[] {
  const atoms: Atom[] = [];
  let current = body;
  while (current.kind === 'paren') current = current.inner;
  while (current.kind === 'binary' && current.op === '==>') {
    conjunctAtoms(site, current.left, atoms, 0);
    current = current.right;
    while (current.kind === 'paren') current = current.inner;
  }
  return atoms;
}

/** How deep guard calls are unfolded into their spec fn bodies. */
const GUARD_UNFOLD_DEPTH = 3;

/** The atoms of a conjunction; a call to a spec fn contributes the atoms of its unfolded body (`in_range(i, n)`
 *  with `spec fn in_range(i: int, n: int) -> bool { 0 <= i < n }` bounds `i`). */
function conjunctAtoms(site: UnfoldSite, expr: Expr, out: Atom[], depth: number): Atom[] {
  switch (expr.kind) {
    case 'paren':
      return conjunctAtoms(site, expr.inner, out, depth);
    case 'binary':
      if (expr.op === '&&') {
        conjunctAtoms(site, expr.left, out, depth);
        conjunctAtoms(site, expr.right, out, depth);
      } else if (expr.op === '||') {
        out.push({ kind: 'any', alternatives: disjuncts(expr, []).map((alternative) => conjunctAtoms(site, alternative, [], depth)) });
      } else if (expr.op === 'has') out.push({ kind: 'member', collection: expr.left, element: expr.right });
      else if (['<', '<=', '>', '>=', '=='].includes(expr.op)) {
        out.push({ kind: 'cmp', left: expr.left, op: expr.op as ComparisonOp, right: expr.right });
      }
      return out;
    case 'chain':
      for (let i = 0; i < expr.ops.length; i++) {
        const left = expr.operands[i];
        const right = expr.operands[i + 1];
        const op = expr.ops[i];
        if (left !== undefined && right !== undefined && op !== undefined) out.push({ kind: 'cmp', left, op, right });
      }
      return out;
    case 'method-call': {
      const arg = expr.args[0];
      if ((expr.method === 'contains' || expr.method === 'contains_key') && arg !== undefined && expr.args.length === 1) {
        out.push({ kind: 'member', collection: expr.receiver, element: arg });
      }
      // `m.contains_pair(k, v)`: k among the keys, v among the values (the body checks the pair).
      const value = expr.args[1];
      if (expr.method === 'contains_pair' && arg !== undefined && value !== undefined && expr.args.length === 2) {
        const values: Expr = { ...expr, method: 'values', generics: [], args: [] };
        out.push({ kind: 'member', collection: expr.receiver, element: arg }, { kind: 'member', collection: values, element: value });
      }
      return out;
    }
    case 'call': {
      const unfolded = depth < GUARD_UNFOLD_DEPTH ? unfoldCall(site, expr) : undefined;
      if (unfolded !== undefined) out.push(...conjunctAtoms(site, unfolded, [], depth + 1).filter((atom) => !containsError(atom)));
      return out;
    }
    default:
      return out;
  }
}

function disjuncts(expr: Expr, out: Expr[]): Expr[] {
  if (expr.kind === 'paren') return disjuncts(expr.inner, out);
  if (expr.kind === 'binary' && expr.op === '||') {
    disjuncts(expr.left, out);
    disjuncts(expr.right, out);
  } else out.push(expr);
  return out;
}
