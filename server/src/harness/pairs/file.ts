// Reads a pairs file (foo.pairs.json) against a file's contract model: decoded values for every entry, each with
// its range in the pairs file, and a diagnostic at the exact position of every mistake. Never throws; a broken
// entry is skipped (and diagnosed) while the rest still load. A clean file takes the fast reader (pairs-clean.ts);
// one with anything to diagnose is read here, on jsonc-parser's tree.

import type { Node as JsonNode } from 'jsonc-parser';
import type { FileModel, FunctionContract } from '../../model';
import { measuredFunctionNamed } from '../measured-function';
import { createLineIndex } from '../../syntax';
import type { PairsContext, PairsDiagnostic } from './read-state';
import { rangeOf, report } from './read-state';
import { propertyValue } from './json-nodes';
import type { Range } from '../report/report-types';
import { validatePairsSchema } from './schema';
import type { SchemaProblem } from './schema';
import { decodeEntry, entryKinds } from './decode-entry';
import type { EntryKind } from './decode-entry';
import { functionValueTypes } from '../score/function-types';
import { closestNames } from '../report/suggest';
import { sameInputs } from '../score/obligations';
import { readCleanPairsFile } from './clean';
import { duplicateMessage, nestingProblem, readPairsDocument } from './document';
import { stripByteOrderMark } from '../../stdx';
import type { PairsDocument } from './document';

export type { PairsDiagnostic } from './read-state';
export type { AcceptableEntry, InvalidEntry, PairEntry } from './decode-entry';
import type { AcceptableEntry, InvalidEntry, PairEntry } from './decode-entry';

export interface PairsFile {
  /** Entries by qualified name, in file order. Functions the model does not know are left out (and diagnosed). */
  readonly functions: ReadonlyMap<string, PairsFunctionEntry>;
}

export interface PairsFunctionEntry {
  readonly qualifiedName: string;
  /** The key's range in the pairs file. */
  readonly nameRange: Range;
  readonly pairs: readonly PairEntry[];
  readonly invalid: readonly InvalidEntry[];
  readonly acceptable: readonly AcceptableEntry[];
}

export interface ParsedPairsFile {
  readonly file: PairsFile;
  readonly diagnostics: readonly PairsDiagnostic[];
}

/** Reads `text` (a byte-order mark is dropped, so ranges match what editors show) against `model`. */
export function parsePairsFile(text: string, model: FileModel): ParsedPairsFile {
  const stripped = stripByteOrderMark(text);
  const ctx: PairsContext = { lineIndex: createLineIndex(stripped), diagnostics: [] };
  if (stripped.trim() === '') {
    report(ctx, { offset: 0, length: stripped.length }, 'the pairs file is empty');
    return { file: { functions: new Map() }, diagnostics: ctx.diagnostics };
  }
  // Most pairs files are clean: read them without a syntax tree. Anything to diagnose goes the tree's way.
  if (nestingProblem(stripped) === undefined) {
    const clean = readCleanPairsFile(ctx, stripped, model);
    if (clean !== undefined) return { file: { functions: clean }, diagnostics: [] };
  }
  return readPairsTree(ctx, readPairsDocument(text), model);
}

/** The tree reader alone (tests compare it with the clean reader on clean files). */
export function parsePairsFileWithTree(text: string, model: FileModel): ParsedPairsFile {
  const document = readPairsDocument(text);
  return readPairsTree({ lineIndex: document.lineIndex, diagnostics: [] }, document, model);
}

function readPairsTree(ctx: PairsContext, document: PairsDocument, model: FileModel): ParsedPairsFile {
  for (const problem of document.syntaxProblems) report(ctx, problem.at, problem.message);
  for (const duplicate of document.duplicates) {
    const message = `${duplicateMessage(document, duplicate)}: keep one (tools refuse to rewrite this file until then)`;
    report(ctx, duplicate.first, message);
    report(ctx, duplicate.second, message);
  }
  const root = document.root;
  if (root === undefined || document.syntaxProblems.some((problem) => problem.kind === 'nesting')) {
    return { file: { functions: new Map() }, diagnostics: sortDiagnostics(ctx.diagnostics) };
  }
  const schemaProblems = validatePairsSchema(root);
  for (const problem of schemaProblems) report(ctx, problem.node, problem.message);
  const functions = new Map<string, PairsFunctionEntry>();
  const functionsNode = propertyValue(root, 'functions');
  if (functionsNode?.type === 'object') {
    for (const property of functionsNode.children ?? []) {
      const entry = readFunction(ctx, model, property, schemaProblems);
      if (entry !== undefined) functions.set(entry.qualifiedName, entry);
    }
  }
  return { file: { functions }, diagnostics: sortDiagnostics(ctx.diagnostics) };
}

