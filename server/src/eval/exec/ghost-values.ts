// `Ghost(e)` in exec code: Verus erases it from the compiled program, but contracts read ghost state
// (`ensures self.history@ == old(self).history@.push(e)`), so the shadow execution computes it with the spec
// evaluator over the variables in scope: the after-value of a struct's ghost field is then what the code's ghost
// update says, not a hole. A ghost expression the spec evaluator cannot decide (a ghost local, which the
// interpreter erases) leaves the value erased, as before.

import type { Expr } from '../../syntax';
import type { Value } from '../value';
import { UNIT } from '../value';
import { createSpecContext } from '../spec/spec-context';
import { evaluateExpr } from '../spec/entry-points';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { placeOfBinding, readPlace, tick } from './interpreter-state';
import { UNIT_TYPE, UNKNOWN } from './exec-types';

/** Spec steps one ghost expression may take, charged to the run's step budget as one step per hundred. */
const GHOST_STEP_BUDGET = 20_000;

export function ghostValue(ctx: Ctx, frame: Frame, env: Env, operand: Expr | undefined): Typed {
  if (operand === undefined) return { value: UNIT, type: UNIT_TYPE };
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
  return result.kind === 'value' ? { value: result.value, type: UNKNOWN } : { value: UNIT, type: UNIT_TYPE };
}
