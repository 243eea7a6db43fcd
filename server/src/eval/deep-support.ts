// Whether the harness can build every value of a type: through its arguments and elements, and, given the fields
// of each datatype met, all the way down through every variant's payload. Without fields (`firstUnsupported`) it
// looks only at what a type names. A hidden field of an `external_body` wrapper needs the deep answer, because
// nothing outside the wrapper's own trusted bodies reads it, and one unknown type nested in it (anvil's
// `crds::RabbitmqClusterSpec` holds k8s_openapi's `Quantity` inside an `Option` of a map) must make the field a
// placeholder, not every value holding it unbuildable.
// Invariant: pure and bounded (a depth limit; a datatype met again on the way down is taken as representable).

import type { ValueType } from './value-type';

type AdtType = Extract<ValueType, { kind: 'adt' }>;
type Unsupported = Extract<ValueType, { kind: 'unsupported' }>;

/** The fields of each of a datatype's variants (a struct's one), or undefined when the type is unknown. */
export type FieldTypesOf = (type: AdtType) => readonly (readonly ValueType[])[] | undefined;

/** Past this many datatypes' fields down the rest is taken as representable: generation bounds its own depth. */
const MAX_DEPTH = 8;

/** The first part of `type`, at any depth, the harness cannot represent; undefined when every part is. A datatype
 *  `fieldTypesOf` does not know is one, as `unknown` names it. */
export function deepUnsupported(type: ValueType, fieldTypesOf: FieldTypesOf, unknown = unknownType): Unsupported | undefined {
  return walk(type, { fieldTypesOf, unknown }, new Set(), 0);
}

interface Walk {
  readonly fieldTypesOf: FieldTypesOf;
  readonly unknown: (type: AdtType) => Unsupported;
}

function unknownType(type: AdtType): Unsupported {
  return { kind: 'unsupported', text: type.name, reason: `unknown type \`${type.name}\`` };
}

function walk(type: ValueType, how: Walk, seen: Set<string>, depth: number): Unsupported | undefined {
  const part = (inner: ValueType): Unsupported | undefined => walk(inner, how, seen, depth);
  switch (type.kind) {
    case 'unsupported':
      return type;
    case 'seq':
    case 'set':
    case 'multiset':
      return part(type.element);
    case 'map':
      return part(type.key) ?? part(type.value);
    case 'tuple':
      return firstOf(type.elements, part);
    case 'fn':
      return firstOf([...type.params, type.ret], part);
    case 'adt': {
      if (depth > MAX_DEPTH) return undefined;
      const variants = how.fieldTypesOf(type);
      if (variants === undefined) return how.unknown(type);
      const inArgs = firstOf(type.args, part);
      const fields = variants.flat();
      if (inArgs !== undefined || fields.length === 0) return inArgs;
      // Only fields can lead back to a datatype met on the way down (arguments are a finite tree).
      const key = typeKey(type);
      if (seen.has(key)) return undefined;
      seen.add(key);
      return firstOf(fields, (inner) => walk(inner, how, seen, depth + 1));
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
