// Concrete values as Verus spec literals (`seq![1i32, 2i32]`, `7int`, `Option::Some(3u8)`, `Point { x: 1i32 }`),
// directed by the value's type so every integer carries its suffix and every empty collection its element type.

import type { Value } from '../../eval';
import type { IntType, ValueType } from '../../eval';
import { charLiteral } from '../../eval';
import { assertNever } from '../../stdx';

/** How the fields of a user struct or enum variant are laid out, as the stub needs them to write a literal. */
export interface FieldLayout {
  readonly kind: 'named' | 'tuple' | 'unit';
  readonly fields: readonly { readonly name: string; readonly type: ValueType; readonly boxed: boolean }[];
}

export interface LiteralContext {
  /** The fields of struct `adt` (variant undefined) or of one variant of enum `adt`; undefined when unknown. */
  fieldLayout(adt: AdtValueType, variant: string | undefined): FieldLayout | undefined;
}

export type AdtValueType = Extract<ValueType, { kind: 'adt' }>;

export type Printed = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly construct: string };

/** Prints `value` of type `type` as a Verus spec expression, or names the construct it cannot print. */
export function printValueLiteral(ctx: LiteralContext, value: Value, type: ValueType): Printed {
  switch (value.kind) {
    case 'int':
      return type.kind === 'int' ? ok(intLiteral(value.value, type.int)) : mismatch(value, type);
    case 'bool':
      return ok(value.value ? 'true' : 'false');
    case 'char':
      return ok(charLiteral(value.codePoint));
    case 'seq':
      return type.kind === 'seq' ? printSeq(ctx, value.elements, type.element) : mismatch(value, type);
    case 'set':
      if (type.kind !== 'set') return mismatch(value, type);
      return printCollection(ctx, 'set', 'Set', value.elements, type.element);
    case 'map':
      return type.kind === 'map' ? printMap(ctx, value.entries, type) : mismatch(value, type);
    case 'multiset':
      return type.kind === 'multiset' ? printMultiset(ctx, value.entries, type.element) : mismatch(value, type);
    case 'tuple':
      return type.kind === 'tuple' ? printTuple(ctx, value.elements, type.elements) : mismatch(value, type);
    case 'struct':
    case 'enum':
      return type.kind === 'adt' ? printAdt(ctx, value, type) : mismatch(value, type);
    case 'closure':
      return value.source === undefined ? { ok: false, construct: 'a closure value' } : { ok: true, text: `(${value.source})` };
    case 'opaque':
      return { ok: false, construct: `a placeholder for \`${value.text}\`` };
    default:
      return assertNever(value);
  }
}

/** The Verus spec type for a value type (`Seq<i32>`, `Option<u8>`, `(int, bool)`), or undefined when it has none. */
export function verusTypeText(type: ValueType): string | undefined {
  switch (type.kind) {
    case 'int':
      return type.int;
    case 'bool':
    case 'char':
      return type.kind;
    case 'seq':
      return wrap('Seq', [type.element]);
    case 'set':
      return wrap('Set', [type.element]);
    case 'multiset':
      return wrap('Multiset', [type.element]);
    case 'map':
      return wrap('Map', [type.key, type.value]);
    case 'tuple': {
      const parts = type.elements.map(verusTypeText);
      if (parts.some((part) => part === undefined)) return undefined;
      return parts.length === 1 ? `(${parts[0] ?? ''},)` : `(${parts.join(', ')})`;
    }
    case 'adt':
      return type.args.length === 0 ? type.name : wrap(type.name, type.args);
    case 'fn': {
      const parts = [...type.params, type.ret].map(verusTypeText);
      if (parts.some((part) => part === undefined)) return undefined;
      return `spec_fn(${parts.slice(0, -1).join(', ')}) -> ${parts[parts.length - 1] ?? ''}`;
    }
    case 'unsupported':
    case 'opaque':
      return undefined;
    default:
      return assertNever(type);
  }
}

// ---------------------------------------------------------------------------------------------------------------

function printSeq(ctx: LiteralContext, elements: readonly Value[], element: ValueType): Printed {
  return printCollection(ctx, 'seq', 'Seq', elements, element);
}

function printCollection(
  ctx: LiteralContext,
  macro: 'seq' | 'set',
  typeName: 'Seq' | 'Set',
  elements: readonly Value[],
  element: ValueType,
): Printed {
  // An empty macro leaves the element type to inference through `@`; the explicit form always type-checks.
  if (elements.length === 0) return emptyOf(typeName, [element]);
  const parts = printAll(
    ctx,
    elements.map((value) => [value, element] as const),
  );
  return parts.ok ? ok(`${macro}![${parts.texts.join(', ')}]`) : parts;
}

function printMap(ctx: LiteralContext, entries: readonly (readonly [Value, Value])[], type: Extract<ValueType, { kind: 'map' }>): Printed {
  if (entries.length === 0) return emptyOf('Map', [type.key, type.value]);
  const keys = printAll(
    ctx,
    entries.map(([key]) => [key, type.key] as const),
  );
  if (!keys.ok) return keys;
  const values = printAll(
    ctx,
    entries.map(([, value]) => [value, type.value] as const),
  );
  if (!values.ok) return values;
  return ok(`map![${keys.texts.map((key, idx) => `${key} => ${values.texts[idx] ?? ''}`).join(', ')}]`);
}

