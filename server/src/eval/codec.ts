// JSON <-> Value, directed by the ValueType, following serde_json's conventions for the Rust type (design.md,
// "Pairs file"). Integers decode exactly (from a bigint, a decimal string or a safe double); decoding reports the
// first mistake with what was expected, what was found, and its JSON path.

import type { JsonValue } from './json-value';
import { adtShape, valueTypeText, type FieldsShape, type TypeContext } from './type-resolution';
import { isObservationField } from './observations';
import type { Value } from './value';
import type { IntType, ValueType } from './value-type';
import { charValue, inRange, intRange, makeMap, makeMultiset, makeSet, textOf, textValue } from './value-ops';
import { assertNever } from '../stdx';
import { CLOSURE_KEY, specFnFromSource } from './spec-fn-values';

export type JsonPath = readonly (string | number)[];

export interface DecodeError {
  readonly message: string;
  /** Keys and indices from the root of the decoded JSON to the offending part. */
  readonly path: JsonPath;
}

export type DecodeResult = { readonly ok: true; readonly value: Value } | { readonly ok: false; readonly error: DecodeError };

/** `json` is ExactJson or plain JSON (JSON.parse's, whose rounded integers are refused rather than read wrong). */
export function decodeJson(json: unknown, type: ValueType, ctx: TypeContext): DecodeResult {
  try {
    return { ok: true, value: decode(json, type, ctx, []) };
  } catch (caught) {
    if (caught instanceof DecodeFailure) return { ok: false, error: { message: caught.message, path: caught.path } };
    throw caught;
  }
}

/** The JSON a Rust program using serde_json would write for `value`. Integers beyond ±(2^53 - 1) become strings. */
export function encodeJson(value: Value, type: ValueType, ctx: TypeContext): JsonValue {
  switch (value.kind) {
    case 'int':
      return value.value <= MAX_SAFE && value.value >= -MAX_SAFE ? Number(value.value) : value.value.toString();
    case 'bool':
      return value.value;
    case 'char':
      return String.fromCodePoint(value.codePoint);
    case 'seq': {
      const text = isTextType(type) || value.text === true ? textOf(value) : undefined;
      if (text !== undefined) return text;
      return value.elements.map((element) => encodeJson(element, elementType(type), ctx));
    }
    case 'set':
      return value.elements.map((element) => encodeJson(element, elementType(type), ctx));
    case 'multiset':
      return value.entries.flatMap(([element, count]) =>
        Array.from({ length: Number(count) }, () => encodeJson(element, elementType(type), ctx)),
      );
    case 'map': {
      const keyType = type.kind === 'map' ? type.key : UNKNOWN;
      const valueType = type.kind === 'map' ? type.value : UNKNOWN;
      return value.entries.map(([key, entry]) => [encodeJson(key, keyType, ctx), encodeJson(entry, valueType, ctx)]);
    }
    case 'tuple':
      if (value.elements.length === 0) return null;
      return value.elements.map((element, idx) =>
        encodeJson(element, type.kind === 'tuple' ? (type.elements[idx] ?? UNKNOWN) : UNKNOWN, ctx),
      );
    case 'struct':
      return encodeFields(value.fields, structFields(type, ctx), ctx);
    case 'enum':
      return encodeEnum(value, type, ctx);
    case 'closure':
      return value.source === undefined ? '<closure>' : { [CLOSURE_KEY]: value.source };
    case 'opaque':
      return { [OPAQUE_KEY]: value.text };
    default:
      return assertNever(value);
  }
}

