// Decodes one entry of a pairs file (a pair, an invalid input or an acceptable output) into Values typed by the
// function's signature. Every mistake is diagnosed at its JSON node; an entry with a mistake is dropped.

import type { Node as JsonNode } from 'jsonc-parser';
import { findNodeAtLocation } from 'jsonc-parser';
import type { FileModel, FunctionContract } from '../../model';
import type { Value } from '../../eval';
import type { ValueType } from '../../eval';
import { decodeJson } from '../../eval';
import type { JsonValue } from '../../eval';
import type { Range } from '../report/report-types';
import type { PairsContext } from './read-state';
import { rangeOf, report } from './read-state';
import { nodeExactJson, nodeJson, propertyKey, propertyValue } from './json-nodes';
import type { FunctionValueTypes } from '../score/function-types';

export const entryKinds = ['pairs', 'invalid', 'acceptable'] as const;
/** The `origin` of entries `spec-harness pairs` writes (regenerating replaces them); any other marks a person's. */
export const GENERATED_ORIGIN = 'generated';
export type EntryKind = (typeof entryKinds)[number];

interface EntryBase {
  /** Position in its list (`pairs[3]`). */
  readonly index: number;
  /** The entry's range in the pairs file. */
  readonly range: Range;
  readonly origin: string | undefined;
  readonly inputs: ReadonlyMap<string, Value>;
  /** The input object as written. */
  readonly inputJson: JsonValue;
}

export interface PairEntry extends EntryBase {
  /** Undefined for `()` returns. */
  readonly output: Value | undefined;
  readonly outputJson: JsonValue | null;
  /** Final values of `&mut` parameters. */
  readonly after: ReadonlyMap<string, Value>;
  readonly afterJson: JsonValue | null;
}

export interface InvalidEntry extends EntryBase {
  readonly reason: string | undefined;
}

export type AcceptableEntry = PairEntry;

export interface EntryContext {
  readonly fn: FunctionContract;
  readonly types: Extract<FunctionValueTypes, { kind: 'supported' }>;
  readonly kind: EntryKind;
  readonly index: number;
  readonly model: FileModel;
}

export function decodeEntry(ctx: PairsContext, entry: EntryContext, node: JsonNode): PairEntry | InvalidEntry | undefined {
  if (node.type !== 'object') return undefined;
  const before = ctx.diagnostics.length;
  const inputNode = propertyValue(node, 'input');
  const inputs = inputNode === undefined ? undefined : decodeInputs(ctx, entry, inputNode);
  const originNode = propertyValue(node, 'origin');
  const base = {
    index: entry.index,
    range: rangeOf(ctx, node),
    origin: typeof originNode?.value === 'string' ? originNode.value : undefined,
    inputs: inputs ?? new Map<string, Value>(),
    inputJson: inputNode === undefined ? null : nodeJson(inputNode),
  };
  if (entry.kind === 'invalid') {
    const reasonNode = propertyValue(node, 'reason');
    const reason = typeof reasonNode?.value === 'string' ? reasonNode.value : undefined;
    return ctx.diagnostics.length === before ? { ...base, reason } : undefined;
  }
  const output = decodeOutput(ctx, entry, node);
  const after = decodeAfter(ctx, entry, node);
  if (ctx.diagnostics.length !== before) return undefined;
  const outputNode = propertyValue(node, 'output');
  const afterNode = propertyValue(node, 'after');
  return {
    ...base,
    output,
    outputJson: outputNode === undefined ? null : nodeJson(outputNode),
    after,
    afterJson: afterNode === undefined ? null : nodeJson(afterNode),
  };
}

