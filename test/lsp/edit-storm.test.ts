// An edit storm over the wire: hundreds of random incremental edits to an example, saves among them (each starts
// a run the next edit cancels) and hover, CodeLens and code-action requests interleaved. The server never crashes
// or logs an internal error, answers every request, and ends with exactly the diagnostics a fresh open of the final
// text gets. No timing: every wait is for a published event or a response.

import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic, Position } from 'vscode-languageserver-protocol';
import { ROOT, serverBundle, startClient } from './lsp-client';

const EXAMPLES = join(ROOT, 'examples');
const STORMED = ['argmax.rs', 'recursive.rs', 'strings.rs'];
const EDITS = 300;
const SAVE_EVERY = 15;
const REQUEST_EVERY = 4;
const INTERNAL_ERROR = /\bbug\b|failed|exception|Error:|terminate called|showMessage/i;
const SNIPPETS = ['', '\n', ' ', '// x\n', '1', '+ 1', ' && ', '}', '{', 'requires x > 0,\n', 'ensures', 'fn g() {}\n', '"', "'"];

let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-storm-'));
  for (const name of readdirSync(EXAMPLES)) copyFileSync(join(EXAMPLES, name), join(folder, name));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A small deterministic generator (the same storm on every run and machine). */
function generator(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % Math.max(1, below);
  };
}

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

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
      const random = generator(name.length * 7919);
      const client = await startClient(serverPath, { run: 'onSave' }, {}, pathToFileURL(folder).toString());
      let text = readFileSync(join(EXAMPLES, name), 'utf8');
      let version = 1;
      const opened = client.diagnostics(uri);
      void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version, text } });
      await opened;

      const answers: Promise<unknown>[] = [];
      for (let edit = 1; edit <= EDITS; edit++) {
        const start = random(text.length + 1);
        const end = Math.min(text.length, start + random(8));
        const insert = SNIPPETS[random(SNIPPETS.length)] ?? '';
        const range = { start: positionAt(text, start), end: positionAt(text, end) };
        text = text.slice(0, start) + insert + text.slice(end);
        version += 1;
        void client.connection.sendNotification('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [{ range, text: insert }],
        });
        if (edit % SAVE_EVERY === 0) void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
        if (edit % REQUEST_EVERY === 0) {
          const position = positionAt(text, random(text.length + 1));
          answers.push(
            client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }),
            client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } }),
            client.connection.sendRequest('textDocument/codeAction', {
              textDocument: { uri },
              range: { start: position, end: position },
              context: { diagnostics: [] },
            }),
          );
        }
      }
      const finalVersion = version;
      const final = client.diagnostics(uri, (_, published) => published === finalVersion);
      void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
      const results = await Promise.all(answers);
      expect(results).toHaveLength((3 * EDITS) / REQUEST_EVERY);
      const diagnostics = await final;
      expect(client.logs.filter((line) => INTERNAL_ERROR.test(line))).toEqual([]);
      expect(await client.stop()).toBe(0);
      expect(diagnostics).toEqual(await freshDiagnostics(uri, text));
    },
    300_000,
  );
});
