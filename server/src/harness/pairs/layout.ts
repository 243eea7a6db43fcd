// Where things sit in a pairs file that is valid JSON: the offsets of each function key in "functions" and of each
// entry object under it, found by one pass over the characters (no tree, no values). The clean-file reader uses it
// for ranges; values come from JSON.parse. Returns undefined for any layout it does not expect (a duplicate key on
// the path to an entry, say), so the caller falls back to the full tree reader.

import type { TextSlice } from './read-state';
import { entryKinds } from './decode-entry';
import type { EntryKind } from './decode-entry';

export interface PairsLayout {
  /** Functions in file order. */
  readonly functions: readonly FunctionLayout[];
}

export interface FunctionLayout {
  readonly name: string;
  /** The key, quotes included (as jsonc-parser's key node). */
  readonly key: TextSlice;
  /** From the key through the end of its value. */
  readonly property: TextSlice;
  /** Entry objects by list, in order. */
  readonly entries: ReadonlyMap<EntryKind, readonly TextSlice[]>;
}

/** The layout of `text`, which JSON.parse accepted; undefined when the caller should use the tree reader. */
export function scanPairsLayout(text: string): PairsLayout | undefined {
  const scanner: Scanner = { text, at: 0 };
  skipSpace(scanner);
  if (text.charCodeAt(scanner.at) !== OPEN_BRACE) return undefined;
  let functions: FunctionLayout[] | undefined;
  const ok = forEachProperty(scanner, (key) => {
    if (key !== 'functions') return skipValue(scanner);
    if (functions !== undefined) return false; // a second "functions": the tree reader takes the last one
    functions = [];
    return text.charCodeAt(scanner.at) === OPEN_BRACE ? scanFunctions(scanner, functions) : skipValue(scanner);
  });
  return ok ? { functions: functions ?? [] } : undefined;
}

interface Scanner {
  readonly text: string;
  at: number;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const KINDS: ReadonlySet<string> = new Set(entryKinds);

function scanFunctions(scanner: Scanner, functions: FunctionLayout[]): boolean {
  return forEachProperty(scanner, (name, key) => {
    const entries = new Map<EntryKind, readonly TextSlice[]>();
    const scanned =
      scanner.text.charCodeAt(scanner.at) !== OPEN_BRACE
        ? skipValue(scanner)
        : forEachProperty(scanner, (kind) => {
            if (!KINDS.has(kind) || scanner.text.charCodeAt(scanner.at) !== OPEN_BRACKET) return skipValue(scanner);
            if (entries.has(kind as EntryKind)) return false;
            const slices: TextSlice[] = [];
            entries.set(kind as EntryKind, slices);
            return scanEntries(scanner, slices);
          });
    functions.push({ name, key, property: { offset: key.offset, length: scanner.at - key.offset }, entries });
    return scanned;
  });
}

/** The items of an array, each recorded as a slice (the reader only uses object items; others fail the schema). */
function scanEntries(scanner: Scanner, slices: TextSlice[]): boolean {
  scanner.at++;
  skipSpace(scanner);
  if (scanner.text.charCodeAt(scanner.at) === CLOSE_BRACKET) {
    scanner.at++;
    return true;
  }
  for (;;) {
    const start = scanner.at;
    if (!skipValue(scanner)) return false;
    slices.push({ offset: start, length: scanner.at - start });
    skipSpace(scanner);
    const next = scanner.text.charCodeAt(scanner.at++);
    if (next === CLOSE_BRACKET) return true;
    if (next !== COMMA) return false;
    skipSpace(scanner);
  }
}

/** Calls `visit` with each key of the object at the cursor, the cursor on its value; `visit` must consume it. */
function forEachProperty(scanner: Scanner, visit: (key: string, keySlice: TextSlice) => boolean): boolean {
  const text = scanner.text;
  scanner.at++;
  skipSpace(scanner);
  if (text.charCodeAt(scanner.at) === CLOSE_BRACE) {
    scanner.at++;
    return true;
  }
  for (;;) {
    const keyStart = scanner.at;
    if (text.charCodeAt(keyStart) !== QUOTE || !skipString(scanner)) return false;
    const keySlice = { offset: keyStart, length: scanner.at - keyStart };
    const raw = text.slice(keyStart + 1, scanner.at - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, scanner.at)) as string) : raw;
    skipSpace(scanner);
    if (text.charCodeAt(scanner.at++) !== COLON) return false;
    skipSpace(scanner);
    if (!visit(key, keySlice)) return false;
    skipSpace(scanner);
    const next = text.charCodeAt(scanner.at++);
    if (next === CLOSE_BRACE) return true;
    if (next !== COMMA) return false;
    skipSpace(scanner);
  }
}

/** Skips one JSON value (the text is valid JSON, so brackets balance outside strings). */
function skipValue(scanner: Scanner): boolean {
  const text = scanner.text;
  const first = text.charCodeAt(scanner.at);
  if (first === QUOTE) return skipString(scanner);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number or a literal: up to the next delimiter.
    let at = scanner.at;
    for (
      let c = text.charCodeAt(at);
      at < text.length && c !== COMMA && c !== CLOSE_BRACE && c !== CLOSE_BRACKET && !isSpace(c);
      c = text.charCodeAt(++at)
    );
    const moved = at > scanner.at;
    scanner.at = at;
    return moved;
  }
  let depth = 0;
  while (scanner.at < text.length) {
    const c = text.charCodeAt(scanner.at);
    if (c === QUOTE) {
      if (!skipString(scanner)) return false;
      continue;
    }
    scanner.at++;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return true;
  }
  return false;
}

function skipString(scanner: Scanner): boolean {
  const text = scanner.text;
  for (let at = scanner.at + 1; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === BACKSLASH) at++;
    else if (c === QUOTE) {
      scanner.at = at + 1;
      return true;
    }
  }
  return false;
}

function skipSpace(scanner: Scanner): void {
  const text = scanner.text;
  while (scanner.at < text.length && isSpace(text.charCodeAt(scanner.at))) scanner.at++;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Whether any object in `text` (valid JSON) has a key twice: JSON.parse keeps the last silently, so the clean
 *  reader must not take such a file. One pass with an explicit stack; a key is a string followed by a colon. */
export function hasDuplicateKeys(text: string): boolean {
  const objects: (Set<string> | null)[] = [];
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === OPEN_BRACE) objects.push(new Set());
    else if (c === OPEN_BRACKET) objects.push(null);
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) objects.pop();
    else if (c === QUOTE) {
      const scanner: Scanner = { text, at };
      if (!skipString(scanner)) return false;
      const keys = objects[objects.length - 1];
      let next = scanner.at;
      while (next < text.length && isSpace(text.charCodeAt(next))) next++;
      if (keys !== undefined && keys !== null && text.charCodeAt(next) === COLON) {
        const raw = text.slice(at + 1, scanner.at - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(at, scanner.at)) as string) : raw;
        if (keys.has(key)) return true;
        keys.add(key);
      }
      at = scanner.at - 1;
    }
  }
  return false;
}
