// The suggestion quick fix over stdio, as an editor drives it: on `weak-postcondition`, "Add `ensures ..`" is
// offered first (preferred), its title says what was measured and that Verus must still prove it, and its edit
// inserts the clause in the file's style, versioned for the open document. With the clause added the function is
// strong: PostComp 1.00 and no weak-postcondition. The report view lists the same suggestions.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import { ROOT, applyTextEdits, serverBundle, startClient } from './lsp-client';
import type { TestClient } from './lsp-client';

let folder = '';
let client: TestClient;
let sourceUri = '';
let sourceText = '';
let pairsText = '';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-suggest-'));
  for (const name of ['double.rs', 'double.pairs.json'])
    copyFileSync(join(ROOT, 'test', 'fixtures', 'agents', 'weak', name), join(folder, name));
  sourceUri = pathToFileURL(join(folder, 'double.rs')).toString();
  sourceText = readFileSync(join(folder, 'double.rs'), 'utf8');
  pairsText = readFileSync(join(folder, 'double.pairs.json'), 'utf8');
  client = await startClient(await serverBundle(), { run: 'onSave' }, { trusted: true }, pathToFileURL(folder).toString());
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the suggestion quick fix', () => {
  let weak: Diagnostic | undefined;

  it('is offered first on weak-postcondition, worded as a candidate Verus must still prove', async () => {
    const published = client.diagnostics(sourceUri, (d) => d.some((diagnostic) => diagnostic.code === 'weak-postcondition'));
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: sourceUri, languageId: 'rust', version: 1, text: sourceText },
    });
    weak = (await published).find((diagnostic) => diagnostic.code === 'weak-postcondition');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: weak?.range,
      context: { diagnostics: [weak] },
    });
    const [first] = actions;
    expect(first?.title).toMatch(
      /^Add `ensures r == 2 \* x`: rejects (\d+) of \1 accepted wrong outputs, holds on \d+ correct outputs; Verus must still prove it$/,
    );
    expect(first?.isPreferred).toBe(true);
    expect(first?.kind).toBe('quickfix');
    expect(first?.diagnostics?.map((d) => d.code)).toEqual(['weak-postcondition']);
    // The pairs-file quick fixes are still there, after it.
    expect(actions.slice(1).some((action) => action.title.startsWith('Mark '))).toBe(true);

    const [change] = first?.edit?.documentChanges ?? [];
    expect(change !== undefined && 'textDocument' in change ? change.textDocument : undefined).toEqual({ uri: sourceUri, version: 1 });
    const edits = change !== undefined && 'edits' in change ? change.edits.filter((e): e is TextEdit => 'range' in e) : [];
    const fixed = applyTextEdits(sourceText, edits);
    expect(fixed).toContain('    ensures\n        r >= x,\n        r == 2 * x,\n{');

    const report = checkFileSync({ path: 'double.rs', text: fixed, pairsPath: 'double.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
    expect(report.functions[0]?.scores.postCompleteness).toBe(1);
    expect(report.diagnostics.map((d) => d.code)).not.toContain('weak-postcondition');
    expect(client.logs.filter((line) => /\bbug\b|failed/.test(line))).toEqual([]);
  });

  it('the report view lists the suggestions under the function, worded the same way', async () => {
    const { markdown } = await client.connection.sendRequest<{ markdown: string }>('specHarness/report', {
      uri: sourceUri,
      functionName: 'double',
    });
    expect(markdown).toMatch(
      /\*\*Suggested ensures\*\* \(candidates that hold on the sample; Verus must still prove them\)\n\n- `ensures r == 2 \* x`: rejects (\d+) of \1 accepted wrong outputs, holds on \d+ correct outputs; Verus must still prove it$/,
    );
  });

  it('shuts down cleanly', async () => {
    expect(await client.stop()).toBe(0);
  });
});