function printMultiset(ctx: LiteralContext, entries: readonly (readonly [Value, bigint])[], element: ValueType): Printed {
  const empty = emptyOf('Multiset', [element]);
  if (!empty.ok) return empty;
  const parts = printAll(
    ctx,
    entries.map(([value]) => [value, element] as const),
  );
  if (!parts.ok) return parts;
  // vstd has no multiset literal: insert each element as often as it occurs (counts are small in pairs).
  if (entries.some(([, count]) => count > MAX_MULTISET_COUNT)) return { ok: false, construct: 'a multiset with a large count' };
  const additions = entries.flatMap(([, count], idx) => Array.from({ length: Number(count) }, () => `.insert(${parts.texts[idx] ?? ''})`));
  return ok(`${empty.text}${additions.join('')}`);
}

const MAX_MULTISET_COUNT = 64n;

function printTuple(ctx: LiteralContext, elements: readonly Value[], types: readonly ValueType[]): Printed {
  if (elements.length !== types.length) return { ok: false, construct: 'a tuple of the wrong arity' };
  const parts = printAll(
    ctx,
    elements.map((value, idx) => [value, types[idx] as ValueType] as const),
  );
  if (!parts.ok) return parts;
  return ok(parts.texts.length === 1 ? `(${parts.texts[0] ?? ''},)` : `(${parts.texts.join(', ')})`);
}

function printAdt(ctx: LiteralContext, value: Extract<Value, { kind: 'struct' | 'enum' }>, type: AdtValueType): Printed {
  const variant = value.kind === 'enum' ? value.variant : undefined;
  const layout = builtinLayout(type, variant) ?? ctx.fieldLayout(type, variant);
  if (layout === undefined) return { ok: false, construct: `a value of type ${type.name}` };
  const head = variant === undefined ? type.name : `${enumPath(type, layout)}::${variant}`;
  if (layout.kind === 'unit') return ok(head);
  const printedFields: string[] = [];
  for (const field of layout.fields) {
    const fieldValue = value.fields.find(([name]) => name === field.name)?.[1];
    if (fieldValue === undefined) return { ok: false, construct: `a ${type.name} value without field ${field.name}` };
    const printed = printValueLiteral(ctx, fieldValue, field.type);
    if (!printed.ok) return printed;
    const text = field.boxed ? `Box::new(${printed.text})` : printed.text;
    printedFields.push(layout.kind === 'named' ? `${field.name}: ${text}` : text);
  }
  return ok(layout.kind === 'named' ? `${head} { ${printedFields.join(', ')} }` : `${head}(${printedFields.join(', ')})`);
}

/** `Option::<u8>::None` needs its type argument (nothing else fixes it); variants with fields infer it. */
function enumPath(type: AdtValueType, layout: FieldLayout): string {
  if (layout.kind !== 'unit' || type.args.length === 0) return type.name;
  const args = type.args.map(verusTypeText);
  if (args.some((arg) => arg === undefined)) return type.name;
  return `${type.name}::<${args.join(', ')}>`;
}

function builtinLayout(type: AdtValueType, variant: string | undefined): FieldLayout | undefined {
  const [first, second] = type.args;
  if (type.name === 'Option' && first !== undefined) {
    if (variant === 'None') return { kind: 'unit', fields: [] };
    if (variant === 'Some') return { kind: 'tuple', fields: [{ name: '0', type: first, boxed: false }] };
  }
  if (type.name === 'Result' && first !== undefined && second !== undefined) {
    if (variant === 'Ok') return { kind: 'tuple', fields: [{ name: '0', type: first, boxed: false }] };
    if (variant === 'Err') return { kind: 'tuple', fields: [{ name: '0', type: second, boxed: false }] };
  }
  return undefined;
}

function printAll(
  ctx: LiteralContext,
  items: readonly (readonly [Value, ValueType])[],
): { readonly ok: true; readonly texts: readonly string[] } | { readonly ok: false; readonly construct: string } {
  const texts: string[] = [];
  for (const [value, type] of items) {
    const printed = printValueLiteral(ctx, value, type);
    if (!printed.ok) return printed;
    texts.push(printed.text);
  }
  return { ok: true, texts };
}

function emptyOf(typeName: string, args: readonly ValueType[]): Printed {
  const texts = args.map(verusTypeText);
  if (texts.some((text) => text === undefined)) return { ok: false, construct: `an empty ${typeName} of an unsupported type` };
  return ok(`${typeName}::<${texts.join(', ')}>::empty()`);
}

function wrap(name: string, args: readonly ValueType[]): string | undefined {
  const texts = args.map(verusTypeText);
  if (texts.some((text) => text === undefined)) return undefined;
  return `${name}<${texts.join(', ')}>`;
}

/** `5u8`, `-7int`; a signed type's minimum as `i32::MIN`, since its magnitude alone is out of range. */
function intLiteral(value: bigint, int: IntType): string {
  const bits = SIGNED_BITS[int];
  if (bits !== undefined && value === -(1n << BigInt(bits - 1))) return `${int}::MIN`;
  return `${value.toString()}${int}`;
}

const SIGNED_BITS: Readonly<Partial<Record<IntType, number>>> = { i8: 8, i16: 16, i32: 32, i64: 64, i128: 128, isize: 64 };

function mismatch(value: Value, type: ValueType): Printed {
  return { ok: false, construct: `a value of kind ${value.kind} where the type is ${verusTypeText(type) ?? type.kind}` };
}

function ok(text: string): Printed {
  return { ok: true, text };
}
