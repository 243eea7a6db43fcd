// Edits to a pairs file made with the pairs module's exact list edits, so everything else in the file (hand-written
// entries, formatting, line endings) is kept byte for byte. Each returns the new text, or null when the edit does
// not apply; a file with syntax errors or duplicate keys is never edited (pairsEditRefusal says why).

import { findNodeAtLocation, findNodeAtOffset } from 'jsonc-parser';
import type { Node } from 'jsonc-parser';
import type { JsonValue } from '../harness';
import { editPairsLists, nodeJson, propertyValue, readPairsDocument, refusalToEdit } from '../harness';

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
export function addAcceptableOutput(
  pairsText: string,
  functionName: string,
  entry: { input: JsonValue; output: JsonValue; after: JsonValue | null },
): string | null {
  const value: Record<string, JsonValue> = { input: entry.input, output: entry.output };
  if (entry.after !== null) value['after'] = entry.after;
  const result = editPairsLists(pairsText, [{ functionName, list: 'acceptable', remove: () => false, append: [value] }]);
  return result.ok ? result.text : null;
}

/** The function's pairs whose input equals `input`, and the test that finds them, in a file a tool may edit. */
function pairsWithInput(
  pairsText: string,
  functionName: string,
  input: JsonValue,
): { entries: Node[]; hasInput: (entry: Node) => boolean } {
  const root = parseValid(pairsText);
  const pairs = root === undefined ? undefined : findNodeAtLocation(root, ['functions', functionName, 'pairs']);
  const hasInput = (entry: Node): boolean => {
    const inputNode = propertyValue(entry, 'input');
    return inputNode !== undefined && deepEqual(nodeJson(inputNode), input);
  };
  return { entries: pairs?.type === 'array' ? (pairs.children ?? []).filter(hasInput) : [], hasInput };
}

/** Makes the generated pair whose input equals `input` the user's own (no `origin`), so regenerating keeps it: the
 *  input is declared valid, and the requires clause that rejects it stays reported until it is weakened. */
export function keepPairAsValid(pairsText: string, functionName: string, input: JsonValue): string | null {
  const { entries, hasInput } = pairsWithInput(pairsText, functionName, input);
  const [entry] = entries;
  const json = entry === undefined ? undefined : nodeJson(entry);
  if (json === undefined || json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  // Array.isArray does not narrow a readonly array away: what is left is the entry's object.
  const { origin: _origin, note: _note, ...kept } = json as { readonly [key: string]: JsonValue };
  const result = editPairsLists(pairsText, [
    { functionName, list: 'pairs', remove: hasInput, append: [{ ...kept, note: 'a valid input, kept by hand: the code handles it' }] },
  ]);
  return result.ok ? result.text : null;
}

/** Moves every pair whose input equals `input` from `pairs` to `invalid`, noting who moved it. */
export function movePairToInvalid(pairsText: string, functionName: string, input: JsonValue): string | null {
  const { entries, hasInput } = pairsWithInput(pairsText, functionName, input);
  if (entries.length === 0) return null;
  const result = editPairsLists(pairsText, [
    { functionName, list: 'pairs', remove: hasInput, append: [] },
    { functionName, list: 'invalid', remove: () => false, append: [{ input, reason: 'marked invalid by hand: the requires rejects it' }] },
  ]);
  return result.ok ? result.text : null;
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

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
