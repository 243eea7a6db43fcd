// `check --changed-since GIT_REF` on a scratch git repository: only functions whose contract, body, pairs entry or
// an item they reach changed since the commit are scored, the rest are listed as skipped; a new file is scored whole.

import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { FIXTURES, check } from './helpers';

afterAll(removeTempDirs);

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
}

/** A repository with a fixture (default: ratchet) committed as `src/<name>.rs` (+ pairs). */
function repository(fixture = 'ratchet'): string {
  const dir = tempDir('spec-harness-git-');
  git(dir, 'init', '--quiet');
  execFileSync('mkdir', ['-p', join(dir, 'src')]);
  copyFileSync(join(FIXTURES, `${fixture}.rs`), join(dir, 'src', `${fixture}.rs`));
  copyFileSync(join(FIXTURES, `${fixture}.pairs.json`), join(dir, 'src', `${fixture}.pairs.json`));
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
    edit(
      join(dir, 'src', 'ratchet.pairs.json'),
      '{ "input": { "a": 3, "b": 3 }, "output": 3 }',
      '{ "input": { "a": 3, "b": 3 }, "output": 3 },\n        { "input": { "a": 0, "b": 1 }, "output": 1 }',
    );
    expect((await scoredNames(dir)).names).toEqual(['max2']);
  });

  it('scores everything in a file git does not have at the revision', async () => {
    const dir = repository();
    copyFileSync(join(FIXTURES, 'ratchet.rs'), join(dir, 'src', 'copy.rs'));
    const { names, err } = await scoredNames(dir);
    expect(names).toEqual(['max2', 'clamp']);
    expect(err).toContain('src/ratchet.rs::max2, src/ratchet.rs::clamp');
  });

  it('scores no function for a new spec fn none of them reaches', async () => {
    const dir = repository();
    edit(join(dir, 'src', 'ratchet.rs'), 'verus! {\n', 'verus! {\n\nspec fn limit() -> int { 10 }\n');
    expect((await scoredNames(dir)).names).toEqual([]);
  });

  it('scores only the functions that reach a changed item: a spec fn, a constant it reads, a called exec fn', async () => {
    const source = (dir: string): string => join(dir, 'src', 'dependencies.rs');
    const specFn = repository('dependencies');
    edit(source(specFn), 'lo <= r <= hi && hi - lo <= SPAN', 'lo <= r <= hi');
    expect((await scoredNames(specFn)).names).toEqual(['clamp']);
    const constant = repository('dependencies');
    edit(source(constant), 'pub const SPAN: i64 = 1000;', 'pub const SPAN: i64 = 5;');
    expect((await scoredNames(constant)).names).toEqual(['clamp']);
    const callee = repository('dependencies');
    edit(source(callee), 'if a >= b { a } else { b }', 'if a > b { a } else { b }');
    const { names, err } = await scoredNames(callee);
    expect(names).toEqual(['max2']);
    // An exec fn without a contract is not scored, so it is not listed as skipped either.
    expect(err).toBe('spec-harness check: not scored (unchanged since HEAD): src/dependencies.rs::clamp, src/dependencies.rs::negate\n');
    const unreached = repository('dependencies');
    edit(source(unreached), '    x + 1\n', '    x + 2\n');
    expect((await scoredNames(unreached)).names).toEqual([]);
  });

  it('scores every function when an item no name reaches changed (a use)', async () => {
    const dir = repository('dependencies');
    edit(join(dir, 'src', 'dependencies.rs'), 'use vstd::prelude::*;\n', 'use vstd::prelude::*;\nuse vstd::seq::*;\n');
    expect((await scoredNames(dir)).names).toEqual(['max2', 'clamp', 'negate']);
  });

  it('scores, in a file with syntax errors, only the functions that reach a broken item', async () => {
    const dir = repository('dependencies');
    const file = join(dir, 'src', 'dependencies.rs');
    edit(file, 'spec fn unused(x: int) -> int {\n    x + 1\n}', 'spec fn unused(x: int) -> int {\n    x + (1\n}');
    expect((await scoredNames(dir)).names).toEqual([]);
    edit(file, 'hi - lo <= SPAN', 'hi - lo <=');
    expect((await scoredNames(dir)).names).toEqual(['clamp']);
  });

  it('is a usage error outside a repository or with a ref that names no commit', async () => {
    const outside = tempDir('spec-harness-nogit-');
    copyFileSync(join(FIXTURES, 'ratchet.rs'), join(outside, 'ratchet.rs'));
    const noRepo = await check(outside, 'ratchet.rs', '--changed-since', 'HEAD');
    expect(noRepo.code).toBe(2);
    expect(noRepo.err).toContain('--changed-since needs a git repository');
    const badRef = await check(repository(), 'src', '--changed-since', 'no-such-branch');
    expect(badRef.code).toBe(2);
    expect(badRef.err).toContain("'no-such-branch' does not name a commit");
  });
});
