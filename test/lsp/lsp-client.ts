// A real JSON-RPC client for the language server: starts the run's bundled server (`node server.js --stdio`), answers the
// server's requests like an editor would, and lets tests await notifications (readiness is a notification, never a sleep).

import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { installedServer } from '../setup/installed';

export const ROOT = resolve(__dirname, '..', '..');

/** A fresh temporary folder holding copies of test/fixtures/lsp files (the first one is the source the test opens):
 *  the folder, the source's URI and its text. */
export function fixtureCopy(prefix: string, names: readonly [string, ...string[]]): { folder: string; uri: string; text: string } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  for (const name of names) copyFileSync(join(ROOT, 'test', 'fixtures', 'lsp', name), join(folder, name));
  const source = join(folder, names[0]);
  return { folder, uri: pathToFileURL(source).toString(), text: readFileSync(source, 'utf8') };
}

/** The language server bundled once for the whole run by test/setup/installed-bundle.ts;
 *  LSP_SERVER_BUNDLE=dist/server.js tests a given bundle instead. */
export async function serverBundle(): Promise<string> {
  return installedServer();
}

/** What a `specHarness/status` notification says about a file (the fields tests read). */
export interface StatusParams {
  readonly state: string;
  readonly scored: number;
  readonly passing: number;
  /** Functions the finished run evaluated afresh (the others came from the server's cache). */
  readonly evaluated: number;
}

export interface TestClient {
  readonly connection: MessageConnection;
  readonly child: ChildProcessWithoutNullStreams;
  readonly appliedEdits: WorkspaceEdit[];
  readonly statuses: unknown[];
  /** Every $/progress value, in order (begin/report/end). */
  readonly progress: { kind: string; title?: string; message?: string }[];
  /** Server log lines, for a failing test to print. Tests assert on protocol messages; the only use of these in an
   *  assertion is that no bug was logged (bugs caught in a handler are logged only). */
  readonly logs: string[];
  /** What the server showed the user (window/showMessage and showMessageRequest texts), in order: the protocol's
   *  user-facing messages, which tests may assert on, unlike log lines. */
  readonly messages: string[];
  /** Resolves with the first diagnostics published for `uri` (from now on) that satisfy `accept` (given the
   *  document version they were made from, when the server sent one). */
  diagnostics(uri: string, accept?: (diagnostics: readonly Diagnostic[], version: number | undefined) => boolean): Promise<Diagnostic[]>;
  /** Resolves with the next `specHarness/status` notification for `uri` that satisfies `accept`. */
  status(uri: string, accept: (params: StatusParams) => boolean): Promise<StatusParams>;
  stop(): Promise<number | null>;
}

/** `initializationOptions` is sent as given (`undefined` leaves it out, as a client that sends none); `serverArgs`
 *  follow `--stdio` on the server's command line (e.g. `--trusted`); `codeActionResolve: false` is a client without
 *  codeAction/resolve (VS Code, Neovim and lsp-mode have it); `launch` starts the server another way than
 *  `node serverPath --stdio` (as an editor configured with `npx spec-harness lsp --stdio` does). */
