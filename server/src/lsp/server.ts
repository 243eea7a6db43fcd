// Wires the connection's handlers to the state, the scoring loop and the features. Handlers are thin: they decode,
// delegate and catch bugs once per request (logged with the URI), so one bad request never takes the server down.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import { DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, TextDocumentSyncKind } from 'vscode-languageserver';
import { codeActions, resolveCodeAction } from './code-actions';
import { executeCommand, withProgress } from './commands';
import { docsUrlFor } from './docs-links';
import type { DocsUrl } from './docs-links';
import { codeLenses, hover, reportMarkdown } from './lenses-and-hover';
import { isPairsPath, isRustPath, pathToUri, sourcePathForPairs, uriToPath, workspacePairsFiles } from './uris';
import { AgentToolRequest, ReportRequest, SERVER_COMMANDS } from './protocol';
import type { AgentToolParams, AgentToolResult, InitializationOptions, ReportParams, ReportResult } from './protocol';
import { answerAgentTool } from './agent-tools';
import { reportWithSuggestions } from './suggest-actions';
import type { WorkerRunner } from './worker-runner';
import { moveLocated } from './locate';
import { scoreSource } from './scoring';
import type { ServerContext } from './scoring';
import { decideTrust, decodeSettings } from './settings';
import { ServerState } from './state';
import { TOOL_VERSION } from '../stdx';

const ON_TYPE_DEBOUNCE_MS = 400;

/** `trustedFlag`: the server was started with `--trusted` (see `decideTrust`). */
export function startServer(connection: Connection, runner: WorkerRunner, startedWith: { readonly trustedFlag: boolean }): void {
  const state = new ServerState();
  const ctx: ServerContext = { connection, state, runner, log: (message) => connection.console.log(message) };

  connection.onInitialize((params) => initialize(ctx, params, startedWith));
  connection.onInitialized(() => void initialized(ctx));
  connection.onDidChangeConfiguration(() => void refreshSettings(ctx).then(() => rescoreKnown(ctx)));
  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) onPairsFileChanged(ctx, change.uri, 'saved');
    if (state.settings.run !== 'manual' && params.changes.some((change) => isRustPath(uriToPath(change.uri) ?? '')))
      onSourceFilesChanged(ctx);
  });

  state.documents.onDidOpen((event) =>
    guard(ctx, event.document.uri, () => {
      const path = uriToPath(event.document.uri);
      // A pairs file is diagnosed on its own: its source is scored (from disk when it is not open).
      if (path !== null && isPairsPath(path)) void state.settingsLoaded.then(() => onPairsFileChanged(ctx, event.document.uri, 'saved'));
      if (path !== null && isRustPath(path)) {
        void state.settingsLoaded.then(() => {
          if (state.settings.run !== 'manual') scheduleScore(ctx, event.document.uri, 0);
        });
      }
    }),
  );
  state.documents.onDidChangeContent((event) =>
    guard(ctx, event.document.uri, () => {
      const uri = event.document.uri;
      const path = uriToPath(uri);
      if (path === null) return;
      if (isPairsPath(path)) return onPairsFileChanged(ctx, uri, 'edited');
      if (!isRustPath(path)) return;
      // A keystroke costs a text scan (locations moved) and a timer, never a parse: the worker parses when it scores.
      const file = state.existingFile(uri);
      if (file !== undefined) moveLocated(file, event.document.getText());
      runner.cancel(`score:${uri}`); // The running job scores text that no longer exists.
      if (state.settings.run === 'onType') scheduleScore(ctx, uri, ON_TYPE_DEBOUNCE_MS);
    }),
  );
  state.documents.onDidClose((event) =>
    guard(ctx, event.document.uri, () => {
      const path = uriToPath(event.document.uri);
      // The worker forgets the document's text and memo; a pairs file on disk may still have its source scored.
      if (path !== null && isRustPath(path)) void runner.run(`close:${event.document.uri}`, { kind: 'close', uri: event.document.uri });
    }),
  );
  state.documents.onDidSave((event) =>
    guard(ctx, event.document.uri, () => {
      const path = uriToPath(event.document.uri);
      if (path === null || state.settings.run === 'manual') return;
      if (isPairsPath(path)) return onPairsFileChanged(ctx, event.document.uri, 'saved');
      // Other open files of its crate may read what it defines: each is scored again, reusing what it cannot reach.
      if (isRustPath(path)) onSourceFilesChanged(ctx, event.document.uri);
    }),
  );

  connection.onCodeLens(
    (params) =>
      guard(ctx, params.textDocument.uri, () => {
        const file = state.existingFile(params.textDocument.uri);
        return file === undefined ? [] : codeLenses(params.textDocument.uri, file);
      }) ?? [],
  );
  connection.onHover(
    (params) =>
      guard(ctx, params.textDocument.uri, () => {
        const file = state.existingFile(params.textDocument.uri);
        return file === undefined ? null : hover(file, params.position, params.textDocument.uri);
      }) ?? null,
  );
  connection.onCodeAction((params) => guardAsync(ctx, params.textDocument.uri, () => codeActions(ctx, params), []));
  connection.onCodeActionResolve((action) => guardAsync(ctx, 'codeAction/resolve', () => resolveCodeAction(ctx, action), action));
  connection.onExecuteCommand((params) => guardAsync(ctx, params.command, () => executeCommand(ctx, params), null));
  connection.onRequest(ReportRequest, (params: ReportParams) =>
    guardAsync<ReportResult>(ctx, params.uri, () => reportWithSuggestions(ctx, params), {
      markdown: reportMarkdown(state.existingFile(params.uri), params.functionName, state.settings.threshold, params.uri),
    }),
  );
  connection.onRequest(AgentToolRequest, (params: AgentToolParams) =>
    guardAsync<AgentToolResult>(ctx, params.path, () => answerAgentTool(state, params), {
      ok: false,
      error: 'internal error (see the Spec Harness output)',
    }),
  );
  connection.onShutdown(() => runner.dispose());

  state.documents.listen(connection);
  connection.listen();
}

