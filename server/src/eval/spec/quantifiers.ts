// `forall`, `exists`, `choose` and set comprehensions over domains the evaluator can enumerate: bounds and
// memberships read off the guard (any order or orientation, nested binders), or a small finite binder type.
// The domain only has to contain every binding the guard admits; the full body is evaluated on each.

import type { ComparisonOp, Expr, Span, Type } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { intRange, valueEquals } from '../value-ops';
import type { Env, Failure, Res, SpecContext } from './context';
import { BUDGET_EXHAUSTED, bindLocal, envFromCapture, indeterminate, isFailure, unsupported } from './context';
import { evalExpr } from './evaluate';
import { asIntType } from './integers';
import { truth } from './operators';

interface Binder {
  readonly name: string;
  readonly type: Type | undefined;
}

/** A fact the guard states about binders: a comparison, or membership in a collection. */
type Atom =
  | { readonly kind: 'cmp'; readonly left: Expr; readonly op: ComparisonOp; readonly right: Expr }
  | { readonly kind: 'member'; readonly collection: Expr; readonly element: Expr };

type Domain = { readonly kind: 'range'; readonly lo: bigint; readonly hi: bigint } | { readonly kind: 'list'; readonly values: readonly Value[] };

const SMALL_TYPES: ReadonlySet<string> = new Set(['u8', 'i8', 'u16', 'i16']);

export function evalQuantifier(ctx: SpecContext, expr: Extract<Expr, { kind: 'quantifier' }>, env: Env): Res {
  let plan = ctx.quantifierPlans.get(expr);
  if (plan === undefined) {
    const binders: Binder[] = expr.binders.map((b) => ({ name: b.name, type: b.type }));
    plan = planBinders(ctx, binders, expr.quantifier === 'forall' ? antecedentAtoms(expr.body) : conjunctAtoms(expr.body, []));
    ctx.quantifierPlans.set(expr, plan);
  }
  let firstFailure: Failure | undefined;
  let decided = false;
  const witnesses: Value[] = [];
  const onFailure = (failure: Failure): boolean => {
    firstFailure ??= failure;
    return failure.kind !== 'indeterminate' || failure.reason !== BUDGET_EXHAUSTED;
  };
  const visit = (inner: Env, values: readonly Value[]): boolean => {
    const t = truth(evalExpr(ctx, expr.body, inner), expr.body.span);
    if (typeof t !== 'boolean') return onFailure(t);
    if (expr.quantifier === 'forall' && !t) decided = true;
    if (expr.quantifier === 'exists' && t) decided = true;
    if (expr.quantifier === 'choose' && t) {
      const witness: Value = values.length === 1 ? (values[0] as Value) : { kind: 'tuple', elements: [...values] };
      if (!witnesses.some((w) => valueEquals(w, witness))) witnesses.push(witness);
    }
    return !decided && witnesses.length < 2;
  };
  enumerate(ctx, plan, env, expr.span, visit, onFailure);
  if (expr.quantifier === 'choose') {
    if (witnesses.length > 1) return indeterminate('choose has several witnesses', expr.span);
    if (firstFailure !== undefined) return firstFailure;
    return witnesses[0] ?? indeterminate('`choose` with no witness in range', expr.span);
  }
  if (decided) return bool(expr.quantifier === 'exists');
  return firstFailure ?? bool(expr.quantifier === 'forall');
}

/** The members of `Set::new(|x| P(x))`: the closure's body is the guard of its parameter. */
export function comprehension(ctx: SpecContext, fn: Value, span: Span): Value[] | Failure {
  const param = fn.kind === 'closure' && fn.params.length === 1 ? fn.params[0] : undefined;
  if (fn.kind !== 'closure' || param?.kind !== 'binding') return unsupported('set comprehension that is not `|x| ..`', span);
  const binder: Binder = { name: param.name, type: ctx.closureParamTypes.get(fn.body)?.[0] };
  let firstFailure: Failure | undefined;
  const members: Value[] = [];
  const onFailure = (failure: Failure): boolean => {
    firstFailure ??= failure;
    return false;
  };
  const visit = (inner: Env, values: readonly Value[]): boolean => {
    const t = truth(evalExpr(ctx, fn.body, inner), fn.body.span);
    if (typeof t !== 'boolean') return onFailure(t);
    if (t) members.push(values[0] as Value);
    return true;
  };
  let plan = ctx.quantifierPlans.get(fn.body);
  if (plan === undefined) {
    plan = planBinders(ctx, [binder], conjunctAtoms(fn.body, []));
    ctx.quantifierPlans.set(fn.body, plan);
  }
  enumerate(ctx, plan, envFromCapture(fn.env), span, visit, onFailure);
  return firstFailure ?? members;
}

function enumerate(
  ctx: SpecContext,
  plan: readonly BinderPlan[],
  env: Env,
  span: Span,
  visit: (env: Env, values: readonly Value[]) => boolean,
  onFailure: (failure: Failure) => boolean,
): void {
  const values: Value[] = [];
  const from = (k: number, current: Env): boolean => {
    const binder = plan[k];
    if (binder === undefined) return visit(current, values);
    const domain = domainOf(ctx, binder, current, span);
    if ('reason' in domain || 'construct' in domain) return onFailure(domain);
    const size = domain.kind === 'range' ? domain.hi - domain.lo : BigInt(domain.values.length);
    if (size > BigInt(Math.max(0, ctx.stepBudget - ctx.steps))) {
      ctx.steps = ctx.stepBudget + 1;
      return onFailure(indeterminate(BUDGET_EXHAUSTED, span));
    }
    const n = Number(size);
    for (let i = 0; i < n; i++) {
      if (++ctx.steps > ctx.stepBudget) return onFailure(indeterminate(BUDGET_EXHAUSTED, span));
      const value: Value = domain.kind === 'range' ? { kind: 'int', value: domain.lo + BigInt(i) } : (domain.values[i] as Value);
      values[k] = value;
      values.length = k + 1;
      if (!from(k + 1, bindLocal(current, binder.name, value))) return false;
    }
    return true;
  };
  from(0, env);
}

