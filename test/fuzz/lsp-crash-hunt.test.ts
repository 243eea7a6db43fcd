// The crash hunt in the editor: a handful of damaged variants (the in-process tiers run many more) opened, hovered
// on every scorable function's name, edited and saved in one real language server over stdio. The server answers
// every request, never reports a run as failed, logs no bug, and exits cleanly.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Hover } from 'vscode-languageserver-protocol';
import { INTERNAL_ERROR_LOG } from '../../bench/edit-script';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { scorableFunctions } from '../../server/src/harness';
import { serverBundle, startClient } from '../lsp/lsp-client';
import type { StatusParams, TestClient } from '../lsp/lsp-client';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { fuzzFixtures, variantArbitrary, variantText } from './variants';

const VARIANTS = 4;
const SEED = 20_260_602;

afterAll(removeTempDirs);

describe('the crash hunt in the language server', () => {
  it(`survives ${VARIANTS} variants opened, hovered, edited and saved`, async () => {
    const folder = tempDir('spec-harness-fuzz-lsp-');
    const client = await startClient(await serverBundle(), { run: 'onSave' }, {}, pathToFileURL(folder).toString());
    let hovered = 0;
    const variants = fc.sample(variantArbitrary(fuzzFixtures()), { seed: SEED, numRuns: 2 * VARIANTS });
    for (let idx = 0; idx < VARIANTS; idx++) {
      const [opened, saved] = [variants[2 * idx], variants[2 * idx + 1]];
      if (opened === undefined || saved === undefined) throw new Error('fc.sample gave fewer variants than asked');
      const path = join(folder, `variant${idx}.rs`);
      if (opened.fixture.pairsText !== null) writeFileSync(join(folder, `variant${idx}.pairs.json`), opened.fixture.pairsText);
      const uri = pathToFileURL(path).toString();
      const text = variantText(opened);
      await untilRunEnds(client, uri, () =>
        client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } }),
      );
      hovered += await hoverEveryFunction(client, uri, text);
      // The second variant of the same fixture arrives as a whole-text edit, then a save scores it.
      const edited = variantText({ fixture: opened.fixture, mutations: saved.mutations });
      void client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ text: edited }],
      });
      await untilRunEnds(client, uri, () => client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } }));
      hovered += await hoverEveryFunction(client, uri, edited);
    }
    // Hovers come from finished reports: some must have content, or nothing was scored and nothing was tested.
    expect(hovered).toBeGreaterThan(0);
    expect(client.statuses.filter((status) => (status as StatusParams).state === 'error')).toEqual([]);
    expect(client.logs.filter((line) => INTERNAL_ERROR_LOG.test(line))).toEqual([]);
    expect(await client.stop()).toBe(0);
  }, 300_000);
});

/** Sends what starts a run and waits for its status to leave `scoring` (an event, never a sleep). */
async function untilRunEnds(client: TestClient, uri: string, start: () => Promise<void>): Promise<void> {
  const ended = client.status(uri, (status) => status.state !== 'scoring');
  await start();
  await ended;
}

/** Hovers on each scorable function's name; how many hovers had content. */
async function hoverEveryFunction(client: TestClient, uri: string, text: string): Promise<number> {
  let withContent = 0;
  for (const fn of scorableFunctions(buildFileModel(parseSourceFile(text)), {})) {
    const position = positionAt(text, fn.nameSpan.start);
    const hover: Hover | null = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
    if (hover !== null) withContent++;
  }
  return withContent;
}

/** The LSP position (UTF-16 columns, `\n` lines) of an offset. */
function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length - 1, character: offset - lineStart };
}
