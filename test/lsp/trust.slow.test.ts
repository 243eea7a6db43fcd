// Workspace Trust over the wire, failing closed: only `initializationOptions.trusted === true` or the `--trusted`
// flag lets a configured verus run. Anything else ("true", 1, "false", 0, no options at all, as Neovim sends) scores
// with the embedded evaluator, and the configured executable (the stand-in under test/verus/) is never started.

import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, serverBundle, startClient } from './lsp-client';

const STAND_IN = join(ROOT, 'test', 'verus', 'stand-in-verus.mjs');
let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-trust-'));
  for (const name of ['arith.rs', 'arith.pairs.json']) copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', name), join(folder, name));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Opened {
  readonly state: string;
  readonly message: string | null;
  readonly lenses: readonly string[];
  /** Whether the configured verus executable was started at all. */
  readonly verusStarted: boolean;
}

/** Opens arith.rs with backend = verus pointing at a wrapper around the stand-in that records each start (and then
 *  fails at once: only whether it was started matters here). */
async function openFixture(initializationOptions: unknown, serverArgs: readonly string[] = []): Promise<Opened> {
  const runDir = mkdtempSync(join(folder, 'run-'));
  const marker = join(runDir, 'started.json');
  const wrapper = join(runDir, 'verus');
  writeFileSync(wrapper, `#!/bin/sh\nSTAND_IN_ARGV_FILE='${marker}' STAND_IN_MODE=exit exec '${process.execPath}' '${STAND_IN}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  const settings = { run: 'onSave', backend: 'verus', verus: { path: wrapper } };
  const client = await startClient(serverPath, settings, initializationOptions, pathToFileURL(folder).toString(), serverArgs);
  const uri = pathToFileURL(join(folder, 'arith.rs')).toString();
  const finished = client.status(uri, settled);
  void client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'rust', version: 1, text: readFileSync(join(folder, 'arith.rs'), 'utf8') },
  });
  await finished;
  const last = client.statuses.at(-1) as { state: string; message: string | null };
  const lenses = (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
    command?: { title: string };
  }[];
  await client.stop();
  return {
    state: last.state,
    message: last.message,
    lenses: lenses.map((lens) => lens.command?.title ?? ''),
    verusStarted: existsSync(marker),
  };
}

/** A run that finished: an error, or results. (A run the didOpen cancels may report idle with nothing scored.) */
function settled(params: { state: string; scored: number }): boolean {
  return params.state === 'error' || (params.state === 'idle' && params.scored > 0);
}

const EMBEDDED_LENS = 'Post 1.00 / 1.00 · Pre 0.50 / N/A · 2 pairs';

describe('workspace trust fails closed', () => {
  it.each([
    ['trusted: false', { trusted: false }],
    ['trusted: "true" (a string)', { trusted: 'true' }],
    ['trusted: "false" (a string)', { trusted: 'false' }],
    ['trusted: 1', { trusted: 1 }],
    ['trusted: 0', { trusted: 0 }],
    ['empty options', {}],
    ['no initializationOptions (Neovim)', undefined],
  ])('%s: the configured verus is never started; the embedded evaluator scores the file', async (_label, options) => {
    const result = await openFixture(options);
    expect(result.verusStarted).toBe(false);
    expect(result.state).toBe('idle');
    expect(result.lenses).toContain(EMBEDDED_LENS);
  });

  it('trusted: true: backend = verus starts the configured executable', async () => {
    expect((await openFixture({ trusted: true })).verusStarted).toBe(true);
  });

  it('no options but started with --trusted (the user vouches): verus is started', async () => {
    expect((await openFixture(undefined, ['--trusted'])).verusStarted).toBe(true);
  });

  it('trusted with a missing binary: the failure is reported, not hidden', async () => {
    const client = await startClient(
      serverPath,
      { run: 'onSave', backend: 'verus', verus: { path: '/nonexistent/bin/verus' } },
      { trusted: true },
      pathToFileURL(folder).toString(),
    );
    const uri = pathToFileURL(join(folder, 'arith.rs')).toString();
    const finished = client.status(uri, settled);
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'rust', version: 1, text: readFileSync(join(folder, 'arith.rs'), 'utf8') },
    });
    await finished;
    const last = client.statuses.at(-1) as { state: string; message: string | null };
    await client.stop();
    expect(last.state).toBe('error');
    expect(last.message).toBe(
      'scoring failed: VerusBackendError: verus executable not found. The configured verusPath does not name an executable file.',
    );
  });
});
