// Structs and enums (user types, `Option`, `Result`): construction, field access (`.f`, `->f`, `->V_f`), `is`,
// and the built-in accessor methods (`is_Some()`, `get_Some_0()`, `unwrap()`, `is_some()`, ...).

import type { Expr, Fields, Span } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import type { Env, Res, SpecContext } from './spec-context';
import { indeterminate, isFailure, unsupported } from './spec-context';
import { evalExpr } from './evaluate';
import { lastName } from './patterns';
import { permissionField } from './permission-methods';
import { readOfOpaque } from './opaque-values';
import { MEM_CONTENTS } from '../permissions';
import { ORDERING, ORDERING_VARIANTS } from '../std-enums';

const BUILTIN_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  Option: ['None', 'Some'],
  Result: ['Ok', 'Err'],
  [MEM_CONTENTS]: ['Init', 'Uninit'],
  [ORDERING]: ORDERING_VARIANTS,
};
const BUILTIN_ENUM_OF: Readonly<Record<string, string>> = { None: 'Option', Some: 'Option', Ok: 'Result', Err: 'Result' };

export function enumHasVariant(ctx: SpecContext, enumName: string, variant: string): boolean {
  const builtin = BUILTIN_VARIANTS[enumName];
  if (builtin !== undefined) return builtin.includes(variant);
  const item = ctx.scope.datatype(enumName);
  return item?.kind === 'enum' && item.variants.some((v) => v.name === variant);
}

/** The shape of a constructor named by a path: an enum variant or a struct, with its declared fields. */
export interface Constructor {
  readonly enumName: string | undefined;
  readonly name: string;
  readonly fields: Fields;
}

/** Resolves `Some`, `Option::Some`, `Color::Red`, `Self::Red`, `Red` (after `use Color::*`), `S`, `Self`. */
export function resolveConstructor(ctx: SpecContext, names: readonly string[]): Constructor | undefined {
  const name = names[names.length - 1];
  if (name === undefined) return undefined;
  const qualifier = names.length >= 2 ? names[names.length - 2] : undefined;
  const owner = qualifier === 'Self' ? ctx.selfTypeName : qualifier;
  if (owner !== undefined) {
    const builtin = ctx.scope.datatype(owner) === undefined ? BUILTIN_VARIANTS[owner] : undefined;
    if (builtin !== undefined) return builtin.includes(name) ? builtinConstructor(owner, name) : undefined;
    const item = ctx.scope.datatype(owner);
    const variant = item?.kind === 'enum' ? item.variants.find((v) => v.name === name) : undefined;
    if (variant !== undefined) return { enumName: owner, name, fields: variant.fields };
  }
  // `model::State { .. }`: a qualifier that is no datatype is a module path, and datatypes are found by their last
  // name (a spec module's view type may share it with the exec type it views; their fields then agree by name).
  if (names.length === 1 || owner === undefined || (ctx.scope.datatype(owner) === undefined && BUILTIN_VARIANTS[owner] === undefined)) {
    const selfName = name === 'Self' ? ctx.selfTypeName : name;
    const item = selfName === undefined ? undefined : ctx.scope.datatype(selfName);
    if (item?.kind === 'struct') return { enumName: undefined, name: item.name, fields: item.fields };
    // A bare `Some`/`None`/`Ok`/`Err` is the prelude's even where a user enum declares a variant of that name
    // (`enum OptionDeep<T> { Some(T), None }`): its variants are not in scope inside its own impl. The
    // interpreter resolves them the same way (`resolveVariant`).
    const builtinEnum = BUILTIN_ENUM_OF[name];
    if (builtinEnum !== undefined) return builtinConstructor(builtinEnum, name);
    const enumItem = ctx.scope.enumOfVariant(name);
    const variant = enumItem?.variants.find((v) => v.name === name);
    if (enumItem !== undefined && variant !== undefined) return { enumName: enumItem.name, name, fields: variant.fields };
  }
  return undefined;
}

/** Builds the value of a constructor from positional or named field values. */
export function construct(ctor: Constructor, fields: readonly (readonly [string, Value])[]): Value {
  if (ctor.enumName === undefined) return { kind: 'struct', name: ctor.name, fields };
  return { kind: 'enum', name: ctor.enumName, variant: ctor.name, fields };
}

export function positionalFields(values: readonly Value[]): (readonly [string, Value])[] {
  return values.map((value, i) => [String(i), value] as const);
}

export function evalStructLiteral(ctx: SpecContext, expr: Extract<Expr, { kind: 'struct-literal' }>, env: Env): Res {
  const ctor = resolveConstructor(
    ctx,
    expr.path.map((s) => s.name),
  );
  if (ctor === undefined) return unsupported(`unknown struct or variant ${lastName(expr.path)}`, expr.span);
  const written = new Map<string, Value>();
  for (const field of expr.fields) {
    const value = evalExpr(ctx, field.value, env);
    if (isFailure(value)) return value;
    written.set(field.name, value);
  }
  let base: Value | undefined;
  if (expr.base !== undefined) {
    const res = evalExpr(ctx, expr.base, env);
    if (isFailure(res)) return res;
    base = res;
  }
  const declared = ctor.fields.kind === 'unit' ? [] : ctor.fields.fields.map((f) => f.name);
  const names = declared.length > 0 ? declared : [...written.keys()];
  const fields: (readonly [string, Value])[] = [];
  for (const name of names) {
    const value = written.get(name) ?? fieldOf(base, name);
    if (value === undefined) return unsupported(`struct literal without field \`${name}\``, expr.span);
    fields.push([name, value]);
  }
  return construct(ctor, fields);
}

