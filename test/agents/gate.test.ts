// The gate that cannot be gamed: `check --gate` and `gate` on strong, weak, undecided (all N/A) and overfit
// contracts, a gate over no function, and `gate --hook` answering each agent's recorded stop-hook input.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';

const ROOT = join(__dirname, '..', '..');
const AGENTS = join(ROOT, 'test', 'fixtures', 'agents');

async function run(args: readonly string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  const io = { ...captureIo(AGENTS), ...(stdin === undefined ? {} : { readStdin: async () => stdin }) };
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** A recorded hook input pointed at one fixture folder (the recordings name the agent's own project). */
function hookInput(recording: string, folder: string): string {
  const input = JSON.parse(readFileSync(join(AGENTS, 'hooks', recording), 'utf8')) as Record<string, unknown>;
  if ('workspace_roots' in input) input['workspace_roots'] = [join(AGENTS, folder)];
  else input['cwd'] = join(AGENTS, folder);
  return JSON.stringify(input);
}

describe('check --gate', () => {
  it.each([
    ['strong', 0],
    ['weak', 1],
    ['undecided', 1],
  ])('on the %s contract exits %i', async (folder, code) => {
    expect((await run(['check', folder, '--gate', 'post=0.75'])).code).toBe(code);
  });

  it('fails an all-N/A contract because nothing was decided, and says so', async () => {
    const result = await run(['check', 'undecided', '--gate', 'post=0.75']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /double \(PostCorr N\/A: none of 16 verdicts was decided; PostComp N\/A: none of \d+ verdicts was decided\)/,
    );
  });

  it('names a score N/A because there is nothing to measure, without failing it', async () => {
    const result = await run(['check', 'strong', '--held-out', '--gate', 'post=0.75,pre=0.75']);
    expect(result.code).toBe(0);
    expect(result.err).toContain('double: held-out: PreComp N/A: no invalid inputs exist (not counted against the gate)');
  });

  it('flags a contract fitted to the feedback pairs as overfit with --held-out', async () => {
    const result = await run(['check', 'overfit', '--held-out', '--gate', 'post=0.75']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('overfit (meets the gate on feedback pairs, not on held-out ones): double');
    expect(result.err).toContain('gate not met by double [overfit] (held-out: PostComp 0.00 < 0.75)');
    const json = JSON.parse((await run(['check', 'overfit', '--held-out', '--json'])).out) as {
      overfit: string[];
      heldOut: { files: { functions: { counts: { pairs: number } }[] }[] };
    };
    expect(json.overfit).toEqual(['double']);
    expect(json.heldOut.files[0]?.functions[0]?.counts.pairs).toBe(5);
  });

  it('exits 2 for a gate over no function: an empty folder, or --fn naming none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'spec-harness-empty-'));
    try {
      const result = await run(['check', empty, '--gate', 'post=0.75']);
      expect(result.code).toBe(2);
      expect(result.err).toContain('the gate covers no function');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const typo = await run(['check', 'strong', '--fn', 'dobule', '--gate', 'post=0.75']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("no function with a contract is named 'dobule'");
  });
});

describe('spec-harness gate', () => {
  it('checks feedback and held-out pairs: 0 met, 1 not met (overfit included)', async () => {
    expect((await run(['gate', 'strong'])).code).toBe(0);
    const overfit = await run(['gate', 'overfit']);
    expect(overfit.code).toBe(1);
    expect(overfit.out).toContain('double [overfit] (held-out: PostComp 0.00 < 0.75)');
  });
});

describe('spec-harness gate --hook', () => {
  it.each([
    ['claude-code', 'claude-code-stop.json'],
    ['codex', 'codex-stop.json'],
  ])('%s: blocks the stop with a reason while the gate is not met', async (agent, recording) => {
    const result = await run(['gate', '--hook', agent], hookInput(recording, 'weak'));
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.out) as { decision: string; reason: string };
    expect(answer.decision).toBe('block');
    expect(answer.reason).toMatch(/double: PostComp 0\.\d\d < 0\.75; held-out: PostComp 0\.\d\d < 0\.75/);
  });

  it.each([
    ['claude-code', 'claude-code-stop.json'],
    ['codex', 'codex-stop.json'],
  ])('%s: lets the agent stop when the gate is met', async (agent, recording) => {
    expect(await run(['gate', '--hook', agent], hookInput(recording, 'strong'))).toMatchObject({ code: 0, out: '' });
  });

  it.each([
    ['claude-code', 'claude-code-stop-active.json'],
    ['codex', 'codex-stop-active.json'],
  ])('%s: honours stop_hook_active, so it never holds the agent twice in a row', async (agent, recording) => {
    const result = await run(['gate', '--hook', agent], hookInput(recording, 'weak'));
    expect(result).toMatchObject({ code: 0, out: '' });
    expect(result.err).toContain('stop_hook_active');
  });

  it('cursor: a follow-up message while the gate is not met, {} when it is', async () => {
    const held = JSON.parse((await run(['gate', '--hook', 'cursor'], hookInput('cursor-stop.json', 'overfit'))).out) as {
      followup_message: string;
    };
    expect(held.followup_message).toContain('double (overfit: fitted to the pairs you see): held-out: PostComp 0.00 < 0.75');
    expect((await run(['gate', '--hook', 'cursor'], hookInput('cursor-stop.json', 'strong'))).out).toBe('{}\n');
  });

  it('cursor: lets the agent stop after repeated follow-ups or an aborted turn', async () => {
    expect((await run(['gate', '--hook', 'cursor'], hookInput('cursor-stop-looped.json', 'weak'))).out).toBe('{}\n');
    expect((await run(['gate', '--hook', 'cursor'], hookInput('cursor-stop-aborted.json', 'weak'))).out).toBe('{}\n');
  });

  it('never holds an agent on input it cannot read or a gate over no function', async () => {
    expect(await run(['gate', '--hook', 'claude-code'], 'not json')).toMatchObject({ code: 0, out: '' });
    const nothing = await run(
      ['gate', '--hook', 'cursor'],
      JSON.stringify({ status: 'completed', loop_count: 0, workspace_roots: [join(AGENTS, 'hooks')] }),
    );
    expect(nothing).toMatchObject({ code: 0, out: '{}\n' });
    expect(nothing.err).toContain('the gate covers no function');
  });

  it('rejects an unknown agent as a usage error', async () => {
    expect((await run(['gate', '--hook', 'emacs'], '{}')).code).toBe(2);
  });
});
