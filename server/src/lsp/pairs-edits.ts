// Edits to a pairs file made with jsonc-parser's modify, so everything else in the file (hand-written entries,
// comments, formatting, line endings) is kept byte for byte. Each returns the new text, or null when the edit does
// not apply; a file with syntax errors or duplicate keys is never edited (pairsEditRefusal says why).

import { applyEdits, findNodeAtLocation, findNodeAtOffset, getNodeValue, modify, parseTree } from 'jsonc-parser';
import type { FormattingOptions, Node } from 'jsonc-parser';
import type { JsonValue } from '../harness';
import { propertyValue, readPairsDocument, refusalToEdit } from '../harness';

/** New text follows the file's line endings. */
function formattingFor(text: string): FormattingOptions {
  return { insertSpaces: true, tabSize: 2, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** Why no tool may edit this pairs text (a syntax error, a key written twice, nesting too deep), if so. */
export function pairsEditRefusal(pairsText: string): string | undefined {
  return refusalToEdit(readPairsDocument(pairsText));
}

export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** Appends `{input, output[, after]}` to the function's `acceptable` list (creating the list if needed). */
export function addAcceptableOutput(pairsText: string, functionName: string, entry: { input: JsonValue; output: JsonValue; after: JsonValue | null }): string | null {
  if (parseValid(pairsText) === undefined) return null;
  const value: Record<string, JsonValue> = { input: entry.input, output: entry.output };
  if (entry.after !== null) value['after'] = entry.after;
  return append(pairsText, ['functions', functionName, 'acceptable'], value);
}

/** Moves every pair whose input equals `input` from `pairs` to `invalid`, noting who moved it. */
export function movePairToInvalid(pairsText: string, functionName: string, input: JsonValue): string | null {
  const root = parseValid(pairsText);
  if (root === undefined) return null;
  const pairs = findNodeAtLocation(root, ['functions', functionName, 'pairs']);
  if (pairs === undefined || pairs.type !== 'array' || pairs.children === undefined) return null;
  const indices = pairs.children
    .map((child, idx) => ({ idx, value: getNodeValue(child) as unknown }))
    .filter(({ value }) => typeof value === 'object' && value !== null && 'input' in value && deepEqual(value.input, input))
    .map(({ idx }) => idx);
  if (indices.length === 0) return null;
  let text = pairsText;
  // Remove from the end so earlier indices stay valid.
  for (const idx of [...indices].reverse()) {
    text = applyEdits(text, modify(text, ['functions', functionName, 'pairs', idx], undefined, { formattingOptions: formattingFor(text) }));
  }
  return append(text, ['functions', functionName, 'invalid'], { input, reason: 'marked invalid by hand: the requires rejects it' });
}

/** Replaces the output of the entry that starts at `entryOffset` with `output`; nothing else in the file changes. */
export function correctOutput(pairsText: string, entryOffset: number, output: JsonValue): string | null {
  const root = parseValid(pairsText);
  let entry = root === undefined ? undefined : findNodeAtOffset(root, entryOffset);
  while (entry !== undefined && entry.offset !== entryOffset) entry = entry.parent;
  const outputNode = entry === undefined ? undefined : propertyValue(entry, 'output');
  if (outputNode === undefined) return null;
  return pairsText.slice(0, outputNode.offset) + JSON.stringify(output) + pairsText.slice(outputNode.offset + outputNode.length);
}

/** The single replacement that turns `before` into `after` (common prefix and suffix kept): one undo step. */
export function minimalChange(before: string, after: string): TextChange {
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return { start, end: endBefore, newText: after.slice(start, endAfter) };
}

/** The tree of a file a tool may edit: no syntax errors, no duplicate keys, nesting within the cap. */
function parseValid(text: string): Node | undefined {
  const document = readPairsDocument(text);
  return refusalToEdit(document) === undefined ? document.root : undefined;
}

function append(text: string, path: readonly (string | number)[], value: JsonValue): string {
  const root = parseTree(text);
  const list = root === undefined ? undefined : findNodeAtLocation(root, [...path]);
  if (list === undefined) {
    return applyEdits(text, modify(text, [...path], [value], { formattingOptions: formattingFor(text) }));
  }
  return applyEdits(text, modify(text, [...path, -1], value, { formattingOptions: formattingFor(text), isArrayInsertion: true }));
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
