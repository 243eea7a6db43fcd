// The language server end to end over stdio with a real JSON-RPC client: a Verus file and its pairs file in,
// the diagnostics, CodeLenses, hovers and code-action edits an editor would show out.

import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CodeAction, CodeLens, Diagnostic, Hover, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { ROOT, applyTextEdits, serverBundle, startClient } from './lsp-client';
import type { TestClient } from './lsp-client';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'lsp');
const SOURCE_TEXT = readFileSync(join(FIXTURES, 'arith.rs'), 'utf8');
const PAIRS_TEXT = readFileSync(join(FIXTURES, 'arith.pairs.json'), 'utf8');

/** A server of its own on a scratch copy of the fixtures, with arith.rs open and its first run finished. */
interface OpenedServer {
  readonly client: TestClient;
  readonly folder: string;
  readonly sourceUri: string;
  readonly pairsUri: string;
  readonly diagnostics: Diagnostic[];
}

async function openArith(capabilities: { readonly codeActionResolve?: boolean } = {}): Promise<OpenedServer> {
  const folder = mkdtempSync(join(tmpdir(), 'spec-harness-lsp-'));
  for (const name of ['arith.rs', 'arith.pairs.json']) copyFileSync(join(FIXTURES, name), join(folder, name));
  const sourceUri = pathToFileURL(join(folder, 'arith.rs')).toString();
  const pairsUri = pathToFileURL(join(folder, 'arith.pairs.json')).toString();
  const client = await startClient(
    await serverBundle(),
    { run: 'onSave', threshold: 0.75 },
    { trusted: true, docsUrl: 'https://example.test/README.md' },
    pathToFileURL(folder).toString(),
    [],
    capabilities,
  );
  const published = client.diagnostics(sourceUri, (d) => d.length > 0);
  // The idle status is the last thing a run sends: later waiters see only later runs.
  const finished = client.status(sourceUri, (status) => status.state === 'idle');
  void client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: sourceUri, languageId: 'rust', version: 1, text: SOURCE_TEXT },
  });
  const diagnostics = await published;
  await finished;
  return { client, folder, sourceUri, pairsUri, diagnostics };
}

async function close(server: OpenedServer): Promise<void> {
  if (server.client.child.exitCode === null) await server.client.stop();
  rmSync(server.folder, { recursive: true, force: true });
}

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((line) => line.includes(needle));
const byCode = (diagnostics: readonly Diagnostic[], code: string): Diagnostic[] => diagnostics.filter((d) => d.code === code);

