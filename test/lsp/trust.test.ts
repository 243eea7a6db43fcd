// Workspace Trust over the wire: an untrusted workspace scores with the embedded evaluator whatever the settings
// say (no process is started, executable paths are ignored); a trusted one honours backend = verus.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildServerBundle, startClient } from './lsp-client';

const VERUS_SETTINGS = { run: 'onSave', backend: 'verus', verus: { path: '/nonexistent/bin/verus' } };
let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await buildServerBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-trust-'));
  for (const name of ['arith.rs', 'arith.pairs.json']) copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', name), join(folder, name));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function openFixture(trusted: boolean): Promise<{ state: string; message: string | null; lenses: string[] }> {
  const client = await startClient(serverPath, VERUS_SETTINGS, { trusted }, pathToFileURL(folder).toString());
  const uri = pathToFileURL(join(folder, 'arith.rs')).toString();
  const finished = client.status(uri, (params) => params.state !== 'scoring');
  client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text: readFileSync(join(folder, 'arith.rs'), 'utf8') } });
  await finished;
  const last = client.statuses.at(-1) as { state: string; message: string | null };
  const codes: string[] = [];
  if (last.state === 'idle') {
    const lenses = await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
    codes.push(...(lenses as { command?: { title: string } }[]).map((lens) => lens.command?.title ?? ''));
  }
  await client.stop();
  return { state: last.state, message: last.message, lenses: codes };
}

describe('workspace trust', () => {
  it('untrusted: the verus settings are ignored and the embedded evaluator scores the file', async () => {
    const result = await openFixture(false);
    expect(result.state).toBe('idle');
    expect(result.lenses).toContain('Post 1.00 / 1.00 · Pre 0.50 / N/A · 2 pairs');
  });

  it('trusted: backend = verus is used, and a missing binary is reported, not hidden', async () => {
    const result = await openFixture(true);
    expect(result.state).toBe('error');
    expect(result.message).toBe('scoring failed: VerusBackendError: verus executable not found. The configured verusPath does not name an executable file.');
  });
});
