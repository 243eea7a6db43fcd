// File URIs and the pairs-file convention: `src/foo.rs` is scored with `src/foo.pairs.json` beside it.

import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stripByteOrderMark } from '../stdx';
import { readPairsFile, walkSourceTree } from '../host';

import { isPairsPath } from '../harness';

export { isPairsPath, pairsPathFor, sourcePathForPairs } from '../harness';

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

export function isRustPath(path: string): boolean {
  return path.endsWith('.rs');
}

/** The file's text, or null when it does not exist or cannot be read (a missing pairs file is normal). */
export async function readTextOrNull(path: string): Promise<string | null> {
  try {
    const text = await readFile(path, 'utf8');
    // Editors drop a BOM from a document's text; so must we, or every column on the first line shifts.
    return stripByteOrderMark(text);
  } catch {
    return null;
  }
}

/** A pairs file's text (byte-order mark dropped, as editors do), null when there is none, or why it cannot be read
 *  (not a regular file, over the size cap): bounded, so a FIFO or a device never stalls the server. */
export async function readPairsText(path: string): Promise<{ readonly text: string | null } | { readonly error: string }> {
  const read = await readPairsFile(path);
  if (read.kind === 'error') return { error: read.error };
  return { text: read.kind === 'text' ? stripByteOrderMark(read.text) : null };
}

/** Bounds on the start-up search for pairs files, so a huge workspace costs a bounded walk. */
const PAIRS_SEARCH_LIMITS = { maxFiles: 200, maxDirectories: 5_000 };

/** `*.pairs.json` files under the workspace folders (found by host's walker: hidden, `target/` and `node_modules/`
 *  folders skipped, symlinked folders not followed), so each is diagnosed without being opened. */
export async function workspacePairsFiles(folderUris: readonly string[]): Promise<readonly string[]> {
  const folders = folderUris.map(uriToPath).filter((folder): folder is string => folder !== null);
  return (await walkSourceTree(folders, isPairsPath, PAIRS_SEARCH_LIMITS)).files;
}
