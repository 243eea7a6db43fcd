// Writes generated entries into a pairs file text. Pure: existing text in, new text out. Entries without
// `"origin": "generated"` were written by a person and are kept verbatim (numbers keep their exact digits);
// regenerating a function replaces only its generated entries. A broken existing file is an error, never rewritten.

import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { parseTree, printParseErrorCode } from 'jsonc-parser';
import type { JsonValue } from '../../eval';

/** New generated entries for one function. */
export interface GeneratedEntries {
  readonly pairs: readonly JsonValue[];
  readonly invalid: readonly JsonValue[];
}

export type MergeResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

const LIST_KEYS = ['pairs', 'invalid', 'acceptable'] as const;

/** Merges `generated` (by qualified function name) into `existingText` (null when there is no file yet). */
export function mergePairsText(existingText: string | null, generated: ReadonlyMap<string, GeneratedEntries>): MergeResult {
  const parsed = existingText === null || existingText.trim() === '' ? { ok: true as const, root: emptyRoot() } : parseExisting(existingText);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  const functions = new Map(objectEntries(root.get('functions') ?? { kind: 'object', entries: [] }));
  for (const [name, entries] of generated) {
    const current = functions.get(name);
    const fields = new Map(current?.kind === 'object' ? current.entries : []);
    for (const key of ['pairs', 'invalid'] as const) {
      const kept = listOf(fields.get(key)).filter((entry) => !isGenerated(entry));
      const fresh = entries[key].map(fromJson);
      if (kept.length + fresh.length > 0) fields.set(key, { kind: 'array', items: [...kept, ...fresh] });
      else fields.delete(key);
    }
    functions.set(name, { kind: 'object', entries: orderFunctionFields(fields) });
  }
  // Within each function: hand-written entries first, in their order, then generated ones.
  const sortedFunctions = [...functions.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]): [string, Raw] => [name, handWrittenFirst(value)]);
  const rest = [...root.entries()].filter(([key]) => key !== 'version' && key !== 'functions');
  const out: Raw = { kind: 'object', entries: [['version', root.get('version') ?? { kind: 'number', text: '1' }], ...rest, ['functions', { kind: 'object', entries: sortedFunctions }]] };
  return { ok: true, text: `${printRaw(out, '')}\n` };
}

/** JSON as read, numbers kept as their source text so hand-written values survive byte for byte. */
type Raw =
  | { readonly kind: 'null' }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'array'; readonly items: readonly Raw[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, Raw])[] };

function parseExisting(text: string): { ok: true; root: Map<string, Raw> } | { ok: false; error: string } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first !== undefined) return { ok: false, error: `the pairs file is not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset}); fix it before regenerating` };
  if (tree === undefined || tree.type !== 'object') return { ok: false, error: 'the pairs file must hold a JSON object' };
  const root = fromNode(tree, text);
  const map = new Map(root.kind === 'object' ? root.entries : []);
  const version = map.get('version');
  if (version !== undefined && !(version.kind === 'number' && version.text === '1')) return { ok: false, error: 'the pairs file has an unknown "version" (expected 1)' };
  const functions = map.get('functions');
  if (functions !== undefined && functions.kind !== 'object') return { ok: false, error: '"functions" in the pairs file must be an object' };
  for (const [name, entry] of functions?.kind === 'object' ? functions.entries : []) {
    if (entry.kind !== 'object') return { ok: false, error: `"functions.${name}" in the pairs file must be an object` };
    for (const [key, list] of entry.entries) {
      if ((LIST_KEYS as readonly string[]).includes(key) && list.kind !== 'array') return { ok: false, error: `"functions.${name}.${key}" in the pairs file must be an array` };
    }
  }
  return { ok: true, root: map };
}

function emptyRoot(): Map<string, Raw> {
  return new Map<string, Raw>([['version', { kind: 'number', text: '1' }]]);
}

function fromNode(node: JsonNode, text: string): Raw {
  switch (node.type) {
    case 'object':
      return {
        kind: 'object',
        entries: (node.children ?? []).map((property): [string, Raw] => {
          const [key, value] = property.children ?? [];
          return [String(key?.value ?? ''), value === undefined ? { kind: 'null' } : fromNode(value, text)];
        }),
      };
    case 'array':
      return { kind: 'array', items: (node.children ?? []).map((child) => fromNode(child, text)) };
    case 'number':
      return { kind: 'number', text: text.slice(node.offset, node.offset + node.length) };
    case 'string':
      return { kind: 'string', value: String(node.value) };
    case 'boolean':
      return { kind: 'boolean', value: node.value === true };
    default:
      return { kind: 'null' };
  }
}

function fromJson(json: JsonValue): Raw {
  if (json === null) return { kind: 'null' };
  if (typeof json === 'boolean') return { kind: 'boolean', value: json };
  if (typeof json === 'number') return { kind: 'number', text: String(json) };
  if (typeof json === 'string') return { kind: 'string', value: json };
  if (Array.isArray(json)) return { kind: 'array', items: json.map(fromJson) };
  return { kind: 'object', entries: Object.entries(json as Record<string, JsonValue>).map(([k, v]): [string, Raw] => [k, fromJson(v)]) };
}

function objectEntries(raw: Raw): readonly (readonly [string, Raw])[] {
  return raw.kind === 'object' ? raw.entries : [];
}

function listOf(raw: Raw | undefined): readonly Raw[] {
  return raw?.kind === 'array' ? raw.items : [];
}

function isGenerated(entry: Raw): boolean {
  return entry.kind === 'object' && entry.entries.some(([key, value]) => key === 'origin' && value.kind === 'string' && value.value === 'generated');
}

function orderFunctionFields(fields: ReadonlyMap<string, Raw>): [string, Raw][] {
  const known = LIST_KEYS.filter((key) => fields.has(key)).map((key): [string, Raw] => [key, fields.get(key) as Raw]);
  const others = [...fields.entries()].filter(([key]) => !(LIST_KEYS as readonly string[]).includes(key));
  return [...known, ...others];
}

function handWrittenFirst(fn: Raw): Raw {
  if (fn.kind !== 'object') return fn;
  return {
    kind: 'object',
    entries: orderFunctionFields(
      new Map(
        fn.entries.map(([key, value]): [string, Raw] => {
          if (!(LIST_KEYS as readonly string[]).includes(key) || value.kind !== 'array') return [key, value];
          return [key, { kind: 'array', items: [...value.items.filter((e) => !isGenerated(e)), ...value.items.filter(isGenerated)] }];
        }),
      ),
    ),
  };
}

/** Two-space JSON, like JSON.stringify(value, null, 2), with numbers printed as read. */
function printRaw(raw: Raw, indent: string): string {
  const inner = `${indent}  `;
  switch (raw.kind) {
    case 'null':
      return 'null';
    case 'boolean':
      return String(raw.value);
    case 'number':
      return raw.text;
    case 'string':
      return JSON.stringify(raw.value);
    case 'array':
      return raw.items.length === 0 ? '[]' : `[\n${raw.items.map((item) => `${inner}${printRaw(item, inner)}`).join(',\n')}\n${indent}]`;
    case 'object':
      return raw.entries.length === 0 ? '{}' : `{\n${raw.entries.map(([key, value]) => `${inner}${JSON.stringify(key)}: ${printRaw(value, inner)}`).join(',\n')}\n${indent}}`;
  }
}
