// Calls through a type the contract names by a parameter or an associated type: `K::f(..)` with `K` a generic
// parameter of the contract, `Self::M::f(..)` with `M` an associated type of the impl measured at.

import type { ResolvedFn } from '../../model';
import type { SpecContext } from './spec-context';
import { associatedType } from '../associated-types';

/** `K::f(..)` with `K` a generic parameter of the contract: `f` of the impl for the type `K` is measured at. */
export function genericAssociatedFn(ctx: SpecContext, names: readonly string[]): ResolvedFn | undefined {
  if (names.length === 3) return associatedTypeFn(ctx, names);
  const [head, method] = names;
  const typeName = names.length === 2 && head !== undefined ? ctx.typeParams.get(head) : undefined;
  return typeName === undefined || method === undefined ? undefined : ctx.scope.resolveMethod(typeName, method);
}

/** `Self::M::f(..)`: `f` of the type the owner's impl names for its associated type `M` (anvil's reconcilers say
 *  `type M = spec_types::RabbitmqReconciler;`, and the trait's ensures calls `Self::M::reconcile_init_state()`).
 *  Types are known by their last name, and a model type often shares it with the exec type it models: of the
 *  impls' methods of that name, spec code calls a spec fn. */
function associatedTypeFn(ctx: SpecContext, names: readonly string[]): ResolvedFn | undefined {
  const [owner, alias, method] = names;
  const ownerName = owner === 'Self' ? ctx.selfTypeName : owner === undefined ? undefined : (ctx.typeParams.get(owner) ?? owner);
  if (ownerName === undefined || alias === undefined || method === undefined) return undefined;
  const written = associatedType({ kind: 'adt', name: ownerName, args: [] }, alias, ctx.scope)?.type;
  const target = written?.kind === 'path' ? written.segments[written.segments.length - 1]?.name : undefined;
  if (target === undefined) return undefined;
  const candidates = ctx.scope.implMethods(target, method);
  return candidates.find((candidate) => candidate.item.mode === 'spec') ?? ctx.scope.resolveMethod(target, method);
}
