// `Ghost(e)` in exec code: Verus erases it from the compiled program, but contracts read ghost state
// (`ensures self.history@ == old(self).history@.push(e)`), so the shadow execution computes it with the spec
// evaluator over the variables in scope: the after-value of a struct's ghost field is then what the code's ghost
// update says, not a hole. A ghost expression the spec evaluator cannot decide (a ghost local, which the
// interpreter erases) leaves the value erased, as before.

import type { Expr, Type } from '../../syntax';
import type { ResolvedFn } from '../../model';
import type { Value } from '../value';
import { UNIT } from '../value';
import { createSpecContext } from '../spec/spec-context';
import { evaluateExpr } from '../spec/entry-points';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { placeOfBinding, readPlace, tick, writePlace } from './interpreter-state';
import type { Argument } from './calls-and-paths';
import { completeByEqualities } from '../ghost-completion';
import type { CompletionSite } from '../ghost-completion';
import { UNIT_TYPE, UNKNOWN } from './exec-types';

/** Spec steps one ghost expression may take, charged to the run's step budget as one step per hundred. */
const GHOST_STEP_BUDGET = 20_000;

export function ghostValue(ctx: Ctx, frame: Frame, env: Env, operand: Expr | undefined): Typed {
  if (operand === undefined) return { value: UNIT, type: UNIT_TYPE };
  const value = specValueInScope(ctx, frame, env, operand);
  return value !== undefined ? { value, type: UNKNOWN } : { value: UNIT, type: UNIT_TYPE };
}

/** A spec expression over the variables in scope, by the spec evaluator (Verus's meaning of ghost code: unbounded
 *  arithmetic, chained comparisons, quantifiers); undefined when it is not decided. */
export function specValueInScope(ctx: Ctx, frame: Frame, env: Env, operand: Expr): Value | undefined {
  const values = new Map<string, Value>();
  for (let scope: Env | undefined = env; scope !== undefined; scope = scope.parent)
    for (const [name, binding] of scope.vars) if (!values.has(name)) values.set(name, readPlace(placeOfBinding(binding)).value);
  const spec = createSpecContext(ctx.model.scope, {
    stepBudget: GHOST_STEP_BUDGET,
    constParams: ctx.consts,
    ...(frame.selfTypeName === undefined ? {} : { selfTypeName: frame.selfTypeName }),
  });
  const result = evaluateExpr(spec, operand, { values, mutables: new Map() });
  for (let charged = 0; charged < spec.steps; charged += 100) tick(ctx);
  return result.kind === 'value' ? result.value : undefined;
}

/** After a call of an `external_body` fn: its ghost effects are what its `ensures` says, not what its body does
 *  (atmosphere's `Array::set` writes the array and leaves the ghost sequence to its contract). Ghost places of
 *  its `&mut` arguments and of its result that an ensures equality pins are set to match; exec state stays as the
 *  body left it. */
export function withTrustedGhostEffects(
  ctx: Ctx,
  resolved: ResolvedFn,
  bound: readonly {
    readonly name: string;
    readonly declaredType: Type | undefined;
    readonly argument: Argument;
    readonly entry: Value | undefined;
  }[],
  result: Typed,
): Typed {
  const item = resolved.item;
  const values = new Map<string, Value>();
  const old = new Map<string, Value>();
  for (const { name, argument, entry } of bound) {
    if (argument.kind === 'place') values.set(name, readPlace(argument.place).value);
    else if (argument.kind === 'value') values.set(name, argument.typed.value);
    if (entry !== undefined) old.set(name, entry);
  }
  const returnName = item.ret === undefined ? undefined : (item.ret.name ?? 'result');
  if (returnName !== undefined) values.set(returnName, result.value);
  const site: CompletionSite = {
    clauses: item.ensures.map((clause) => clause.expr),
    names: [
      ...bound.map(({ name, declaredType }) => ({ name, declaredType })),
      ...(returnName === undefined ? [] : [{ name: returnName, declaredType: item.ret?.type }]),
    ],
    selfTypeName: resolved.selfTypeName,
    modulePath: resolved.modulePath ?? [],
    old,
    ghostOnly: true,
  };
  const completed = completeByEqualities(ctx.model.scope, site, values, { stepBudget: GHOST_STEP_BUDGET, stackAllowance: 'default' });
  if (completed === undefined) return result;
  for (const { name, argument } of bound) {
    const value = completed.get(name);
    if (argument.kind === 'place' && value !== undefined && value !== values.get(name)) writePlace(argument.place, value);
  }
  const returned = returnName === undefined ? undefined : completed.get(returnName);
  return returned === undefined ? result : { ...result, value: returned };
}
