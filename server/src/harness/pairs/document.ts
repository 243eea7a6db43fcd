// A pairs file read once into a document: its text (byte-order mark dropped, CRLF kept), the syntax tree, the
// function entries with their ranges and a hash each, and the problems every reader and writer must respect
// (JSON syntax, nesting too deep, duplicate keys), each with a line:column. Nothing deeper than the nesting cap
// reaches the recursive tree parser, so a hostile file cannot exhaust the stack of the thread reading it.

import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { parseTree, printParseErrorCode } from 'jsonc-parser';
import { createLineIndex } from '../../syntax';
import type { LineIndex } from '../../syntax';
import type { TextSlice } from './read-state';
import { fnv1a, stripByteOrderMark } from '../../stdx';
import { withExactIntegers } from './json-nodes';

/** Deeper nesting is refused before parsing: real pairs files stay far below it, and every thread survives it. */
export const MAX_PAIRS_NESTING = 512;

export interface PairsDocument {
  /** The text as editors show it: without a byte-order mark. Offsets and ranges point into this text. */
  readonly text: string;
  /** Whether the file started with a byte-order mark (a writer puts it back). */
  readonly byteOrderMark: boolean;
  readonly lineIndex: LineIndex;
  /** The syntax tree, or undefined when the file is empty or nested too deep to parse safely. A number node whose
   *  integer is beyond ±(2^53 - 1) holds a bigint of its digits (`nodeExactJson`), not a rounded double. */
  readonly root: JsonNode | undefined;
  /** JSON syntax errors and a nesting beyond MAX_PAIRS_NESTING: a document with any is not edited by a tool. */
  readonly syntaxProblems: readonly PairsProblem[];
  /** Every key written twice in one object, with both places. */
  readonly duplicates: readonly DuplicateKey[];
  /** The properties of `functions` in file order (empty when there is no `functions` object). */
  readonly functionEntries: readonly FunctionEntrySpan[];
}

export interface PairsProblem {
  readonly kind: 'syntax' | 'nesting';
  readonly at: TextSlice;
  readonly message: string;
}

export interface DuplicateKey {
  readonly key: string;
  readonly first: TextSlice;
  readonly second: TextSlice;
}

export interface FunctionEntrySpan {
  readonly name: string;
  readonly key: TextSlice;
  /** From the key through the end of the value. */
  readonly property: TextSlice;
  /** A hash of the property's text: equal texts, equal hashes (for caches keyed by an entry). */
  readonly hash: string;
}

export function readPairsDocument(rawText: string): PairsDocument {
  const text = stripByteOrderMark(rawText);
  const lineIndex = createLineIndex(text);
  const base = { text, byteOrderMark: text.length !== rawText.length, lineIndex };
  const tooDeep = nestingProblem(text);
  if (tooDeep !== undefined) return { ...base, root: undefined, syntaxProblems: [tooDeep], duplicates: [], functionEntries: [] };
  const errors: ParseError[] = [];
  const tree = text.trim() === '' ? undefined : parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const root = tree === undefined ? undefined : withExactIntegers(text, tree);
  const syntaxProblems = errors.map((error): PairsProblem => ({
    kind: 'syntax',
    at: { offset: error.offset, length: Math.max(1, error.length) },
    message: `JSON syntax error: ${describeParseError(error)}`,
  }));
  return {
    ...base,
    root,
    syntaxProblems,
    duplicates: root === undefined ? [] : duplicateKeys(root),
    functionEntries: functionEntriesOf(text, root),
  };
}

/** The problem of a text nested deeper than MAX_PAIRS_NESTING (at the bracket one level too deep), if it is. */
export function nestingProblem(text: string): PairsProblem | undefined {
  const at = firstTooDeep(text, MAX_PAIRS_NESTING);
  if (at === undefined) return undefined;
  return {
    kind: 'nesting',
    at: { offset: at, length: 1 },
    message: `nested more than ${MAX_PAIRS_NESTING} levels deep: pairs files are refused beyond that`,
  };
}