/** An empty pairs file, for sources that have none. */
export const EMPTY_PAIRS_FILE: PairsFile = { functions: new Map() };

function readFunction(
  ctx: PairsContext,
  model: FileModel,
  property: JsonNode,
  schemaProblems: readonly SchemaProblem[],
): PairsFunctionEntry | undefined {
  const [keyNode, valueNode] = property.children ?? [];
  if (keyNode === undefined || typeof keyNode.value !== 'string' || valueNode === undefined) return undefined;
  const qualifiedName = keyNode.value;
  const fn = measuredFunctionNamed(model, qualifiedName);
  if (fn === undefined) {
    report(ctx, keyNode, unknownFunctionMessage(qualifiedName, model));
    return undefined;
  }
  if (fn.mode !== 'exec') {
    report(ctx, keyNode, `\`${qualifiedName}\` is a ${fn.mode} fn: only exec fns are scored`, 'warning');
    return undefined;
  }
  if (fn.requires.length === 0 && fn.ensures.length === 0) {
    report(ctx, keyNode, `\`${qualifiedName}\` has no requires or ensures: there is nothing to score`, 'warning');
  }
  if (valueNode.type !== 'object') return undefined;
  const types = functionValueTypes(fn, model.scope);
  const lists = { pairs: [] as PairEntry[], invalid: [] as InvalidEntry[], acceptable: [] as AcceptableEntry[] };
  // An unsupported parameter type is the scorer's to report (on the function); entries cannot be decoded.
  if (types.kind === 'supported') {
    for (const kind of entryKinds) {
      const listNode = propertyValue(valueNode, kind);
      if (listNode?.type !== 'array') continue;
      (listNode.children ?? []).forEach((itemNode, index) => {
        if (hasSchemaProblemWithin(schemaProblems, itemNode)) return;
        // A bug in decoding must cost one entry, not the file (parsePairsFile never throws).
        try {
          const entry = decodeEntry(ctx, { fn, types, kind, index, model }, itemNode);
          if (entry !== undefined) pushEntry(lists, kind, entry);
        } catch (error) {
          report(ctx, itemNode, `internal error while reading this entry: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    }
  }
  for (const acceptable of lists.acceptable) {
    if (!lists.pairs.some((pair) => sameInputs(pair.inputs, acceptable.inputs))) {
      ctx.diagnostics.push({
        message: 'no pair has this input, so this acceptable output is never used: add the pair with its correct output',
        severity: 'warning',
        range: acceptable.range,
      });
    }
  }
  return { qualifiedName, nameRange: rangeOf(ctx, keyNode), ...lists };
}

function pushEntry(
  lists: { pairs: PairEntry[]; invalid: InvalidEntry[]; acceptable: AcceptableEntry[] },
  kind: EntryKind,
  entry: PairEntry | InvalidEntry | AcceptableEntry,
): void {
  // decodeEntry returns the entry shape that matches `kind`.
  if (kind === 'pairs') lists.pairs.push(entry as PairEntry);
  else if (kind === 'invalid') lists.invalid.push(entry as InvalidEntry);
  else lists.acceptable.push(entry as AcceptableEntry);
}

function hasSchemaProblemWithin(problems: readonly SchemaProblem[], node: JsonNode): boolean {
  return problems.some((problem) => problem.node.offset >= node.offset && problem.node.offset < node.offset + node.length);
}

function unknownFunctionMessage(name: string, model: FileModel): string {
  const scored = model.functions.filter((fn: FunctionContract) => fn.mode === 'exec').map((fn) => fn.qualifiedName);
  const suggestions = closestNames(name, scored);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `\`${s}\``).join(' or ')}?` : '';
  return `unknown function \`${name}\`: no exec fn with this name in the source file${hint}`;
}

function sortDiagnostics(diagnostics: readonly PairsDiagnostic[]): PairsDiagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.message.localeCompare(b.message),
  );
}
