// The fast reader for a clean pairs file (the usual case): JSON.parse for the values, ajv once on the plain value,
// a character scan for the offsets of keys and entries, and entries decoded straight from plain JSON. It gives
// up (undefined) at the first thing that would be diagnosed, and the tree reader (pairs-file.ts) then reads the
// file again and words every diagnostic at its node; so both readers agree on every file without diagnostics.
// JSON.parse rounds an integer beyond 2^53 to a double (Node 20's reviver cannot see the digits); the codec refuses
// such a double, and every value in an entry is decoded, so a file with one gives up here and the tree reader reads
// the digits as written.

import type { FileModel } from '../../model';
import { measuredFunctionNamed } from '../measured-function';
import type { JsonValue, Value } from '../../eval';
import { decodeJson } from '../../eval';
import type { PairsContext } from './read-state';
import { rangeOf } from './read-state';
import type { AcceptableEntry, EntryKind, InvalidEntry, PairEntry } from './decode-entry';
import { entryKinds } from './decode-entry';
import type { FunctionLayout, PairsLayout } from './layout';
import { hasDuplicateKeys, scanPairsLayout } from './layout';
import { pairsValueIsValid } from './schema';
import type { TextSlice } from './read-state';
import { nestingProblem } from './document';
import { stripByteOrderMark } from '../../stdx';
import { sameInputs } from '../score/obligations';
import { functionValueTypes } from '../score/function-types';
import type { FunctionValueTypes } from '../score/function-types';
import type { PairsFunctionEntry } from './file';

/** The functions of a clean pairs file, or undefined when anything in it would be diagnosed. */
export function readCleanPairsFile(ctx: PairsContext, text: string, model: FileModel): Map<string, PairsFunctionEntry> | undefined {
  const clean = cleanJson(text, pairsValueIsValid);
  if (clean === undefined) return undefined;
  const { root, layout } = clean;
  const functionsJson = (root as { functions?: Record<string, unknown> }).functions ?? {};
  const functions = new Map<string, PairsFunctionEntry>();
  try {
    for (const fnLayout of layout.functions) {
      if (functions.has(fnLayout.name)) return undefined;
      const entry = readFunction(ctx, model, fnLayout, functionsJson[fnLayout.name]);
      if (entry === undefined) return undefined;
      functions.set(entry.qualifiedName, entry);
    }
  } catch {
    // A bug in decoding: the tree reader reports it on its entry.
    return undefined;
  }
  return functions;
}

/** Each function entry of a clean pairs file (valid JSON, one object under `functions`, no duplicate key, no byte
 *  order mark), from its key through its value, without a syntax tree; undefined for anything else (the caller
 *  then reads the file with `readPairsDocument`, whose `functionEntries` these equal on a clean file). */
export function cleanFunctionEntries(text: string): readonly { readonly name: string; readonly property: TextSlice }[] | undefined {
  if (stripByteOrderMark(text).length !== text.length || nestingProblem(text) !== undefined) return undefined;
  const clean = cleanJson(text, (root) => isObject(root) && isObject(root['functions']));
  return clean?.layout.functions.map(({ name, property }) => ({ name, property }));
}

/** The value of `text` and where its entries are, when it is JSON whose value `accepts`, with no key written twice
 *  in an object (JSON.parse would keep the last silently) and the layout the scan expects; undefined otherwise. */
function cleanJson(
  text: string,
  accepts: (root: unknown) => boolean,
): { readonly root: unknown; readonly layout: PairsLayout } | undefined {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!accepts(root) || hasDuplicateKeys(text)) return undefined;
  const layout = scanPairsLayout(text);
  return layout === undefined ? undefined : { root, layout };
}

type SupportedTypes = Extract<FunctionValueTypes, { kind: 'supported' }>;
type Json = Record<string, unknown>;

