// Exact edits to a pairs file: generated entries are replaced by minimal text edits on the original text, so every
// byte outside them (hand-written entries, key order, indentation, line endings, a byte-order mark) is kept. New
// text follows the file's own line ending and indentation. A file with syntax errors or duplicate keys is refused.

import type { Node as JsonNode } from 'jsonc-parser';
import type { JsonValue } from '../../eval';
import { positionText, readPairsDocument, refusalToEdit } from './document';
import type { PairsDocument } from './document';
import { propertyValue } from './json-nodes';
import { GENERATED_ORIGIN } from './decode-entry';

/** New generated entries for one function. */
export interface GeneratedEntries {
  readonly pairs: readonly JsonValue[];
  readonly invalid: readonly JsonValue[];
}

export type MergeResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/** A replacement of `length` characters at `offset` in the original text. */
interface TextEdit {
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

/** The file's own conventions, for the text a tool adds. */
interface Layout {
  readonly eol: string;
  readonly unit: string;
}

const ENTRY_LISTS = ['pairs', 'invalid', 'acceptable'] as const;

/** One change to one list of one function: entries `remove` picks are taken out (with the separator next to them),
 *  then `append` goes after the last entry kept. A missing function or list is created when there is something to add. */
export interface ListEdit {
  readonly functionName: string;
  readonly list: (typeof ENTRY_LISTS)[number];
  readonly remove: (entry: JsonNode) => boolean;
  readonly append: readonly JsonValue[];
}

/** Merges `generated` (by qualified function name) into `existingText` (null when there is no file yet): generated
 *  entries of those functions are replaced, hand-written ones kept where they are. */
export function mergeGeneratedEntries(existingText: string | null, generated: ReadonlyMap<string, GeneratedEntries>): MergeResult {
  const edits = [...generated].flatMap(([functionName, entries]): ListEdit[] => [
    { functionName, list: 'pairs', remove: isGenerated, append: entries.pairs },
    { functionName, list: 'invalid', remove: isGenerated, append: entries.invalid },
  ]);
  return editPairsLists(existingText, edits);
}

/** Applies list edits to a pairs file as minimal text edits; refuses (with a line:column) a file a tool must not edit. */
export function editPairsLists(existingText: string | null, listEdits: readonly ListEdit[]): MergeResult {
  const byFunction = new Map<string, ListEdit[]>();
  for (const edit of listEdits) byFunction.set(edit.functionName, [...(byFunction.get(edit.functionName) ?? []), edit]);
  const sortedNames = [...byFunction.keys()].sort(compareNames);
  const newFunction = (name: string): Item | undefined => {
    const value = functionValue(byFunction.get(name) ?? []);
    return Object.keys(value).length === 0 ? undefined : member(name, value);
  };
  if (existingText === null || existingText.trim() === '' || existingText === '\uFEFF') {
    const functions = Object.fromEntries(sortedNames.map((name) => [name, functionValue(byFunction.get(name) ?? [])]));
    return { ok: true, text: `${JSON.stringify({ version: 1, functions }, null, 2)}\n` };
  }
  const document = readPairsDocument(existingText);
  const refusal = refusalToEdit(document) ?? shapeProblem(document);
  if (refusal !== undefined) return { ok: false, error: refusal };
  const root = document.root as JsonNode;
  const layout = layoutOf(document.text);
  const edits: TextEdit[] = [];
  const functionsNode = propertyValue(root, 'functions');
  if (functionsNode === undefined) {
    const functions = Object.fromEntries(sortedNames.map((name) => [name, functionValue(byFunction.get(name) ?? [])]));
    edits.push(...appendMembers(document.text, layout, root, [member('functions', functions)]));
  } else {
    const newFunctions: Item[] = [];
    for (const name of sortedNames) {
      const fnNode = propertyValue(functionsNode, name);
      if (fnNode === undefined) {
        const created = newFunction(name);
        if (created !== undefined) newFunctions.push(created);
        continue;
      }
      const newLists: Item[] = [];
      for (const edit of byFunction.get(name) ?? []) {
        const listNode = propertyValue(fnNode, edit.list);
        if (listNode !== undefined) edits.push(...replaceEntries(document.text, layout, listNode, edit));
        else if (edit.append.length > 0) newLists.push(member(edit.list, [...edit.append]));
      }
      edits.push(...appendMembers(document.text, layout, fnNode, newLists));
    }
    edits.push(...appendMembers(document.text, layout, functionsNode, newFunctions));
  }
  const text = applyTextEdits(document.text, edits);
  return { ok: true, text: document.byteOrderMark ? `\uFEFF${text}` : text };
}

/** Why the file's shape leaves no place for generated entries (each with its line:column), if it does not. */
function shapeProblem(document: PairsDocument): string | undefined {
  const root = document.root as JsonNode;
  const at = (node: JsonNode): string => positionText(document, node.offset);
  const version = propertyValue(root, 'version');
  if (version !== undefined && version.value !== 1) return `${at(version)}: the pairs file has an unknown "version" (expected 1)`;
  const functions = propertyValue(root, 'functions');
  if (functions === undefined) return undefined;
  if (functions.type !== 'object') return `${at(functions)}: "functions" in the pairs file must be an object`;
  for (const property of functions.children ?? []) {
    const [keyNode, fnNode] = property.children ?? [];
    const name = String(keyNode?.value);
    if (fnNode === undefined) continue;
    if (fnNode.type !== 'object') return `${at(fnNode)}: "functions.${name}" in the pairs file must be an object`;
    for (const key of ENTRY_LISTS) {
      const list = propertyValue(fnNode, key);
      if (list !== undefined && list.type !== 'array') return `${at(list)}: "functions.${name}.${key}" in the pairs file must be an array`;
    }
  }
  return undefined;
}

/** A new function's value: its non-empty lists, in the file format's order. */
function functionValue(edits: readonly ListEdit[]): Record<string, JsonValue> {
  const value: Record<string, JsonValue> = {};
  for (const list of ENTRY_LISTS) {
    const entries = edits.filter((edit) => edit.list === list).flatMap((edit) => edit.append);
    if (entries.length > 0) value[list] = entries;
  }
  return value;
}

function member(key: string, value: JsonValue): Item {
  return { key, value };
}

/** Removes the entries `edit.remove` picks from a list and appends `edit.append` after the last entry kept. */
function replaceEntries(text: string, layout: Layout, list: JsonNode, edit: ListEdit): TextEdit[] {
  const items = list.children ?? [];
  const kept = items.map((item) => !edit.remove(item));
  const rendered = edit.append.map((value): Item => ({ value }));
  const lastKept = kept.lastIndexOf(true);
  if (lastKept === -1) {
    return items.length === 0 && rendered.length === 0 ? [] : [replaceInterior(text, layout, list, rendered)];
  }
  const edits: TextEdit[] = [];
  // A run of removed entries before a kept one goes with the separator after it.
  for (let start = 0; start < lastKept; start++) {
    if (kept[start]) continue;
    let end = start;
    while (!kept[end + 1]) end++;
    const from = (items[start] as JsonNode).offset;
    edits.push({ offset: from, length: (items[end + 1] as JsonNode).offset - from, content: '' });
    start = end;
  }
  // The removed entries after the last kept one are replaced by the appended ones, in one edit.
  const anchor = items[lastKept] as JsonNode;
  const anchorEnd = anchor.offset + anchor.length;
  const last = items[items.length - 1] as JsonNode;
  const tailEnd = lastKept === items.length - 1 ? anchorEnd : last.offset + last.length;
  const content = rendered.map((item) => `,${place(text, layout, list, anchor, item)}`).join('');
  if (content !== '' || tailEnd !== anchorEnd) edits.push({ offset: anchorEnd, length: tailEnd - anchorEnd, content });
  return edits;
}

/** Appends members (`"key": value` texts) at the end of an object. */
function appendMembers(text: string, layout: Layout, object: JsonNode, members: readonly Item[]): TextEdit[] {
  if (members.length === 0) return [];
  const properties = object.children ?? [];
  const last = properties[properties.length - 1];
  if (last === undefined) return [replaceInterior(text, layout, object, members)];
  const content = members.map((item) => `,${place(text, layout, object, last, item)}`).join('');
  return [{ offset: last.offset + last.length, length: 0, content }];
}

/** The whole inside of a container (all of it generated, or empty) rewritten to hold `items`. */
function replaceInterior(text: string, layout: Layout, container: JsonNode, items: readonly Item[]): TextEdit {
  const offset = container.offset + 1;
  const length = container.length - 2;
  if (items.length === 0) return { offset, length, content: '' };
  if (isCompact(text, container)) return { offset, length, content: items.map(compact).join(',') };
  const outer = lineIndent(text, container.offset);
  const inner = outer + layout.unit;
  return {
    offset,
    length,
    content: `${items.map((item) => `${layout.eol}${inner}${indented(expanded(item), inner, layout)}`).join(',')}${layout.eol}${outer}`,
  };
}

/** A new item after `sibling` in `container`: on its own line at the sibling's indentation, or compact on one line
 *  when the container is written on one line. */
function place(text: string, layout: Layout, container: JsonNode, sibling: JsonNode, item: Item): string {
  if (isCompact(text, container)) return compact(item);
  const siblingIndent = lineIndent(text, sibling.offset);
  const ownLine = text.slice(lineStart(text, sibling.offset), sibling.offset).trim() === '';
  const indent = ownLine ? siblingIndent : lineIndent(text, container.offset) + layout.unit;
  return `${layout.eol}${indent}${indented(expanded(item), indent, layout)}`;
}

function isCompact(text: string, node: JsonNode): boolean {
  const inside = text.slice(node.offset, node.offset + node.length);
  return !inside.includes('\n');
}

/** An item to add: an array element, or an object member with its key. */
interface Item {
  readonly key?: string;
  readonly value: JsonValue;
}

function compact(item: Item): string {
  return `${item.key === undefined ? '' : `${JSON.stringify(item.key)}:`}${JSON.stringify(item.value)}`;
}

/** 2-space multi-line JSON with `\n` line breaks (re-indented by `indented`). */
function expanded(item: Item): string {
  return `${item.key === undefined ? '' : `${JSON.stringify(item.key)}: `}${JSON.stringify(item.value, null, 2)}`;
}

/** Re-indents 2-space multi-line JSON text to the file's unit, under `indent`, with the file's line ending. */
function indented(item: string, indent: string, layout: Layout): string {
  return item
    .split('\n')
    .map((line, index) => {
      if (index === 0) return line;
      const spaces = line.length - line.trimStart().length;
      return `${indent}${layout.unit.repeat(spaces / 2)}${line.trimStart()}`;
    })
    .join(layout.eol);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineIndent(text: string, offset: number): string {
  const start = lineStart(text, offset);
  let end = start;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(start, end);
}

/** CRLF when the file uses it; the indentation unit of the first indented line (tab, or its spaces), else 2 spaces. */
function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indentedLine = /\n([ \t]+)\S/.exec(text);
  const unit = indentedLine?.[1]?.startsWith('\t') ? '\t' : (indentedLine?.[1] ?? '  ');
  return { eol, unit };
}

/** Whether an entry node says `"origin": "generated"`. */
export function isGenerated(node: JsonNode): boolean {
  return propertyValue(node, 'origin')?.value === GENERATED_ORIGIN;
}

/** Applies non-overlapping edits in one pass (a string rebuilt per edit would cost the file's size each time). */
function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.offset - b.offset)) {
    parts.push(text.slice(at, edit.offset), edit.content);
    at = edit.offset + edit.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
