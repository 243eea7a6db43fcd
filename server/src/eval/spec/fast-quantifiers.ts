// `forall`/`exists` on the fast path (fast-path.ts): integer binders over the range the guard's bounds give, as
// quantifiers.ts enumerates them, with the same steps: each binder's bounds evaluated once per value of the
// binders before it, one step per value, the domain's size checked against the budget left before the loop.

import type { Expr } from '../../syntax';
import { intRange } from '../int-types';
import type { BinderPlan, Bound } from './quantifiers';
import { SMALL_TYPES } from './quantifiers';
import { asIntType } from './integers';
import type { Frame, Node, Run, Scope } from './fast-path';
import { BAIL, asBool, asInt, compileExpr } from './fast-path';

interface FastBinder {
  readonly slot: number;
  readonly bounds: readonly (readonly [Run<number>, boolean, boolean])[];
  /** The type's own limits (exclusive above), as numbers; undefined where the type has none. */
  readonly typeLo: number | undefined;
  readonly typeHi: number | undefined;
  readonly small: boolean;
}

export function compileQuantifier(
  expr: Extract<Expr, { kind: 'quantifier' }>,
  scope: Scope,
  plan: readonly BinderPlan[],
): Node | undefined {
  if (expr.quantifier !== 'forall' && expr.quantifier !== 'exists') return undefined;
  const binders: FastBinder[] = [];
  let inner: Scope = scope;
  for (const binder of plan) {
    const intType = asIntType(binder.typeName ?? 'int');
    if (intType === undefined || binder.sources.length > 0 || binder.hulls.length > 0) return undefined;
    // A binder's bounds mention only the binders before it.
    const bounds: (readonly [Run<number>, boolean, boolean])[] = [];
    for (const [bound, isUpper] of binder.bounds as readonly (readonly [Bound, boolean])[]) {
      const node = compileExpr(bound.expr, inner);
      const run = node === undefined ? undefined : asInt(node);
      if (run === undefined) return undefined;
      bounds.push([run, isUpper, bound.inclusive]);
    }
    const range = intRange(intType);
    const slot = scope.slotCount.value++;
    binders.push({
      slot,
      bounds,
      typeLo: range.min === undefined ? undefined : Number(range.min),
      typeHi: range.max === undefined ? undefined : Number(range.max) + 1,
      small: SMALL_TYPES.has(intType),
    });
    inner = { ...inner, binders: new Map([...inner.binders, [binder.name, slot]]) };
  }
  if (binders.length !== expr.binders.length) return undefined;
  const bodyNode = compileExpr(expr.body, inner);
  const body = bodyNode === undefined ? undefined : asBool(bodyNode);
  if (body === undefined) return undefined;
  const forall = expr.quantifier === 'forall';
  // Whether enumeration goes on: a forall stops at the first false body, an exists at the first true one.
  const enumerate = (f: Frame, k: number): boolean => {
    const binder = binders[k];
    if (binder === undefined) return body(f) === forall;
    domain(f, binder);
    const lo = range[0] as number;
    const hi = range[1] as number;
    const slots = f.slots;
    for (let value = lo; value < hi; value++) {
      if (++f.steps > f.budget) throw BAIL;
      slots[binder.slot] = value;
      if (!enumerate(f, k + 1)) return false;
    }
    return true;
  };
  return {
    kind: 'bool',
    run: (f) => {
      f.steps++;
      return enumerate(f, 0) === forall;
    },
  };
}

/** domain's result, read before anything runs again: no array per quantifier run. */
const range = new Float64Array(2);

/** Sets `range` to the range quantifiers.ts domainOf gives (lo inclusive, hi exclusive); anything else bails out. */
function domain(f: Frame, binder: FastBinder): void {
  let lo = binder.typeLo;
  let hi = binder.typeHi;
  let loFromGuard = false;
  let hiFromGuard = false;
  for (const [run, isUpper, inclusive] of binder.bounds) {
    const value = run(f);
    if (isUpper) {
      const limit = inclusive ? value + 1 : value;
      if (hi === undefined || limit < hi) hi = limit;
      hiFromGuard = true;
    } else {
      const limit = inclusive ? value : value + 1;
      if (lo === undefined || limit > lo) lo = limit;
      loFromGuard = true;
    }
  }
  if (lo === undefined || hi === undefined) throw BAIL;
  if (!(loFromGuard || binder.small || lo === 0) || !(hiFromGuard || binder.small)) throw BAIL;
  // Binder values stay safe integers.
  if (lo < -Number.MAX_SAFE_INTEGER || hi > Number.MAX_SAFE_INTEGER + 1) throw BAIL;
  if (hi < lo) hi = lo;
  if (hi - lo > Math.max(0, f.budget - f.steps)) throw BAIL;
  range[0] = lo;
  range[1] = hi;
}