function readFunction(ctx: PairsContext, model: FileModel, layout: FunctionLayout, json: unknown): PairsFunctionEntry | undefined {
  const fn = measuredFunctionNamed(model, layout.name);
  if (fn === undefined || fn.mode !== 'exec' || (fn.requires.length === 0 && fn.ensures.length === 0)) return undefined;
  if (!isObject(json)) return undefined;
  const lists = { pairs: [] as PairEntry[], invalid: [] as InvalidEntry[], acceptable: [] as AcceptableEntry[] };
  const types = functionValueTypes(fn, model.scope);
  if (types.kind === 'supported') {
    for (const kind of entryKinds) {
      const items = json[kind];
      if (!Array.isArray(items)) continue;
      const slices = layout.entries.get(kind);
      if (slices === undefined || slices.length !== items.length) return undefined;
      for (let index = 0; index < items.length; index++) {
        if (!isObject(items[index])) return undefined;
        const entry = decodeEntry(ctx, { types, kind, index, params: fn.params }, items[index] as Json, slices[index] as TextSlice);
        if (entry === undefined) return undefined;
        if (kind === 'invalid') lists.invalid.push(entry as InvalidEntry);
        else (kind === 'pairs' ? lists.pairs : lists.acceptable).push(entry as PairEntry);
      }
    }
  }
  // An acceptable output without its pair is diagnosed (a warning) by the tree reader.
  if (lists.acceptable.some((acceptable) => !lists.pairs.some((pair) => sameInputs(pair.inputs, acceptable.inputs)))) return undefined;
  return { qualifiedName: layout.name, nameRange: rangeOf(ctx, layout.key), ...lists };
}

interface EntryContext {
  readonly types: SupportedTypes;
  readonly kind: EntryKind;
  readonly index: number;
  readonly params: readonly { readonly name: string }[];
}

function decodeEntry(ctx: PairsContext, entry: EntryContext, json: Json, slice: TextSlice): PairEntry | InvalidEntry | undefined {
  const input = json['input'];
  if (!isObject(input)) return undefined;
  const inputs = decodeInputs(entry, input);
  if (inputs === undefined) return undefined;
  const originJson = json['origin'];
  const origin = typeof originJson === 'string' ? originJson : undefined;
  const range = rangeOf(ctx, slice);
  if (entry.kind === 'invalid') {
    const reason = json['reason'];
    return {
      index: entry.index,
      range,
      origin,
      inputs,
      inputJson: input as JsonValue,
      reason: typeof reason === 'string' ? reason : undefined,
    };
  }
  const returnType = entry.types.returnType;
  let output: Value | undefined;
  if (returnType === undefined) {
    if ('output' in json) return undefined;
  } else {
    if (!('output' in json)) return undefined;
    const decoded = decodeJson(json['output'], returnType, entry.types.typeContext);
    if (!decoded.ok) return undefined;
    output = decoded.value;
  }
  const after = decodeAfter(entry.types, json);
  if (after === undefined) return undefined;
  const outputJson = 'output' in json ? (json['output'] as JsonValue) : null;
  const afterJson = 'after' in json ? (json['after'] as JsonValue) : null;
  return { index: entry.index, range, origin, inputs, inputJson: input as JsonValue, output, outputJson, after, afterJson };
}

function isObject(json: unknown): json is Json {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}

function decodeInputs(entry: EntryContext, input: Json): Map<string, Value> | undefined {
  const types = entry.types;
  for (const name in input) if (!types.params.has(name)) return undefined;
  const inputs = new Map<string, Value>();
  for (const param of entry.params) {
    const type = types.params.get(param.name);
    if (type === undefined) continue;
    if (!(param.name in input)) return undefined;
    const decoded = decodeJson(input[param.name], type, types.typeContext);
    if (!decoded.ok) return undefined;
    inputs.set(param.name, decoded.value);
  }
  return inputs;
}

/** Shared by every entry of a function without `&mut` parameters (entries are immutable). */
const NO_AFTER: ReadonlyMap<string, Value> = new Map();

function decodeAfter(types: SupportedTypes, json: Json): ReadonlyMap<string, Value> | undefined {
  const afterJson = json['after'];
  if (types.mutParams.length === 0) {
    const unexpected =
      typeof afterJson === 'object' && afterJson !== null && !Array.isArray(afterJson) && Object.keys(afterJson).length > 0;
    return unexpected ? undefined : NO_AFTER;
  }
  const after = new Map<string, Value>();
  if (typeof afterJson === 'object' && afterJson !== null && !Array.isArray(afterJson)) {
    for (const name in afterJson) if (!types.mutParams.includes(name)) return undefined;
  }
  for (const name of types.mutParams) {
    const type = types.params.get(name);
    if (type === undefined) continue;
    if (typeof afterJson !== 'object' || afterJson === null || !(name in afterJson)) return undefined;
    const decoded = decodeJson((afterJson as Json)[name], type, types.typeContext);
    if (!decoded.ok) return undefined;
    after.set(name, decoded.value);
  }
  return after;
}
