// Where two versions of a text differ, as one span: between their common prefix and common suffix. A plain scan
// (no parse): tree-sitter's incremental re-parse and the language server's moved locations both start from it.

export interface ChangedSpan {
  /** Where the change starts (the same in both texts). */
  readonly start: number;
  /** Where it ends in the old text and in the new one. */
  readonly oldEnd: number;
  readonly newEnd: number;
}

export function changedSpan(before: string, after: string): ChangedSpan {
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  // Whole chunks first: comparing two slices runs natively, many times faster than a loop over characters.
  while (prefix + CHUNK <= shortest && before.slice(prefix, prefix + CHUNK) === after.slice(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  const sameEnds = (length: number): boolean =>
    before.slice(before.length - suffix - length, before.length - suffix) ===
    after.slice(after.length - suffix - length, after.length - suffix);
  while (suffix + CHUNK <= shortest - prefix && sameEnds(CHUNK)) suffix += CHUNK;
  while (suffix < shortest - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix))
    suffix++;
  return { start: prefix, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

const CHUNK = 1024;

/** The line and UTF-16 column of an offset, by a scan (no index built: used once or twice per edit). */
export function lineAndColumn(text: string, offset: number): { readonly line: number; readonly character: number } {
  let line = 0;
  for (let idx = text.indexOf('\n'); idx !== -1 && idx < offset; idx = text.indexOf('\n', idx + 1)) line++;
  return { line, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
}
