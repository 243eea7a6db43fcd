// Verus's verifier attributes come in two spellings, `#[verifier::name]` and the older `#[verifier(name)]`;
// real code mixes them, often in one file.

import type { Attribute } from '../syntax';
import type { ModelScope, ResolvedFn } from './types';
import { typeHeadName } from './lower-functions';

export function hasVerifierAttribute(attributes: readonly Attribute[], name: string): boolean {
  return attributes.some(
    (attribute) =>
      attribute.path === `verifier::${name}` ||
      (attribute.path === 'verifier' && new RegExp(`^verifier\\s*\\(\\s*${name}\\s*\\)$`).test(attribute.text)),
  );
}

/** `external_body`: Verus trusts the contract and never checks the body against it, so what the body returns is
 *  not known to satisfy the `ensures`. */
export function hasTrustedBody(attributes: readonly Attribute[]): boolean {
  return hasVerifierAttribute(attributes, 'external_body');
}

/** `#[verifier(when_used_as_spec(spec_len))]` on an exec fn: the spec fn a call of it means in spec code
 *  (`self.len()` in a `wf`), by name; undefined without the attribute. */
export function whenUsedAsSpec(attributes: readonly Attribute[]): string | undefined {
  for (const attribute of attributes) {
    const match = /^verifier\s*(?:::\s*when_used_as_spec|\(\s*when_used_as_spec)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)/.exec(attribute.text);
    if (match?.[1] !== undefined) return match[1];
  }
  return undefined;
}

/** The spec fn an exec fn stands for in spec code (`when_used_as_spec`), resolved beside it: a method of the same
 *  type, or a fn of the same module. A trait impl's method takes the attribute its trait's declaration writes
 *  (`fn BASE_PAGE_SIZE() -> usize` in the trait, `when_used_as_spec(BASE_PAGE_SIZE_spec)`), resolved at the impl's
 *  type. */
export function specCounterpart(scope: ModelScope, resolved: ResolvedFn): ResolvedFn | undefined {
  const name = whenUsedAsSpec(resolved.item.attributes) ?? whenUsedAsSpec(traitDeclarationOf(scope, resolved)?.item.attributes ?? []);
  if (name === undefined) return undefined;
  const found =
    resolved.selfTypeName !== undefined
      ? scope.resolveMethod(resolved.selfTypeName, name)
      : scope.resolveFunction([name], undefined, resolved.modulePath);
  return found?.item.mode === 'spec' ? found : undefined;
}

/** The declaration, in its trait, of the method an impl's fn implements (`impl Tr for T { fn f .. }` -> `Tr::f`),
 *  when the scope has the trait. */
export function traitDeclarationOf(scope: ModelScope, resolved: ResolvedFn): ResolvedFn | undefined {
  if (resolved.selfTypeName === undefined) return undefined;
  const impl = scope.typeImpls(resolved.selfTypeName).find((candidate) => candidate.items.includes(resolved.item));
  const traitName = impl?.trait === undefined ? undefined : typeHeadName(impl.trait);
  return traitName === undefined ? undefined : scope.resolveFunction([traitName, resolved.item.name], undefined);
}

/** The spec fn `recv.method(..)` means in spec code on a value of type `typeName`: the method itself when it is a
 *  spec fn, else its `when_used_as_spec` twin. */
export function resolveSpecMethod(scope: ModelScope, typeName: string, method: string): ResolvedFn | undefined {
  const found = scope.resolveMethod(typeName, method);
  if (found === undefined || found.item.mode === 'spec') return found;
  return specCounterpart(scope, found);
}