// Requests that change nothing on the server share one opened server: none depends on another having run.
describe('language server over stdio: answers about an opened file', () => {
  let server: OpenedServer;
  let client: TestClient;
  let sourceUri = '';
  let pairsUri = '';
  let diagnostics: Diagnostic[] = [];
  const sourceText = SOURCE_TEXT;
  const pairsText = PAIRS_TEXT;

  beforeAll(async () => {
    server = await openArith();
    ({ client, sourceUri, pairsUri, diagnostics } = server);
  });

  afterAll(() => close(server));

  it('publishes the harness diagnostics for a file on open', () => {
    expect(diagnostics.every((d) => d.source === 'spec-harness')).toBe(true);

    const [weak] = byCode(diagnostics, 'weak-postcondition');
    expect(weak?.range.start.line).toBe(lineOf(sourceText, 'r >= x'));
    expect(weak?.message).toMatch(
      /^accepts double\(3\) = \d+; \d+ of \d+ wrong outputs slip through \(PostComp 0\.\d\d\)(; e\.g\. .*which the ensures accepts)?$/,
    );
    expect(weak?.codeDescription?.href).toBe('https://example.test/README.md#weak-postcondition');
    expect(weak?.relatedInformation?.[0]?.location.uri).toBe(pairsUri);

    const [rejected] = byCode(diagnostics, 'rejects-correct-output');
    expect(rejected?.range.start.line).toBe(lineOf(sourceText, 'r == x + 2'));
    expect(rejected?.relatedInformation?.[0]?.location.range.start.line).toBe(lineOf(pairsText, '"x": 1 }, "output": 2'));

    const [validRejected] = byCode(diagnostics, 'rejects-valid-input');
    expect(validRejected?.range.start.line).toBe(lineOf(sourceText, 'x >= 0'));

    const [noPairs] = byCode(diagnostics, 'no-pairs');
    expect(noPairs?.range.start.line).toBe(lineOf(sourceText, 'fn square'));
    expect(client.progress.find((value) => value.kind === 'begin')).toMatchObject({ title: 'Spec Harness', message: 'Scoring arith.rs' });
  });

  it('shows scores, accepted wrong outputs and "Generate pairs" as CodeLenses', async () => {
    const lenses: CodeLens[] = await client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: sourceUri } });
    const titles = lenses.map((lens) => `${lens.range.start.line}: ${lens.command?.title ?? ''}`);
    const doubleLine = lineOf(sourceText, 'fn double');
    expect(titles).toContain(`${doubleLine}: Post 1.00 / ${scoreOf(titles, doubleLine)} · Pre 1.00 / 1.00 · 3 pairs`);
    expect(titles.some((title) => new RegExp(`^${doubleLine}: \\d+ wrong outputs accepted$`).test(title))).toBe(true);
    expect(titles).toContain(`${lineOf(sourceText, 'fn square')}: Generate pairs`);
  });

  it('hovers on a function name with accepted mutants, rejected pairs and scores', async () => {
    const line = lineOf(sourceText, 'fn double');
    const hover: Hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: sourceUri },
      position: { line, character: 5 },
    });
    const markdown = typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
    expect(markdown.split('\n')[0]).toMatch(/^\*\*double\*\* · ⚠ accepts `double\(\d+\) = \d+`; correct: `double\(\d+\) = \d+`/);
    expect(markdown).toContain('| accepted wrong output | correct | from |');
    expect(markdown).toMatch(/\[Show all\]\(command:specHarness\.showReport\?[^)]+\)$/);
    expect(markdown).toContain('| PostComp |');
    const incHover: Hover = await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: sourceUri },
      position: { line: lineOf(sourceText, 'r == x + 2'), character: 9 },
    });
    expect(JSON.stringify(incHover.contents)).toContain('ensures #1: r == x + 2');
  });

  it('marks an accepted wrong output as acceptable with an edit that keeps every other entry', async () => {
    const [weak] = byCode(diagnostics, 'weak-postcondition');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: weak?.range,
      context: { diagnostics: [weak] },
    });
    const mark = actions.find((action) => action.title.startsWith('Mark '));
    expect(mark?.title).toMatch(/^Mark double\(\d+\) = \d+ as an acceptable output$/);
    const edited = applyTextEdits(pairsText, editsFor(mark?.edit, pairsUri));
    const before = JSON.parse(pairsText) as PairsJson;
    const after = JSON.parse(edited) as PairsJson;
    expect(after.functions['double']?.acceptable).toHaveLength(1);
    expect(after.functions['double']?.pairs).toEqual(before.functions['double']?.pairs);
    expect(after.functions['inc']).toEqual(before.functions['inc']);
  });

  it('moves a rejected valid input to the invalid inputs', async () => {
    const [rejected] = byCode(diagnostics, 'rejects-valid-input');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: rejected?.range,
      context: { diagnostics: [rejected] },
    });
    const move = actions.find((action) => action.title.startsWith('Move '));
    expect(move?.title).toBe('Move identity(-1) to invalid inputs');
    const after = JSON.parse(applyTextEdits(pairsText, editsFor(move?.edit, pairsUri))) as PairsJson;
    expect(after.functions['identity']?.pairs).toEqual([{ input: { x: 5 }, output: 5 }]);
    expect(after.functions['identity']?.invalid?.map((entry) => entry.input)).toEqual([{ x: -1 }]);
  });

  it('generates pairs for a function as an undoable edit that keeps the hand-written entries', async () => {
    const [noPairs] = byCode(diagnostics, 'no-pairs');
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: sourceUri },
      range: noPairs?.range,
      context: { diagnostics: [noPairs] },
    });
    const generate = actions.find((action) => action.title === 'Generate pairs file for square');
    expect(generate?.kind).toBe('quickfix');
    const everything = actions.find((action) => action.title === 'Generate pairs file for every function in arith.rs');
    // Editors resolve several actions at once: neither may cancel the other.
    const [resolved, resolvedAll] = await Promise.all([
      client.connection.sendRequest<CodeAction>('codeAction/resolve', generate),
      client.connection.sendRequest<CodeAction>('codeAction/resolve', everything),
    ]);
    expect(resolvedAll?.edit).toBeDefined();
    const after = JSON.parse(applyTextEdits(pairsText, editsFor(resolved?.edit, pairsUri))) as PairsJson;
    expect(after.functions['double']).toEqual((JSON.parse(pairsText) as PairsJson).functions['double']);
    expect(after.functions['square']?.pairs?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('language server over stdio: a client without codeAction/resolve', () => {
  it('gets pair generation as a command, which applies the generated pairs when run', async () => {
    const server = await openArith({ codeActionResolve: false });
    try {
      const { client, sourceUri, pairsUri } = server;
      const [noPairs] = byCode(server.diagnostics, 'no-pairs');
      const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: sourceUri },
        range: noPairs?.range,
        context: { diagnostics: [noPairs] },
      });
      const generate = actions.find((action) => action.title === 'Generate pairs file for square');
      expect(generate?.edit).toBeUndefined();
      expect(generate?.command?.command).toBe('specHarness.server.generatePairs');
      const outcome = await client.connection.sendRequest('workspace/executeCommand', generate?.command);
      expect(outcome).toEqual({ applied: true });
      const after = JSON.parse(applyTextEdits(PAIRS_TEXT, editsFor(client.appliedEdits.at(-1), pairsUri))) as PairsJson;
      expect(after.functions['double']).toEqual((JSON.parse(PAIRS_TEXT) as PairsJson).functions['double']);
      expect(after.functions['square']?.pairs?.length ?? 0).toBeGreaterThan(0);
    } finally {
      await close(server);
    }
  });
});

