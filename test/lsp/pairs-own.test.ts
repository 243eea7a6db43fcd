// Pairs files in the language server on their own: one in the workspace is diagnosed without its .rs open (a key
// written twice at both places, an unknown function), one nested 10,000 deep is refused with a diagnostic instead of
// overflowing the server's stack, a code action on an open pairs document carries its version, and generating into
// a file with a duplicate key is refused with both places named; a hand-written pair the implementation contradicts
// is flagged, with a quick fix.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { ROOT, applyTextEdits, serverBundle, startClient } from './lsp-client';
import type { TestClient } from './lsp-client';

const DUPLICATED =
  '{"version": 1, "functions": {\n  "double": {"pairs": [{"input": {"x": 1}, "output": 2}]},\n  "double": {"pairs": []},\n  "dubble": {}\n}}\n';
const DEEP = `{"version": 1, "functions": {"double": {"pairs": [{"input": {"x": ${'['.repeat(10_000)}${']'.repeat(10_000)}}, "output": 0}]}}}\n`;
const HAND =
  '{\n  "version": 1,\n  "functions": {\n    "double": {\n      "pairs": [\n        { "input": { "x": 3 }, "output": 6 },\n        { "input": { "x": 10 }, "output": 20 }\n      ]\n    }\n  }\n}\n';

let folder = '';
let client: TestClient;
const uriOf = (name: string): string => pathToFileURL(join(folder, name)).toString();
const lines = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);

beforeAll(async () => {
  const serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-own-'));
  for (const name of ['dup', 'deep', 'hand']) copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'flow.rs'), join(folder, `${name}.rs`));
  writeFileSync(join(folder, 'dup.pairs.json'), DUPLICATED);
  writeFileSync(join(folder, 'hand.pairs.json'), HAND);
  for (const ext of ['rs', 'pairs.json'])
    copyFileSync(join(ROOT, 'test', 'fixtures', 'pairs', `my_max.${ext}`), join(folder, `my_max.${ext}`));
  client = await startClient(serverPath, { run: 'onSave' }, { trusted: true }, pathToFileURL(folder).toString());
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('pairs files on their own', () => {
  it('diagnoses a pairs file in the workspace whose .rs is not open: a duplicate key at both places, an unknown function', async () => {
    const diagnostics = await client.diagnostics(uriOf('dup.pairs.json'), (d) => d.length > 0);
    const duplicate = 'duplicate key "double" at 2:3 and 3:3: keep one (tools refuse to rewrite this file until then)';
    expect(lines(diagnostics)).toEqual(expect.arrayContaining([`2:3 ${duplicate}`, `3:3 ${duplicate}`]));
    expect(lines(diagnostics).some((line) => line.startsWith('4:3 unknown function `dubble`'))).toBe(true);
  });

  it('refuses to generate into a file with a duplicate key, naming both places', async () => {
    const source = uriOf('dup.rs');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: source },
      range: { start: { line: 6, character: 3 }, end: { line: 6, character: 3 } },
      context: { diagnostics: [] },
    });
    const generate = actions.find((action) => action.title === 'Generate pairs file for double');
    const resolved: CodeAction = await client.connection.sendRequest('codeAction/resolve', generate);
    expect(resolved.edit).toBeUndefined();
    // The warning is sent before the answer, on the same stream.
    expect(client.messages).toContain(
      'Spec Harness: cannot generate pairs: duplicate key "double" at 2:3 and 3:3; keep one before regenerating',
    );
  });

  it('refuses a pairs file nested 10,000 deep with a diagnostic, and keeps serving', async () => {
    const pairsUri = uriOf('deep.pairs.json');
    writeFileSync(join(folder, 'deep.pairs.json'), DEEP);
    const published = client.diagnostics(pairsUri, (d) => d.length > 0);
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pairsUri, type: 1 }] });
    expect(lines(await published)).toEqual(['1:573 nested more than 512 levels deep: pairs files are refused beyond that']);
  });

  it('makes code actions from the open pairs document and carries its version', async () => {
    const pairsUri = uriOf('hand.pairs.json');
    const sourceUri = uriOf('hand.rs');
    const typed = HAND.replace(
      '{ "input": { "x": 10 }, "output": 20 }',
      '{ "input": { "x": 10 }, "output": 20 },\n        { "input": { "x": 7 }, "output": 14 }',
    );
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pairsUri, languageId: 'json', version: 7, text: typed },
    });
    const published = client.diagnostics(sourceUri, (d) => d.some((diagnostic) => diagnostic.code === 'weak-postcondition'));
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: sourceUri, languageId: 'rust', version: 1, text: readFileSync(join(folder, 'hand.rs'), 'utf8') },
    });
    const weak = (await published).find((diagnostic) => diagnostic.code === 'weak-postcondition');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: weak?.range,
      context: { diagnostics: [weak] },
    });
    const mark = actions.find((action) => action.title.startsWith('Mark '));
    const change = mark?.edit?.documentChanges?.[0];
    expect(change !== undefined && 'textDocument' in change ? change.textDocument : null).toEqual({ uri: pairsUri, version: 7 });
    // Made from the buffer (which has the x = 7 pair the disk lacks): the edit keeps that text in place.
    expect(change !== undefined && 'edits' in change ? change.edits[0]?.range.start.line : null).toBeGreaterThanOrEqual(8);
  });

  it('flags a hand-written pair the implementation contradicts, with a quick fix that corrects only its output', async () => {
    const pairsUri = uriOf('my_max.pairs.json');
    const text = readFileSync(join(folder, 'my_max.pairs.json'), 'utf8');
    const published = client.diagnostics(pairsUri, (d) => d.some((diagnostic) => diagnostic.message.includes('returns 5')));
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pairsUri, languageId: 'json', version: 1, text },
    });
    const warning = (await published).find((diagnostic) => diagnostic.message.includes('returns 5'));
    expect(warning?.message).toBe('`my_max(5, 2)` returns 5; this pair says 4');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: pairsUri },
      range: warning?.range,
      context: { diagnostics: [warning] },
    });
    expect(actions.map((action) => action.title)).toEqual(['Change the output to 5 (what the implementation returns)']);
    const change = actions[0]?.edit?.documentChanges?.[0];
    const fixed =
      change !== undefined && 'edits' in change
        ? applyTextEdits(
            text,
            change.edits.filter((e): e is TextEdit => 'range' in e),
          )
        : '';
    expect(fixed).toBe(text.replace('{ "input": { "a": 5, "b": 2 }, "output": 4 }', '{ "input": { "a": 5, "b": 2 }, "output": 5 }'));
  });

  it('scores a source whose pairs file is a FIFO as having none, says why, and does not hang', async () => {
    copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'flow.rs'), join(folder, 'fifo.rs'));
    execFileSync('mkfifo', [join(folder, 'fifo.pairs.json')]);
    const sourceUri = uriOf('fifo.rs');
    const published = client.diagnostics(sourceUri, (d) => d.length > 0);
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: sourceUri, languageId: 'rust', version: 1, text: readFileSync(join(folder, 'fifo.rs'), 'utf8') },
    });
    expect((await published).map((d) => d.code)).toEqual(['no-pairs']);
    expect(client.messages.some((message) => message.endsWith('fifo.pairs.json: it is a FIFO, not a regular file'))).toBe(true);
  });

  it('shuts down cleanly', async () => {
    expect(await client.stop()).toBe(0);
  });
});
