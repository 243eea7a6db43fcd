// File URIs and the pairs-file convention: `src/foo.rs` is scored with `src/foo.pairs.json` beside it.

import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PAIRS_SUFFIX = '.pairs.json';

export function uriToPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).toString();
}

export function pairsPathFor(sourcePath: string): string {
  return sourcePath.replace(/\.rs$/, '') + PAIRS_SUFFIX;
}

export function isPairsPath(path: string): boolean {
  return path.endsWith(PAIRS_SUFFIX);
}

export function isRustPath(path: string): boolean {
  return path.endsWith('.rs');
}

export function sourcePathForPairs(pairsPath: string): string {
  return pairsPath.slice(0, -PAIRS_SUFFIX.length) + '.rs';
}

/** The file's text, or null when it does not exist or cannot be read (a missing pairs file is normal). */
export async function readTextOrNull(path: string): Promise<string | null> {
  try {
    const text = await readFile(path, 'utf8');
    // Editors drop a BOM from a document's text; so must we, or every column on the first line shifts.
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    return null;
  }
}
