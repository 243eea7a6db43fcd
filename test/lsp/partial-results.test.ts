// A file opened without results gets them chunk by chunk: the diagnostics of the first chunk of functions (25) are
// published before the whole file's, for the same document version, with a "scoring" status counting them. A file
// that already has results keeps them until the new run ends: no shrinking subset is published in between.

import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { fixtureCopy, serverBundle, startClient } from './lsp-client';
import type { TestClient } from './lsp-client';

/** many.rs: 40 functions with a weak ensures each, so every function finished has one diagnostic. */
const FUNCTIONS = 40;
const FIRST_CHUNK = 25;

let serverPath = '';
let folder = '';
let uri = '';
let text = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  ({ folder, uri, text } = fixtureCopy('spec-harness-partial-', ['many.rs', 'many.pairs.json']));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every diagnostics publication for `uri` until one has `count` diagnostics (their sizes and versions, in order). */
function publishedUntil(client: TestClient, count: number): Promise<{ size: number; version: number | undefined }[]> {
  const published: { size: number; version: number | undefined }[] = [];
  return client
    .diagnostics(uri, (diagnostics: readonly Diagnostic[], version) => {
      published.push({ size: diagnostics.length, version });
      return diagnostics.length === count;
    })
    .then(() => published);
}

describe('partial results', () => {
  it('a cold open publishes the first chunk, then the whole file, for the same version', async () => {
    const client = await startClient(serverPath, {}, {}, pathToFileURL(folder).toString());
    const published = publishedUntil(client, FUNCTIONS);
    const idle = client.status(uri, (status) => status.state === 'idle');
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    expect(await published).toEqual([
      { size: FIRST_CHUNK, version: 1 },
      { size: FUNCTIONS, version: 1 },
    ]);
    expect((await idle).scored).toBe(FUNCTIONS);
    expect(client.statuses).toContainEqual(expect.objectContaining({ uri, state: 'scoring', scored: FIRST_CHUNK }));
    expect(await client.stop()).toBe(0);
  });

  it('a file with results keeps them until a run that re-scores every function ends', async () => {
    const client = await startClient(serverPath, {}, {}, pathToFileURL(folder).toString());
    const opened = client.status(uri, (status) => status.state === 'idle');
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    await opened;
    // The `use` line is read by every function: all 40 are scored again.
    const published = publishedUntil(client, FUNCTIONS);
    const rescored = client.status(uri, (status) => status.state === 'idle');
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: text.replace('use vstd::prelude::*;', 'use vstd::prelude::*;\nuse vstd::seq::*;') }],
    });
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    expect((await rescored).evaluated).toBe(FUNCTIONS);
    expect(await published).toEqual([{ size: FUNCTIONS, version: 2 }]);
    expect(await client.stop()).toBe(0);
  });
});
