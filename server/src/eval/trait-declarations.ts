// A trait's method declaration without a body (`fn read(&self, addr: u64) -> (bytes: Vec<u8>) requires .. ensures
// ..;`) promises its contract for every impl of the trait, so its contract is measured on one of them: the
// declaration's clauses, names and spans, run with the impl's method as its implementation.

import type { FnItem, GenericParam, ImplItem, Span } from '../syntax';
import { isConfiguredOut, printType } from '../syntax';
import type { FunctionContract, ModelScope } from '../model';
import { typeHeadName } from '../model';
import type { Instantiation, InstantiationSite } from './function-type-context';
import { functionTypeContext, implCandidate, lazyCalledNames } from './function-type-context';
import { firstUnsupported, resolveValueType } from './type-resolution';
import { isErasedParam } from './exec/exec-types';

export type MeasuredDeclaration =
  | { readonly kind: 'measured'; readonly fn: FunctionContract }
  | { readonly kind: 'unmeasured'; readonly reason: string; readonly span: Span };

/** Made once per declaration and scope, so every consumer sees the same function object (caches key on it). */
const MEASURED = new WeakMap<FunctionContract, WeakMap<ModelScope, MeasuredDeclaration>>();

/** Decision: a bodiless trait declaration is generic over `Self: Trait`, so it is measured at one impl, chosen as a
 *  generic parameter's is (functionTypeContext): the first in source order (the file's, then the crate's) that
 *  writes the method with a body taking the declaration's parameters in the same places, whose type the harness can
 *  represent and that has bodies for what the contract calls; one whose values hold placeholders for hidden fields (a
 *  file-backed region) only when no other fits (its volatile mock runs). The measured form is the declaration's
 *  contract with the impl's method as its item, and that impl's self type and header (`Self` is the impl's type in
 *  the clauses too, as Verus reads them for that impl). Undefined for any other function. */
export function measuredDeclaration(fn: FunctionContract, scope: ModelScope): MeasuredDeclaration | undefined {
  if (fn.declaredInTrait === undefined || fn.hasBody) return undefined;
  let byScope = MEASURED.get(fn);
  if (byScope === undefined) {
    byScope = new WeakMap();
    MEASURED.set(fn, byScope);
  }
  let measured = byScope.get(scope);
  if (measured === undefined) {
    measured = measure(fn, fn.declaredInTrait, scope);
    byScope.set(scope, measured);
  }
  return measured;
}

function measure(fn: FunctionContract, traitName: string, scope: ModelScope): MeasuredDeclaration {
  const self: GenericParam = { name: 'Self', kind: 'type', bounds: [traitName], span: fn.nameSpan };
  const called = lazyCalledNames(fn);
  const site: InstantiationSite = { scope, calls: () => new Set([...called(), fn.name]) };
  const misfits: string[] = [];
  let partial: FunctionContract | undefined;
  for (const impl of scope.traitImpls(traitName)) {
    const written = printType(impl.selfType);
    const method = impl.items.find(
      (item): item is FnItem => item.kind === 'fn' && item.name === fn.name && !isConfiguredOut(item.attributes),
    );
    if (method?.body === undefined) {
      misfits.push(`\`${written}\` has no body for it`);
      continue;
    }
    if (!sameParams(fn, method)) {
      misfits.push(`\`${written}\` takes other parameters`);
      continue;
    }
    const candidate: Instantiation = implCandidate(site, impl, self, 0);
    if (candidate.kind === 'missing') {
      misfits.push(candidate.why);
      continue;
    }
    const measured = atImpl(fn, impl, method);
    const unrepresented = unrepresentedType(measured, scope);
    if (unrepresented !== undefined) misfits.push(`at \`${written}\`, ${unrepresented}`);
    else if (candidate.partial === undefined) return { kind: 'measured', fn: measured };
    else partial ??= measured;
  }
  if (partial !== undefined) return { kind: 'measured', fn: partial };
  const why =
    misfits.length === 0 ? `no impl of ${traitName} is in reach` : `no impl of ${traitName} fits: ${[...new Set(misfits)].join('; ')}`;
  return {
    kind: 'unmeasured',
    reason: `\`${fn.qualifiedName}\` is a trait declaration without a body, measured at an impl: ${why}`,
    span: fn.nameSpan,
  };
}

function atImpl(fn: FunctionContract, impl: ImplItem, method: FnItem): FunctionContract {
  const selfType = impl.selfType;
  return {
    ...fn,
    item: method,
    hasBody: true,
    selfTypeName: typeHeadName(selfType) ?? printType(selfType),
    implHeader: { generics: impl.generics, selfType },
    measuredAtImpl: printType(selfType),
  };
}

/** Why the measured form's parameters or result cannot be represented at this impl (an associated type it does not
 *  write), or undefined. */
function unrepresentedType(fn: FunctionContract, scope: ModelScope): string | undefined {
  const instantiated = functionTypeContext(fn, scope);
  if (instantiated.kind === 'unsupported') return instantiated.reason;
  const self = instantiated.ctx.selfType;
  // `impl<C: Tr> Tr for Box<C>`: a wrapper the harness sees through is no type of its own to build.
  if (self?.kind === 'adt' && scope.datatype(self.name) === undefined) return `\`${self.name}\` is no datatype of the crate`;
  const declared = [...fn.params.map((param) => param.type), ...(fn.returnType === undefined ? [] : [fn.returnType])];
  for (const type of declared) {
    const unsupported = firstUnsupported(resolveValueType(type, instantiated.ctx));
    if (unsupported !== undefined) return `\`${unsupported.text}\` cannot be represented (${unsupported.reason})`;
  }
  return undefined;
}

/** The impl's method takes the declaration's parameters in the same places (named as it likes: the run binds the
 *  declaration's inputs by position), ghost and tracked ones where the declaration has them. */
function sameParams(fn: FunctionContract, method: FnItem): boolean {
  const declared = fn.item.params;
  return (
    declared.length === method.params.length &&
    declared.every((param, index) => {
      const other = method.params[index];
      return other !== undefined && param.isSelf === other.isSelf && isErasedParam(param) === isErasedParam(other);
    })
  );
}
