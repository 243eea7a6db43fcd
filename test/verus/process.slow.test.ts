// Process plumbing with a stand-in executable (never real Verus): argv, time limit, cancellation of the whole
// process tree, exit codes, garbage, canned verdicts, locating the binary and its version.

import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateVerus, parseVersion, readStubRun, VerusBackendError, verusVersion } from '../../server/src/backends/verus';
import type { StubProbe } from '../../server/src/backends/verus';
import { runProcess, runVerusOnStub } from '../../server/src/backends/verus/run';
import { isAlive, pidsIn, standInDir, waitForPids, waitUntil } from './stand-in';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

const STUB_TEXT = [
  'use vstd::prelude::*;',
  'verus! {',
  'proof fn probe_ob0_P() {',
  '    #[verifier::custom_err("SPEC-HARNESS ob0_P")]',
  '    assert(post_f(1int));',
  '}',
  'proof fn probe_ob0_notP() {',
  '    #[verifier::custom_err("SPEC-HARNESS ob0_notP")]',
  '    assert(!post_f(1int));',
  '}',
  '}',
].join('\n');

const PROBES: readonly StubProbe[] = [
  { id: 'ob0_P', obligationId: 'f/post/pair0', polarity: 'P', line: 5, startLine: 3, endLine: 6, tag: 'SPEC-HARNESS ob0_P' },
  { id: 'ob0_notP', obligationId: 'f/post/pair0', polarity: 'notP', line: 9, startLine: 7, endLine: 10, tag: 'SPEC-HARNESS ob0_notP' },
];

function stubIn(dir: string): string {
  const path = join(dir, 'stub_0.rs');
  writeFileSync(path, STUB_TEXT);
  return path;
}

const RUN = { rlimit: 5, timeLimitMs: 30_000, extraArgs: ['--expand-errors'] };
const never = new AbortController().signal;

