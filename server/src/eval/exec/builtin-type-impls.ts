// A crate's trait methods on values of built-in types that std does not have (vest's `impl VestPublicOutput for
// Vec<u8> { fn set_byte(..) }`): a std method of the same name wins, as Rust resolves an inherent method before a
// trait's (methods.ts asks here only when the built-in method is unknown), and among several impls the one whose
// self type is the receiver's type is taken (`Vec<u8>` before `Vec<T>`).

import type { Span } from '../../syntax';
import type { ResolvedFn } from '../../model';
import { SEQUENCE_IMPL_NAMES, TUPLE_IMPL_NAMES } from '../../model';
import type { Ctx, Place, Typed } from './interpreter-state';
import type { Argument } from './calls-and-paths';
import { invokeFunction } from './calls-and-paths';
import { tempPlace } from './interpreter';
import type { ExecType } from './exec-types';
import { execTypeOf, isErasedParam, isTrackedParam } from './exec-types';
import { notRunnable } from './signals';

/** Calls `method` of the crate's impl for the receiver's built-in type with the arguments already evaluated (a
 *  `&mut x` one by place); not runnable when no impl has it or it takes ghost or tracked arguments. */
export function builtinTypeImplCall(
  ctx: Ctx,
  receiver: Typed,
  place: Place | undefined,
  method: string,
  args: readonly Argument[],
  span: Span,
): Typed {
  const what = receiver.value.kind === 'tuple' ? 'a tuple' : 'a sequence';
  const impl = chosenImpl(ctx, receiver.type, receiver.value.kind === 'tuple' ? TUPLE_IMPL_NAMES : SEQUENCE_IMPL_NAMES, method);
  if (impl === undefined) return notRunnable(`calls ${method} on ${what}`, span);
  const [selfParam, ...params] = impl.item.params;
  if (selfParam?.isSelf !== true || params.length !== args.length || params.some((p) => isErasedParam(p) || isTrackedParam(p)))
    return notRunnable(`calls ${impl.qualifiedName} on ${what} with ghost or tracked arguments`, span);
  const self: Argument =
    selfParam.passing === 'mut' ? { kind: 'place', place: place ?? tempPlace(receiver) } : { kind: 'value', typed: receiver };
  return invokeFunction(ctx, impl, [self, ...args], span);
}

/** The impl whose self type is the receiver's type, else the one generic impl (`impl<T> .. for Vec<T>`). */
function chosenImpl(ctx: Ctx, type: ExecType, typeNames: readonly string[], method: string): ResolvedFn | undefined {
  const impls = typeNames.flatMap((typeName) => ctx.model.scope.implMethods(typeName, method));
  if (impls.length <= 1) return impls[0];
  const written = (impl: ResolvedFn): string =>
    impl.implHeader === undefined ? '' : JSON.stringify(execTypeOf(impl.implHeader.selfType, new Map(), undefined));
  const exact = impls.filter((impl) => written(impl) === JSON.stringify(type));
  return exact.length === 1 ? exact[0] : undefined;
}