export async function startClient(
  serverPath: string,
  settings: Record<string, unknown>,
  initializationOptions: unknown = {},
  rootUri: string | null = null,
  serverArgs: readonly string[] = [],
  {
    codeActionResolve = true,
    launch,
  }: { readonly codeActionResolve?: boolean; readonly launch?: { command: string; args: readonly string[]; cwd: string } } = {},
): Promise<TestClient> {
  const child =
    launch === undefined
      ? spawn(process.execPath, [serverPath, '--stdio', ...serverArgs], { stdio: 'pipe' })
      : spawn(launch.command, launch.args, { stdio: 'pipe', cwd: launch.cwd });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const appliedEdits: WorkspaceEdit[] = [];
  const statuses: unknown[] = [];
  const progress: { kind: string; title?: string; message?: string }[] = [];
  const logs: string[] = [];
  const messages: string[] = [];
  const diagnosticWaiters: {
    uri: string;
    accept: (d: readonly Diagnostic[], version: number | undefined) => boolean;
    resolve: (d: Diagnostic[]) => void;
  }[] = [];
  const statusWaiters: { uri: string; accept: (p: StatusParams) => boolean; resolve: (p: StatusParams) => void }[] = [];
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  // A server that dies early fails the waiting test at once, with its stderr, instead of hanging it.
  let stopping = false;
  const died = new Promise<never>((_, reject) =>
    child.on('exit', (code) => {
      if (!stopping) reject(new Error(`server exited with ${code}: ${logs.join('')}`));
    }),
  );
  died.catch(() => undefined);

  connection.onRequest('workspace/configuration', () => [settings]);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  connection.onRequest('workspace/applyEdit', (params: { edit: WorkspaceEdit }) => {
    appliedEdits.push(params.edit);
    return { applied: true };
  });
  connection.onNotification('window/logMessage', (params: { message: string }) => {
    logs.push(params.message);
  });
  connection.onRequest('window/showMessageRequest', (params: { message: string }) => {
    logs.push(`showMessage: ${params.message}`);
    messages.push(params.message);
    return null;
  });
  connection.onNotification('window/showMessage', (params: { message: string }) => {
    logs.push(`showMessage: ${params.message}`);
    messages.push(params.message);
  });
  connection.onNotification('$/progress', (params: { value: { kind: string; title?: string; message?: string } }) =>
    progress.push(params.value),
  );
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    for (const waiter of [...diagnosticWaiters]) {
      if (waiter.uri === params.uri && waiter.accept(params.diagnostics, params.version)) {
        diagnosticWaiters.splice(diagnosticWaiters.indexOf(waiter), 1);
        waiter.resolve(params.diagnostics);
      }
    }
  });
  connection.onNotification('specHarness/status', (params: StatusParams & { uri: string }) => {
    statuses.push(params);
    for (const waiter of [...statusWaiters]) {
      if (waiter.uri === params.uri && waiter.accept(params)) {
        statusWaiters.splice(statusWaiters.indexOf(waiter), 1);
        waiter.resolve(params);
      }
    }
  });
  connection.listen();

  await Promise.race([
    died,
    connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri === null ? null : [{ uri: rootUri, name: 'root' }],
      initializationOptions,
      capabilities: {
        window: { workDoneProgress: true },
        workspace: {
          configuration: true,
          codeLens: { refreshSupport: true },
          applyEdit: true,
          workspaceEdit: { documentChanges: true, resourceOperations: ['create'] },
          didChangeWatchedFiles: { dynamicRegistration: true },
        },
        textDocument: {
          codeAction: {
            ...(codeActionResolve ? { resolveSupport: { properties: ['edit'] } } : {}),
            codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } },
          },
          publishDiagnostics: { relatedInformation: true },
        },
      },
    }),
  ]);
  void connection.sendNotification('initialized', {});

  return {
    connection,
    child,
    appliedEdits,
    statuses,
    progress,
    logs,
    messages,
    diagnostics: (uri, accept = () => true) =>
      Promise.race([died, new Promise<Diagnostic[]>((resolveWaiter) => diagnosticWaiters.push({ uri, accept, resolve: resolveWaiter }))]),
    status: (uri, accept) =>
      Promise.race([died, new Promise<StatusParams>((resolveWaiter) => statusWaiters.push({ uri, accept, resolve: resolveWaiter }))]),
    stop: async () => {
      stopping = true;
      const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
      await connection.sendRequest('shutdown');
      void connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}

/** Applies LSP TextEdits (non-overlapping) to a text, as an editor would. */
export function applyTextEdits(
  text: string,
  edits: readonly { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[],
): string {
  const offsetAt = (position: { line: number; character: number }): number => {
    const lines = text.split('\n');
    let offset = 0;
    for (let line = 0; line < position.line; line++) offset += (lines[line]?.length ?? 0) + 1;
    return offset + position.character;
  };
  const sorted = [...edits].sort((a, b) => offsetAt(b.range.start) - offsetAt(a.range.start));
  let result = text;
  for (const edit of sorted) result = result.slice(0, offsetAt(edit.range.start)) + edit.newText + result.slice(offsetAt(edit.range.end));
  return result;
}
