// Verus's verifier attributes come in two spellings, `#[verifier::name]` and the older `#[verifier(name)]`;
// real code mixes them, often in one file.

import type { Attribute } from '../syntax';

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
