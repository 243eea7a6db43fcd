// "Spec Harness: Show mutation report": Stryker's viewer (mutation-testing-elements, shipped in dist/ by the build, so
// nothing is fetched) in a webview with a strict Content-Security-Policy, fed with the report the language server
// builds from its last run on the file (or every scored file). It follows each new run; a click on a mutant opens
// its code (the ensures that judges a wrong output, or the code a code mutant changes).

import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SERVER_COMMANDS } from '../../server/src/lsp/protocol';
import type { MutationReportResult } from '../../server/src/lsp/protocol';
import { viewerPage } from './mutation-report-page';

/** Copied from node_modules/mutation-testing-elements/dist by scripts/build.mjs. */
const VIEWER_SCRIPT = 'mutation-test-elements.js';
const VIEW_TYPE = 'specHarness.mutationReport';

/** What one open view shows: a source file's report, or (scope `workspace`) every scored file's. */
export interface MutationReportView {
  readonly scope: string;
  readonly panel: vscode.WebviewPanel;
  /** The last report sent to the webview (undefined before the first). */
  readonly result: MutationReportResult | undefined;
  /** Opens the code of a mutant of the current report, as a click on it in the viewer does; false for an unknown id. */
  openMutant(mutantId: string): Promise<boolean>;
}

export interface MutationReportViews {
  readonly disposable: vscode.Disposable;
  /** The open views, for other extensions and the real-VS-Code test. */
  views(): readonly MutationReportView[];
  /** Opens (or reveals and refreshes) the view of `uri`, or of the workspace when it is null. */
  show(uri: string | null): Promise<MutationReportView>;
}

const WORKSPACE_SCOPE = 'workspace';

export function registerMutationReportViews(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  scored: vscode.Event<string>,
): MutationReportViews {
  const views = new Map<string, ViewState>();
  const viewerRoot = vscode.Uri.file(context.asAbsolutePath('dist'));

  const show = async (uri: string | null): Promise<MutationReportView> => {
    const scope = uri ?? WORKSPACE_SCOPE;
    let view = views.get(scope);
    if (view === undefined) {
      const created = createView(viewerRoot, scope);
      views.set(scope, created);
      created.panel.onDidDispose(() => {
        created.disposed = true;
        views.delete(scope);
      });
      view = created;
    } else {
      view.panel.reveal(undefined, true);
    }
    const result = await refresh(client, view);
    // A file the server has not scored yet is scored now; its results refresh the view when they arrive.
    if (uri !== null && result.unscored.includes(uri))
      await client.sendRequest('workspace/executeCommand', { command: SERVER_COMMANDS.scoreFile, arguments: [uri] });
    return publicView(view);
  };
  const onScored = scored((uri) => {
    for (const view of views.values()) if (view.scope === uri || view.scope === WORKSPACE_SCOPE) void refresh(client, view);
  });
  const disposable = vscode.Disposable.from(onScored, { dispose: () => [...views.values()].forEach((view) => view.panel.dispose()) });
  return { disposable, views: () => [...views.values()].map(publicView), show };
}

interface ViewState {
  readonly scope: string;
  readonly panel: vscode.WebviewPanel;
  result: MutationReportResult | undefined;
  /** Closed by the user: a refresh still in flight must not post to it. */
  disposed: boolean;
}

function createView(viewerRoot: vscode.Uri, scope: string): ViewState {
  const title =
    scope === WORKSPACE_SCOPE ? 'Mutation report: workspace' : `Mutation report: ${path.basename(vscode.Uri.parse(scope).fsPath)}`;
  const panel = vscode.window.createWebviewPanel(
    VIEW_TYPE,
    title,
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    {
      enableScripts: true,
      // The viewer keeps its state (filters, the open file) while the tab is hidden.
      retainContextWhenHidden: true,
      localResourceRoots: [viewerRoot],
    },
  );
  const view: ViewState = { scope, panel, result: undefined, disposed: false };
  const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(viewerRoot, VIEWER_SCRIPT)).toString();
  panel.webview.html = viewerPage({ cspSource: panel.webview.cspSource, scriptUri, title, nonce: randomBytes(16).toString('base64') });
  panel.webview.onDidReceiveMessage((message: unknown) => {
    const mutantId = openedMutantId(message);
    if (mutantId !== undefined) void openMutant(view, mutantId);
    // The page may load after the first report was posted: it asks for the current one when it is ready.
    if (isMessage(message, 'ready') && view.result !== undefined)
      void panel.webview.postMessage({ type: 'report', report: view.result.report });
  });
  return view;
}

async function refresh(client: LanguageClient, view: ViewState): Promise<MutationReportResult> {
  const uri = view.scope === WORKSPACE_SCOPE ? null : view.scope;
  const result: MutationReportResult = await client.sendRequest('workspace/executeCommand', {
    command: SERVER_COMMANDS.mutationReport,
    arguments: [uri],
  });
  view.result = result;
  if (!view.disposed) await view.panel.webview.postMessage({ type: 'report', report: result.report });
  return result;
}

/** Selects the mutant's range in its file: the location Stryker's report gives (1-based lines and columns, end
 *  column one past the last character). */
async function openMutant(view: ViewState, mutantId: string): Promise<boolean> {
  const result = view.result;
  if (result === undefined) return false;
  for (const [file, { mutants }] of Object.entries(result.report.files)) {
    const mutant = mutants.find((candidate) => candidate.id === mutantId);
    const uri = result.uris[file];
    if (mutant === undefined || uri === undefined) continue;
    const { start, end } = mutant.location;
    const selection = new vscode.Range(start.line - 1, start.column - 1, end.line - 1, Math.max(0, end.column - 1));
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, selection, preserveFocus: false });
    return true;
  }
  return false;
}

function publicView(view: ViewState): MutationReportView {
  return { scope: view.scope, panel: view.panel, result: view.result, openMutant: (mutantId) => openMutant(view, mutantId) };
}

function openedMutantId(message: unknown): string | undefined {
  if (!isMessage(message, 'open-mutant')) return undefined;
  const mutantId = (message as { readonly mutantId?: unknown }).mutantId;
  return typeof mutantId === 'string' ? mutantId : undefined;
}

function isMessage(message: unknown, type: string): boolean {
  return typeof message === 'object' && message !== null && (message as { readonly type?: unknown }).type === type;
}
