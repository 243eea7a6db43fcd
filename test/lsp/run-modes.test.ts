// specHarness.run over the wire: `onType` scores after an edit without a save; `manual` scores only on request.

import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, serverBundle, startClient } from './lsp-client';

let serverPath = '';
let folder = '';
let uri = '';
let text = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  ({ folder, uri, text } = fixtureCopy('spec-harness-modes-', ['arith.rs', 'arith.pairs.json']));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('run modes', () => {
  it('onType: an edit is scored without saving', async () => {
    const client = await startClient(serverPath, { run: 'onType' }, {}, pathToFileURL(folder).toString());
    const first = client.diagnostics(uri, (d) => d.length > 0);
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    await first;
    const fixed = client.diagnostics(uri, (d) => !d.some((diagnostic) => diagnostic.code === 'rejects-correct-output'));
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: text.replace('r == x + 2', 'r == x + 1') }],
    });
    expect((await fixed).map((d) => d.code)).toContain('weak-postcondition');
    expect(await client.stop()).toBe(0);
  });

  it('manual: nothing is scored on open; specHarness.server.scoreFile scores the file', async () => {
    const client = await startClient(serverPath, { run: 'manual' }, {}, pathToFileURL(folder).toString());
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    const lensesBefore: unknown[] = await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
    expect(lensesBefore).toEqual([]);
    const published = client.diagnostics(uri, (d) => d.length > 0);
    const outcome = await client.connection.sendRequest('workspace/executeCommand', {
      command: 'specHarness.server.scoreFile',
      arguments: [uri],
    });
    expect(outcome).toBe('scored');
    expect((await published).map((d) => d.code)).toContain('rejects-correct-output');
    expect(client.statuses).toHaveLength(2); // scoring, then idle: nothing ran before the command
    expect(await client.stop()).toBe(0);
  });
});
