// The pairs-file JSON of generated entries (serde_json's form, by the declared types), and the check that what a
// run produced can be written at all: a pairs file the generator writes must read back to the same values.

import { OPAQUE_KEY, decodeJson, encodeJson, valueTypeText } from '../../eval';
import type { JsonPath, JsonValue, Value, ValueType } from '../../eval';
import type { FunctionValueTypes } from '../score/function-types';
import { GENERATED_ORIGIN } from '../pairs';

type SupportedTypes = Extract<FunctionValueTypes, { kind: 'supported' }>;

/** A witness's entry says, for the person reading the pairs file, why a pair sits outside the requires. */
export function witnessJson(json: JsonValue): JsonValue {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  return { ...json, note: 'outside the requires: the code returns this output, which the ensures accepts' };
}

export function inputJson(types: SupportedTypes, inputs: ReadonlyMap<string, Value>): JsonValue {
  const entries: [string, JsonValue][] = [];
  for (const [name, type] of types.params) {
    const value = inputs.get(name);
    if (value !== undefined) entries.push([name, encodeJson(value, type, types.typeContext)]);
  }
  return Object.fromEntries(entries);
}

export function pairJson(
  types: SupportedTypes,
  inputs: ReadonlyMap<string, Value>,
  output: Value | undefined,
  after: ReadonlyMap<string, Value>,
): JsonValue {
  const entry: Record<string, JsonValue> = { input: inputJson(types, inputs) };
  if (output !== undefined && types.returnType !== undefined) entry.output = encodeJson(output, types.returnType, types.typeContext);
  if (types.mutParams.length > 0) {
    const afterJson: Record<string, JsonValue> = {};
    for (const name of types.mutParams) {
      const value = after.get(name);
      const type = types.params.get(name);
      if (value !== undefined && type !== undefined) afterJson[name] = encodeJson(value, type, types.typeContext);
    }
    entry.after = afterJson;
  }
  entry.origin = GENERATED_ORIGIN;
  return entry;
}

export function invalidJson(types: SupportedTypes, inputs: ReadonlyMap<string, Value>, reason: string): JsonValue {
  return { input: inputJson(types, inputs), reason, origin: GENERATED_ORIGIN };
}

/** Why the output or an after-value of a run cannot be written to the pairs file (a ghost value the run could not
 *  compute, held where the type wants a `Map`), or undefined when every part reads back as written. Such a run is
 *  no pair: written, it would be a pairs file that fails to load. */
export function unrepresentablePart(
  types: SupportedTypes,
  output: Value | undefined,
  after: ReadonlyMap<string, Value>,
): string | undefined {
  const parts: [string, Value | undefined, ValueType | undefined][] = [
    ['the output', output, types.returnType],
    ...types.mutParams.map((name): [string, Value | undefined, ValueType | undefined] => [
      `\`${name}\` after the call`,
      after.get(name),
      types.params.get(name),
    ]),
  ];
  for (const [what, value, type] of parts) {
    if (value === undefined || type === undefined) continue;
    const json = encodeJson(value, type, types.typeContext);
    const decoded = decodeJson(json, type, types.typeContext);
    if (decoded.ok) continue;
    const placeholder = placeholderOnPath(json, decoded.error.path);
    if (placeholder !== undefined) return `${what}${pathText(placeholder.path)} is ${placeholder.text}`;
    return `${what}${pathText(decoded.error.path)} (\`${valueTypeText(type)}\`): ${decoded.error.message}`;
  }
  return undefined;
}

/** The placeholder (`{"opaque": ..}`) the decoder met where the type wants a value, if that is what failed. */
function placeholderOnPath(json: JsonValue, path: JsonPath): { readonly path: JsonPath; readonly text: string } | undefined {
  let node: JsonValue | undefined = json;
  for (let depth = 0; depth <= path.length; depth++) {
    const text = placeholderText(node);
    if (text !== undefined) return { path: path.slice(0, depth), text };
    const step = path[depth];
    if (step === undefined || node === null || typeof node !== 'object') return undefined;
    node = childOf(node, step);
  }
  return undefined;
}

function childOf(node: JsonValue, step: string | number): JsonValue | undefined {
  if (isJsonArray(node)) return node[Number(step)];
  return typeof node === 'object' && node !== null ? node[String(step)] : undefined;
}

function placeholderText(node: JsonValue | undefined): string | undefined {
  if (node === undefined || node === null || typeof node !== 'object' || isJsonArray(node)) return undefined;
  const text = node[OPAQUE_KEY];
  return Object.keys(node).length === 1 && typeof text === 'string' ? text : undefined;
}

function isJsonArray(node: JsonValue): node is readonly JsonValue[] {
  return Array.isArray(node);
}

function pathText(path: JsonPath): string {
  if (path.length === 0) return '';
  return ` at \`${path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('')}\``;
}
