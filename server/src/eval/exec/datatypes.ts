// User datatypes at run time: field types (with generic arguments substituted), enum variant lookup, and the
// built-in Option/Result shapes, so values read out of structs and enums keep their exact integer types.

import type { EnumItem, Fields, PathSegment, StructItem } from '../../syntax';
import type { Ctx } from './interpreter-state';
import type { ExecType } from './exec-types';
import { execTypeOf, UNKNOWN } from './exec-types';
import { ORDERING, ORDERING_VARIANTS } from '../std-enums';

export interface VariantRef {
  readonly enumName: string;
  readonly variant: string;
  /** Undefined for Option/Result/Ordering, whose shapes are built in. */
  readonly item: EnumItem | undefined;
}

const BUILTIN_VARIANTS: Readonly<Record<string, string>> = { Some: 'Option', None: 'Option', Ok: 'Result', Err: 'Result' };

/** The type of `field` in a value of type `type` (struct field, tuple index, or a field of `variant`). */
export function fieldType(ctx: Ctx, type: ExecType, field: string, variant: string | undefined): ExecType {
  if (type.kind === 'tuple') return type.elements[Number(field)] ?? UNKNOWN;
  if (type.kind !== 'adt') return UNKNOWN;
  if (type.name === 'Option') return field === '0' ? (type.args[0] ?? UNKNOWN) : UNKNOWN;
  if (type.name === 'Result') return (variant === 'Err' ? type.args[1] : type.args[0]) ?? UNKNOWN;
  const item = ctx.model.scope.datatype(type.name);
  if (item === undefined) return UNKNOWN;
  const subst = new Map(item.generics.filter((g) => g.kind === 'type').map((g, i) => [g.name, type.args[i] ?? UNKNOWN] as const));
  const fields = fieldsOf(item, variant);
  const def = fields === undefined || fields.kind === 'unit' ? undefined : fields.fields.find((f) => f.name === field);
  return def === undefined ? UNKNOWN : execTypeOf(def.type, subst, type);
}

/** Resolves a path naming an enum variant: `None`, `Some`, `Color::Red`, `Self::Red`, `Red` after `use Color::*`. */
export function resolveVariant(ctx: Ctx, path: readonly PathSegment[], selfTypeName: string | undefined): VariantRef | undefined {
  const names = path.map((segment) => segment.name);
  const last = names[names.length - 1];
  if (last === undefined) return undefined;
  const builtin = BUILTIN_VARIANTS[last];
  if (builtin !== undefined && (names.length === 1 || names[names.length - 2] === builtin)) {
    return { enumName: builtin, variant: last, item: undefined };
  }
  if (names.length >= 2) {
    const owner = names[names.length - 2] === 'Self' ? selfTypeName : names[names.length - 2];
    const item = owner === undefined ? undefined : ctx.model.scope.datatype(owner);
    if (owner === ORDERING && item === undefined && ORDERING_VARIANTS.includes(last))
      return { enumName: ORDERING, variant: last, item: undefined };
    if (item?.kind === 'enum' && item.variants.some((v) => v.name === last)) return { enumName: item.name, variant: last, item };
    return undefined;
  }
  // A bare name that is a struct's is the struct, as in the spec evaluator (`resolveConstructor`): vest's unit struct
  // `U8` beside `enum VarInt { U8(u8), .. }`, whose variant only `VarInt::U8` names.
  if (ctx.model.scope.datatype(last)?.kind === 'struct') return undefined;
  const item = ctx.model.scope.enumOfVariant(last);
  return item === undefined ? undefined : { enumName: item.name, variant: last, item };
}

/** Field names of a struct or of one enum variant, in declaration order. */
export function fieldNames(item: StructItem | EnumItem, variant: string | undefined): readonly string[] {
  const fields = fieldsOf(item, variant);
  return fields === undefined || fields.kind === 'unit' ? [] : fields.fields.map((f) => f.name);
}

/** A field declared `tracked` (or `ghost`): erased from the compiled program. */
export function fieldGhostMode(item: StructItem | EnumItem, variant: string | undefined, field: string): 'ghost' | 'tracked' | undefined {
  const fields = fieldsOf(item, variant);
  return fields === undefined || fields.kind === 'unit' ? undefined : fields.fields.find((f) => f.name === field)?.ghostMode;
}

/** The declaration position of a variant, for `derive(PartialOrd)` ordering. */
export function variantIndex(ctx: Ctx, enumName: string, variant: string): number {
  if (enumName === 'Option') return variant === 'None' ? 0 : 1;
  if (enumName === 'Result') return variant === 'Ok' ? 0 : 1;
  if (enumName === ORDERING && ctx.model.scope.datatype(ORDERING) === undefined) return ORDERING_VARIANTS.indexOf(variant);
  const item = ctx.model.scope.datatype(enumName);
  return item?.kind === 'enum' ? item.variants.findIndex((v) => v.name === variant) : 0;
}

function fieldsOf(item: StructItem | EnumItem, variant: string | undefined): Fields | undefined {
  if (item.kind === 'struct') return item.fields;
  return item.variants.find((v) => v.name === variant)?.fields;
}
