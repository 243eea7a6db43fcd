// `check --changed-since GIT_REF` on a scratch git repository: only functions whose contract, body or pairs entry
// changed since the commit are scored, the rest are listed as skipped; a new file is scored whole.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, check } from './helpers';

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
}

/** A repository with the ratchet fixture committed as `src/ratchet.rs` (+ pairs). */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spec-harness-git-'));
  git(dir, 'init', '--quiet');
  execFileSync('mkdir', ['-p', join(dir, 'src')]);
  copyFileSync(join(FIXTURES, 'ratchet.rs'), join(dir, 'src', 'ratchet.rs'));
  copyFileSync(join(FIXTURES, 'ratchet.pairs.json'), join(dir, 'src', 'ratchet.pairs.json'));
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'baseline');
  return dir;
}

function edit(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

async function scoredNames(dir: string, ...args: string[]): Promise<{ names: string[]; err: string; code: number }> {
  const { code, out, err } = await check(dir, 'src', '--json', '--changed-since', 'HEAD', ...args);
  const report = JSON.parse(out || '{"files": []}') as { files: { functions: { qualifiedName: string }[] }[] };
  return { names: report.files.flatMap((file) => file.functions.map((fn) => fn.qualifiedName)), err, code };
}

describe('check --changed-since', () => {
  it('scores nothing when nothing changed, and lists what it skipped', async () => {
    const { names, err, code } = await scoredNames(repository());
    expect(code).toBe(0);
    expect(names).toEqual([]);
    expect(err).toBe('spec-harness check: not scored (unchanged since HEAD): src/ratchet.rs::max2, src/ratchet.rs::clamp\n');
  });

  it('scores a function whose body changed', async () => {
    const dir = repository();
    edit(join(dir, 'src', 'ratchet.rs'), 'if a >= b { a } else { b }', 'if a > b { a } else { b }');
    const { names, err } = await scoredNames(dir);
    expect(names).toEqual(['max2']);
    expect(err).toContain('src/ratchet.rs::clamp');
  });

  it('scores a function whose contract changed', async () => {
    const dir = repository();
    edit(join(dir, 'src', 'ratchet.rs'), '        lo <= r <= hi,\n', '        lo <= r,\n');
    expect((await scoredNames(dir)).names).toEqual(['clamp']);
  });

  it('scores a function whose pairs entry changed', async () => {
    const dir = repository();
    edit(join(dir, 'src', 'ratchet.pairs.json'), '{ "input": { "a": 3, "b": 3 }, "output": 3 }', '{ "input": { "a": 3, "b": 3 }, "output": 3 },\n        { "input": { "a": 0, "b": 1 }, "output": 1 }');
    expect((await scoredNames(dir)).names).toEqual(['max2']);
  });

  it('scores everything in a file git does not have at the revision', async () => {
    const dir = repository();
    copyFileSync(join(FIXTURES, 'ratchet.rs'), join(dir, 'src', 'copy.rs'));
    const { names, err } = await scoredNames(dir);
    expect(names).toEqual(['max2', 'clamp']);
    expect(err).toContain('src/ratchet.rs::max2, src/ratchet.rs::clamp');
  });

  it('scores every function when the file outside them (spec fns, types) changed', async () => {
    const dir = repository();
    edit(join(dir, 'src', 'ratchet.rs'), 'verus! {\n', 'verus! {\n\nspec fn limit() -> int { 10 }\n');
    expect((await scoredNames(dir)).names).toEqual(['max2', 'clamp']);
  });

  it('is a usage error outside a repository or with a ref that names no commit', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'spec-harness-nogit-'));
    copyFileSync(join(FIXTURES, 'ratchet.rs'), join(outside, 'ratchet.rs'));
    const noRepo = await check(outside, 'ratchet.rs', '--changed-since', 'HEAD');
    expect(noRepo.code).toBe(2);
    expect(noRepo.err).toContain('--changed-since needs a git repository');
    const badRef = await check(repository(), 'src', '--changed-since', 'no-such-branch');
    expect(badRef.code).toBe(2);
    expect(badRef.err).toContain("'no-such-branch' does not name a commit");
  });
});
