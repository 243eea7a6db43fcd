// The verus backend end to end over the stand-in executable: verdicts per obligation from canned diagnostics,
// trust, a missing binary, rejected stubs, the time limit and cancellation.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBackend } from '../../server/src/backends';
import { createVerusBackend, VERUS_DEFAULTS } from '../../server/src/backends/verus';
import type { VerusBackendOptions, VerusRunEvent } from '../../server/src/backends/verus';
import { DEFAULT_CHECK_OPTIONS, pendingObligations, planFile } from '../../server/src/harness';
import { standInDir, waitForPids } from './stand-in';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

/** `abs` with one pair: five post obligations (the pair and four mutants), one stub of ten probes. */
const SOURCE = `use vstd::prelude::*;
verus! {
fn abs(x: i32) -> (r: i32)
    ensures
        r >= 0,
        r == x || r == -x,
{ if x < 0 { -x } else { x } }
}
`;
const PAIRS = JSON.stringify({ version: 1, functions: { abs: { pairs: [{ input: { x: -5 }, output: 5 }] } } });

function plan() {
  const planned = planFile({ path: 'abs.rs', text: SOURCE, pairsPath: 'abs.pairs.json', pairsText: PAIRS }, DEFAULT_CHECK_OPTIONS);
  return { model: planned.model, obligations: pendingObligations(planned).slice(0, 5) };
}

function options(dir: string, overrides: Partial<VerusBackendOptions> = {}): VerusBackendOptions & { events: VerusRunEvent[] } {
  const events: VerusRunEvent[] = [];
  return {
    ...VERUS_DEFAULTS,
    trusted: true,
    verusPath: undefined,
    searchPath: dir,
    cwd: dir,
    platform: 'linux',
    extraArgs: [],
    embedded: undefined,
    onRunEvent: (event) => events.push(event),
    events,
    ...overrides,
  };
}

const never = new AbortController().signal;

describe('createVerusBackend', () => {
  it('maps each probe pair to a verdict: holds, fails, unprovable, suspect, rlimit', async () => {
    const dir = standInDir({ STAND_IN_FAIL: 'ob0_notP,ob1_P,ob2_P,ob2_notP,ob4_notP', STAND_IN_RLIMIT: 'ob4_P' });
    const opts = options(dir, { embedded: createEmbeddedBackend({ stepBudget: 10_000 }) });
    const { model, obligations } = plan();
    expect(obligations).toHaveLength(5);
    const results = await createVerusBackend(opts).check(model, obligations, never);
    expect(results.map((r) => (r.verdict.kind === 'indeterminate' ? r.verdict.reason.split(':')[0] : r.verdict.kind))).toEqual([
      'holds',
      'fails',
      'unprovable',
      'suspect',
      'rlimit exceeded',
    ]);
    // The failing clause comes from the evaluator when it agrees that the obligation fails.
    const embedded = await createEmbeddedBackend({ stepBudget: 10_000 }).check(model, obligations, never);
    expect(embedded[1]?.verdict.kind).toBe('fails');
    expect(results[1]?.failingClause).toBe(embedded[1]?.failingClause);
    expect(opts.events).toEqual([
      { kind: 'started', executable: expect.stringMatching(/verus$/), version: '0.2026.08.22.eb66c53' },
      { kind: 'suspect', obligationId: obligations[3]?.id, stubText: expect.stringContaining('verus! {') },
    ]);
  });

  it('a stub verus rejects is an error of the run (indeterminate, reported with the stub), never a rejection', async () => {
    const opts = options(standInDir({ STAND_IN_MODE: 'exit', STAND_IN_EXIT: '1' }));
    const { model, obligations } = plan();
    const results = await createVerusBackend(opts).check(model, obligations, never);
    for (const result of results)
      expect(result.verdict).toMatchObject({ kind: 'indeterminate', reason: expect.stringContaining('verus rejected the stub file') });
    expect(opts.events.slice(1)).toEqual([
      {
        kind: 'stub-error',
        message: expect.stringContaining('exited with code 1'),
        stubText: expect.stringContaining('proof fn probe_ob0_P'),
      },
    ]);
  });

  it('a run past its time limit leaves its obligations indeterminate', async () => {
    const opts = options(standInDir({ STAND_IN_MODE: 'sleep', STAND_IN_SLEEP_MS: '600000' }), { timeLimitMs: 300 });
    const { model, obligations } = plan();
    const results = await createVerusBackend(opts).check(model, obligations, never);
    expect(results[0]?.verdict).toEqual({ kind: 'indeterminate', reason: 'verus time limit of 300 ms exceeded' });
  });

  it('refuses in an untrusted workspace before spawning anything', async () => {
    const argvFile = join(tempDir('stand-in-'), 'argv.json');
    const opts = options(standInDir({ STAND_IN_ARGV_FILE: argvFile }), { trusted: false });
    const { model, obligations } = plan();
    await expect(createVerusBackend(opts).check(model, obligations, never)).rejects.toMatchObject({
      name: 'VerusBackendError',
      kind: 'untrusted',
    });
    expect(existsSync(argvFile)).toBe(false);
  });

  it('a missing binary rejects with a VerusBackendError naming the places tried', async () => {
    const opts = options('/nonexistent-verus-dir');
    const { model, obligations } = plan();
    await expect(createVerusBackend(opts).check(model, obligations, never)).rejects.toMatchObject({
      kind: 'not-found',
      tried: ['/nonexistent-verus-dir/verus'],
    });
  });

  it('cancellation rejects with the signal reason', async () => {
    const pidFile = join(tempDir('stand-in-'), 'verus.pids');
    const opts = options(standInDir({ STAND_IN_MODE: 'hang', STAND_IN_PID_FILE: pidFile }));
    const { model, obligations } = plan();
    const controller = new AbortController();
    const running = createVerusBackend(opts).check(model, obligations, controller.signal);
    await waitForPids(pidFile);
    controller.abort(new Error('superseded'));
    await expect(running).rejects.toThrow('superseded');
  });
});
