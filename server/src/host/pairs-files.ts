// Pairs files on disk, for both front ends: bounded reads (regular files only, a size cap, never blocking on a FIFO)
// and safe writes (an unpredictable temporary name created exclusively beside the file, never through a symlink,
// fsync, then rename; the file re-read just before the rename so a concurrent edit is merged again, never lost).

import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, open, readdir, rename, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { describeFsError, errorCode } from './fs-errors';

/** Larger pairs files are refused: real ones are kilobytes, and a read must not cost gigabytes. */
export const DEFAULT_MAX_PAIRS_MEGABYTES = 64;
export const MAX_PAIRS_MEGABYTES_VARIABLE = 'SPEC_HARNESS_MAX_PAIRS_MB';

/** Errors say what is wrong with the file without naming it: callers put the path in front, as they show it. */
export type PairsRead =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'missing' } | { readonly kind: 'error'; readonly error: string };

export type PairsWrite =
  { readonly kind: 'written'; readonly text: string } | { readonly kind: 'unchanged' } | { readonly kind: 'error'; readonly error: string };

/** New text from the current text (null: no file yet), or why there is none (a duplicate key, a syntax error...). */
export type PairsMerge = (
  existing: string | null,
) => { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

export interface PairsWriteHooks {
  /** Runs after the temporary file is written and before the file is re-read (tests: a concurrent edit lands here). */
  readonly beforeReplace?: () => Promise<void>;
}

/** The size cap in bytes: `SPEC_HARNESS_MAX_PAIRS_MB` when set to a positive number, else the default. */
export function maxPairsBytes(environment: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(environment[MAX_PAIRS_MEGABYTES_VARIABLE]);
  const megabytes = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MAX_PAIRS_MEGABYTES;
  return Math.floor(megabytes * 1024 * 1024);
}

/** Reads a pairs file: only a regular file (a symlink to one is read), at most `maxBytes`. Opened non-blocking and
 *  checked on the open descriptor, so a FIFO or a device is refused, never waited on or read without end. */
export async function readPairsFile(file: string, maxBytes: number = maxPairsBytes()): Promise<PairsRead> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' };
    return { kind: 'error', error: describeError(error) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'error', error: `it is ${kindOf(info)}, not a regular file` };
    if (info.size > maxBytes) return { kind: 'error', error: tooLarge(maxBytes) };
    // The file may grow after the stat: read one byte past the cap to notice.
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) {
        if (length > maxBytes) return { kind: 'error', error: tooLarge(maxBytes) };
        break;
      }
    }
    return { kind: 'text', text: buffer.subarray(0, length).toString('utf8') };
  } catch (error) {
    return { kind: 'error', error: describeError(error) };
  } finally {
    await handle.close();
  }
}

/** Writes `merge(current text)` to `target` safely. Refuses a target that is not a regular file (a symlink, FIFO,
 *  device or directory). When the file changes between the read and the rename, the merge runs again on the new
 *  text (a few times at most); the remaining window is the rename itself. */
export async function writePairsFile(
  target: string,
  merge: PairsMerge,
  hooks: PairsWriteHooks = {},
  maxBytes: number = maxPairsBytes(),
): Promise<PairsWrite> {
  await removeLeftoverTemporaryFiles(target);
  // The rewritten file keeps the permissions of the one it replaces.
  const mode = (await lstat(target).catch(() => undefined))?.mode ?? 0o644;
  let current = await readTarget(target, maxBytes);
  for (let attempt = 0; attempt < MAX_MERGE_ATTEMPTS; attempt++) {
    if (current.kind === 'error') return current;
    const existing = current.kind === 'text' ? current.text : null;
    const merged = merge(existing);
    if (!merged.ok) return { kind: 'error', error: merged.error };
    if (merged.text === existing) return { kind: 'unchanged' };
    // A file the reader would refuse is not written: `check` could not read it, and the old one stays usable.
    if (Buffer.byteLength(merged.text, 'utf8') > maxBytes)
      return { kind: 'error', error: `nothing written: the new text ${tooLarge(maxBytes).replace(/^it /, '')}` };
    const temporary = await writeTemporary(target, merged.text, mode & 0o777);
    try {
      await hooks.beforeReplace?.();
      const now = await readTarget(target, maxBytes);
      if (sameRead(now, current)) {
        await rename(temporary, target);
        await syncDirectory(path.dirname(target));
        return { kind: 'written', text: merged.text };
      }
      current = now;
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
  }
  return { kind: 'error', error: 'it kept changing while it was being written; nothing was written, try again' };
}

const MAX_MERGE_ATTEMPTS = 3;
const TEMPORARY_SUFFIX = '.spec-harness.tmp';

/** `.foo.pairs.json.<pid>-<16 random hex digits>.spec-harness.tmp`: the process id says whose it is (for clean-up),
 *  the random part makes the name impossible to plant in advance. */
function temporaryName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(8).toString('hex')}${TEMPORARY_SUFFIX}`);
}

/** Created exclusively (O_EXCL), never through a symlink (O_NOFOLLOW), flushed to disk before it is renamed. */
async function writeTemporary(target: string, text: string, mode: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const temporary = temporaryName(target);
    let handle;
    try {
      handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    } catch (error) {
      if (errorCode(error) === 'EEXIST' && attempt < 3) continue;
      throw error;
    }
    try {
      await handle.writeFile(text, 'utf8');
      await handle.chmod(mode);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await handle.close();
    return temporary;
  }
}

/** Temporary files of `target` left by a process that no longer runs (killed mid-write) are removed. */
export async function removeLeftoverTemporaryFiles(target: string): Promise<void> {
  const directory = path.dirname(target);
  const prefix = `.${path.basename(target)}.`;
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(TEMPORARY_SUFFIX)) continue;
    const owner = /^(\d+)-[0-9a-f]{16}$/.exec(name.slice(prefix.length, -TEMPORARY_SUFFIX.length));
    if (owner === null || processIsRunning(Number(owner[1]))) continue;
    const leftover = path.join(directory, name);
    const info = await lstat(leftover).catch(() => undefined);
    if (info?.isFile() === true) await unlink(leftover).catch(() => undefined);
  }
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** The target as it is now: it must be a regular file itself (lstat: a symlink is refused, not followed). */
async function readTarget(target: string, maxBytes: number): Promise<PairsRead> {
  let info: Stats;
  try {
    info = await lstat(target);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' };
    return { kind: 'error', error: describeError(error) };
  }
  if (!info.isFile()) return { kind: 'error', error: `refusing to write it: it is ${kindOf(info)}, not a regular file` };
  return readPairsFile(target, maxBytes);
}

function sameRead(a: PairsRead, b: PairsRead): boolean {
  if (a.kind === 'text' && b.kind === 'text') return a.text === b.text;
  return a.kind === 'missing' && b.kind === 'missing';
}

/** The rename is durable once the directory is flushed; some systems cannot sync a directory, which is no error. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, constants.O_RDONLY);
    await handle.sync().catch(() => undefined);
    await handle.close();
  } catch {
    return;
  }
}

function kindOf(info: Stats): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'a special file';
}

function tooLarge(maxBytes: number): string {
  const megabytes = Number((maxBytes / (1024 * 1024)).toFixed(3));
  return `it is larger than the ${megabytes} MB allowed for a pairs file (set ${MAX_PAIRS_MEGABYTES_VARIABLE} to raise the limit)`;
}

/** `O_NOFOLLOW` refuses a symlink with ELOOP: say what that means here. */
function describeError(error: unknown): string {
  return errorCode(error) === 'ELOOP' ? 'it is a symbolic link' : describeFsError(error);
}
