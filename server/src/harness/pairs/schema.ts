// Validates a parsed pairs file against schemas/pairs.schema.json (the schema VS Code also uses) and maps each
// violation to the JSON node it is about, with a message in the product's words.

import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import type { Node as JsonNode } from 'jsonc-parser';
import { findNodeAtLocation } from 'jsonc-parser';
import pairsSchema from '../../../../schemas/pairs.schema.json';
import { nodeParsedJson, propertyKey } from './json-nodes';

export interface SchemaProblem {
  readonly message: string;
  /** The node the problem is about (for an unknown property: its key). */
  readonly node: { readonly offset: number; readonly length: number };
}

export function validatePairsSchema(root: JsonNode): SchemaProblem[] {
  const validate = compiledValidator();
  if (validate(nodeParsedJson(root))) return [];
  const problems: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = toProblem(root, error);
    if (problem !== undefined && !problems.some((p) => p.node.offset === problem.node.offset && p.message === problem.message)) {
      problems.push(problem);
    }
  }
  return problems;
}

/** Whether a plain JSON value (from JSON.parse) follows the schema; problems are worded by validatePairsSchema. */
export function pairsValueIsValid(value: unknown): boolean {
  return compiledValidator()(value) === true;
}

type Validator = ReturnType<Ajv['compile']>;

// Compiling the schema costs milliseconds; it is done once, on first use.
const validatorCache: { validator?: Validator } = {};

function compiledValidator(): Validator {
  if (validatorCache.validator === undefined) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    validatorCache.validator = ajv.compile(pairsSchema);
  }
  return validatorCache.validator;
}

function toProblem(root: JsonNode, error: ErrorObject): SchemaProblem | undefined {
  const path = pointerToPath(error.instancePath);
  const node = findNodeAtLocation(root, path) ?? root;
  const where = describePath(path);
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(error.params['additionalProperty']);
      const keyNode = propertyKey(node, name) ?? node;
      const allowed = allowedProperties(path);
      return { node: keyNode, message: `unknown property "${name}"${where}${allowed === '' ? '' : `; expected ${allowed}`}` };
    }
    case 'required':
      return { node: openingOf(node), message: `missing property "${String(error.params['missingProperty'])}"${where}` };
    case 'const':
      return {
        node,
        message: `${path.length === 0 ? 'the value' : jsonPathText(path)} must be ${JSON.stringify(error.params['allowedValue'])}`,
      };
    case 'type':
      return { node, message: `expected ${article(String(error.params['type']))}${where}` };
    default:
      return { node, message: `${error.message ?? 'invalid'}${where}` };
  }
}

function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function describePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '';
  return ` in ${jsonPathText(path)}`;
}

/** `functions.max_of.pairs[0].input`: how a person would name a place in the file. */
export function jsonPathText(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

function allowedProperties(path: readonly (string | number)[]): string {
  if (path.length === 0) return '"version", "functions"';
  if (path.length === 2 && path[0] === 'functions') return '"pairs", "invalid", "acceptable"';
  if (path.length === 4 && path[2] === 'pairs') return '"input", "output", "after", "origin", "note"';
  if (path.length === 4 && path[2] === 'invalid') return '"input", "reason", "origin", "note"';
  if (path.length === 4 && path[2] === 'acceptable') return '"input", "output", "after", "origin", "note"';
  return '';
}

/** The first character of a node: a missing property is reported at the object's opening brace. */
function openingOf(node: JsonNode): { offset: number; length: number } {
  return { offset: node.offset, length: 1 };
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
