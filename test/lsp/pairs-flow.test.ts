// The pairs-file flow end to end over stdio, as an editor drives it: a contract with no pairs file shows `no-pairs`
// and a "Generate pairs" lens; the generate quick fix's WorkspaceEdit (CreateFile + insert) is applied to disk, the
// watched-file change re-scores, and scores appear. Then "Mark as acceptable output" is applied in the open pairs
// document and saved: the re-score no longer counts that output as an accepted wrong one.

import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CodeLens, Diagnostic, Hover, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import { hoverMarkdown as expectedHover } from '../../server/src/lsp/markdown';
import { SEED, STEP_BUDGET } from '../../server/src/lsp/scoring';
import { ROOT, applyTextEdits, serverBundle, startClient } from './lsp-client';
import type { TestClient } from './lsp-client';

let folder = '';
let client: TestClient;
let sourceUri = '';
let pairsUri = '';
let sourceText = '';

beforeAll(async () => {
  const serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-flow-'));
  copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'flow.rs'), join(folder, 'flow.rs'));
  sourceUri = pathToFileURL(join(folder, 'flow.rs')).toString();
  pairsUri = pathToFileURL(join(folder, 'flow.pairs.json')).toString();
  sourceText = readFileSync(join(folder, 'flow.rs'), 'utf8');
  client = await startClient(serverPath, { run: 'onSave' }, { trusted: true }, pathToFileURL(folder).toString());
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const codes = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((d) => String(d.code));

async function lensTitles(): Promise<string[]> {
  const lenses: CodeLens[] = await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: sourceUri } });
  return lenses.map((lens) => lens.command?.title ?? '');
}

async function hoverMarkdown(): Promise<string> {
  const line = sourceText.split('\n').findIndex((text) => text.startsWith('fn double'));
  const hover: Hover | null = await client.connection.sendRequest('textDocument/hover', {
    textDocument: { uri: sourceUri },
    position: { line, character: 4 },
  });
  return hover !== null && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
}

