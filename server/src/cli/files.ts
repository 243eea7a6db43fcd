// Finds the Rust files a command works on: explicit files as given, directories walked for `.rs` files by host's
// walker (skipping `target/`, `node_modules/` and hidden folders), deduplicated and sorted so output is deterministic.

import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { describeFsError, readSourceText, walkSourceTree, type WalkLimits } from '../host';
import { assertNever, stripByteOrderMark } from '../stdx';

export type CollectedFiles = { readonly ok: true; readonly files: readonly RustFile[] } | { readonly ok: false; readonly error: string };

export interface RustFile {
  readonly absolutePath: string;
  /** Relative to cwd with `/` separators (absolute when outside cwd): how output names the file. */
  readonly displayPath: string;
}

/** A missing or unreadable path is an error value (callers exit 2); a directory with no `.rs` files is not. */
export async function collectRustFiles(paths: readonly string[], cwd: string): Promise<CollectedFiles> {
  const found = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const kind = await pathKind(absolute);
    if (kind.kind === 'error') return { ok: false, error: `cannot read '${given}': ${kind.reason}` };
    if (kind.kind === 'file') found.add(absolute);
    else {
      const walked = await walkDirectory(absolute, given);
      if (!walked.ok) return walked;
      for (const file of walked.files) found.add(file);
    }
  }
  const files = [...found].map((absolutePath) => ({ absolutePath, displayPath: displayPath(absolutePath, cwd) }));
  files.sort((a, b) => (a.displayPath < b.displayPath ? -1 : a.displayPath > b.displayPath ? 1 : 0));
  return { ok: true, files };
}

/** Reads a source file as editors show it: UTF-8 with any byte-order mark dropped, so columns match. A binary file
 *  (host's rule: invalid UTF-8 or a NUL byte) is an error of its own, never parsed. */
export async function readRustFile(
  file: RustFile,
): Promise<{ readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string }> {
  const read = await readSourceText(file.absolutePath);
  switch (read.kind) {
    case 'text':
      return { ok: true, text: stripByteOrderMark(read.text) };
    case 'binary':
      return { ok: false, error: `${file.displayPath}: ${read.reason}` };
    case 'unreadable':
      return { ok: false, error: `cannot read '${file.displayPath}': ${read.reason}` };
    default:
      return assertNever(read);
  }
}

export function displayPath(absolutePath: string, cwd: string): string {
  const relative = path.relative(cwd, absolutePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolutePath.split(path.sep).join('/');
  return relative.split(path.sep).join('/');
}

/** Bounds on one directory argument: far above any real project, so they only stop a walk of `/` or a home folder. */
const WALK_LIMITS: WalkLimits = { maxFiles: 50_000, maxDirectories: 200_000 };

/** The `.rs` files under a directory argument; an unreadable folder inside it or a tree past the bounds is an error. */
async function walkDirectory(
  root: string,
  given: string,
): Promise<{ readonly ok: true; readonly files: readonly string[] } | { readonly ok: false; readonly error: string }> {
  const walk = await walkSourceTree([root], (name) => name.endsWith('.rs'), WALK_LIMITS);
  const [unreadable] = walk.unreadable;
  if (unreadable !== undefined) return { ok: false, error: `cannot read '${given}': ${unreadable.reason}` };
  if (walk.truncated)
    return {
      ok: false,
      error: `'${given}' holds more than ${WALK_LIMITS.maxFiles} .rs files or ${WALK_LIMITS.maxDirectories} folders; name smaller folders`,
    };
  return { ok: true, files: walk.files };
}

async function pathKind(
  absolute: string,
): Promise<{ readonly kind: 'file' | 'directory' } | { readonly kind: 'error'; readonly reason: string }> {
  try {
    const info = await stat(absolute);
    if (info.isDirectory()) return { kind: 'directory' };
    if (info.isFile()) return { kind: 'file' };
    return { kind: 'error', reason: 'not a file or directory' };
  } catch (error) {
    return { kind: 'error', reason: describeFsError(error) };
  }
}