function decodeInputs(ctx: PairsContext, entry: EntryContext, inputNode: JsonNode): Map<string, Value> | undefined {
  if (inputNode.type !== 'object') return undefined;
  const inputs = new Map<string, Value>();
  const expected = entry.fn.params.map((param) => param.name);
  for (const property of inputNode.children ?? []) {
    const keyNode = property.children?.[0];
    const name = keyNode?.value;
    if (keyNode !== undefined && typeof name === 'string' && !entry.types.params.has(name)) {
      report(ctx, keyNode, `\`${entry.fn.qualifiedName}\` has no parameter \`${name}\`${expectedList(expected)}`);
    }
  }
  for (const param of entry.fn.params) {
    const valueNode = propertyValue(inputNode, param.name);
    const type = entry.types.params.get(param.name);
    if (type === undefined) continue;
    if (valueNode === undefined) {
      report(ctx, { offset: inputNode.offset, length: 1 }, `missing parameter \`${param.name}: ${param.typeText}\` in this input`);
      continue;
    }
    const value = decodeAt(ctx, entry, valueNode, type, `parameter \`${param.name}: ${param.typeText}\``);
    if (value !== undefined) inputs.set(param.name, value);
  }
  return inputs;
}

function decodeOutput(ctx: PairsContext, entry: EntryContext, node: JsonNode): Value | undefined {
  const outputNode = propertyValue(node, 'output');
  const returnType = entry.types.returnType;
  if (returnType === undefined) {
    const keyNode = propertyKey(node, 'output');
    if (keyNode !== undefined) {
      report(ctx, keyNode, `\`${entry.fn.qualifiedName}\` returns \`()\`: remove "output" (give \`&mut\` results in "after")`);
    }
    return undefined;
  }
  if (outputNode === undefined) {
    report(ctx, { offset: node.offset, length: 1 }, `missing "output": \`${entry.fn.qualifiedName}\` returns a value`);
    return undefined;
  }
  return decodeAt(ctx, entry, outputNode, returnType, 'the output');
}

function decodeAfter(ctx: PairsContext, entry: EntryContext, node: JsonNode): Map<string, Value> {
  const after = new Map<string, Value>();
  const afterNode = propertyValue(node, 'after');
  const mutParams = entry.types.mutParams;
  if (afterNode?.type === 'object') {
    for (const property of afterNode.children ?? []) {
      const keyNode = property.children?.[0];
      const name = keyNode?.value;
      if (keyNode === undefined || typeof name !== 'string' || mutParams.includes(name)) continue;
      const isParam = entry.types.params.has(name);
      report(
        ctx,
        keyNode,
        isParam
          ? `"after" is only for \`&mut\` parameters, and \`${name}\` is not one`
          : `\`${entry.fn.qualifiedName}\` has no \`&mut\` parameter \`${name}\`${expectedList(mutParams)}`,
      );
    }
  }
  for (const name of mutParams) {
    const valueNode = afterNode === undefined ? undefined : propertyValue(afterNode, name);
    const type = entry.types.params.get(name);
    if (type === undefined) continue;
    if (valueNode === undefined) {
      const at = afterNode ?? node;
      report(ctx, { offset: at.offset, length: 1 }, `missing "after" value of \`&mut\` parameter \`${name}\``);
      continue;
    }
    const value = decodeAt(ctx, entry, valueNode, type, `the after-value of \`${name}\``);
    if (value !== undefined) after.set(name, value);
  }
  return after;
}

/** Decodes one JSON value; a codec error is reported at the exact node its path names. */
function decodeAt(ctx: PairsContext, entry: EntryContext, node: JsonNode, type: ValueType, what: string): Value | undefined {
  const decoded = decodeJson(nodeExactJson(node), type, entry.types.typeContext);
  if (decoded.ok) return decoded.value;
  const errorNode = findNodeAtLocation(node, [...decoded.error.path]) ?? node;
  report(ctx, errorNode, `${what}: ${decoded.error.message}`);
  return undefined;
}

function expectedList(names: readonly string[]): string {
  return names.length === 0 ? '' : `; expected ${names.map((name) => `\`${name}\``).join(', ')}`;
}
