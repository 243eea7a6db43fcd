// Uninterpreted observations. A trusted type (a volatile mock of a persistent-memory region) declares what its
// contract talks about as `uninterp spec fn view(&self) -> V` and ties it to its exec state only through a
// predicate (`self.contents@ == self@.read_state` in `inv()`). The model cannot compute such a value, so it keeps
// it as a hidden ghost field of the type's values: generated with the inputs (and completed by the `requires`),
// stored in the pairs file, read where the contract calls `x.view()` or `x@`, and set after a trusted call from
// that call's `ensures`. A value without the field (built by exec code, or after a call whose `ensures` did not
// pin it) has the observation undetermined, and reading it is indeterminate.

import type { FnItem, Type } from '../syntax';
import type { ModelScope } from '../model';
import type { Value } from './value';
import { wrapperView } from './wrapper-views';

/** A value among named ones: the name and the fields below it (as ghost completion names the places it pins). */
export interface ValuePlace {
  readonly root: string;
  readonly fields: readonly string[];
}

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
      if (wrapperView(scope, typeName, item) !== undefined) continue;
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

/** `value` with the uninterpreted observations `entry` has where `value` has none (struct by struct, by field). */
export function withObservationsOf(value: Value, entry: Value): Value {
  if (value.kind !== 'struct' || entry.kind !== 'struct' || value.name !== entry.name) return value;
  const fields = value.fields.map(([name, field]) => {
    const before = entry.fields.find(([entryName]) => entryName === name)?.[1];
    return [name, before === undefined ? field : withObservationsOf(field, before)] as const;
  });
  const restored = entry.fields.filter(([name]) => isObservationField(name) && !value.fields.some(([own]) => own === name));
  const same = restored.length === 0 && fields.every(([, field], index) => field === value.fields[index]?.[1]);
  return same ? value : { ...value, fields: [...fields, ...restored] };
}

/** The value with each uninterpreted observation inside it kept only where the pinned places determine it whole
 *  (the observation itself, a place above it, or every field of it). Inside a sequence, a tuple or an enum no
 *  equality can pin one alone, so there only a pinned place above keeps it. */
export function withPinnedObservations(value: Value, at: ValuePlace, pinned: readonly ValuePlace[]): Value {
  const inner = (part: Value, step: string): Value => withPinnedObservations(part, { root: at.root, fields: [...at.fields, step] }, pinned);
  switch (value.kind) {
    case 'seq':
    case 'tuple': {
      const elements = value.elements.map((element) => inner(element, UNPINNABLE));
      return elements.every((element, index) => element === value.elements[index]) ? value : { ...value, elements };
    }
    case 'enum': {
      const fields = value.fields.map(([name, field]) => [name, inner(field, UNPINNABLE)] as const);
      return fields.every(([, field], index) => field === value.fields[index]?.[1]) ? value : { ...value, fields };
    }
    case 'struct': {
      const fields: (readonly [string, Value])[] = [];
      for (const [name, field] of value.fields) {
        if (!isObservationField(name)) fields.push([name, inner(field, name)]);
        else if (isDetermined(field, { root: at.root, fields: [...at.fields, name] }, pinned)) fields.push([name, field]);
      }
      const same = fields.length === value.fields.length && fields.every(([, field], index) => field === value.fields[index]?.[1]);
      return same ? value : { ...value, fields };
    }
    default:
      return value;
  }
}

/** A step no place of ghost completion takes (it names struct fields only). */
const UNPINNABLE = '[]';

function isDetermined(value: Value, at: ValuePlace, pinned: readonly ValuePlace[]): boolean {
  const covered = pinned.some(
    (place) =>
      place.root === at.root && place.fields.length <= at.fields.length && place.fields.every((field, index) => field === at.fields[index]),
  );
  if (covered) return true;
  if (value.kind !== 'struct' || value.fields.length === 0) return false;
  return value.fields.every(([name, field]) => isDetermined(field, { root: at.root, fields: [...at.fields, name] }, pinned));
}
