// The editor's score worker awaits the solver: an ensures over all of `int` is scored (not indeterminate) and the
// hover marks the solver verdicts; with `specHarness.solver: none` the same file stays indeterminate.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, serverBundle, startClient } from '../lsp/lsp-client';

let serverPath = '';
let folder = '';

beforeAll(async () => {
  serverPath = await serverBundle();
  folder = mkdtempSync(join(tmpdir(), 'spec-harness-solver-'));
  for (const name of ['editor.rs', 'editor.pairs.json']) copyFileSync(join(ROOT, 'test', 'fixtures', 'solver', name), join(folder, name));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function lensesAndHover(solver: 'z3' | 'none'): Promise<{ lenses: string[]; hover: string }> {
  const client = await startClient(serverPath, { run: 'onSave', solver }, { trusted: true }, pathToFileURL(folder).toString());
  const uri = pathToFileURL(join(folder, 'editor.rs')).toString();
  const finished = client.status(uri, (params) => params.state !== 'scoring');
  void client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'rust', version: 1, text: readFileSync(join(folder, 'editor.rs'), 'utf8') },
  });
  await finished;
  const lenses = (await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as {
    command?: { title: string };
  }[];
  const hover = (await client.connection.sendRequest('textDocument/hover', {
    textDocument: { uri },
    position: { line: 4, character: 4 },
  })) as { contents: { value: string } } | null;
  await client.stop();
  return { lenses: lenses.map((lens) => lens.command?.title ?? ''), hover: hover?.contents.value ?? '' };
}

describe('the solver in the editor', () => {
  it('scores an ensures over all of int and marks the solver verdicts', async () => {
    const { lenses, hover } = await lensesAndHover('z3');
    expect(lenses).toContain('Post 1.00 / 0.50 · Pre 1.00 / N/A · 1 pair');
    // One pair, eight value mutants and six code-mutant outputs, every verdict Z3's.
    expect(hover).toContain('15 solver verdicts');
  });

  it('leaves it indeterminate with specHarness.solver: none', async () => {
    const { lenses, hover } = await lensesAndHover('none');
    expect(lenses).toContain('Post N/A / N/A · Pre 1.00 / N/A · 1 pair · PostComp not measured');
    expect(hover).not.toContain('solver verdict');
  });
});
