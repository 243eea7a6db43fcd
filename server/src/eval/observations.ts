// Uninterpreted observations. A trusted type (a volatile mock of a persistent-memory region) declares what its
// contract talks about as `uninterp spec fn view(&self) -> V` and ties it to its exec state only through a
// predicate (`self.contents@ == self@.read_state` in `inv()`). The model cannot compute such a value, so it keeps
// it as a hidden ghost field of the type's values: generated with the inputs (and completed by the `requires`),
// stored in the pairs file, read where the contract calls `x.view()` or `x@`, and set after a trusted call from
// that call's `ensures`. A value without the field (built by exec code, or after a call whose `ensures` did not
// pin it) has the observation undetermined, and reading it is indeterminate.

import type { FnItem, Type } from '../syntax';
import type { ModelScope } from '../model';

export interface Observation {
  /** The spec fn's name (`view`). */
  readonly name: string;
  /** The hidden field that holds it in the type's values (`view()`). */
  readonly field: string;
  /** The declared return type, resolved with `Self` as the observed type. */
  readonly type: Type;
}

/** The uninterpreted observations of a datatype, from all its impls (inherent and of traits), in source order. */
export function typeObservations(scope: ModelScope, typeName: string): readonly Observation[] {
  let byType = OBSERVATIONS.get(scope);
  if (byType === undefined) {
    byType = new Map();
    OBSERVATIONS.set(scope, byType);
  }
  const known = byType.get(typeName);
  if (known !== undefined) return known;
  const found: Observation[] = [];
  for (const impl of scope.typeImpls(typeName)) {
    for (const item of impl.items) {
      if (item.kind !== 'fn' || !isObservationFn(item) || item.ret === undefined) continue;
      if (found.some((observation) => observation.name === item.name)) continue;
      found.push({ name: item.name, field: observationField(item.name), type: item.ret.type });
    }
  }
  byType.set(typeName, found);
  return found;
}

/** Weak on the scope: the observations are a function of the scope's impls, and go with its model. */
const OBSERVATIONS = new WeakMap<ModelScope, Map<string, readonly Observation[]>>();

/** An `uninterp spec fn f(&self) -> R` (or `self`): a value of the receiver alone that no body defines. */
export function isObservationFn(item: FnItem): boolean {
  return (
    item.mode === 'spec' &&
    item.specVisibility === 'uninterp' &&
    item.generics.length === 0 &&
    item.params.length === 1 &&
    item.params[0]?.isSelf === true &&
    item.ret !== undefined
  );
}

/** No Rust field can be named so, so a hidden field never shadows a declared one. */
export function observationField(name: string): string {
  return `${name}()`;
}

export function isObservationField(field: string): boolean {
  return field.endsWith('()');
}
