// `Ghost(e)` in exec code: Verus erases it from the compiled program, but contracts read ghost state
// (`ensures self.history@ == old(self).history@.push(e)`), so the shadow execution computes it with the spec
// evaluator over the variables in scope: the after-value of a struct's ghost field is then what the code's ghost
// update says, not a hole. A ghost expression the spec evaluator cannot decide (a ghost local, which the
// interpreter erases) leaves the value erased, as before.

import type { Clause, Expr, Param, Stmt, Type } from '../../syntax';
import type { ModelScope, ResolvedFn } from '../../model';
import { traitDeclarationOf } from '../../model';
import type { Value } from '../value';
import { UNIT, opaqueValue } from '../value';
import { createSpecContext } from '../spec/spec-context';
import { evaluateExpr } from '../spec/entry-points';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { placeOfBinding, readPlace, tick, writePlace } from './interpreter-state';
import type { Argument } from './calls-and-paths';
import { completeAndPin } from '../ghost-completion';
import type { CompletionSite } from '../ghost-completion';
import { withObservationsOf, withPinnedObservations } from '../observations';
import { valueEquals } from '../value-ops';
import { isErasedParam, isMutableBorrowType, isTrackedParam, paramBindingName, UNIT_TYPE, UNKNOWN } from './exec-types';
import { forgetGhostPlace } from './proof-blocks';

/** Spec steps one ghost expression may take, charged to the run's step budget as one step per hundred. */
const GHOST_STEP_BUDGET = 20_000;

export function ghostValue(ctx: Ctx, frame: Frame, env: Env, operand: Expr | undefined): Typed {
  if (operand === undefined) return { value: UNIT, type: UNIT_TYPE };
  const value = specValueInScope(ctx, frame, env, operand);
  // `Ghost(&mut g)`: the callee's proof code updates `g` where the run does not follow it.
  if (operand.kind === 'unary' && operand.op === '&mut') forgetGhostPlace(ctx, frame, env, operand.operand);
  // Not computed (a total `Map`, a ghost local the run erased): a placeholder, so a contract that reads it is
  // indeterminate and the pairs file never holds it where the type wants a value.
  return { value: value ?? UNCOMPUTED_GHOST, type: UNKNOWN };
}

export const UNCOMPUTED_GHOST = opaqueValue('a ghost value the run could not compute');

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

/** The values of a callee's ghost parameters (`Ghost(contents): Ghost<Set<T>>`, `ghost n: nat`), computed from
 *  the arguments (`Ghost(c)`) as `Ghost(e)` is, by the names the callee binds them to: its ghost code reads them
 *  (`let ghost pred = Inv { contents };`). A `Ghost(&mut g)` argument is no value the callee reads. One not
 *  computed is the placeholder, as a ghost local is. `params` are the callee's, `self` included; `argExprs` the
 *  arguments after the receiver. */
export function ghostArguments(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  params: readonly Param[],
  argExprs: readonly Expr[],
): ReadonlyMap<string, Value> | undefined {
  let ghosts: Map<string, Value> | undefined;
  params
    .filter((param) => !param.isSelf)
    .forEach((param, i) => {
      const arg = argExprs[i];
      const name = paramBindingName(param);
      if (arg === undefined || name === undefined || !isErasedParam(param) || isTrackedParam(param)) return;
      const wrapped =
        arg.kind === 'call' && arg.callee.kind === 'path' && arg.callee.segments[arg.callee.segments.length - 1]?.name === 'Ghost';
      const operand = wrapped ? arg.args[0] : param.ghostMode === 'ghost' ? arg : undefined;
      if (operand === undefined || (operand.kind === 'unary' && operand.op === '&mut')) return;
      ghosts ??= new Map();
      ghosts.set(name, specValueInScope(ctx, frame, env, operand) ?? UNCOMPUTED_GHOST);
    });
  return ghosts;
}

