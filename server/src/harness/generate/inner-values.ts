// Values found inside another input, offered to a parameter of their type. A method on a reached receiver often
// requires an argument the receiver holds (`old(self)@.contains(v@)`, `self@.contains_key(k)`, `self.owners@[i] ==
// p`), which a value drawn on its own almost never is. Type-directed: the receiver is walked with its value type,
// so an element is offered only to a parameter of the element's type.

import type { Value, ValueType } from '../../eval';
import type { TypeContext } from '../../eval';
import { adtShape, valueTypeText } from '../../eval';

/** Nesting followed into a value (a struct's field's sequence's element is three levels down). */
const MAX_DEPTH = 5;
/** Values kept per type. */
const MAX_PER_TYPE = 32;

/** The values inside `value` (itself excluded), by the text of their value type. */
export function innerValuesByType(value: Value, type: ValueType, ctx: TypeContext): ReadonlyMap<string, readonly Value[]> {
  const found = new Map<string, Value[]>();
  const add = (inner: Value, innerType: ValueType): void => {
    const key = valueTypeText(innerType);
    const list = found.get(key) ?? [];
    if (list.length < MAX_PER_TYPE) list.push(inner);
    found.set(key, list);
  };
  const walk = (current: Value, currentType: ValueType, depth: number): void => {
    if (depth >= MAX_DEPTH) return;
    const visit = (inner: Value, innerType: ValueType): void => {
      add(inner, innerType);
      walk(inner, innerType, depth + 1);
    };
    if ((current.kind === 'seq' || current.kind === 'set') && (currentType.kind === 'seq' || currentType.kind === 'set'))
      for (const element of current.elements) visit(element, currentType.element);
    else if (current.kind === 'map' && currentType.kind === 'map')
      for (const [key, entry] of current.entries) {
        visit(key, currentType.key);
        visit(entry, currentType.value);
      }
    else if (current.kind === 'tuple' && currentType.kind === 'tuple')
      current.elements.forEach((element, i) => {
        const elementType = currentType.elements[i];
        if (elementType !== undefined) visit(element, elementType);
      });
    else if ((current.kind === 'struct' || current.kind === 'enum') && currentType.kind === 'adt') {
      const shape = adtShape(currentType, ctx);
      const fields =
        shape?.kind === 'struct'
          ? shape.fields.fields
          : current.kind === 'enum'
            ? shape?.variants.find((variant) => variant.name === current.variant)?.fields.fields
            : undefined;
      for (const [name, inner] of current.fields) {
        const fieldType = fields?.find((field) => field.name === name)?.type;
        if (fieldType !== undefined) visit(inner, fieldType);
      }
    }
  };
  walk(value, type, 0);
  return found;
}
