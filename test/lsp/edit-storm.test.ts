// An edit storm over the wire: hundreds of random incremental edits to an example, saves among them (each starts
// a run the next edit cancels) and hover, CodeLens and code-action requests interleaved. The server never crashes
// or logs an internal error, answers every request, and ends with exactly the diagnostics a fresh open of the final
// text gets. No timing: every wait is for a published event or a response.

import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { INTERNAL_ERROR_LOG, editStorm, playStorm } from '../../bench/edit-script';
import { ROOT, serverBundle, startClient } from './lsp-client';

const EXAMPLES = join(ROOT, 'examples');
const STORMED = ['argmax.rs', 'recursive.rs', 'strings.rs'];
const EDITS = 300;
const SAVE_EVERY = 15;
const REQUEST_EVERY = 4;

let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-storm-'));
  for (const name of readdirSync(EXAMPLES)) copyFileSync(join(EXAMPLES, name), join(folder, name));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Opens `text` in a fresh server and returns its first diagnostics. */
async function freshDiagnostics(uri: string, text: string): Promise<Diagnostic[]> {
  const client = await startClient(serverPath, { run: 'onSave' }, {}, pathToFileURL(folder).toString());
  const published = client.diagnostics(uri);
  void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
  const diagnostics = await published;
  expect(await client.stop()).toBe(0);
  return diagnostics;
}

describe('an edit storm', () => {
  it.each(STORMED)(
    '%s: random edits, saves and requests; final diagnostics equal a fresh open',
    async (name) => {
      const uri = pathToFileURL(join(folder, name)).toString();
      const text = readFileSync(join(EXAMPLES, name), 'utf8');
      const storm = editStorm(text, {
        seed: name.length * 7919,
        edits: EDITS,
        saveEvery: SAVE_EVERY,
        askEvery: REQUEST_EVERY,
      });
      const client = await startClient(serverPath, { run: 'onSave' }, {}, pathToFileURL(folder).toString());
      const opened = client.diagnostics(uri);
      void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
      await opened;

      const answers: Promise<unknown>[] = [];
      const finalVersion = await playStorm(client.connection, uri, 1, storm, (requests) => {
        for (const request of requests) answers.push(client.connection.sendRequest(request.method, request.params));
        return undefined;
      });
      const final = client.diagnostics(uri, (_, published) => published === finalVersion);
      void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
      const results = await Promise.all(answers);
      expect(results).toHaveLength((3 * EDITS) / REQUEST_EVERY);
      const diagnostics = await final;
      expect(client.logs.filter((line) => INTERNAL_ERROR_LOG.test(line))).toEqual([]);
      expect(await client.stop()).toBe(0);
      expect(diagnostics).toEqual(await freshDiagnostics(uri, storm.finalText));
    },
    300_000,
  );
});
