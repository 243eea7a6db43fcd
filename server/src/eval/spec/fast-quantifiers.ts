// `forall`/`exists` on the fast path (fast-path.ts): integer binders over the range the guard's bounds give, as
// quantifiers.ts enumerates them, with the same steps: each binder's bounds evaluated once per value of the
// binders before it, one step per value, the domain's size checked against the budget left before the loop.
// A quantifier becomes a function of the clause's generated source, its binders nested loops over frame slots.

import type { Expr } from '../../syntax';
import { intRange } from '../int-types';
import type { BinderPlan, Bound } from './quantifiers';
import { SMALL_TYPES } from './quantifiers';
import { asIntType } from './integers';
import type { Node, Scope } from './fast-path';
import { asBool, boolNode, compileExpr, asInt, declareFunction, numberCode } from './fast-path';

export function compileQuantifier(
  expr: Extract<Expr, { kind: 'quantifier' }>,
  scope: Scope,
  plan: readonly BinderPlan[],
): Node | undefined {
  if (expr.quantifier !== 'forall' && expr.quantifier !== 'exists') return undefined;
  if (plan.length !== expr.binders.length) return undefined;
  const forall = expr.quantifier === 'forall';
  const loops: string[] = [];
  let inner: Scope = scope;
  for (const [k, binder] of plan.entries()) {
    const intType = asIntType(binder.typeName ?? 'int');
    if (intType === undefined || binder.sources.length > 0 || binder.hulls.length > 0) return undefined;
    const range = intRange(intType);
    const [lo, hi, loGuard, hiGuard] = [`lo${k}`, `hi${k}`, `lg${k}`, `hg${k}`];
    const lines = [
      `let ${lo} = ${range.min === undefined ? 'undefined' : numberCode(Number(range.min))};`,
      `let ${hi} = ${range.max === undefined ? 'undefined' : numberCode(Number(range.max) + 1)};`,
      `let ${loGuard} = false, ${hiGuard} = false;`,
    ];
    // A binder's bounds mention only the binders before it; each narrows the type's own range.
    for (const [bound, isUpper] of binder.bounds as readonly (readonly [Bound, boolean])[]) {
      const node = compileExpr(bound.expr, inner);
      const code = node === undefined ? undefined : asInt(node);
      if (code === undefined) return undefined;
      const [end, better, guard] = isUpper ? [hi, '<', hiGuard] : [lo, '>', loGuard];
      // An inclusive upper bound and an exclusive lower one move by one: the range is [lo, hi).
      const limit = isUpper === bound.inclusive ? `${code} + 1` : code;
      lines.push(`{ const v = ${limit}; if (${end} === undefined || v ${better} ${end}) ${end} = v; ${guard} = true; }`);
    }
    const slot = scope.slotCount.value++;
    const small = SMALL_TYPES.has(intType);
    lines.push(`const e${k} = rangeEnd(f, ${lo}, ${hi}, ${loGuard}, ${hiGuard}, ${small});`);
    lines.push(`for (let x${k} = ${lo}; x${k} < e${k}; x${k}++) {`);
    lines.push(`if (++f.steps > f.budget) bail();`);
    lines.push(`S[${slot}] = x${k};`);
    loops.push(lines.join('\n'));
    inner = { ...inner, binders: new Map([...inner.binders, [binder.name, slot]]) };
  }
  const bodyNode = compileExpr(expr.body, inner);
  const body = bodyNode === undefined ? undefined : asBool(bodyNode);
  if (body === undefined) return undefined;
  // Enumeration stops at the first body that settles the quantifier: false for a forall, true for an exists.
  const name = declareFunction(
    scope,
    (fn) =>
      `function ${fn}(f) {\nconst S = f.slots;\n${loops.join('\n')}\nif (${body} !== ${forall}) return false;\n${'}'.repeat(loops.length)}\nreturn true;\n}`,
  );
  return boolNode(`${name}(f) === ${forall}`);
}