/** The wrong calls (`double(0) = 2`) of the report's "Accepted wrong outputs" tables: every row, unlike the hover. */
async function acceptedRows(): Promise<string[]> {
  const { markdown } = await client.connection.sendRequest<{ markdown: string }>('specHarness/report', {
    uri: sourceUri,
    functionName: 'double',
  });
  const table = markdown.split('**Accepted wrong outputs**')[1]?.split('\n\n**')[0] ?? '';
  return table
    .split('\n')
    .filter((row) => row.startsWith('| `'))
    .map((row) => /^\| `([^`]+)`/.exec(row)?.[1] ?? '');
}

/** Applies a WorkspaceEdit to disk as an editor would: resource operations first-to-last, then text edits. */
function applyToDisk(edit: WorkspaceEdit | undefined): void {
  for (const change of edit?.documentChanges ?? []) {
    if ('kind' in change) {
      if (change.kind !== 'create') throw new Error(`unexpected resource operation ${change.kind}`);
      const path = fileURLToPath(change.uri);
      if (!existsSync(path)) writeFileSync(path, '');
    } else {
      const path = fileURLToPath(change.textDocument.uri);
      writeFileSync(
        path,
        applyTextEdits(
          readFileSync(path, 'utf8'),
          change.edits.filter((e): e is TextEdit => 'range' in e),
        ),
      );
    }
  }
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) {
    const path = fileURLToPath(uri);
    writeFileSync(path, applyTextEdits(readFileSync(path, 'utf8'), edits));
  }
}

describe('pairs-file flow', () => {
  let diagnostics: Diagnostic[] = [];

  it('a contract without a pairs file: `no-pairs` diagnostic and a "Generate pairs" lens', async () => {
    const published = client.diagnostics(sourceUri, (d) => d.length > 0);
    const idle = client.status(sourceUri, (params) => params.state === 'idle');
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: sourceUri, languageId: 'rust', version: 1, text: sourceText },
    });
    diagnostics = await published;
    await idle;
    expect(codes(diagnostics)).toEqual(['no-pairs']);
    expect(diagnostics[0]?.message).toBe(
      'no pairs for `double`: the quick fix generates up to 20 inputs inside the `requires` and writes them to flow.pairs.json, keeping existing entries (or run `spec-harness pairs`)',
    );
    expect(await lensTitles()).toEqual(['Generate pairs']);
  });

  it('the generate quick fix creates the pairs file; the watched-file change re-scores and scores replace no-pairs', async () => {
    const [noPairs] = diagnostics;
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: noPairs?.range,
      context: { diagnostics: [noPairs] },
    });
    const generate = actions.find((action) => action.title === 'Generate pairs file for double');
    expect(generate?.isPreferred).toBe(true);
    expect(generate?.kind).toBe('quickfix');
    expect(generate?.diagnostics?.map((d) => d.code)).toEqual(['no-pairs']);
    const resolved: CodeAction = await client.connection.sendRequest('codeAction/resolve', generate);
    const operations = (resolved.edit?.documentChanges ?? []).map((change) =>
      !('kind' in change) ? `edit ${change.textDocument.uri}` : change.kind === 'create' ? `create ${change.uri}` : change.kind,
    );
    expect(operations).toEqual([`create ${pairsUri}`, `edit ${pairsUri}`]);
    applyToDisk(resolved.edit);
    const written = JSON.parse(readFileSync(fileURLToPath(pairsUri), 'utf8')) as { functions: Record<string, { pairs: unknown[] }> };
    expect(written.functions['double']?.pairs.length ?? 0).toBeGreaterThan(0);

    const published = client.diagnostics(sourceUri);
    const idle = client.status(sourceUri, (params) => params.state === 'idle');
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pairsUri, type: 1 }] });
    diagnostics = await published;
    await idle;
    expect(codes(diagnostics)).not.toContain('no-pairs');
    expect(codes(diagnostics)).toContain('weak-postcondition');
    const titles = await lensTitles();
    expect(titles).not.toContain('Generate pairs');
    expect(titles[0]).toMatch(/^Post 1\.00 \/ 0\.\d\d · Pre 1\.00 \/ \d\.\d\d · \d+ pairs$/);
    expect(titles[1]).toMatch(/^\d+ wrong outputs? accepted$/);
  });

  it('"Mark as acceptable output", applied in the open pairs document and saved, re-scores: that output is no longer accepted', async () => {
    const weak = diagnostics.find((d) => d.code === 'weak-postcondition');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: weak?.range,
      context: { diagnostics: [weak] },
    });
    const mark = actions.find((action) => action.title.startsWith('Mark '));
    const [, marked, input, output] = /^Mark (double\((\d+)\) = (\d+)) as an acceptable output$/.exec(mark?.title ?? '') ?? [];
    const rowsBefore = await acceptedRows();
    expect(rowsBefore).toContain(marked);

    const pairsPath = fileURLToPath(pairsUri);
    const before = readFileSync(pairsPath, 'utf8');
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pairsUri, languageId: 'json', version: 1, text: before },
    });
    const edits = mark?.edit?.changes?.[pairsUri] ?? [];
    expect(edits).toHaveLength(1);
    const after = applyTextEdits(before, edits);
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: pairsUri, version: 2 },
      contentChanges: edits.map((edit) => ({ range: edit.range, text: edit.newText })),
    });
    writeFileSync(pairsPath, after);
    const idle = client.status(sourceUri, (params) => params.state === 'idle');
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: pairsUri } });
    await idle;

    // The generator replaces an output declared acceptable with another mutant, so the count may stay; the marked
    // output itself must be gone, from what the editor shows and from the complete report of the new pairs file.
    expect(await acceptedRows()).not.toContain(marked);
    const expected = checkFileSync(
      { path: 'flow.rs', text: sourceText, pairsPath: 'flow.pairs.json', pairsText: after },
      { ...DEFAULT_CHECK_OPTIONS, seed: SEED, stepBudget: STEP_BUDGET },
    ).functions.find((fn) => fn.qualifiedName === 'double');
    expect(expected?.acceptedMutants.map((m) => m.display)).not.toContain(marked);
    expect(await hoverMarkdown()).toBe(expected === undefined ? 'missing' : expectedHover(expected, { sourceUri }));
    const acceptable = (JSON.parse(after) as { functions: Record<string, { acceptable?: unknown[] }> }).functions['double']?.acceptable;
    expect(acceptable).toEqual([{ input: { x: Number(input) }, output: Number(output) }]);
    expect(client.logs.filter((line) => /\bbug\b|failed/.test(line))).toEqual([]);
  });

  it('shuts down cleanly', async () => {
    expect(await client.stop()).toBe(0);
  });
});
