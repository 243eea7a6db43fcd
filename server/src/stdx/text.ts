// Text as editors show it.

/** Drops a leading byte-order mark: editors hide it, so keeping it would shift every column of the first line. */
export function stripByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
