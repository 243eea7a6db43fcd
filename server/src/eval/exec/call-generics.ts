// The type parameters a call runs its callee at: named by a turbofish in the caller's terms, or taken from the
// arguments' types as rustc infers them, else unknown (each argument then keeps the type the caller gave it).

import type { FnItem, GenericArg, Type } from '../../syntax';
import type { ResolvedFn } from '../../model';
import type { Ctx, Frame } from './interpreter-state';
import { readPlace } from './interpreter-state';
import type { ExecType, TypeSubstitution } from './exec-types';
import { execTypeOf, implSelfType, implTypeName, isErasedParam, UNKNOWN } from './exec-types';
import type { Argument } from './calls-and-paths';

/** `f::<T>(..)`, `x.f::<T>(..)` and `Type::<A, B>::f(..)`: the callee's type parameters (its own, and its impl's as
 *  the impl's self type names them) at the types the turbofish names in the caller's terms, so a body that asks
 *  `size_of::<T>()` knows `T`; undefined without a turbofish. */
export function turbofishGenerics(
  frame: Frame,
  resolved: ResolvedFn,
  ownArgs: readonly GenericArg[],
  typeArgs: readonly GenericArg[] = [],
): TypeSubstitution | undefined {
  const typesOf = (generics: readonly GenericArg[] | undefined): readonly Type[] =>
    generics?.filter((arg): arg is Type => arg.kind !== 'binding') ?? [];
  const own = typesOf(ownArgs);
  const ofType = typesOf(typeArgs);
  if (own.length === 0 && ofType.length === 0) return undefined;
  const subst = new Map(unknownGenerics(resolved));
  const bind = (name: string | undefined, arg: Type | undefined): void => {
    if (name !== undefined && arg !== undefined && subst.has(name)) subst.set(name, execTypeOf(arg, frame.subst, frame.selfType));
  };
  const ownParams = resolved.item.generics.filter((generic) => generic.kind === 'type');
  ownParams.forEach((param, index) => bind(param.name, own[index]));
  const selfType = resolved.implHeader?.selfType;
  const selfArgs = selfType?.kind === 'path' ? typesOf(selfType.segments[selfType.segments.length - 1]?.generics) : [];
  selfArgs.forEach((written, index) => {
    const name = written.kind === 'path' && written.segments.length === 1 ? written.segments[0]?.name : undefined;
    bind(name, ofType[index]);
  });
  return subst;
}

/** A type parameter still unknown that a parameter is declared as (`val: &S`) takes the type its argument has, as
 *  rustc infers it: `digest.write(&x)` with `x: u64` runs `write::<u64>`, whose body may ask `S::size_of()`. */
export function withArgumentTypes(subst: TypeSubstitution, item: FnItem, args: readonly Argument[]): TypeSubstitution {
  let inferred: Map<string, ExecType> | undefined;
  item.params
    .filter((param) => !isErasedParam(param))
    .forEach((param, i) => {
      const name = typeParameterName(param.type);
      const arg = args[i];
      if (name === undefined || subst.get(name)?.kind !== 'unknown' || arg === undefined || arg.kind === 'absent') return;
      const type = arg.kind === 'place' ? arg.place.type : arg.typed.type;
      if (type.kind === 'unknown' || type.kind === 'flex') return;
      inferred ??= new Map(subst);
      if (inferred.get(name)?.kind === 'unknown') inferred.set(name, type);
    });
  return inferred ?? subst;
}

/** `S`, `&S` or `&mut S`: the one name a bare type parameter would have. */
function typeParameterName(type: Type): string | undefined {
  if (type.kind === 'ref') return typeParameterName(type.inner);
  return type.kind === 'path' && type.segments.length === 1 && type.segments[0]?.generics.length === 0 ? type.segments[0].name : undefined;
}

export function unknownGenerics(resolved: ResolvedFn): TypeSubstitution {
  const generics = [...(resolved.implHeader?.generics ?? []), ...resolved.item.generics];
  return new Map(generics.filter((g) => g.kind === 'type').map((g) => [g.name, UNKNOWN] as const));
}

/** `K::f(..)` with `K` a type parameter the frame knows: `f` of the impl for `K`'s type (or its trait's default). */
export function genericAssociatedFn(ctx: Ctx, frame: Frame, names: readonly string[]): ResolvedFn | undefined {
  const [head, method] = names;
  const bound = names.length === 2 && head !== undefined ? frame.subst.get(head) : undefined;
  const typeName = bound === undefined ? undefined : implTypeName(bound);
  return typeName === undefined || method === undefined ? undefined : ctx.model.scope.resolveMethod(typeName, method);
}

/** `Self` of the callee: the receiver's type where it says one, else the impl's self type. */
export function selfTypeOf(resolved: ResolvedFn, args: readonly Argument[], item: FnItem): ExecType | undefined {
  if (resolved.selfTypeName === undefined) return undefined;
  const receiver = item.params[0]?.isSelf === true ? args[0] : undefined;
  const fromReceiver =
    receiver === undefined
      ? undefined
      : receiver.kind === 'absent'
        ? undefined
        : receiver.kind === 'value'
          ? receiver.typed.type
          : readPlace(receiver.place).type;
  if (fromReceiver !== undefined && fromReceiver.kind !== 'unknown' && fromReceiver.kind !== 'flex') return fromReceiver;
  return implSelfType(resolved.selfTypeName, resolved.implHeader, unknownGenerics(resolved), false);
}

/** A qualified path's head, `<T as Trait<..>>` (kept by the parser as one segment of its text), as the path Rust
 *  resolves: `T::f` where `T` is a type parameter of the frame or a datatype, else `Trait::f` (`<_ as
 *  Combinator<..>>::parse(&c, s)` leaves the self type to inference: the receiver then picks the impl); `<Type>::f`
 *  is `Type::f`. Other paths are as written. */
export function unqualifiedPath(ctx: Ctx, frame: Frame, names: readonly string[]): readonly string[] {
  const head = names[0];
  const qualified = head?.startsWith('<') === true ? QUALIFIED_HEAD.exec(head) : null;
  if (qualified === null) return names;
  const [, selfText = '', traitPath] = qualified;
  const selfName = /^\w+/.exec(selfText)?.[0];
  const isType = selfName !== undefined && (frame.subst.has(selfName) || ctx.model.scope.datatype(selfName) !== undefined);
  if (traitPath === undefined || (isType && selfText === selfName)) return selfName === undefined ? names : [selfName, ...names.slice(1)];
  return [...traitPath.split('::'), ...names.slice(1)];
}

/** `<Self as Trait<..>>`: the self type's text and the trait's path; `<Type<..>>`: the type's text alone. */
const QUALIFIED_HEAD = /^<\s*([^]*?)(?:\s+as\s+((?:\w+::)*\w+)\s*(?:<[^]*>)?)?\s*>$/;
