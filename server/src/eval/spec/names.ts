// Names and paths: local bindings and parameters, `u32::MAX`-style integer constants, unit variants and unit
// structs (`None`, `Color::Red`, std's `PhantomData`), and user constants (`spec const`, `const`), evaluated like a call.

import type { Expr } from '../../syntax';
import { UNIT } from '../value';
import { construct, resolveConstructor } from './adt';
import type { Env, Res, SpecContext } from './spec-context';
import { RECURSION_TOO_DEEP } from './reasons';
import { EMPTY_SPEC_ENV, indeterminate, lookupName, unsupported } from './spec-context';
import { evalExpr } from './evaluate';
import { aliasedIntConstant } from './integers';

export function evalPath(ctx: SpecContext, expr: Extract<Expr, { kind: 'path' }>, env: Env): Res {
  const segments = expr.segments;
  if (segments.length === 1) {
    const local = lookupName(env, segments[0]?.name ?? '');
    if (local !== undefined) return local;
    const constParam = ctx.constParams.get(segments[0]?.name ?? '');
    if (constParam !== undefined) return { kind: 'int', value: constParam };
  }
  const names = segments.map((segment) => segment.name);
  if (names.length === 2) {
    const value = aliasedIntConstant(ctx.scope, names[0] ?? '', names[1] ?? '');
    if (value !== undefined) return { kind: 'int', value };
  }
  const ctor = resolveConstructor(ctx, names);
  if (ctor !== undefined) {
    if (ctor.fields.kind === 'unit') return construct(ctor, []);
    return unsupported(`constructor ${names.join('::')} used as a value`, expr.span);
  }
  const constant = ctx.scope.constant(names, ctx.selfTypeName, ctx.modulePath);
  if (constant !== undefined) {
    if (constant.value === undefined) return unsupported(`constant ${constant.name} without a value`, expr.span);
    if (ctx.callDepth >= ctx.maxRecursionDepth) return indeterminate(RECURSION_TOO_DEEP, expr.span);
    ctx.callDepth++;
    if (ctx.callDepth > ctx.maxCallDepth) ctx.maxCallDepth = ctx.callDepth;
    const res = evalExpr(ctx, constant.value, { base: EMPTY_SPEC_ENV, locals: undefined });
    ctx.callDepth--;
    return res;
  }
  if (ctx.scope.resolveFunction(names, ctx.selfTypeName, ctx.modulePath) !== undefined) {
    return unsupported(`function ${names.join('::')} used as a value`, expr.span);
  }
  // std's zero-sized `PhantomData<T>` marker: its one value is the unit (as its type resolves).
  if (names[names.length - 1] === 'PhantomData') return UNIT;
  return unsupported(`unresolved name ${names.join('::')}`, expr.span);
}
