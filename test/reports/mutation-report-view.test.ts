// The editor's mutation report view asks the language server for Stryker's report of a file: built from the server's
// last run (no new one), valid against the schema, and the same mutants with the same verdicts as
// `spec-harness check --format mutation-report` on the same text, also when a run reused cached functions that moved.

import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { MutationReportResult } from '../../server/src/lsp/protocol';
import { serverBundle, startClient } from '../lsp/lsp-client';
import type { TestClient } from '../lsp/lsp-client';
import { ROOT, check, mutationReportValidator } from './helpers';

interface Mutant {
  id: string;
  status: string;
  description: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const validate = mutationReportValidator();

function scratchFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'spec-harness-mutation-view-'));
  for (const name of ['argmax.rs', 'argmax.pairs.json']) copyFileSync(join(ROOT, 'examples', name), join(folder, name));
  return folder;
}

async function editorReport(client: TestClient, uri: string | null): Promise<MutationReportResult & { report: Report }> {
  const result = (await client.connection.sendRequest('workspace/executeCommand', {
    command: 'specHarness.server.mutationReport',
    arguments: [uri],
  })) as MutationReportResult & { report: Report };
  expect(validate(result.report), JSON.stringify(validate.errors)).toBe(true);
  return result;
}

async function cliReport(folder: string): Promise<Report> {
  const { code, out } = await check(folder, 'argmax.rs', '--format', 'mutation-report');
  expect(code).toBe(0);
  return JSON.parse(out) as Report;
}

describe("the mutation report view's data from the language server", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("is the last run's report, valid against the schema, with the mutants and verdicts the CLI finds", async () => {
    const folder = scratchFolder();
    folders.push(folder);
    const uri = pathToFileURL(join(folder, 'argmax.rs')).toString();
    const client = await startClient(
      await serverBundle(),
      { run: 'manual', threshold: 0.75 },
      { trusted: true },
      pathToFileURL(folder).toString(),
    );
    // Nothing was scored yet: the report is empty and says so, rather than starting a run.
    const before = await editorReport(client, uri);
    expect(before.report.files).toEqual({});
    expect(before.unscored).toEqual([uri]);

    await client.connection.sendRequest('workspace/executeCommand', { command: 'specHarness.server.scoreFile', arguments: [uri] });
    const after = await editorReport(client, uri);
    expect(after.uris).toEqual({ 'argmax.rs': uri });
    expect(after.unscored).toEqual([]);
    const cli = await cliReport(folder);
    expect(after.report.files['argmax.rs']?.mutants.length).toBeGreaterThan(0);
    expect(after.report.files['argmax.rs']).toEqual(cli.files['argmax.rs']);
    // The workspace form (no URI) covers every scored file.
    expect(Object.keys((await editorReport(client, null)).report.files)).toEqual(['argmax.rs']);
    expect(await client.stop()).toBe(0);
  });

  it('moves the mutants of functions reused from the cache with their code', async () => {
    const folder = scratchFolder();
    folders.push(folder);
    const path = join(folder, 'argmax.rs');
    const uri = pathToFileURL(path).toString();
    const client = await startClient(
      await serverBundle(),
      { run: 'manual', threshold: 0.75 },
      { trusted: true },
      pathToFileURL(folder).toString(),
    );
    const text = readFileSync(path, 'utf8');
    void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    await client.connection.sendRequest('workspace/executeCommand', { command: 'specHarness.server.scoreFile', arguments: [uri] });
    // Two comment lines on top: every function moves down, none changes, so the next run reuses them all.
    const moved = `// moved\n// down\n${text}`;
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: moved }],
    });
    await client.connection.sendRequest('workspace/executeCommand', { command: 'specHarness.server.scoreFile', arguments: [uri] });
    // The server logs each run before it answers the command that asked for it.
    expect(client.logs.filter((line) => line.startsWith('scored ')).at(-1)).toMatch(/: 0 of \d+ functions evaluated, \d+ from cache$/);
    const editor = (await editorReport(client, uri)).report.files['argmax.rs'];
    writeFileSync(path, moved);
    expect(editor).toEqual((await cliReport(folder)).files['argmax.rs']);
    expect(editor?.source.startsWith('// moved\n')).toBe(true);
    expect(await client.stop()).toBe(0);
  });
});