/** After a call of an `external_body` fn: its ghost effects are what its `ensures` says, not what its body does
 *  (atmosphere's `Array::set` writes the array and leaves the ghost sequence to its contract). Ghost places of
 *  its `&mut` arguments and of its result that an ensures equality pins are set to match; exec state stays as the
 *  body left it. An argument the body changed keeps only the uninterpreted observations the ensures pins. A trait
 *  impl's method without its own `ensures` has the trait declaration's, as in Verus. */
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
  const ensures = trustedEnsures(ctx.model.scope, resolved);
  const values = new Map<string, Value>();
  const old = new Map<string, Value>();
  for (const { name, argument, entry } of bound) {
    // The body's writes dropped the observations it made stale; the ensures is read against the entry's.
    const value = argument.kind === 'place' ? readPlace(argument.place).value : undefined;
    if (value !== undefined) values.set(name, entry === undefined ? value : withObservationsOf(value, entry));
    else if (argument.kind === 'value') values.set(name, argument.typed.value);
    if (entry !== undefined) old.set(name, entry);
  }
  const returnName = item.ret === undefined ? undefined : (item.ret.name ?? 'result');
  if (returnName !== undefined) values.set(returnName, result.value);
  const site: CompletionSite = {
    clauses: ensures.map((clause) => clause.expr),
    names: [
      ...bound.map(({ name, declaredType }) => ({ name, declaredType })),
      ...(returnName === undefined ? [] : [{ name: returnName, declaredType: item.ret?.type }]),
    ],
    selfTypeName: resolved.selfTypeName,
    modulePath: resolved.modulePath ?? [],
    old,
    ghostOnly: true,
  };
  const completion =
    ensures.length === 0
      ? { values, pinned: [] }
      : completeAndPin(ctx.model.scope, site, values, { stepBudget: GHOST_STEP_BUDGET, stackAllowance: 'default' });
  for (const { name, declaredType, argument, entry } of bound) {
    const completed = completion.values.get(name);
    const before = values.get(name);
    if (argument.kind !== 'place' || completed === undefined || before === undefined) continue;
    // Through `&mut` the callee may change what the model cannot see (an opaque `external_body` token's state).
    const stale = (declaredType !== undefined && isMutableBorrowType(declaredType)) || (entry !== undefined && !valueEquals(entry, before));
    const value = stale ? withPinnedObservations(completed, { root: name, fields: [] }, completion.pinned) : completed;
    if (value !== readPlace(argument.place).value) writePlace(argument.place, value);
  }
  const returned = returnName === undefined ? undefined : completion.values.get(returnName);
  return returned === undefined ? result : { ...result, value: returned };
}

/** The callee's `ensures`: its own, or for a trait impl's method that writes none, the trait declaration's when
 *  it names the parameters alike. */
function trustedEnsures(scope: ModelScope, resolved: ResolvedFn): readonly Clause[] {
  const item = resolved.item;
  if (item.ensures.length > 0) return item.ensures;
  const declared = traitDeclarationOf(scope, resolved)?.item;
  const sameParams =
    declared !== undefined &&
    declared.params.length === item.params.length &&
    declared.params.every((param, index) => param.name === item.params[index]?.name) &&
    declared.ret?.name === item.ret?.name;
  return sameParams ? declared.ensures : item.ensures;
}

/** `let ghost x = e;` / `let tracked x = e;`: erased from the compiled program, but ghost code after it reads `x`
 *  (`Ghost(x)` as a result, a trusted callee's ghost argument), so it is computed by the spec evaluator (a `mut` one
 *  too: the proof blocks that update it run, proof-blocks.ts). A ghost local that is not computed is a placeholder,
 *  so nothing reads an outer binding it shadows; a tracked one stays unbound, as the argument proof code built
 *  (`Tracked(x)`). */
export function bindGhostLet(ctx: Ctx, frame: Frame, env: Env, stmt: Extract<Stmt, { kind: 'let' }>): void {
  const pattern = stmt.pattern;
  if (pattern.kind !== 'binding' || pattern.subpattern !== undefined) return;
  const computed = stmt.init === undefined ? undefined : specValueInScope(ctx, frame, env, stmt.init);
  const value = computed ?? (stmt.ghostMode === 'ghost' ? UNCOMPUTED_GHOST : undefined);
  if (value !== undefined) env.vars.set(pattern.name, { kind: 'slot', slot: { value, type: UNKNOWN } });
  else if (stmt.init !== undefined) ctx.proofBuilt.set(pattern.name, builderName(stmt.init));
}

/** What a tracked value is built by, for a reason: `guards_heap(..)` for `&inst.guards_heap(t).points_to`. */
function builderName(init: Expr): string {
  switch (init.kind) {
    case 'paren':
      return builderName(init.inner);
    case 'unary':
    case 'view':
      return builderName(init.operand);
    case 'field':
      return builderName(init.receiver);
    case 'method-call':
      return `${init.method}(..)`;
    case 'call':
      return init.callee.kind === 'path' ? `${init.callee.segments.map((segment) => segment.name).join('::')}(..)` : 'a call';
    default:
      return 'proof code';
  }
}
