// Robustness over the wire: every example typed into the editor prefix by prefix (run = onType, so half-written
// contracts are scored) never crashes the server or logs an internal error, hover and CodeLens keep answering, and
// the finished text ends with exactly the diagnostics and lenses a fresh open of the whole file gets.

import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLens, Diagnostic, Position, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { ROOT, serverBundle, startClient } from './lsp-client';
import type { TestClient } from './lsp-client';

const EXAMPLES = join(ROOT, 'examples');
const BATCH = 50;
/** Server log lines that mean something went wrong inside the server (see guard()/scoreSource in server/src/lsp). */
const INTERNAL_ERROR = /\bbug\b|failed|exception|Error:|terminate called|showMessage/i;

const bySize = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith('.rs'))
  .map((name) => ({ name, text: readFileSync(join(EXAMPLES, name), 'utf8') }))
  .sort((a, b) => a.text.length - b.text.length || a.name.localeCompare(b.name));

/** Prefix lengths to type: all of them for the two shortest examples; every 7th plus each ending in a newline otherwise. */
function prefixLengths(text: string, everyPrefix: boolean): number[] {
  const lengths: number[] = [];
  for (let length = 1; length <= text.length; length++) {
    if (everyPrefix || length % 7 === 0 || text[length - 1] === '\n' || length === text.length) lengths.push(length);
  }
  return lengths;
}

/** The end of `text` as an LSP position (examples are ASCII, so UTF-16 columns are string indices). */
function endOf(text: string): Position {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines.at(-1)?.length ?? 0 };
}

let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-typing-'));
  for (const name of readdirSync(EXAMPLES)) copyFileSync(join(EXAMPLES, name), join(folder, name));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Seen {
  diagnostics: Diagnostic[];
  lenses: string[];
}

/** Lens titles with their lines: what the editor shows. */
async function lensTitles(client: TestClient, uri: string): Promise<string[]> {
  const lenses: CodeLens[] = await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  return lenses.map((lens) => `${lens.range.start.line}: ${lens.command?.title ?? ''}`);
}

/** Opens the whole file in a fresh server and returns what it shows once scored. */
async function freshOpen(uri: string, text: string): Promise<Seen> {
  const client = await startClient(serverPath, { run: 'onType' }, {}, pathToFileURL(folder).toString());
  const idle = client.status(uri, (params) => params.state !== 'scoring');
  const published = client.diagnostics(uri);
  void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
  const diagnostics = await published;
  await idle;
  const lenses = await lensTitles(client, uri);
  expect(await client.stop()).toBe(0);
  return { diagnostics, lenses };
}

describe('typing every example into the editor', () => {
  it.each(bySize.map((example, idx) => ({ ...example, everyPrefix: idx < 2, incremental: idx % 2 === 1 })))(
    '$name (every prefix: $everyPrefix, incremental edits: $incremental)',
    async ({ name, text, everyPrefix, incremental }) => {
      const uri = pathToFileURL(join(folder, name)).toString();
      const client = await startClient(serverPath, { run: 'onType' }, {}, pathToFileURL(folder).toString());
      const lengths = prefixLengths(text, everyPrefix);
      let version = 1;
      let typed = '';
      const opened = client.status(uri, (params) => params.state !== 'scoring');
      void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version, text: typed } });
      await opened;

      let last: Seen = { diagnostics: [], lenses: [] };
      for (let start = 0; start < lengths.length; start += BATCH) {
        // The previous batch's run has finished, so the next status after these edits belongs to this batch.
        const scored = client.status(uri, (params) => params.state !== 'scoring');
        const published = client.diagnostics(uri);
        for (const length of lengths.slice(start, start + BATCH)) {
          const next = text.slice(0, length);
          const change: TextDocumentContentChangeEvent = incremental
            ? { range: { start: endOf(typed), end: endOf(typed) }, text: next.slice(typed.length) }
            : { text: next };
          version += 1;
          void client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
          typed = next;
        }
        // Requests are answered in order after the edits: the server is alive and answers from its last report.
        const cursor = endOf(typed);
        const [hover, lenses] = await Promise.all([
          client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: cursor }),
          lensTitles(client, uri),
        ]);
        expect(hover === null || typeof hover === 'object').toBe(true);
        expect(Array.isArray(lenses)).toBe(true);
        // onType: the debounced run scores this batch's last prefix.
        const diagnostics = await published;
        await scored;
        last = { diagnostics, lenses: await lensTitles(client, uri) };
        const status = client.statuses.at(-1) as { state: string; message: string | null };
        expect({ prefix: typed.length, state: status.state, message: status.message }).toEqual({
          prefix: typed.length,
          state: 'idle',
          message: null,
        });
      }
      expect(typed).toBe(text);
      expect(client.logs.filter((line) => INTERNAL_ERROR.test(line))).toEqual([]);
      expect(await client.stop()).toBe(0);

      const fresh = await freshOpen(uri, text);
      expect(last.diagnostics).toEqual(fresh.diagnostics);
      expect(last.lenses).toEqual(fresh.lenses);
    },
    300_000,
  );
});