/** `line:column` (1-based) of an offset: how the product names a place in a pairs file in plain text. */
export function positionText(document: PairsDocument, offset: number): string {
  const position = document.lineIndex.positionAt(offset);
  return `${position.line + 1}:${position.character + 1}`;
}

/** Why a tool must not rewrite this document, or undefined when it may: syntax errors and duplicate keys are the
 *  user's to resolve (which copy of a duplicate is meant is theirs to say, never a tool's to guess). */
export function refusalToEdit(document: PairsDocument): string | undefined {
  const problem = document.syntaxProblems[0];
  if (problem !== undefined) return `${positionText(document, problem.at.offset)}: ${problem.message}; fix it before regenerating`;
  const duplicate = document.duplicates[0];
  if (duplicate !== undefined) return `${duplicateMessage(document, duplicate)}; keep one before regenerating`;
  if (document.root !== undefined && document.root.type !== 'object')
    return `${positionText(document, document.root.offset)}: the pairs file must hold a JSON object`;
  return undefined;
}

export function duplicateMessage(document: PairsDocument, duplicate: DuplicateKey): string {
  const first = positionText(document, duplicate.first.offset);
  const second = positionText(document, duplicate.second.offset);
  return `duplicate key ${JSON.stringify(duplicate.key)} at ${first} and ${second}`;
}

/** The offset of the first bracket that opens one level too many, outside strings; one pass, no recursion. */
function firstTooDeep(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 0x22) {
      for (at++; at < text.length && text.charCodeAt(at) !== 0x22; at++) if (text.charCodeAt(at) === 0x5c) at++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return at;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return undefined;
}

/** Duplicate keys in every object of the tree, walked with an explicit stack. */
function duplicateKeys(root: JsonNode): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const pending: JsonNode[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === 'object') {
      const seen = new Map<string, JsonNode>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (typeof keyNode?.value === 'string') {
          const earlier = seen.get(keyNode.value);
          if (earlier === undefined) seen.set(keyNode.value, keyNode);
          else found.push({ key: keyNode.value, first: slice(earlier), second: slice(keyNode) });
        }
        if (valueNode !== undefined) pending.push(valueNode);
      }
    } else if (node.type === 'array') {
      pending.push(...(node.children ?? []));
    }
  }
  return found.sort((a, b) => a.second.offset - b.second.offset);
}

function functionEntriesOf(text: string, root: JsonNode | undefined): FunctionEntrySpan[] {
  if (root?.type !== 'object') return [];
  const functionsProperty = (root.children ?? []).find((property) => property.children?.[0]?.value === 'functions');
  const functionsNode = functionsProperty?.children?.[1];
  if (functionsNode?.type !== 'object') return [];
  const entries: FunctionEntrySpan[] = [];
  for (const property of functionsNode.children ?? []) {
    const keyNode = property.children?.[0];
    if (keyNode === undefined || typeof keyNode.value !== 'string') continue;
    const propertyText = text.slice(property.offset, property.offset + property.length);
    entries.push({
      name: keyNode.value,
      key: slice(keyNode),
      property: slice(property),
      hash: fnv1a(propertyText).toString(16).padStart(8, '0'),
    });
  }
  return entries;
}

function slice(node: JsonNode): TextSlice {
  return { offset: node.offset, length: node.length };
}

function describeParseError(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  return PARSE_ERROR_WORDS[code] ?? code;
}

const PARSE_ERROR_WORDS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'invalid symbol',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected',
  ValueExpected: 'value expected',
  ColonExpected: 'colon expected',
  CommaExpected: 'comma expected',
  CloseBraceExpected: 'closing brace expected',
  CloseBracketExpected: 'closing bracket expected',
  EndOfFileExpected: 'end of file expected',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unexpected end of comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unexpected end of number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character',
};