/** A short description of a JSON value for "found ..." in messages. */
export function describeJson(json: unknown): string {
  if (json === null) return 'null';
  if (json === undefined) return 'nothing';
  if (typeof json === 'boolean') return String(json);
  if (typeof json === 'number' || typeof json === 'bigint') return String(json);
  if (typeof json === 'string') return `string ${JSON.stringify(json.length > 40 ? `${json.slice(0, 40)}...` : json)}`;
  if (Array.isArray(json)) return `an array of length ${json.length}`;
  if (typeof json === 'object') return 'an object';
  return typeof json;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_JSON_DEPTH = 500;
const UNKNOWN: ValueType = { kind: 'unsupported', text: '?', reason: 'unknown' };

class DecodeFailure extends Error {
  constructor(
    message: string,
    readonly path: JsonPath,
  ) {
    super(message);
  }
}

function fail(path: JsonPath, message: string): never {
  throw new DecodeFailure(message, path);
}

function expected(path: JsonPath, what: string, json: unknown): never {
  return fail(path, `expected ${what}, found ${describeJson(json)}`);
}

function decode(json: unknown, type: ValueType, ctx: TypeContext, path: JsonPath): Value {
  // Recursive types (`List`) let the JSON decide the depth; bound it so a hostile file cannot exhaust the stack.
  if (path.length > MAX_JSON_DEPTH) return fail(path, `the value is nested more than ${MAX_JSON_DEPTH} levels deep`);
  switch (type.kind) {
    case 'int':
      return { kind: 'int', value: decodeInt(json, type.int, path) };
    case 'bool':
      if (typeof json !== 'boolean') return expected(path, 'a boolean', json);
      return { kind: 'bool', value: json };
    case 'char': {
      const char = typeof json === 'string' ? charValue(json) : undefined;
      return char ?? expected(path, 'a char (a string of one character)', json);
    }
    case 'seq':
      return decodeSeq(json, type, ctx, path);
    case 'set':
      return makeSet(decodeArray(json, type, path).map((item, idx) => decode(item, type.element, ctx, [...path, idx])));
    case 'multiset':
      return makeMultiset(decodeArray(json, type, path).map((item, idx) => decode(item, type.element, ctx, [...path, idx])));
    case 'map':
      return decodeMap(json, type, ctx, path);
    case 'tuple':
      return decodeTuple(json, type.elements, ctx, path, valueTypeText(type));
    case 'adt':
      return decodeAdt(json, type, ctx, path);
    case 'fn':
      return decodeSpecFn(json, type, path);
    case 'unsupported':
      return fail(path, `values of type ${type.text} are not supported: ${type.reason}`);
    case 'opaque':
      return decodeOpaque(json, type, path);
    default:
      return assertNever(type);
  }
}

/** A placeholder is written `{"opaque": "Tracked<Mim::Instance>"}`, saying what it stands for; serde's `null` for
 *  an erased `Ghost`/`Tracked` reads as one too. */
export const OPAQUE_KEY = 'opaque';

function decodeOpaque(json: unknown, type: Extract<ValueType, { kind: 'opaque' }>, path: JsonPath): Value {
  const written = json === null || (isPlainObject(json) && Object.keys(json).length === 1 && typeof json[OPAQUE_KEY] === 'string');
  if (!written) return expected(path, `{"${OPAQUE_KEY}": "${type.text}"} (a placeholder: ${type.reason})`, json);
  return { kind: 'opaque', text: type.text };
}

function decodeSpecFn(json: unknown, type: Extract<ValueType, { kind: 'fn' }>, path: JsonPath): Value {
  const source = isPlainObject(json) && Object.keys(json).length === 1 ? json[CLOSURE_KEY] : undefined;
  if (typeof source !== 'string')
    return expected(path, `{"${CLOSURE_KEY}": "|..| .."} (a \`${valueTypeText(type)}\` as Verus closure text)`, json);
  const value = specFnFromSource(source, type);
  return typeof value === 'string' ? fail(path, value) : value;
}

function decodeInt(json: unknown, intType: IntType, path: JsonPath): bigint {
  let value: bigint;
  if (typeof json === 'bigint') {
    value = json;
  } else if (typeof json === 'number' && Number.isInteger(json)) {
    // Integer tokens beyond 2^53 arrive as bigints (ExactJson); a double this large was written with a fraction or
    // an exponent, or parsed by a reader that rounds, so its digits cannot be trusted.
    if (!Number.isSafeInteger(json)) {
      return fail(path, `${json} is beyond 2^53 and may have lost precision; write its digits in full`);
    }
    value = BigInt(json);
  } else if (typeof json === 'string' && /^-?[0-9]+$/.test(json)) {
    value = BigInt(json);
  } else {
    return expected(path, `an integer (${intType})`, json);
  }
  if (!inRange(value, intType)) {
    return fail(path, `${value} is out of range for ${intType} (${rangeText(intType)})`);
  }
  return value;
}

function rangeText(intType: IntType): string {
  const range = intRange(intType);
  return `${range.min ?? ''}..=${range.max ?? ''}`.replace(/\.\.=$/, '..');
}

function decodeSeq(json: unknown, type: Extract<ValueType, { kind: 'seq' }>, ctx: TypeContext, path: JsonPath): Value {
  if (isTextType(type)) {
    if (typeof json !== 'string') return expected(path, 'a string', json);
    return textValue(json);
  }
  const items = decodeArray(json, type, path);
  if (type.length !== undefined && items.length !== type.length) {
    return fail(path, `expected an array of length ${type.length} (${valueTypeText(type)}), found ${describeJson(json)}`);
  }
  return { kind: 'seq', elements: items.map((item, idx) => decode(item, type.element, ctx, [...path, idx])) };
}

function decodeArray(json: unknown, type: ValueType, path: JsonPath): readonly unknown[] {
  if (!Array.isArray(json)) return expected(path, `an array (${valueTypeText(type)})`, json);
  return json;
}

/** Maps are arrays of `[key, value]`; an object is accepted too when keys are strings or integers, as serde
 *  writes `HashMap<String, _>`. For a repeated key the last entry wins. */
function decodeMap(json: unknown, type: Extract<ValueType, { kind: 'map' }>, ctx: TypeContext, path: JsonPath): Value {
  if (isPlainObject(json) && (isTextType(type.key) || type.key.kind === 'int')) {
    return makeMap(
      Object.entries(json).map(([key, item]) => [
        decode(key, type.key, ctx, [...path, key]),
        decode(item, type.value, ctx, [...path, key]),
      ]),
    );
  }
  const entries = decodeArray(json, type, path).map((entry, idx) => {
    const entryPath = [...path, idx];
    if (!Array.isArray(entry) || entry.length !== 2) return expected(entryPath, 'a [key, value] array', entry);
    return [decode(entry[0], type.key, ctx, [...entryPath, 0]), decode(entry[1], type.value, ctx, [...entryPath, 1])] as const;
  });
  return makeMap(entries);
}

function decodeTuple(json: unknown, types: readonly ValueType[], ctx: TypeContext, path: JsonPath, typeText: string): Value {
  if (types.length === 0) {
    if (json === null || (Array.isArray(json) && json.length === 0)) return { kind: 'tuple', elements: [] };
    return expected(path, 'null (the unit value)', json);
  }
  if (!Array.isArray(json) || json.length !== types.length) {
    return expected(path, `an array of length ${types.length} (${typeText})`, json);
  }
  return { kind: 'tuple', elements: types.map((type, idx) => decode(json[idx], type, ctx, [...path, idx])) };
}

function decodeAdt(json: unknown, type: Extract<ValueType, { kind: 'adt' }>, ctx: TypeContext, path: JsonPath): Value {
  const shape = adtShape(type, ctx);
  if (shape === undefined) return fail(path, `unknown datatype ${type.name}`);
  if (shape.kind === 'struct') {
    return { kind: 'struct', name: shape.name, fields: decodeFields(json, shape.fields, ctx, path, shape.name) };
  }
  if (shape.name === 'Option' && type.name === 'Option' && ctx.scope.datatype('Option') === undefined) {
    if (json === null) return { kind: 'enum', name: 'Option', variant: 'None', fields: [] };
    return { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', decode(json, type.args[0] ?? UNKNOWN, ctx, path)]] };
  }
  const names = shape.variants.map((variant) => `"${variant.name}"`).join(', ');
  let variantName: string;
  let payload: unknown;
  if (typeof json === 'string') {
    variantName = json;
    payload = null;
  } else if (isPlainObject(json) && Object.keys(json).length === 1) {
    variantName = Object.keys(json)[0] as string;
    payload = json[variantName];
  } else {
    return expected(path, `a variant of ${shape.name} ("Name" or {"Name": ...}; one of ${names})`, json);
  }
  const variant = shape.variants.find((candidate) => candidate.name === variantName);
  if (variant === undefined) {
    return fail(
      typeof json === 'string' ? path : [...path, variantName],
      `unknown variant "${variantName}" of ${shape.name}; expected one of ${names}`,
    );
  }
  if (typeof json === 'string' && variant.fields.fields.length > 0) {
    return fail(path, `variant ${variantName} of ${shape.name} has fields; write {"${variantName}": ...}`);
  }
  const payloadPath = typeof json === 'string' ? path : [...path, variantName];
  const fields = decodeFields(payload, variant.fields, ctx, payloadPath, `${shape.name}::${variantName}`);
  return { kind: 'enum', name: shape.name, variant: variantName, fields };
}

/** Struct and variant payloads: named fields as an object, one positional field as the value itself (serde's
 *  newtype rule), several as an array, none as null. */
function decodeFields(json: unknown, shape: FieldsShape, ctx: TypeContext, path: JsonPath, owner: string): (readonly [string, Value])[] {
  if (shape.kind === 'unit') {
    if (json !== null) return expected(path, `null (${owner} has no fields)`, json);
    return [];
  }
  if (shape.kind === 'tuple') {
    const only = shape.fields[0];
    if (shape.fields.length === 1 && only !== undefined) return [[only.name, decode(json, only.type, ctx, path)]];
    const tuple = decodeTuple(
      json,
      shape.fields.map((field) => field.type),
      ctx,
      path,
      owner,
    );
    return tuple.kind === 'tuple' ? tuple.elements.map((element, idx) => [String(idx), element] as const) : [];
  }
  if (!isPlainObject(json)) return expected(path, `an object (${owner})`, json);
  const known = new Set(shape.fields.map((field) => field.name));
  const unknownKey = Object.keys(json).find((key) => !known.has(key));
  if (unknownKey !== undefined) {
    const names = shape.fields.map((field) => `"${field.name}"`).join(', ');
    return fail([...path, unknownKey], `unknown field "${unknownKey}" of ${owner}; expected ${names || 'no fields'}`);
  }
  return shape.fields.flatMap((field) => {
    // An uninterpreted observation may be undetermined (`observations.ts`): absent, not missing.
    if (!Object.hasOwn(json, field.name) && isObservationField(field.name)) return [];
    if (!Object.hasOwn(json, field.name)) return fail(path, `missing field "${field.name}" of ${owner}`);
    return [[field.name, decode(json[field.name], field.type, ctx, [...path, field.name])] as const];
  });
}

function encodeFields(fields: readonly (readonly [string, Value])[], shape: FieldsShape | undefined, ctx: TypeContext): JsonValue {
  const typeOf = (name: string): ValueType => shape?.fields.find((field) => field.name === name)?.type ?? UNKNOWN;
  const positional = shape !== undefined ? shape.kind === 'tuple' : fields.length > 0 && fields[0]?.[0] === '0';
  if (fields.length === 0) return shape?.kind === 'named' ? {} : null;
  if (positional) {
    const items = fields.map(([name, field]) => encodeJson(field, typeOf(name), ctx));
    return items.length === 1 ? (items[0] as JsonValue) : items;
  }
  return Object.fromEntries(fields.map(([name, field]) => [name, encodeJson(field, typeOf(name), ctx)]));
}

function encodeEnum(value: Extract<Value, { kind: 'enum' }>, type: ValueType, ctx: TypeContext): JsonValue {
  const shape = type.kind === 'adt' ? adtShape(type, ctx) : undefined;
  const variantShape = shape?.kind === 'enum' ? shape.variants.find((variant) => variant.name === value.variant) : undefined;
  const isBuiltinOption = value.name === 'Option' && (type.kind !== 'adt' || ctx.scope.datatype('Option') === undefined);
  if (isBuiltinOption) {
    const inner = value.fields[0];
    if (value.variant === 'None' || inner === undefined) return null;
    return encodeJson(inner[1], type.kind === 'adt' ? (type.args[0] ?? UNKNOWN) : UNKNOWN, ctx);
  }
  if (value.fields.length === 0 && variantShape?.fields.kind !== 'named') return value.variant;
  return { [value.variant]: encodeFields(value.fields, variantShape?.fields, ctx) };
}

function structFields(type: ValueType, ctx: TypeContext): FieldsShape | undefined {
  if (type.kind !== 'adt') return undefined;
  const shape = adtShape(type, ctx);
  return shape?.kind === 'struct' ? shape.fields : undefined;
}

function elementType(type: ValueType): ValueType {
  return type.kind === 'seq' || type.kind === 'set' || type.kind === 'multiset' ? type.element : UNKNOWN;
}

function isTextType(type: ValueType): boolean {
  return type.kind === 'seq' && (type.origin === 'String' || type.origin === 'str');
}

function isPlainObject(json: unknown): json is Record<string, unknown> {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}
