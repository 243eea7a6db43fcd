// Extra verus arguments reach verus's command line, after the harness's own: from `check --verus-arg ARG`
// (repeatable) and from the editor setting `specHarness.verus.extraArgs`. The stand-in verus records its argv.

import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../server/src/cli/io';
import { runCli } from '../../server/src/cli/main';
import { ROOT, serverBundle, startClient } from '../lsp/lsp-client';

const STAND_IN = resolve(__dirname, 'stand-in-verus.mjs');
let dir = '';
let verus = '';
let argvFile = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-harness-extra-args-'));
  argvFile = join(dir, 'argv.json');
  verus = join(dir, 'verus');
  writeFileSync(verus, `#!/bin/sh\nexport STAND_IN_ARGV_FILE='${argvFile}'\nexec '${process.execPath}' '${STAND_IN}' "$@"\n`);
  chmodSync(verus, 0o755);
  for (const name of ['arith.rs', 'arith.pairs.json']) copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', name), join(dir, name));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The argv of the last verus run: a stub path, then the harness's flags, then whatever the user added. */
function lastArgv(): string[] {
  return JSON.parse(readFileSync(argvFile, 'utf8')) as string[];
}

describe('extra verus arguments', () => {
  it('check --verus-arg ARG (repeatable) appends each ARG, in order, after the harness flags', async () => {
    const io = captureIo(dir);
    const code = await runCli(
      ['check', 'arith.rs', '--backend', 'verus', '--verus-path', verus, '--verus-arg=--expand-errors', '--verus-arg', 'extra value'],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    const argv = lastArgv();
    expect(argv.slice(-4)).toEqual(['--rlimit', expect.stringMatching(/^\d+$/), '--expand-errors', 'extra value']);
  });

  it('check without --verus-arg adds nothing', async () => {
    const code = await runCli(['check', 'arith.rs', '--backend', 'verus', '--verus-path', verus], captureIo(dir));
    expect(code).toBe(0);
    expect(lastArgv().at(-2)).toBe('--rlimit');
  });

  it('the specHarness.verus.extraArgs setting reaches verus from the language server (trusted workspace)', async () => {
    const client = await startClient(
      await serverBundle(),
      { backend: 'verus', verus: { path: verus, extraArgs: ['--no-lint', '--expand-errors'] } },
      { trusted: true },
      pathToFileURL(dir).toString(),
    );
    const uri = pathToFileURL(join(dir, 'arith.rs')).toString();
    const done = client.status(uri, (params) => params.state !== 'scoring');
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'rust', version: 1, text: readFileSync(join(dir, 'arith.rs'), 'utf8') },
    });
    await done;
    expect(client.statuses.at(-1)).toMatchObject({ state: 'idle' });
    expect(lastArgv().slice(-2)).toEqual(['--no-lint', '--expand-errors']);
    expect(await client.stop()).toBe(0);
  });
});
