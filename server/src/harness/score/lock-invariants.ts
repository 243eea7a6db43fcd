// vstd's `RwLock<V, Pred>` keeps `pred.inv(value)` of the value stored in it (eval/rwlock.ts): `new` and
// `release_write` require it, so every lock value a caller can hold meets it, as a type invariant. A parameter
// holding locks (itself, in its fields, behind `Box`/`Arc`/`Rc`) gets one clause per lock, `p.lock.pred.inv(
// p.lock.value)` over the built-in lock's fields: generation completes its rows by them (the predicate's `inv`
// unfolded, its ghost fields set from the stored value) and drops inputs shown to violate one, as it does for a
// `#[verifier::type_invariant]`.

import type { ModelScope, FunctionContract } from '../../model';
import type { Expr, Span, Type } from '../../syntax';
import { isVstdRwLock, rwlockInvariantClause } from '../../eval';

/** Structs are looked into this deep for lock fields. */
const MAX_DEPTH = 3;
const TRANSPARENT: ReadonlySet<string> = new Set(['Box', 'Arc', 'Rc']);

/** The lock invariants of the value of `param`, as clauses naming it; remembered per scope, function and
 *  parameter (a function of the three alone). */
export function lockInvariantClauses(scope: ModelScope, fn: FunctionContract, param: FunctionContract['params'][number]): readonly Expr[] {
  let byFn = CLAUSES.get(scope);
  if (byFn === undefined) {
    byFn = new WeakMap();
    CLAUSES.set(scope, byFn);
  }
  let byParam = byFn.get(fn);
  if (byParam === undefined) {
    byParam = new Map();
    byFn.set(fn, byParam);
  }
  const known = byParam.get(param.name);
  if (known !== undefined) return known;
  const clauses: Expr[] = [];
  const span = fn.nameSpan;
  const receiver: Expr = { kind: 'path', segments: [{ name: param.name, generics: [], span }], span };
  collect(scope, fn, param.type, receiver, span, 0, new Set(), clauses);
  byParam.set(param.name, clauses);
  return clauses;
}

const CLAUSES = new WeakMap<ModelScope, WeakMap<FunctionContract, Map<string, readonly Expr[]>>>();

function collect(
  scope: ModelScope,
  fn: FunctionContract,
  type: Type,
  place: Expr,
  span: Span,
  depth: number,
  seen: ReadonlySet<string>,
  out: Expr[],
): void {
  if (type.kind === 'ref') return collect(scope, fn, type.inner, place, span, depth, seen, out);
  if (type.kind !== 'path') return;
  const last = type.segments[type.segments.length - 1];
  if (last === undefined) return;
  const typeArgs = last.generics.filter((arg): arg is Type => arg.kind !== 'binding');
  if (TRANSPARENT.has(last.name) && typeArgs.length === 1) return collect(scope, fn, typeArgs[0] as Type, place, span, depth, seen, out);
  if (isVstdRwLock(scope, last.name, typeArgs.length)) {
    out.push(rwlockInvariantClause(place, span));
    return;
  }
  const name = last.name === 'Self' ? fn.selfTypeName : last.name;
  if (name === undefined || depth >= MAX_DEPTH || seen.has(name)) return;
  const datatype = scope.datatype(name);
  if (datatype?.kind !== 'struct' || datatype.fields.kind === 'unit') return;
  const inner = new Set([...seen, name]);
  for (const field of datatype.fields.fields) {
    const fieldPlace: Expr = { kind: 'field', receiver: place, field: field.name, span };
    collect(scope, fn, field.type, fieldPlace, span, depth + 1, inner, out);
  }
}