export function evalField(ctx: SpecContext, expr: Extract<Expr, { kind: 'field' }>, env: Env): Res {
  const receiver = evalExpr(ctx, expr.receiver, env);
  if (isFailure(receiver)) return receiver;
  const unknown = readOfOpaque(receiver, expr.span);
  if (unknown !== undefined) return unknown;
  if (receiver.kind === 'enum') return arrowField(ctx, receiver, expr.field, expr.span);
  const value = fieldOf(receiver, expr.field) ?? permissionField(receiver, expr.field);
  return value ?? unsupported(`field \`${expr.field}\` of a ${receiver.kind} value`, expr.span);
}

export function evalArrow(ctx: SpecContext, expr: Extract<Expr, { kind: 'arrow' }>, env: Env): Res {
  const receiver = evalExpr(ctx, expr.receiver, env);
  if (isFailure(receiver)) return receiver;
  const unknown = readOfOpaque(receiver, expr.span);
  if (unknown !== undefined) return unknown;
  if (receiver.kind !== 'enum') {
    return fieldOf(receiver, expr.field) ?? unsupported(`\`->${expr.field}\` on a ${receiver.kind} value`, expr.span);
  }
  return arrowField(ctx, receiver, expr.field, expr.span);
}

export function evalIs(ctx: SpecContext, expr: Extract<Expr, { kind: 'is' }>, env: Env): Res {
  const operand = evalExpr(ctx, expr.operand, env);
  if (isFailure(operand)) return operand;
  const unknown = readOfOpaque(operand, expr.span);
  if (unknown !== undefined) return unknown;
  if (operand.kind !== 'enum') return unsupported(`\`is\` on a ${operand.kind} value`, expr.span);
  const variant = expr.variant.slice(expr.variant.lastIndexOf(':') + 1);
  return bool((operand.variant === variant) !== expr.negated);
}

/** Built-in methods of enum values: `is_V()`, `get_V_f()`, and `Option`/`Result` helpers. */
export function enumMethod(value: Extract<Value, { kind: 'enum' }>, method: string, args: readonly Value[], span: Span): Res | undefined {
  switch (method) {
    case 'is_some':
    case 'is_none':
    case 'is_ok':
    case 'is_err':
      return bool(value.variant.toLowerCase() === method.slice(3));
    case 'unwrap':
    case 'expect':
    case 'unwrap_err': {
      const wanted = method === 'unwrap_err' ? 'Err' : value.name === 'Result' ? 'Ok' : 'Some';
      if (value.variant !== wanted) return indeterminate(`\`${method}\` of ${value.variant}`, span);
      return fieldOf(value, '0') ?? unsupported(`\`${method}\` on ${value.name}`, span);
    }
    case 'unwrap_or': {
      const fallback = args[0];
      if (fallback === undefined) return unsupported('`unwrap_or` with missing arguments', span);
      return value.variant === 'Some' || value.variant === 'Ok' ? (fieldOf(value, '0') ?? fallback) : fallback;
    }
    default:
      break;
  }
  if (method.startsWith('is_')) return bool(value.variant === method.slice(3));
  if (method.startsWith('get_')) return arrowField(undefined, value, method.slice(4), span);
  return undefined;
}

/** `e->f`, `e->0`, `e->V_f`: a field of the current variant; another variant's field is unspecified. */
function arrowField(ctx: SpecContext | undefined, value: Extract<Value, { kind: 'enum' }>, field: string, span: Span): Res {
  const direct = fieldOf(value, field);
  if (direct !== undefined) return direct;
  const prefix = `${value.variant}_`;
  if (field.startsWith(prefix)) {
    const inner = fieldOf(value, field.slice(prefix.length));
    if (inner !== undefined) return inner;
  }
  const unknown = ctx !== undefined && !fieldExistsElsewhere(ctx, value.name, field);
  if (unknown) return unsupported(`unknown field \`${field}\` of ${value.name}`, span);
  return indeterminate(`field of wrong variant: \`${field}\` of ${value.variant}`, span);
}

function fieldExistsElsewhere(ctx: SpecContext, enumName: string, field: string): boolean {
  if (BUILTIN_VARIANTS[enumName] !== undefined) return true;
  const item = ctx.scope.datatype(enumName);
  if (item?.kind !== 'enum') return true;
  return item.variants.some(
    (v) => v.fields.kind !== 'unit' && v.fields.fields.some((f) => f.name === field || `${v.name}_${f.name}` === field),
  );
}

function fieldOf(value: Value | undefined, field: string): Value | undefined {
  if (value === undefined) return undefined;
  if (value.kind === 'struct' || value.kind === 'enum') return value.fields.find(([name]) => name === field)?.[1];
  if (value.kind === 'tuple' && /^\d+$/.test(field)) return value.elements[Number(field)];
  return undefined;
}

function builtinConstructor(enumName: string, name: string): Constructor {
  const span = { start: 0, end: 0 };
  const fields: Fields =
    name === 'None' || enumName === ORDERING
      ? { kind: 'unit' }
      : { kind: 'tuple', fields: [{ name: '0', type: { kind: 'infer', span }, span }] };
  return { enumName, name, fields };
}
