// The score worker runs with a large stack, so a spec fn recursing thousands deep is decided in the editor as it is
// by the CLI (indeterminate verdicts would show as "indet." in the lens's report, not as scores).

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, serverBundle, startClient } from './lsp-client';

let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-deep-'));
  for (const name of ['deep-recursion.rs', 'deep-recursion.pairs.json']) {
    copyFileSync(join(ROOT, 'test', 'fixtures', 'harness', name), join(folder, name));
  }
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('deep spec recursion in the editor', () => {
  it('decides tri(5000): every pair accepted, nothing indeterminate', async () => {
    const client = await startClient(serverPath, { run: 'onSave' }, { trusted: true }, pathToFileURL(folder).toString());
    const uri = pathToFileURL(join(folder, 'deep-recursion.rs')).toString();
    const finished = client.status(uri, (params) => params.state !== 'scoring');
    const text = readFileSync(join(folder, 'deep-recursion.rs'), 'utf8');
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    await finished;
    const lenses = (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
      command?: { title: string };
    }[];
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 5, character: 4 },
    })) as { contents: { value: string } } | null;
    await client.stop();
    expect(lenses.map((lens) => lens.command?.title ?? '')).toContain('Post 1.00 / 1.00 · Pre 1.00 / N/A · 3 pairs');
    expect(hover?.contents.value ?? '').not.toMatch(/recursion too deep/);
  });
});
