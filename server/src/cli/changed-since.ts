// `check --changed-since GIT_REF`: which functions to score because their contract, body, pairs entry or an item
// they reach (spec fns, called fns, datatypes, constants: model/function-dependencies.ts) differs from the same file at
// GIT_REF; a change to a `use` or anything else no name reaches re-scores every function of the file. Git runs through
// execa with a time limit; a file git does not know at GIT_REF is new, so all its functions are scored.

import * as path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { scorableFunctions } from '../harness';
import { buildFileModel, functionDependencies } from '../model';
import type { FileModel } from '../model';
import { parseSourceFile } from '../syntax';

export interface GitRevision {
  readonly root: string;
  readonly ref: string;
}

export interface FileTexts {
  readonly absolutePath: string;
  readonly text: string;
  /** Absolute path of the pairs file used and its text (null when there is none). */
  readonly pairsAbsolutePath: string;
  readonly pairsText: string | null;
}

/** Changed and unchanged qualified names of the file's exec fns. */
export interface ChangedFunctions {
  readonly changed: readonly string[];
  readonly unchanged: readonly string[];
}

const GIT_TIME_LIMIT_MS = 30_000;

/** The repository around `cwd` and the commit `ref` names, or an error message. */
export async function resolveRevision(cwd: string, ref: string): Promise<GitRevision | string> {
  const root = await git(cwd, ['rev-parse', '--show-toplevel']);
  if (!root.ok) return `--changed-since needs a git repository: ${root.error}`;
  const commit = await git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!commit.ok) return `--changed-since: '${ref}' does not name a commit`;
  return { root: root.stdout.trim(), ref: commit.stdout.trim() };
}

export async function changedFunctions(revision: GitRevision, file: FileTexts): Promise<ChangedFunctions | string> {
  const model = buildFileModel(parseSourceFile(file.text));
  const now = fingerprints(model, file.pairsText);
  // Only functions `check` scores are listed (an exec fn without a contract is reached by others, not scored).
  const scorable = new Set(scorableFunctions(model, {}).map((fn) => fn.qualifiedName));
  const oldText = await showAt(revision, file.absolutePath);
  if (typeof oldText !== 'string' && oldText.error !== null) return oldText.error;
  const oldPairs = await showAt(revision, file.pairsAbsolutePath);
  if (typeof oldPairs !== 'string' && oldPairs.error !== null) return oldPairs.error;
  const before =
    typeof oldText === 'string'
      ? fingerprints(buildFileModel(parseSourceFile(oldText)), typeof oldPairs === 'string' ? oldPairs : null)
      : undefined;
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const [name, fingerprint] of now.functions) {
    if (!scorable.has(name)) continue;
    const same = before !== undefined && before.context === now.context && before.functions.get(name) === fingerprint;
    (same ? unchanged : changed).push(name);
  }
  return { changed, unchanged };
}

interface Fingerprints {
  /** The file's items no name reaches (uses, out-of-line modules): a change there can change any contract. */
  readonly context: string;
  /** Per exec fn: its text, the items it reaches (model/function-dependencies.ts) and its pairs entry's text. */
  readonly functions: ReadonlyMap<string, string>;
}

function fingerprints(model: FileModel, pairsText: string | null): Fingerprints {
  const dependencies = functionDependencies(model);
  const errors: ParseError[] = [];
  const root = pairsText === null ? undefined : parseTree(pairsText, errors);
  // A pairs file that is not JSON gives every function a distinct entry, so nothing counts as unchanged.
  const unreadable = pairsText !== null && (root === undefined || errors.length > 0);
  const functions = new Map<string, string>();
  for (const [name, reached] of dependencies.functions) {
    const entry = root === undefined || unreadable ? undefined : findNodeAtLocation(root, ['functions', name]);
    const entryText = unreadable
      ? `\u0000${pairsText}`
      : entry === undefined || pairsText === null
        ? ''
        : pairsText.slice(entry.offset, entry.offset + entry.length);
    functions.set(name, `${reached}\u0002${entryText}`);
  }
  return { context: dependencies.shared, functions };
}

/** The file's text at the revision; `{ error: null }` when git does not have it there. */
async function showAt(revision: GitRevision, absolutePath: string): Promise<string | { readonly error: string | null }> {
  const relative = path.relative(revision.root, absolutePath).split(path.sep).join('/');
  if (relative.startsWith('..') || path.isAbsolute(relative))
    return { error: `--changed-since: '${absolutePath}' is outside the git repository ${revision.root}` };
  const shown = await git(revision.root, ['show', `${revision.ref}:${relative}`]);
  if (shown.ok) return shown.stdout.startsWith('\uFEFF') ? shown.stdout.slice(1) : shown.stdout;
  return /does not exist|exists on disk, but not in/.test(shown.error)
    ? { error: null }
    : { error: `--changed-since: git show failed: ${shown.error}` };
}

async function git(
  cwd: string,
  args: readonly string[],
): Promise<{ readonly ok: true; readonly stdout: string } | { readonly ok: false; readonly error: string }> {
  // execa is ESM-only; the dynamic import keeps this CommonJS module loadable.
  const { execa } = await import('execa');
  try {
    const result = await execa('git', [...args], {
      cwd,
      reject: false,
      stdin: 'ignore',
      stripFinalNewline: false,
      timeout: GIT_TIME_LIMIT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.exitCode === 0) return { ok: true, stdout: result.stdout };
    const message = String(result.stderr ?? '').trim() || String(result.shortMessage ?? 'git failed');
    return { ok: false, error: message.split('\n')[0] ?? message };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
