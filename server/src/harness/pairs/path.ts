// The pairs-file convention, in one place: `src/foo.rs` is scored with `src/foo.pairs.json` beside it.

export const PAIRS_SUFFIX = '.pairs.json';

/** `src/foo.rs` -> `src/foo.pairs.json` (any other name gets the suffix appended). */
export function pairsPathFor(sourcePath: string): string {
  return sourcePath.replace(/\.rs$/, '') + PAIRS_SUFFIX;
}

export function isPairsPath(path: string): boolean {
  return path.endsWith(PAIRS_SUFFIX);
}

/** `src/foo.pairs.json` -> `src/foo.rs` */
export function sourcePathForPairs(pairsPath: string): string {
  return pairsPath.slice(0, -PAIRS_SUFFIX.length) + '.rs';
}
