// `pairs` then `check` over a Cargo crate's src/: every contract naming a type, spec fn or constant of another file
// is scored (PostComp measured), and a file no `mod` reaches is scored alone, as before. `--changed-since` skips
// nothing in a crate file, since what a function reaches in other files is not compared.

import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';
import { isRecord } from '../../server/src/stdx';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

const LEDGER = path.join(__dirname, '..', 'fixtures', 'crates', 'ledger');

async function run(cwd: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const io = captureIo(cwd);
  const code = await runCli(args, io);
  return { code, out: io.out() };
}

/** `path::function` to its PostComp, or to why it has none: the reason it was not scored, or the construct that
 *  left its verdicts undecided. */
function postCompleteness(json: string): Record<string, number | string> {
  const report: unknown = JSON.parse(json);
  const out: Record<string, number | string> = {};
  const files = isRecord(report) && Array.isArray(report['files']) ? (report['files'] as unknown[]) : [];
  for (const file of files.filter(isRecord)) {
    for (const fn of (Array.isArray(file['functions']) ? (file['functions'] as unknown[]) : []).filter(isRecord)) {
      const scores = fn['scores'];
      const post = isRecord(scores) ? scores['postCompleteness'] : undefined;
      const [construct] = Array.isArray(fn['unsupported']) ? (fn['unsupported'] as unknown[]).filter(isRecord) : [];
      const why = fn['reason'] ?? construct?.['construct'];
      out[`${String(file['path'])}::${String(fn['qualifiedName'])}`] = typeof post === 'number' ? post : String(why);
    }
  }
  return out;
}

describe('check src/ of a crate', () => {
  it('scores functions whose contracts reach other files of the crate, a file outside the tree that names the crate in it, and one that does not alone', async () => {
    const dir = tempDir('crate-check-');
    cpSync(LEDGER, dir, { recursive: true });
    expect((await run(dir, 'pairs', 'src')).code).toBe(0);
    const checked = await run(dir, 'check', '--json', 'src');
    expect(checked.code).toBe(0);
    expect(postCompleteness(checked.out)).toEqual({
      'src/adopted.rs::deposit': 1,
      'src/lib.rs::root_fits': 1,
      'src/lib.rs::positive':
        'PostComp not measured: the contract uses float literal (in src/types.rs, line 26), which the backend does not support, at line 20',
      'src/ops/mod.rs::add_capped': 1,
      'src/ops/mod.rs::withdraw': 1,
      'src/ops/mod.rs::within_limit': 1,
      'src/ops/mod.rs::fits_here': 1,
      'src/ops/mod.rs::label': 1,
      'src/orphan.rs::balance_of':
        'parameter `acct: Account` has a type the harness cannot represent (Account: unknown type `Account`) (line 6)',
    });
  });
});

describe('check --changed-since in a crate', () => {
  it('scores a function whose spec fn changed in another file', async () => {
    const dir = tempDir('crate-changed-');
    cpSync(LEDGER, dir, { recursive: true });
    expect((await run(dir, 'pairs', 'src')).code).toBe(0);
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], {
        cwd: dir,
        encoding: 'utf8',
      });
    git('init', '--quiet');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'baseline');
    const types = path.join(dir, 'src', 'types.rs');
    writeFileSync(types, readFileSync(types, 'utf8').replace('a + b <= u64::MAX', 'a + b < u64::MAX'));
    const checked = await run(dir, 'check', '--json', '--changed-since', 'HEAD', 'src/ops/mod.rs', 'src/orphan.rs');
    expect(Object.keys(postCompleteness(checked.out))).toEqual([
      'src/ops/mod.rs::add_capped',
      'src/ops/mod.rs::withdraw',
      'src/ops/mod.rs::within_limit',
      'src/ops/mod.rs::fits_here',
      'src/ops/mod.rs::label',
    ]);
  });
});

describe('std names a crate shadows', () => {
  it("runs std's HashMap::new where the `use`s say so, not the crate's wrapper of the same name", async () => {
    const dir = tempDir('crate-wrappers-');
    cpSync(path.join(__dirname, '..', 'fixtures', 'crates', 'wrappers'), dir, { recursive: true });
    const pairs = await run(dir, 'pairs', 'src');
    expect(pairs.code).toBe(0);
    expect(pairs.out).not.toContain('time-out');
    const written = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, 'src', file), 'utf8'));
    expect(written('map_t.pairs.json')).toMatchObject({
      functions: { 'HashMap::new': { pairs: [{ input: {}, output: { m: [] } }] } },
    });
    expect(written('uses.pairs.json')).toMatchObject({ functions: { fresh_count: { pairs: [{ input: {}, output: 0 }] } } });
    // Called from another file, the wrapper's body still reads its own file's `use`s.
    expect(written('users.pairs.json')).toMatchObject({ functions: { fresh_map: { pairs: [{ input: {}, output: { m: [] } }] } } });
  });
});

describe('values built the way the crate builds them', () => {
  it("reaches a parameter's invariant through constructors and mutators in other files of the crate", async () => {
    const dir = tempDir('crate-journal-');
    cpSync(path.join(__dirname, '..', 'fixtures', 'crates', 'journal'), dir, { recursive: true });
    // No solver: the invariant (`magic * magic == 253009`) is met only by the states `start` and `append` reach.
    expect((await run(dir, 'pairs', '--solver', 'none', 'src')).code).toBe(0);
    const checked = await run(dir, 'check', '--json', 'src');
    expect(checked.code).toBe(0);
    const scores = postCompleteness(checked.out);
    expect(scores['src/read.rs::read_tail']).toBe(1);
    expect(typeof scores['src/append.rs::Journal::append']).toBe('number');
    const written: unknown = JSON.parse(readFileSync(path.join(dir, 'src', 'read.pairs.json'), 'utf8'));
    expect(written).toMatchObject({
      functions: {
        read_tail: { pairs: expect.arrayContaining([expect.objectContaining({ input: { journal: { magic: 503, entries: [] } } })]) },
      },
    });
  });
});

describe('a crate wrapping API types it does not verify', () => {
  it('scores code that builds objects through external_body wrappers named like plain-Rust and imported types', async () => {
    const dir = tempDir('crate-operator-');
    cpSync(path.join(__dirname, '..', 'fixtures', 'crates', 'operator'), dir, { recursive: true });
    expect((await run(dir, 'pairs', 'src')).code).toBe(0);
    const checked = await run(dir, 'check', '--json', 'src/controller.rs');
    // `spec.replicas()` is pinned by `replicas as int == self@.replicas`; the wrapper is api.rs's `ClusterSpec`, not
    // crds.rs's, and its hidden field holds a k8s_openapi type inside an Option of a map; `ConfigMap::default()` is api.rs's,
    // though shim.rs imports k8s_openapi's `ConfigMap`; the trait's `Self::M::init_count()` is the model's spec fn,
    // not the exec `Counter::init_count` of a type of the same name.
    expect(postCompleteness(checked.out)).toEqual({
      'src/controller.rs::scaled_replicas': 1,
      'src/controller.rs::named_config_map': 1,
      'src/controller.rs::Reconciler::init_count': 1,
      'src/controller.rs::Counter::init_count': 1,
      // A trait declaration's clause, measured at the impl, is quoted from its own file.
      'src/controller.rs::Counter::checked': expect.stringContaining('clause 1 (`n * n == 2`) rejected 100%'),
    });
  });
});