function initialize(ctx: ServerContext, params: InitializeParams, startedWith: { readonly trustedFlag: boolean }): InitializeResult {
  ctx.runner.start();
  const options: unknown = params.initializationOptions;
  const state = ctx.state;
  state.trusted = decideTrust(options, startedWith);
  const docsUrl = typeof options === 'object' && options !== null ? (options as InitializationOptions).docsUrl : undefined;
  state.docsUrl = docsLinks(typeof docsUrl === 'string' ? docsUrl : pathToUri(readmeBesideServer()));
  state.workspaceFolders = (params.workspaceFolders ?? []).map((folder) => folder.uri);
  if (state.workspaceFolders.length === 0 && params.rootUri) state.workspaceFolders = [params.rootUri];
  const capabilities = params.capabilities;
  state.features = {
    workDoneProgress: capabilities.window?.workDoneProgress === true,
    codeActionResolve: capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true,
    applyEdit: capabilities.workspace?.applyEdit === true,
    dynamicFileWatching: capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    configuration: capabilities.workspace?.configuration === true,
    resourceCreate: capabilities.workspace?.workspaceEdit?.resourceOperations?.includes('create') === true,
    codeLensRefresh: capabilities.workspace?.codeLens?.refreshSupport === true,
    documentChanges: capabilities.workspace?.workspaceEdit?.documentChanges === true,
    codeActionDisabled: capabilities.textDocument?.codeAction?.disabledSupport === true,
  };
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: ['quickfix', 'source'], resolveProvider: true },
      executeCommandProvider: { commands: Object.values(SERVER_COMMANDS) },
      workspace: { workspaceFolders: { supported: true } },
    },
    serverInfo: { name: 'spec-harness', version: TOOL_VERSION },
  };
}

/** The README one level above dist/server.js (vsce renames it readme.md inside a .vsix). */
function readmeBesideServer(): string {
  const candidates = ['README.md', 'readme.md'].map((name) => join(dirname(__dirname), name));
  return candidates.find((candidate) => existsSync(candidate)) ?? join(dirname(__dirname), 'README.md');
}

