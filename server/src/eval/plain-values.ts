// The plainest value of a type: zero, `false`, empty collections, arrays of their length filled so, a struct of
// plain fields, an enum's first variant that has one. A trusted callee's result is built from it where its
// `ensures` leaves parts free (the exec array behind `Array::new`'s ghost sequence): deterministic, and any value
// would do, as for Verus, which knows nothing of those parts either.

import type { Value } from './value';
import { opaqueValue } from './value';
import type { ValueType } from './value-type';
import type { TypeContext } from './type-resolution';
import { adtShape } from './type-resolution';
import type { FieldsShape } from './type-resolution';

/** Nesting depth past which a type is taken as recursive (`enum List { Nil, Cons(.., Box<List>) }`). */
const MAX_DEPTH = 12;
/** Elements an array of plain values may have: beyond it the value would cost more than any run is given. */
const MAX_ELEMENTS = 1 << 16;

/** Undefined when the type has no value the product can build (an unsupported type, a closure, a huge array). */
export function plainValue(type: ValueType, ctx: TypeContext, depth = 0): Value | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (type.kind) {
    case 'int':
      return { kind: 'int', value: 0n };
    case 'bool':
      return { kind: 'bool', value: false };
    case 'char':
      return { kind: 'char', codePoint: 0 };
    case 'seq': {
      const length = type.length ?? 0;
      if (length > MAX_ELEMENTS) return undefined;
      const element = length === 0 ? undefined : plainValue(type.element, ctx, depth + 1);
      if (length > 0 && element === undefined) return undefined;
      const text = type.origin === 'String' || type.origin === 'str';
      return { kind: 'seq', elements: new Array<Value>(length).fill(element as Value), ...(text ? { text } : {}) };
    }
    case 'set':
      return { kind: 'set', elements: [] };
    case 'map':
      return { kind: 'map', entries: [] };
    case 'multiset':
      return { kind: 'multiset', entries: [] };
    case 'tuple': {
      const elements = type.elements.map((element) => plainValue(element, ctx, depth + 1));
      return elements.every((element) => element !== undefined) ? { kind: 'tuple', elements: elements } : undefined;
    }
    case 'adt': {
      const shape = adtShape(type, ctx);
      if (shape === undefined) return undefined;
      if (shape.kind === 'struct') {
        const fields = plainFields(shape.fields, ctx, depth);
        return fields === undefined ? undefined : { kind: 'struct', name: shape.name, fields };
      }
      for (const variant of shape.variants) {
        const fields = plainFields(variant.fields, ctx, depth);
        if (fields !== undefined) return { kind: 'enum', name: shape.name, variant: variant.name, fields };
      }
      return undefined;
    }
    case 'opaque':
      // A hidden field's placeholder (a library's state behind an `external_body` wrapper): no contract reads it.
      return opaqueValue(type.text);
    default:
      return undefined;
  }
}

export function plainFields(shape: FieldsShape, ctx: TypeContext, depth: number): (readonly [string, Value])[] | undefined {
  const fields: (readonly [string, Value])[] = [];
  for (const field of shape.fields) {
    const value = plainValue(field.type, ctx, depth + 1);
    if (value === undefined) return undefined;
    fields.push([field.name, value]);
  }
  return fields;
}