describe('running the stand-in', () => {
  it('passes the documented command line, with the user extra args last', async () => {
    const argvFile = join(tempDir('stand-in-'), 'argv.json');
    const dir = standInDir({ STAND_IN_ARGV_FILE: argvFile });
    const stub = stubIn(dir);
    await runVerusOnStub(stub, { ...RUN, executable: join(dir, 'verus') }, never);
    expect(JSON.parse(readFileSync(argvFile, 'utf8'))).toEqual([
      stub,
      '--crate-type=lib',
      '--error-format=json',
      '--output-json',
      '--multiple-errors',
      '0',
      '--rlimit',
      '5',
      '--expand-errors',
    ]);
  });

  it('reads canned diagnostics back: P failed and !P proved for one probe pair, rlimit for another', async () => {
    const dir = standInDir({ STAND_IN_FAIL: 'ob0_P' });
    const stub = stubIn(dir);
    const run = await runVerusOnStub(stub, { ...RUN, executable: join(dir, 'verus') }, never);
    expect(run).toMatchObject({ exitCode: 1, outcome: 'exited' });
    const reading = readStubRun(PROBES, stub, run);
    expect(reading.kind === 'probes' ? Object.fromEntries(reading.outcomes) : reading).toEqual({ ob0_P: 'failed', ob0_notP: 'proved' });

    const rlimitDir = standInDir({ STAND_IN_RLIMIT: 'ob0_notP' });
    const rlimitStub = stubIn(rlimitDir);
    const rlimitRun = await runVerusOnStub(rlimitStub, { ...RUN, executable: join(rlimitDir, 'verus') }, never);
    const rlimitReading = readStubRun(PROBES, rlimitStub, rlimitRun);
    expect(rlimitReading.kind === 'probes' ? Object.fromEntries(rlimitReading.outcomes) : rlimitReading).toEqual({
      ob0_P: 'proved',
      ob0_notP: 'rlimit',
    });
  });

  it('stops a run at its time limit', async () => {
    const dir = standInDir({ STAND_IN_MODE: 'sleep', STAND_IN_SLEEP_MS: '600000' });
    const run = await runVerusOnStub(stubIn(dir), { ...RUN, timeLimitMs: 300, executable: join(dir, 'verus') }, never);
    expect(run).toMatchObject({ outcome: 'time-limit', exitCode: undefined });
  });

  it('cancellation kills the whole process tree, grandchild included', async () => {
    const pidFile = join(tempDir('stand-in-'), 'verus.pids');
    const dir = standInDir({ STAND_IN_MODE: 'hang', STAND_IN_PID_FILE: pidFile });
    const controller = new AbortController();
    const running = runVerusOnStub(stubIn(dir), { ...RUN, executable: join(dir, 'verus') }, controller.signal);
    const tree = await waitForPids(pidFile);
    expect(tree.filter(isAlive)).toEqual(tree);
    controller.abort(new Error('cancelled by test'));
    await expect(running).rejects.toThrow('cancelled by test');
    await waitUntil(() => !tree.some(isAlive));
    expect(tree.filter(isAlive)).toEqual([]);
  });

  it('a time limit kills the whole process tree too, though a grandchild holds the output pipes open', async () => {
    const pidFile = join(tempDir('stand-in-'), 'verus.pids');
    const dir = standInDir({ STAND_IN_MODE: 'hang', STAND_IN_PID_FILE: pidFile });
    const run = await runVerusOnStub(stubIn(dir), { ...RUN, timeLimitMs: 5_000, executable: join(dir, 'verus') }, never);
    expect(run).toMatchObject({ outcome: 'time-limit', exitCode: undefined });
    const tree = pidsIn(pidFile);
    expect(tree).toHaveLength(2);
    await waitUntil(() => !tree.some(isAlive));
    expect(tree.filter(isAlive)).toEqual([]);
  });

  it('returns a non-zero exit and garbage as data for the reader', async () => {
    const exitDir = standInDir({ STAND_IN_MODE: 'exit', STAND_IN_EXIT: '255' });
    const exited = await runVerusOnStub(stubIn(exitDir), { ...RUN, executable: join(exitDir, 'verus') }, never);
    expect(exited).toMatchObject({ exitCode: 255, stderr: expect.stringContaining('Error: stand-in told to fail') });
    expect(readStubRun(PROBES, 'stub_0.rs', exited)).toMatchObject({ kind: 'stub-error' });

    const garbageDir = standInDir({ STAND_IN_MODE: 'garbage' });
    const garbage = await runVerusOnStub(stubIn(garbageDir), { ...RUN, executable: join(garbageDir, 'verus') }, never);
    expect(readStubRun(PROBES, 'stub_0.rs', garbage)).toMatchObject({ kind: 'stub-error', message: expect.stringContaining('code 101') });
  });

  it('a binary that cannot start is a VerusBackendError saying what was tried', async () => {
    const missing = join(tmpdir(), 'no-such-dir', 'verus');
    const error = await runProcess(missing, ['x.rs'], { signal: never, timeLimitMs: 5_000, cwd: undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerusBackendError);
    expect(error).toMatchObject({ kind: 'spawn-failed', tried: [`${missing} x.rs`] });
  });
});

describe('locating verus', () => {
  const base = { cwd: '/', platform: 'linux' as const };

  it('finds verus on the PATH it is given', async () => {
    const dir = standInDir();
    const found = await locateVerus({ ...base, verusPath: undefined, searchPath: ['/nonexistent-a', dir].join(':') });
    expect(found).toBe(join(dir, 'verus'));
  });

  it('prefers the configured verusPath', async () => {
    const dir = standInDir();
    expect(await locateVerus({ ...base, verusPath: join(dir, 'verus'), searchPath: '/usr/bin' })).toBe(join(dir, 'verus'));
  });

  it('a missing binary gives a clear error listing every place tried', async () => {
    const error = await locateVerus({ ...base, verusPath: undefined, searchPath: '/nonexistent-a:/nonexistent-b' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VerusBackendError);
    expect(error).toMatchObject({ kind: 'not-found', tried: ['/nonexistent-a/verus', '/nonexistent-b/verus'] });
    expect(String(error)).toContain('verus executable not found');
  });

  it('reads the version from `verus --version --output-json`', async () => {
    const dir = standInDir();
    expect(await verusVersion(join(dir, 'verus'), never, 30_000)).toMatchObject({ version: '0.2026.08.22.eb66c53' });
    expect(parseVersion('Verus\n  Version: 0.2024.10.01\n')).toBe('Verus');
  });
});