/** A README on disk is read once, for the lines of its headings; a web URL is linked by slug. */
function docsLinks(base: string): DocsUrl {
  const path = base.startsWith('file:') ? uriToPath(base.replace(/#.*$/, '')) : null;
  if (path === null) return docsUrlFor(base, null);
  try {
    return docsUrlFor(base, readFileSync(path, 'utf8'));
  } catch {
    return docsUrlFor(base, null);
  }
}

async function initialized(ctx: ServerContext): Promise<void> {
  if (ctx.state.features.configuration) {
    void ctx.connection.client.register(DidChangeConfigurationNotification.type, { section: 'specHarness' });
  }
  if (ctx.state.features.dynamicFileWatching) {
    void ctx.connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: [{ globPattern: '**/*.pairs.json' }, { globPattern: '**/*.rs' }],
    });
  }
  await refreshSettings(ctx);
  if (ctx.state.settings.run !== 'manual') {
    for (const pairsPath of await workspacePairsFiles(ctx.state.workspaceFolders)) onPairsFileChanged(ctx, pathToUri(pairsPath), 'saved');
  }
}

async function refreshSettings(ctx: ServerContext): Promise<void> {
  try {
    if (ctx.state.features.configuration) {
      ctx.state.setSettings(decodeSettings(await ctx.connection.workspace.getConfiguration('specHarness')));
    }
  } catch (error) {
    ctx.log(`could not read settings: ${String(error)}`);
  } finally {
    ctx.state.settingsReady();
  }
}

/** A Rust file changed on disk: the worker reads crates again, and the open Rust documents are scored again (their
 *  memo keeps every function whose inputs did not change). */
function onSourceFilesChanged(ctx: ServerContext, saved?: string): void {
  void ctx.runner.run('files-changed', { kind: 'files-changed' });
  const others = ctx.state.knownSourceUris().filter((uri) => uri !== saved && ctx.state.documents.get(uri) !== undefined);
  for (const uri of saved === undefined ? others : [saved, ...others]) scheduleScore(ctx, uri, 0);
}

function rescoreKnown(ctx: ServerContext): void {
  for (const uri of ctx.state.knownSourceUris()) {
    if (ctx.state.settings.run === 'manual') continue;
    if (ctx.state.documents.get(uri) !== undefined) scheduleScore(ctx, uri, 0);
  }
}

/** A pairs file was edited (open document) or saved/changed on disk: its source file is re-scored per the run setting. */
function onPairsFileChanged(ctx: ServerContext, pairsUri: string, how: 'edited' | 'saved'): void {
  const pairsPath = uriToPath(pairsUri);
  if (pairsPath === null || !isPairsPath(pairsPath)) return;
  const sourcePath = sourcePathForPairs(pairsPath);
  const sourceUri = pathToUri(sourcePath);
  const known = ctx.state.existingFile(sourceUri) !== undefined || ctx.state.documents.get(sourceUri) !== undefined;
  if (!known && !existsSync(sourcePath)) return;
  ctx.runner.cancel(`score:${sourceUri}`);
  const run = ctx.state.settings.run;
  if (run === 'manual') return;
  if (how === 'saved') scheduleScore(ctx, sourceUri, 0);
  else if (run === 'onType') scheduleScore(ctx, sourceUri, ON_TYPE_DEBOUNCE_MS);
}

function scheduleScore(ctx: ServerContext, uri: string, delayMs: number): void {
  const file = ctx.state.file(uri);
  if (file.debounce !== null) clearTimeout(file.debounce);
  file.debounce = setTimeout(() => {
    file.debounce = null;
    const name = uri.split('/').pop() ?? uri;
    void withProgress(ctx, `Scoring ${name}`, () => scoreSource(ctx, uri)).catch((error: unknown) =>
      ctx.log(`bug: scoring ${uri}: ${String(error)}`),
    );
  }, delayMs);
}

function guard<T>(ctx: ServerContext, what: string, work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    ctx.log(`bug in handler for ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return undefined;
  }
}

async function guardAsync<T>(ctx: ServerContext, what: string, work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    ctx.log(`bug in handler for ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fallback;
  }
}
