// The one directory walker (host/source-tree.ts), as the CLI and the editor use it: which folders it skips, which
// links it follows, and that its bounds keep the same files on every run.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkSourceTree } from '../../server/src/host';

const tree = mkdtempSync(path.join(tmpdir(), 'spec-harness-walk-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

for (const file of [
  'a.rs',
  'src/b.rs',
  'src/b.pairs.json',
  'src/deep/c.rs',
  'target/debug/built.rs',
  'node_modules/dep/dep.rs',
  '.git/hook.rs',
  '.verus-log/log.rs',
  'outside/linked-target.rs',
]) {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), 'fn f() {}\n');
}
symlinkSync(path.join(tree, 'outside/linked-target.rs'), path.join(tree, 'src/linked.rs'));
symlinkSync(path.join(tree, 'src'), path.join(tree, 'src/loop'));
symlinkSync(path.join(tree, 'missing.rs'), path.join(tree, 'src/dangling.rs'));

const isRust = (name: string): boolean => name.endsWith('.rs');
const WIDE = { maxFiles: 1_000, maxDirectories: 1_000 };

function relative(files: readonly string[]): string[] {
  return files.map((file) => path.relative(tree, file).split(path.sep).join('/'));
}

describe('walkSourceTree', () => {
  it('keeps matching files, sorted, skipping hidden, target/ and node_modules/ folders and folder links', async () => {
    const walk = await walkSourceTree([tree], isRust, WIDE);
    expect(relative(walk.files)).toEqual(['a.rs', 'outside/linked-target.rs', 'src/b.rs', 'src/deep/c.rs', 'src/linked.rs']);
    expect([walk.unreadable, walk.truncated]).toEqual([[], false]);
  });

  it('selects files by name, so the same walk finds pairs files', async () => {
    const walk = await walkSourceTree([path.join(tree, 'src')], (name) => name.endsWith('.pairs.json'), WIDE);
    expect(relative(walk.files)).toEqual(['src/b.pairs.json']);
  });

  it('stops at its bounds, keeping the files nearest the root in name order, and says it stopped', async () => {
    const byFiles = await walkSourceTree([tree], isRust, { maxFiles: 2, maxDirectories: 1_000 });
    expect([relative(byFiles.files), byFiles.truncated]).toEqual([['a.rs', 'outside/linked-target.rs'], true]);
    const byFolders = await walkSourceTree([tree], isRust, { maxFiles: 1_000, maxDirectories: 1 });
    expect([relative(byFolders.files), byFolders.truncated]).toEqual([['a.rs'], true]);
  });

  it('reports a folder it cannot read and walks the others', async () => {
    const missing = path.join(tree, 'no-such-folder');
    const walk = await walkSourceTree([missing, path.join(tree, 'src/deep')], isRust, WIDE);
    expect(relative(walk.files)).toEqual(['src/deep/c.rs']);
    expect(walk.unreadable).toEqual([{ directory: missing, reason: 'no such file or directory' }]);
  });
});
