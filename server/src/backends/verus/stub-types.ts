// Types as the stub sees them: parameters resolved to value types (views applied), and the field layouts that
// struct and enum literals need (with `Box::new` where a field is declared boxed).

import { adtShape, functionTypeContext, isObservationField, resolveValueType } from '../../eval';
import type { TypeContext } from '../../eval';
import type { ValueType } from '../../eval';
import type { FunctionContract, ModelScope } from '../../model';
import type { Fields, Type } from '../../syntax';
import type { AdtValueType, FieldLayout, LiteralContext } from './verus-literals';

/** The type context for a function's parameters: `Self` is the impl's type, and generic type parameters are
 *  instantiated as the harness measured them (`T` is `i64`, see functionTypeContext). An uninstantiable bound
 *  leaves `T` unresolved, so the predicate reports its type unsupported. */
export function typeContextFor(scope: ModelScope, fn: FunctionContract): TypeContext {
  const instantiated = functionTypeContext(fn, scope);
  if (instantiated.kind === 'supported') return instantiated.ctx;
  return fn.selfTypeName === undefined ? { scope } : { scope, selfType: { kind: 'adt', name: fn.selfTypeName, args: [] } };
}

export function valueTypeOf(ctx: TypeContext, type: Type): ValueType {
  return resolveValueType(type, ctx);
}

/** True for declared collections whose view (`m@`) is what the stub passes: HashMap, HashSet and friends. */
export function isViewedCollection(type: Type): boolean {
  const inner = type.kind === 'ref' ? type.inner : type;
  if (inner.kind !== 'path') return false;
  const last = inner.segments[inner.segments.length - 1]?.name ?? '';
  return ['HashMap', 'HashSet', 'BTreeMap', 'BTreeSet', 'String', 'str'].includes(last);
}

export function literalContext(scope: ModelScope): LiteralContext {
  return {
    fieldLayout(adt: AdtValueType, variant: string | undefined): FieldLayout | undefined {
      const shape = adtShape(adt, { scope });
      if (shape === undefined) return undefined;
      const fields = shape.kind === 'struct' ? shape.fields : shape.variants.find((v) => v.name === variant)?.fields;
      if (fields === undefined || (shape.kind === 'struct') !== (variant === undefined)) return undefined;
      const declared = declaredFields(scope, adt.name, variant);
      // A literal cannot set an uninterpreted observation (a hidden field): the stub leaves it to Verus.
      const written = fields.fields.filter((field) => !isObservationField(field.name));
      return { kind: fields.kind, fields: written.map((field) => ({ ...field, boxed: isBoxed(declared, field.name) })) };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------

function declaredFields(scope: ModelScope, name: string, variant: string | undefined): Fields | undefined {
  const datatype = scope.datatype(name);
  if (datatype === undefined) return undefined;
  if (datatype.kind === 'struct') return datatype.fields;
  return datatype.variants.find((v) => v.name === variant)?.fields;
}

function isBoxed(fields: Fields | undefined, fieldName: string): boolean {
  if (fields === undefined || fields.kind === 'unit') return false;
  const field = fields.fields.find((f) => f.name === fieldName);
  if (field?.type.kind !== 'path') return false;
  return field.type.segments[field.type.segments.length - 1]?.name === 'Box';
}
