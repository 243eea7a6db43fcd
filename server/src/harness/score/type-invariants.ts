// Verus's `#[verifier::type_invariant]`: every value of the type satisfies its invariant, so an input that
// violates one (a generated `SaturatingU64 { i: 37, v: 28 }`) cannot reach the function, verified or not.

import type { Value } from '../../eval';
import { createSpecContext, evaluateExpr } from '../../eval';
import type { StackAllowance } from '../../eval';
import type { FileModel, FunctionContract, ResolvedFn } from '../../model';
import { hasVerifierAttribute } from '../../model';
import type { Expr } from '../../syntax';
import { lockInvariantClauses } from './lock-invariants';

/** Whether some parameter's value is shown to violate the invariant of its declared type; an undecided
 *  invariant does not count (the value may exist). Only the parameters' own types are checked, not their fields'. */
export function violatesTypeInvariant(
  model: FileModel,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  stepBudget: number,
  stackAllowance: StackAllowance,
): boolean {
  return violatedTypeInvariant(model, fn, inputs, stepBudget, stackAllowance) !== undefined;
}

/** The first type invariant a parameter's value is shown to violate: the type and the invariant's name. */
export function violatedTypeInvariant(
  model: FileModel,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  stepBudget: number,
  stackAllowance: StackAllowance,
): { readonly typeName: string; readonly invariant: string } | undefined {
  for (const param of fn.params) {
    const value = inputs.get(param.name);
    if (value !== undefined && violatesLockInvariant(model, fn, param, value, stepBudget, stackAllowance)) return LOCK_INVARIANT;
    const typeName = declaredTypeName(fn, param.type);
    if (value === undefined || typeName === undefined) continue;
    const violated = invariantsOf(model, typeName).find(
      (invariant) => evaluateInvariant(model, invariant, typeName, value, stepBudget, stackAllowance) === false,
    );
    if (violated !== undefined) return { typeName, invariant: violated.item.name };
  }
  return undefined;
}

const LOCK_INVARIANT = { typeName: 'RwLock', invariant: 'inv' } as const;

/** Whether the value of `param` holds a vstd lock whose stored value its predicate is shown to reject. */
function violatesLockInvariant(
  model: FileModel,
  fn: FunctionContract,
  param: FunctionContract['params'][number],
  value: Value,
  stepBudget: number,
  stackAllowance: StackAllowance,
): boolean {
  const clauses = lockInvariantClauses(model.scope, fn, param);
  if (clauses.length === 0) return false;
  const ctx = createSpecContext(model.scope, {
    stepBudget,
    stackAllowance,
    ...(fn.selfTypeName === undefined ? {} : { selfTypeName: fn.selfTypeName }),
    modulePath: fn.modulePath,
  });
  const env = { values: new Map([[param.name, value]]), mutables: new Map() };
  return clauses.some((clause) => {
    const res = evaluateExpr(ctx, clause, env);
    return res.kind === 'value' && res.value.kind === 'bool' && !res.value.value;
  });
}

function declaredTypeName(fn: FunctionContract, type: FunctionContract['params'][number]['type']): string | undefined {
  if (type.kind !== 'path') return undefined;
  const name = type.segments[type.segments.length - 1]?.name;
  return name === 'Self' ? fn.selfTypeName : name;
}

/** `p.inv()` for each parameter whose declared type has a type invariant, spanning the fn's name: generation
 *  completes its rows by these as by the `requires` (ghost-completion.ts), so drawn values meet the invariant
 *  that every value of the type meets. */
export function typeInvariantClauses(model: FileModel, fn: FunctionContract): readonly Expr[] {
  const clauses: Expr[] = [];
  const span = fn.nameSpan;
  for (const param of fn.params) {
    clauses.push(...lockInvariantClauses(model.scope, fn, param));
    const typeName = declaredTypeName(fn, param.type);
    if (typeName === undefined) continue;
    for (const invariant of invariantsOf(model, typeName)) {
      const receiver: Expr = { kind: 'path', segments: [{ name: param.name, generics: [], span }], span };
      clauses.push({ kind: 'method-call', receiver, method: invariant.item.name, methodSpan: span, generics: [], args: [], span });
    }
  }
  return clauses;
}

/** The type's invariant spec fns, from every impl the scope has of it: the file's, the crate's and those an
 *  item-level macro writes (a `checked_nat_gen!(u8, CheckedU8, ..)` expansion). */
function invariantsOf(model: FileModel, typeName: string): readonly ResolvedFn[] {
  const found: ResolvedFn[] = [];
  for (const impl of model.scope.typeImpls(typeName))
    for (const item of impl.items) {
      if (item.kind !== 'fn' || item.mode !== 'spec' || item.params.length !== 1 || item.body === undefined) continue;
      if (!hasVerifierAttribute(item.attributes, 'type_invariant')) continue;
      const resolved = model.scope.resolveMethod(typeName, item.name);
      if (resolved?.item === item) found.push(resolved);
    }
  return found;
}

function evaluateInvariant(
  model: FileModel,
  invariant: ResolvedFn,
  typeName: string,
  value: Value,
  stepBudget: number,
  stackAllowance: StackAllowance,
): boolean | undefined {
  const body = invariant.item.body;
  const param = invariant.item.params[0];
  if (body === undefined || param === undefined) return undefined;
  const ctx = createSpecContext(model.scope, { stepBudget, stackAllowance, selfTypeName: typeName, modulePath: invariant.modulePath });
  const expr: Expr = { kind: 'block', block: body, span: body.span };
  const res = evaluateExpr(ctx, expr, { values: new Map([[param.name, value]]), mutables: new Map() });
  return res.kind === 'value' && res.value.kind === 'bool' ? res.value.value : undefined;
}
