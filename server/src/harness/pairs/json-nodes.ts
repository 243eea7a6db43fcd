// Helpers over jsonc-parser's syntax tree: values and properties of nodes, tolerant of holes left by
// syntax errors (a partial tree still yields what it can).

import type { Node as JsonNode } from 'jsonc-parser';
import type { JsonValue } from '../../eval';

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

/** The JSON value of a node (as JSON.parse would give it). */
export function nodeJson(node: JsonNode): JsonValue {
  switch (node.type) {
    case 'object': {
      const result: Record<string, JsonValue> = {};
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (typeof keyNode?.value === 'string' && valueNode !== undefined) result[keyNode.value] = nodeJson(valueNode);
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map(nodeJson);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value as JsonValue;
    default:
      return null;
  }
}
