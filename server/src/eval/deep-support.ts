// Whether the harness can build every value of a type, all the way down: through a datatype's fields, every
// variant's payload, the elements of sequences and maps. `firstUnsupported` looks only at what a type names; a
// hidden field of an `external_body` wrapper needs the deep answer, because nothing outside the wrapper's own
// trusted bodies reads it, and one unknown type nested in it (anvil's `crds::RabbitmqClusterSpec` holds
// k8s_openapi's `Quantity` four levels down) must make the field a placeholder, not every value holding it
// unbuildable.
// Invariant: pure and bounded (a depth limit; a datatype met again on the way down is taken as representable).

import type { ValueType } from './value-type';

type AdtType = Extract<ValueType, { kind: 'adt' }>;
type Unsupported = Extract<ValueType, { kind: 'unsupported' }>;

/** The fields of each of a datatype's variants (a struct's one), or undefined when the type is unknown. */
export type FieldTypesOf = (type: AdtType) => readonly (readonly ValueType[])[] | undefined;

/** Past this depth the rest is taken as representable: generation bounds its own depth. */
const MAX_DEPTH = 8;

/** The first part of `type`, at any depth, the harness cannot represent; undefined when every part is. */
export function deepUnsupported(type: ValueType, fieldTypesOf: FieldTypesOf): Unsupported | undefined {
  return walk(type, fieldTypesOf, new Set(), 0);
}

function walk(type: ValueType, fieldTypesOf: FieldTypesOf, seen: Set<string>, depth: number): Unsupported | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const next = (part: ValueType): Unsupported | undefined => walk(part, fieldTypesOf, seen, depth + 1);
  switch (type.kind) {
    case 'unsupported':
      return type;
    case 'seq':
    case 'set':
    case 'multiset':
      return next(type.element);
    case 'map':
      return next(type.key) ?? next(type.value);
    case 'tuple':
      return firstOf(type.elements, next);
    case 'fn':
      return firstOf([...type.params, type.ret], next);
    case 'adt': {
      const key = typeKey(type);
      if (seen.has(key)) return undefined;
      seen.add(key);
      const variants = fieldTypesOf(type);
      if (variants === undefined) return { kind: 'unsupported', text: type.name, reason: `unknown type \`${type.name}\`` };
      return firstOf(type.args, next) ?? firstOf(variants.flat(), next);
    }
    default:
      return undefined;
  }
}

function firstOf(parts: readonly ValueType[], check: (part: ValueType) => Unsupported | undefined): Unsupported | undefined {
  for (const part of parts) {
    const found = check(part);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Structural identity, so `Option<i32>` met first does not stand for `Option<Quantity>` met later. */
function typeKey(type: ValueType): string {
  switch (type.kind) {
    case 'adt':
      return `${type.name}<${type.args.map(typeKey).join(',')}>`;
    case 'seq':
    case 'set':
    case 'multiset':
      return `${type.kind}<${typeKey(type.element)}>`;
    case 'map':
      return `map<${typeKey(type.key)},${typeKey(type.value)}>`;
    case 'tuple':
      return `(${type.elements.map(typeKey).join(',')})`;
    default:
      return type.kind;
  }
}
