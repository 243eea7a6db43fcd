// `a * x == e` as a guard atom fixes an integer binder `x`: it is `e / a` when `a` divides `e` and there is no
// such `x` otherwise (`exists|k: nat| mul(factor, k) == candidate`, the usual `divides`). Spec arithmetic never
// wraps, so the equation has that one solution; the prelude's `mul` is exact only at `int`/`nat` arguments.

import type { Expr } from '../../syntax';
import type { UnfoldSite } from './quantifier-candidates';
import { isName, mentions, unfoldCall } from './quantifier-candidates';
import { PRELUDE_PATHS } from './operators';

/** The other side of the equation and the factor the binder is multiplied by. */
export interface ProductEquation {
  readonly product: Expr;
  readonly factor: Expr;
}

const UNFOLD_DEPTH = 3;

/** `left == right` where one side is `factor * x` (either order, or the prelude's `mul`, through called spec fns)
 *  and nothing else mentions the excluded binders; undefined otherwise. */
export function productEquation(
  site: UnfoldSite,
  left: Expr,
  right: Expr,
  name: string,
  binderIsUnbounded: boolean,
  excluded: ReadonlySet<string>,
): ProductEquation | undefined {
  const fromLeft = factorOf(site, left, name, binderIsUnbounded, excluded, 0);
  if (fromLeft !== undefined && !mentions(right, excluded)) return { product: right, factor: fromLeft };
  const fromRight = factorOf(site, right, name, binderIsUnbounded, excluded, 0);
  if (fromRight !== undefined && !mentions(left, excluded)) return { product: left, factor: fromRight };
  return undefined;
}

function factorOf(
  site: UnfoldSite,
  expr: Expr,
  name: string,
  binderIsUnbounded: boolean,
  excluded: ReadonlySet<string>,
  depth: number,
): Expr | undefined {
  while (expr.kind === 'paren') expr = expr.inner;
  const other = (a: Expr, b: Expr): Expr | undefined => (isName(a, name) && !mentions(b, excluded) ? b : undefined);
  if (expr.kind === 'binary' && expr.op === '*') return other(expr.left, expr.right) ?? other(expr.right, expr.left);
  if (expr.kind !== 'call' || expr.callee.kind !== 'path' || expr.args.length !== 2) return undefined;
  const unfolded = depth < UNFOLD_DEPTH ? unfoldCall(site, expr) : undefined;
  if (unfolded !== undefined) return factorOf(site, unfolded, name, binderIsUnbounded, excluded, depth + 1);
  const names = expr.callee.segments.map((segment) => segment.name);
  if (names[names.length - 1] !== 'mul' || !PRELUDE_PATHS.has(names.slice(0, -1).join('::'))) return undefined;
  if (site.scope.resolveFunction(names, site.selfTypeName, site.modulePath) !== undefined) return undefined;
  const [a, b] = expr.args as [Expr, Expr];
  // The prelude's `mul` wraps at a fixed-width type: exact only when the binder's argument is an `int` or `nat`.
  const exact = (arg: Expr): boolean => arg.kind === 'cast' || binderIsUnbounded;
  if (isName(a, name) && exact(a) && !mentions(b, excluded)) return b;
  if (isName(b, name) && exact(b) && !mentions(a, excluded)) return a;
  return undefined;
}
