// The value types of one function's parameters and return, resolved once for the pairs file, obligations and
// mutants. A parameter or return type the product cannot represent makes the function unsupported, with where.

import type { Span } from '../../syntax';
import type { FunctionContract, ModelScope } from '../../model';
import type { ValueType } from '../../eval';
import { firstUnsupported, functionTypeContext, instantiationText, resolveValueType } from '../../eval';
import type { TypeContext } from '../../eval';

export type FunctionValueTypes =
  | {
      readonly kind: 'supported';
      /** What the codec needs to decode and encode these types (`Self` bound for methods, generic parameters instantiated). */
      readonly typeContext: TypeContext;
      readonly params: ReadonlyMap<string, ValueType>;
      /** Undefined for `()` returns. */
      readonly returnType: ValueType | undefined;
      /** Names of `&mut` parameters, in declaration order. */
      readonly mutParams: readonly string[];
      /** What each generic type parameter was instantiated with, as report text; absent without type parameters. */
      readonly instantiation?: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'unsupported'; readonly reason: string; readonly span: Span };

export function functionValueTypes(fn: FunctionContract, scope: ModelScope): FunctionValueTypes {
  // Generic type parameters are instantiated (or rejected) by functionTypeContext; see the decision there.
  const instantiated = functionTypeContext(fn, scope);
  if (instantiated.kind === 'unsupported') return instantiated;
  const typeContext: TypeContext = instantiated.ctx;
  const params = new Map<string, ValueType>();
  for (const param of fn.params) {
    const type = paramValueType(param, typeContext);
    const unsupported = firstUnsupported(type);
    if (unsupported !== undefined) {
      return {
        kind: 'unsupported',
        reason: `parameter \`${param.name}: ${param.typeText}\` has a type the harness cannot represent (${unsupported.text}: ${unsupported.reason})`,
        span: param.span,
      };
    }
    params.set(param.name, type);
  }
  let returnType: ValueType | undefined;
  if (fn.returnType !== undefined) {
    returnType = resolveValueType(fn.returnType, typeContext);
    const unsupported = firstUnsupported(returnType);
    if (unsupported !== undefined) {
      return {
        kind: 'unsupported',
        reason: `the return type has a type the harness cannot represent (${unsupported.text}: ${unsupported.reason})`,
        span: fn.returnType.span,
      };
    }
    if (returnType.kind === 'tuple' && returnType.elements.length === 0) returnType = undefined;
  }
  const mutParams = fn.params.filter((param) => param.passing === 'mut').map((param) => param.name);
  // A trait declaration's measured form names the impl it runs as `Self`.
  const generics = instantiationText(instantiated);
  const instantiation = fn.measuredAtImpl === undefined ? generics : { Self: fn.measuredAtImpl, ...generics };
  return { kind: 'supported', typeContext, params, returnType, mutParams, ...(instantiation === undefined ? {} : { instantiation }) };
}

/** The value type of a parameter; for `Tracked(p): Tracked<T>` / `Ghost(g): Ghost<T>`, whose contract names the
 *  unwrapped `p`, a `T` the harness cannot represent is the wrapper's placeholder (type-resolution.ts). */
function paramValueType(param: FunctionContract['params'][number], ctx: TypeContext): ValueType {
  const type = resolveValueType(param.type, ctx);
  if (param.declaredType === param.type || firstUnsupported(type) === undefined) return type;
  const declared = resolveValueType(param.declaredType, ctx);
  return declared.kind === 'opaque' ? declared : type;
}
