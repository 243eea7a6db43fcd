// Helpers over jsonc-parser's syntax tree: values and properties of nodes, tolerant of holes left by
// syntax errors (a partial tree still yields what it can). Integers beyond 2^53 keep the digits the file wrote.

import type { Node as JsonNode } from 'jsonc-parser';
import type { ExactJson, JsonValue, JsonWith } from '../../eval';

/** The value node of `key` in an object node, or undefined. The last duplicate wins, as in JSON.parse. */
export function propertyValue(objectNode: JsonNode, key: string): JsonNode | undefined {
  if (objectNode.type !== 'object') return undefined;
  let found: JsonNode | undefined;
  for (const property of objectNode.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (keyNode?.value === key) found = valueNode;
  }
  return found;
}

/** The key node of property `key` in an object node (the last duplicate), or undefined. */
export function propertyKey(objectNode: JsonNode, key: string): JsonNode | undefined {
  if (objectNode.type !== 'object') return undefined;
  let found: JsonNode | undefined;
  for (const property of objectNode.children ?? []) {
    const keyNode = property.children?.[0];
    if (keyNode?.value === key) found = keyNode;
  }
  return found;
}

/** The JSON value of a node as reports carry it: an integer beyond ±(2^53 - 1) as its decimal string, digits as
 *  written (serde_json's form, which encodeJson also writes). */
export function nodeJson(node: JsonNode): JsonValue {
  return nodeValue<never>(node, (exact) => exact.toString());
}

/** The JSON value of a node for the codec: an integer beyond ±(2^53 - 1) as a bigint, digits as written. */
export function nodeExactJson(node: JsonNode): ExactJson {
  return nodeValue<bigint>(node, (exact) => exact);
}

/** The JSON value of a node as JSON.parse gives it (big integers rounded to doubles): what the schema validates, so
 *  the tree reader and the clean reader, which validates JSON.parse's value, judge the same value. */
export function nodeParsedJson(node: JsonNode): JsonValue {
  return nodeValue<never>(node, Number);
}

/** The tree with every number node whose token is an integer beyond ±(2^53 - 1) replaced by one holding the bigint
 *  of its text: jsonc-parser reads every number as a double, which rounds such digits. Done once, as the document is
 *  read, before anyone sees the tree (a number node has no children, so no parent link points at a replaced one).
 *  Walked with an explicit stack, like every walk over a whole pairs file. */
export function withExactIntegers(text: string, root: JsonNode): JsonNode {
  const pending: JsonNode[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const children = node.children ?? [];
    children.forEach((child, idx) => {
      children[idx] = exactInteger(text, child);
      pending.push(child);
    });
  }
  return exactInteger(text, root);
}

function exactInteger(text: string, node: JsonNode): JsonNode {
  if (node.type !== 'number' || Number.isSafeInteger(node.value)) return node;
  const token = text.slice(node.offset, node.offset + node.length);
  // A fraction or an exponent makes it a float, which stays a double.
  return /^-?[0-9]+$/.test(token) ? { ...node, value: BigInt(token) } : node;
}

function nodeValue<Exact>(node: JsonNode, integer: (exact: bigint) => JsonWith<Exact>): JsonWith<Exact> {
  switch (node.type) {
    case 'object': {
      const result: Record<string, JsonWith<Exact>> = {};
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (typeof keyNode?.value === 'string' && valueNode !== undefined) result[keyNode.value] = nodeValue(valueNode, integer);
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map((child) => nodeValue(child, integer));
    case 'number':
      return typeof node.value === 'bigint' ? integer(node.value) : (node.value as number);
    case 'string':
    case 'boolean':
      return node.value as string | boolean;
    default:
      return null;
  }
}
