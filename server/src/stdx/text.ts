// Text as editors show it.

/** Drops a leading byte-order mark: editors hide it, so keeping it would shift every column of the first line. */
export function stripByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** `text` cut to at most `max` characters, ending in `…` when cut: a value or clause quoted inside a message stays
 *  readable in a CodeLens, a hover or a terminal line whatever its size. */
export function elided(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
