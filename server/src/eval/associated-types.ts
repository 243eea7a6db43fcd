// `Self::SType`, `T::Type`: an associated type, as the impl of the owner's type writes it (`type SType = &'a u8;`).
// Vest's combinators and other trait-heavy code type their parameters and results this way; a trait declaration
// measured at an impl, or a generic instantiated at one, reads them through that impl.

import type { ImplItem, Type, TypeAliasItem } from '../syntax';
import type { ModelScope } from '../model';
import type { ValueType } from './value-type';

export interface AssociatedType {
  /** The type as the impl writes it, to be read with `Self` as the owner and the impl's parameters as below. */
  readonly type: Type;
  /** The impl's own type parameters, bound from the owner's arguments (`impl<T> Tr for Wrap<T>` at `Wrap<u8>`). */
  readonly generics: ReadonlyMap<string, ValueType>;
}

/** The first impl of the owner's type that writes `type name = ..;`; undefined when none does (or the owner is no
 *  datatype or integer, whose impls are indexed by name). */
export function associatedType(owner: ValueType, name: string, scope: ModelScope): AssociatedType | undefined {
  const typeName = owner.kind === 'adt' ? owner.name : owner.kind === 'int' ? owner.int : undefined;
  if (typeName === undefined) return undefined;
  for (const impl of scope.typeImpls(typeName)) {
    const item = impl.items.find((candidate): candidate is TypeAliasItem => candidate.kind === 'type' && candidate.name === name);
    if (item?.type !== undefined) return { type: item.type, generics: implParameters(impl, owner) };
  }
  return undefined;
}

/** `T` of `impl<T> Tr for Wrap<T>` is the owner's argument in that position, when the header writes it plainly. */
function implParameters(impl: ImplItem, owner: ValueType): ReadonlyMap<string, ValueType> {
  const generics = new Map<string, ValueType>();
  if (owner.kind !== 'adt' || impl.selfType.kind !== 'path') return generics;
  const written = impl.selfType.segments[impl.selfType.segments.length - 1]?.generics ?? [];
  const typeArgs = written.filter((arg): arg is Type => arg.kind !== 'binding');
  typeArgs.forEach((arg, index) => {
    const param = arg.kind === 'path' && arg.segments.length === 1 ? arg.segments[0]?.name : undefined;
    const given = owner.args[index];
    if (param !== undefined && given !== undefined && impl.generics.some((generic) => generic.name === param)) generics.set(param, given);
  });
  return generics;
}