/** What the guard says about one binder, computed once per quantifier (the AST is immutable). */
export interface BinderPlan {
  readonly name: string;
  readonly typeName: string | undefined;
  /** Expressions whose value lists the binder's candidates: collections (`c.contains(x)`) or `x == e`. */
  readonly sources: readonly { readonly expr: Expr; readonly isMember: boolean }[];
  /** Bounds (tagged `true` for upper) that mention no binder from this one on. */
  readonly bounds: readonly [Bound, boolean][];
}

function planBinders(ctx: SpecContext, binders: readonly Binder[], atoms: readonly Atom[]): BinderPlan[] {
  return binders.map((binder, k) => {
    const excluded = new Set(binders.slice(k).map((b) => b.name));
    const sources: { expr: Expr; isMember: boolean }[] = [];
    for (const atom of atoms) {
      const source = atom.kind === 'member' ? (isName(atom.element, binder.name) ? atom.collection : undefined) : equalityPartner(atom, binder.name);
      if (source !== undefined && !mentions(source, excluded)) sources.push({ expr: source, isMember: atom.kind === 'member' });
    }
    const written = binder.type?.kind === 'path' ? binder.type.segments.map((seg) => seg.name).join('::') : undefined;
    const aliased = written === undefined ? undefined : ctx.scope.typeAlias(written)?.type;
    const typeName = aliased?.kind === 'path' ? aliased.segments.map((seg) => seg.name).join('::') : written;
    return { name: binder.name, typeName, sources, bounds: boundExprs(atoms, binder.name, excluded) };
  });
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
    if (!source.isMember) return { kind: 'list', values: [value] };
    const members = membersOf(value);
    if (members !== undefined) return { kind: 'list', values: members };
  }
  const typeName = plan.typeName;
  if (typeName === 'bool') return { kind: 'list', values: [bool(false), bool(true)] };
  const intType = asIntType(typeName ?? 'int');
  if (intType === undefined) return failure ?? indeterminate(`unbounded quantifier over ${typeName ?? 'a non-integer type'}`, span);
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
  // A type's own range bounds the domain only for small types, and from below at 0 for unsigned/nat binders.
  const small = SMALL_TYPES.has(intType);
  const loOk = loFromGuard || small || lo === 0n;
  const hiOk = hiFromGuard || small;
  if (lo === undefined || hi === undefined || !loOk || !hiOk) {
    return failure ?? indeterminate(`unbounded quantifier over ${typeName ?? 'int'}`, span);
  }
  return { kind: 'range', lo, hi: hi < lo ? lo : hi };
}

interface Bound {
  readonly expr: Expr;
  readonly inclusive: boolean;
}

/** Lower and upper bounds of `name` (tagged `true` for upper) whose expressions avoid the excluded binders.
 *  A bound that is itself a later binder is replaced by that binder's bound in the same direction (`i < j < n`
 *  gives `i <= n`), which can only widen the domain. */
function boundExprs(atoms: readonly Atom[], name: string, excluded: ReadonlySet<string>, seen: Set<string> = new Set()): [Bound, boolean][] {
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
function antecedentAtoms(body: Expr): Atom[] {
  const atoms: Atom[] = [];
  let current = body;
  while (current.kind === 'paren') current = current.inner;
  while (current.kind === 'binary' && current.op === '==>') {
    conjunctAtoms(current.left, atoms);
    current = current.right;
    while (current.kind === 'paren') current = current.inner;
  }
  return atoms;
}

function conjunctAtoms(expr: Expr, out: Atom[]): Atom[] {
  switch (expr.kind) {
    case 'paren':
      return conjunctAtoms(expr.inner, out);
    case 'binary':
      if (expr.op === '&&') {
        conjunctAtoms(expr.left, out);
        conjunctAtoms(expr.right, out);
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
      return out;
    }
    default:
      return out;
  }
}

function isName(expr: Expr, name: string): boolean {
  // `(i)`, `i as int` and `i as nat` have the binder's own value (`as nat` of a negative is never in a domain).
  while (expr.kind === 'paren' || (expr.kind === 'cast' && isUnboundedIntType(expr.type))) {
    expr = expr.kind === 'paren' ? expr.inner : expr.operand;
  }
  return expr.kind === 'path' && expr.segments.length === 1 && expr.segments[0]?.name === name;
}

/** Whether an expression refers to any of `names` (conservatively: shadowing is ignored). */
function mentions(node: unknown, names: ReadonlySet<string>): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some((child) => mentions(child, names));
  const record = node as Record<string, unknown>;
  if (record['kind'] === 'path' && Array.isArray(record['segments']) && record['segments'].length === 1) {
    const segment = record['segments'][0] as { name?: unknown } | undefined;
    return typeof segment?.name === 'string' && names.has(segment.name);
  }
  for (const key in record) {
    if (key !== 'span' && mentions(record[key], names)) return true;
  }
  return false;
}

function isUnboundedIntType(type: Type): boolean {
  return type.kind === 'path' && type.segments.length === 1 && (type.segments[0]?.name === 'int' || type.segments[0]?.name === 'nat');
}
