// The VS Code extension: starts the bundled language server (dist/server.js) over IPC, forwards commands to it, shows
// the file's summary in the status bar and reports in a read-only virtual document. No analysis happens here.

import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { ReportRequest, SERVER_COMMANDS, StatusNotification } from '../../server/src/lsp/protocol';
import type { InitializationOptions, ReportParams, ReportResult, StatusParams } from '../../server/src/lsp/protocol';
import { registerTestExplorer } from './test-explorer';
import type { TestExplorer } from './test-explorer';
import { registerMutationReportViews } from './mutation-report-view';
import type { MutationReportViews } from './mutation-report-view';
import { registerLanguageModelTools } from './lm-tools';
import { statusText } from './status-text';

const REPORT_SCHEME = 'spec-harness-report';

interface ExtensionState {
  readonly client: LanguageClient;
  readonly statusItem: vscode.StatusBarItem;
  readonly statuses: Map<string, StatusParams>;
  readonly reports: ReportContentProvider;
}

let active: ExtensionState | undefined;

/** What the extension hands to other extensions (and to its tests in a real VS Code): the Test Explorer's controller,
 *  whose items are the scored functions, and the status bar item. */
export interface SpecHarnessApi {
  readonly testController: vscode.TestController;
  /** The status bar item, whose text the real-VS-Code test reads. */
  readonly statusItem: vscode.StatusBarItem;
  /** What the Test Explorer last reported for a function's item (automatic runs carry no messages). */
  readonly lastTestResult: TestExplorer['lastReported'];
  /** The open mutation report views (Spec Harness: Show mutation report). */
  readonly mutationReports: Pick<MutationReportViews, 'views' | 'show'>;
}

export async function activate(context: vscode.ExtensionContext): Promise<SpecHarnessApi> {
  const output = vscode.window.createOutputChannel('Spec Harness');
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const initializationOptions: InitializationOptions = {
    trusted: vscode.workspace.isTrusted,
    docsUrl: vscode.Uri.file(readmePath(context)).toString(),
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'rust' },
      { scheme: 'file', pattern: '**/*.pairs.json' },
    ],
    outputChannel: output,
    traceOutputChannel: output,
    initializationOptions,
    // The hover's "Show all" link runs this one command; no other command link in server markdown is trusted.
    markdown: { isTrusted: { enabledCommands: ['specHarness.showReport'] } },
  };
  const client = new LanguageClient('specHarness', 'Spec Harness', serverOptions, clientOptions);
  const statusItem = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
  statusItem.command = 'specHarness.showReport';
  const reports = new ReportContentProvider();
  const state: ExtensionState = { client, statusItem, statuses: new Map(), reports };
  active = state;
  const tests = registerTestExplorer(client);
  const mutationReports = registerMutationReportViews(context, client, tests.scored);

  context.subscriptions.push(
    output,
    statusItem,
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports),
    vscode.commands.registerCommand('specHarness.generatePairs', (uri?: string, functionName?: string) =>
      client.sendRequest('workspace/executeCommand', {
        command: SERVER_COMMANDS.generatePairs,
        arguments: [uri ?? activeRustUri(), functionName ?? null],
      }),
    ),
    vscode.commands.registerCommand('specHarness.rescoreFile', (uri?: string) =>
      client.sendRequest('workspace/executeCommand', { command: SERVER_COMMANDS.scoreFile, arguments: [uri ?? activeRustUri()] }),
    ),
    vscode.commands.registerCommand('specHarness.rescoreWorkspace', () =>
      client.sendRequest('workspace/executeCommand', { command: SERVER_COMMANDS.scoreWorkspace, arguments: [] }),
    ),
    vscode.commands.registerCommand('specHarness.showReport', (uri?: string, functionName?: string) =>
      showReport(state, uri ?? activeRustUri(), functionName ?? null),
    ),
    vscode.commands.registerCommand('specHarness.showMutationReport', (uri?: string) =>
      mutationReports.show(uri ?? activeRustUri() ?? null),
    ),
    vscode.window.onDidChangeActiveTextEditor(() => renderStatus(state)),
    // Trust can be granted while running: restart so the server gets the new initializationOptions.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restartTrusted(state)),
    tests.disposable,
    mutationReports.disposable,
    ...registerLanguageModelTools(client),
  );
  client.onNotification(StatusNotification, (params: StatusParams) => {
    state.statuses.set(params.uri, params);
    renderStatus(state);
  });
  await client.start();
  // Which server answers, and from where: the one bundled in this .vsix, never a global install.
  const extensionVersion = String((context.extension.packageJSON as { version?: unknown }).version);
  const serverVersion = client.initializeResult?.serverInfo?.version ?? 'unknown';
  output.appendLine(`Spec Harness ${extensionVersion}: language server ${serverVersion} (${serverModule})`);
  renderStatus(state);
  return { testController: tests.controller, statusItem, lastTestResult: tests.lastReported, mutationReports };
}

export async function deactivate(): Promise<void> {
  const state = active;
  active = undefined;
  if (state !== undefined) await state.client.stop();
}

/** vsce stores README.md as readme.md inside the .vsix; an unpacked checkout keeps README.md. */
function readmePath(context: vscode.ExtensionContext): string {
  const candidates = ['README.md', 'readme.md'].map((name) => context.asAbsolutePath(name));
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0] ?? 'README.md';
}

function activeRustUri(): string | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document !== undefined && document.languageId === 'rust' ? document.uri.toString() : undefined;
}

function renderStatus(state: ExtensionState): void {
  const uri = activeRustUri();
  if (uri === undefined) {
    state.statusItem.hide();
    return;
  }
  const words = statusText(state.statuses.get(uri));
  state.statusItem.text = words.text;
  state.statusItem.tooltip = words.tooltip;
  state.statusItem.show();
}

async function showReport(state: ExtensionState, uri: string | undefined, functionName: string | null): Promise<void> {
  if (uri === undefined) {
    void vscode.window.showInformationMessage('Spec Harness: open a Rust file to see its report.');
    return;
  }
  const params: ReportParams = { uri, functionName };
  const result: ReportResult = await state.client.sendRequest(ReportRequest, params);
  const name = `${path.basename(vscode.Uri.parse(uri).fsPath)}${functionName === null ? '' : `-${functionName.replace(/[^\w]+/g, '_')}`}`;
  const reportUri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${name}.md` });
  state.reports.set(reportUri, result.markdown);
  const document = await vscode.workspace.openTextDocument(reportUri);
  await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  await vscode.commands
    .executeCommand('markdown.showPreviewToSide', reportUri)
    .then(undefined, () => vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside }));
}

async function restartTrusted(state: ExtensionState): Promise<void> {
  const options = state.client.clientOptions.initializationOptions as InitializationOptions | undefined;
  state.client.clientOptions.initializationOptions = { ...options, trusted: true } satisfies InitializationOptions;
  await state.client.restart();
}

/** Read-only documents holding report markdown, keyed by URI. */
class ReportContentProvider implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;

  set(uri: vscode.Uri, markdown: string): void {
    this.contents.set(uri.toString(), markdown);
    this.changes.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }
}
