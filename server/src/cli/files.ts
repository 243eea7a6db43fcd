// Finds the Rust files a command works on: explicit files as given, directories walked for `.rs` files
// (skipping `target/`, `node_modules/` and hidden folders), deduplicated and sorted so output is deterministic.

import { readFile, readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';

export type CollectedFiles =
  | { readonly ok: true; readonly files: readonly RustFile[] }
  | { readonly ok: false; readonly error: string };

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

/** Reads a source file as editors show it: UTF-8 with any byte-order mark dropped, so columns match. */
export async function readRustFile(
  file: RustFile,
): Promise<{ readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string }> {
  try {
    const text = await readFile(file.absolutePath, 'utf8');
    return { ok: true, text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch (error) {
    return { ok: false, error: `cannot read '${file.displayPath}': ${describeError(error)}` };
  }
}

export function displayPath(absolutePath: string, cwd: string): string {
  const relative = path.relative(cwd, absolutePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolutePath.split(path.sep).join('/');
  return relative.split(path.sep).join('/');
}

const SKIPPED_DIRECTORIES = new Set(['target', 'node_modules']);

// Deep trees are walked iteratively; symlinked directories are not followed, so link cycles cannot loop.
async function walkDirectory(
  root: string,
  given: string,
): Promise<{ readonly ok: true; readonly files: readonly string[] } | { readonly ok: false; readonly error: string }> {
  const files: string[] = [];
  const pending = [root];
  for (let directory = pending.pop(); directory !== undefined; directory = pending.pop()) {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      return { ok: false, error: `cannot read '${given}': ${describeError(error)}` };
    }
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_DIRECTORIES.has(entry.name)) pending.push(full);
      } else if (entry.name.endsWith('.rs') && (entry.isFile() || (entry.isSymbolicLink() && (await isFile(full))))) {
        files.push(full);
      }
    }
  }
  return { ok: true, files };
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
    return { kind: 'error', reason: describeError(error) };
  }
}

async function isFile(absolute: string): Promise<boolean> {
  try {
    return (await stat(absolute)).isFile();
  } catch {
    return false;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 'no such file or directory';
  if (error instanceof Error && 'code' in error && error.code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