// Each of these changes the server's state (documents, pairs file, caches): each gets a server of its own.
describe('language server over stdio: reacting to changes', () => {
  let server: OpenedServer;
  let client: TestClient;
  let sourceUri = '';
  let pairsUri = '';
  const sourceText = SOURCE_TEXT;
  const pairsText = PAIRS_TEXT;

  beforeEach(async () => {
    server = await openArith();
    ({ client, sourceUri, pairsUri } = server);
  });

  afterEach(() => close(server));

  it('re-scores on save after a change, evaluating only the function whose contract changed', async () => {
    const fixed = sourceText.replace('r == x + 2', 'r == x + 1');
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: sourceUri, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    const published = client.diagnostics(sourceUri, () => true);
    const finished = client.status(sourceUri, (status) => status.state === 'idle');
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: sourceUri } });
    const next = await published;
    expect(byCode(next, 'rejects-correct-output')).toEqual([]);
    expect(byCode(next, 'weak-postcondition')).toHaveLength(1);
    expect(await finished).toMatchObject({ scored: 3, evaluated: 1 });
  });

  it('a newer change cancels the stale run: the last text wins', async () => {
    // Both contracts of the fixture fixed: the last text has no weak postcondition; the first still has two.
    const strong = sourceText.replace('r == x + 2', 'r == x + 1').replace('r >= x,', 'r == 2 * x,');
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: sourceUri } });
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: sourceUri, version: 3 },
      contentChanges: [{ text: strong }],
    });
    const published = client.diagnostics(sourceUri, (d) => byCode(d, 'weak-postcondition').length === 0);
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: sourceUri } });
    const next = await published;
    expect(byCode(next, 'no-pairs')).toHaveLength(1);
  });

  it('re-scores when the pairs file changes on disk (workspace/didChangeWatchedFiles)', async () => {
    const withAcceptable = pairsText.replace('"inc": {', '"inc": {\n      "acceptable": [ { "input": { "x": 1 }, "output": 3 } ],');
    writeFileSync(join(server.folder, 'arith.pairs.json'), withAcceptable);
    // Only `inc`'s pairs entry changed, so only `inc` is evaluated again (no re-score at all fails by the timeout).
    const rescored = client.status(sourceUri, (status) => status.state === 'idle');
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pairsUri, type: 2 }] });
    expect(await rescored).toMatchObject({ scored: 3, evaluated: 1 });
  });

  it('scores every .rs file of the workspace on specHarness.scoreWorkspace', async () => {
    const summary: unknown = await client.connection.sendRequest('workspace/executeCommand', {
      command: 'specHarness.scoreWorkspace',
      arguments: [],
    });
    expect(summary).toEqual({ files: 1, scored: 1 });
    expect(client.progress.some((value) => value.kind === 'report' && value.message === '1/1 arith.rs')).toBe(true);
  });

  it('reports a broken pairs file on the pairs file', async () => {
    const broken = pairsText.replace('"version": 1,', '"version": 1,,');
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pairsUri, languageId: 'json', version: 1, text: broken },
    });
    const published = client.diagnostics(pairsUri, (d) => d.length > 0);
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: pairsUri } });
    const pairsDiagnostics = await published;
    expect(pairsDiagnostics[0]?.code).toBe('pairs-file');
    expect(pairsDiagnostics[0]?.range.start.line).toBe(lineOf(broken, '"version": 1,,'));
  });

  it('shuts down and exits cleanly', async () => {
    expect(await client.stop()).toBe(0);
  });
});

interface PairsJson {
  functions: Record<string, { pairs?: unknown[]; invalid?: { input: unknown }[]; acceptable?: unknown[] } | undefined>;
}

function editsFor(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  if (edit?.changes?.[uri] !== undefined) return edit.changes[uri];
  for (const change of edit?.documentChanges ?? []) {
    if ('textDocument' in change && change.textDocument.uri === uri) return change.edits.filter((e): e is TextEdit => 'range' in e);
  }
  throw new Error(`no edit for ${uri} in ${JSON.stringify(edit)}`);
}

function scoreOf(titles: readonly string[], line: number): string {
  const match = titles.map((title) => new RegExp(`^${line}: Post 1\\.00 / (\\d\\.\\d\\d)`).exec(title)).find((m) => m !== null);
  return match?.[1] ?? 'missing';
}
