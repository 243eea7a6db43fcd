// The one directory walker: the CLI's `spec-harness check src/`, the editor's "score workspace" and its start-up
// search for pairs files all find files through it, so they skip the same folders and stay within bounds.

import { readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { describeFsError } from './fs-errors';

/** Folders never entered besides hidden ones (`.git`, `.verus-log`, editor state): Cargo's build output and npm's
 *  dependencies, which hold generated or third-party code, not the user's contracts. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['target', 'node_modules']);

export interface WalkLimits {
  /** The walk stops once this many files are kept. */
  readonly maxFiles: number;
  /** The walk stops after reading this many folders, so a huge tree costs bounded work. */
  readonly maxDirectories: number;
}

export interface SourceTreeWalk {
  /** Absolute paths of the kept files, sorted. */
  readonly files: readonly string[];
  /** Folders that could not be read, with why; the walk goes on past them and the caller decides. */
  readonly unreadable: readonly { readonly directory: string; readonly reason: string }[];
  /** A limit stopped the walk before the whole tree was seen. */
  readonly truncated: boolean;
}

/** Files under `roots` whose name `keep` accepts: breadth-first in name order (so a truncated walk keeps the same
 *  files every time), hidden and `SKIPPED_FOLDERS` folders skipped, symlinked folders not followed (a link cycle
 *  cannot loop), symlinked files kept when they point at a regular file. Iterative: no depth limit on the stack. */
export async function walkSourceTree(
  roots: readonly string[],
  keep: (fileName: string) => boolean,
  limits: WalkLimits,
): Promise<SourceTreeWalk> {
  const files: string[] = [];
  const unreadable: { directory: string; reason: string }[] = [];
  const pending = [...roots];
  let next = 0;
  let droppedFile = false;
  for (; next < pending.length && next < limits.maxDirectories && files.length < limits.maxFiles; next++) {
    const directory = pending[next] as string;
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      unreadable.push({ directory, reason: describeFsError(error) });
      continue;
    }
    entries.sort((a, b) => compareNames(a.name, b.name));
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) pending.push(full);
      } else if (keep(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && (await isRegularFile(full))))) {
        if (files.length < limits.maxFiles) files.push(full);
        else droppedFile = true;
      }
    }
  }
  return { files: files.sort(compareNames), unreadable, truncated: droppedFile || next < pending.length };
}

function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function isRegularFile(absolute: string): Promise<boolean> {
  try {
    return (await stat(absolute)).isFile();
  } catch {
    return false;
  }
}
