// VS Code's Test Explorer for Spec Harness: file > function test items built from the language server's
// `specHarness/testResults` notifications (the client runs no engine). Running a test asks the server to re-score
// the file; a function below the threshold fails with the correct output and the accepted wrong output as a diff.
// Automatic runs (on open, save or typing) only set pass/fail: their evidence is already in the diagnostics, and a
// failure message would open VS Code's peek view over the code after every save. Runs the user starts carry the
// messages, each at its clause, with expected/actual.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SERVER_COMMANDS, TestResultsNotification } from '../../server/src/lsp/protocol';
import type { FunctionTestResult, TestRange, TestResultsParams } from '../../server/src/lsp/protocol';

export interface TestExplorer {
  readonly controller: vscode.TestController;
  /** Fires with a source file's URI after each run on it: the client has one handler per notification, so other
   *  views that follow runs (the mutation report) listen here. */
  readonly scored: vscode.Event<string>;
  /** What was last reported for a function's test item (by item id), for the real-VS-Code test. */
  lastReported(itemId: string): ReportedResult | undefined;
  readonly disposable: vscode.Disposable;
}

/** A run the user started (Test Explorer, gutter) or one the server made on its own (open, save, typing). */
type RunOrigin = 'user' | 'automatic';

export interface ReportedResult {
  readonly origin: RunOrigin;
  readonly outcome: FunctionTestResult['outcome'];
  readonly messages: readonly {
    readonly message: string;
    readonly line: number | undefined;
    readonly expected: string | undefined;
    readonly actual: string | undefined;
  }[];
}

export function registerTestExplorer(client: LanguageClient): TestExplorer {
  const controller = vscode.tests.createTestController('specHarness', 'Spec Harness');
  const scored = new vscode.EventEmitter<string>();
  const reported = new Map<string, ReportedResult>();
  // Runs the user started, by file URI: results arriving for those files are reported into them.
  const activeRuns = new Map<string, vscode.TestRun>();

  controller.createRunProfile(
    'Re-score',
    vscode.TestRunProfileKind.Run,
    (request, token) => runTests(client, controller, activeRuns, request, token),
    true,
  );
  client.onNotification(TestResultsNotification, (params: TestResultsParams) => {
    const fileItem = upsertFile(controller, params);
    const userRun = activeRuns.get(params.uri);
    const run = userRun ?? controller.createTestRun(new vscode.TestRunRequest([fileItem]), 'Spec Harness', false);
    const origin: RunOrigin = userRun === undefined ? 'automatic' : 'user';
    for (const result of params.functions) {
      const item = fileItem.children.get(functionId(params.uri, result.qualifiedName));
      if (item !== undefined) reported.set(item.id, report(run, item, result, origin));
    }
    if (userRun === undefined) run.end();
    scored.fire(params.uri);
  });
  const edits = vscode.workspace.onDidChangeTextDocument((event) => {
    const item = controller.items.get(event.document.uri.toString());
    if (item !== undefined && event.contentChanges.length > 0) controller.invalidateTestResults(item);
  });
  return {
    controller,
    scored: scored.event,
    lastReported: (itemId) => reported.get(itemId),
    disposable: vscode.Disposable.from(controller, edits, scored),
  };
}

async function runTests(
  client: LanguageClient,
  controller: vscode.TestController,
  activeRuns: Map<string, vscode.TestRun>,
  request: vscode.TestRunRequest,
  token: vscode.CancellationToken,
): Promise<void> {
  const run = controller.createTestRun(request, 'Spec Harness', false);
  try {
    const files = requestedFiles(controller, request);
    if (files.length === 0) {
      // "Run all" before anything was scored: the server scores the workspace and pushes each file's results.
      await client.sendRequest('workspace/executeCommand', { command: SERVER_COMMANDS.scoreWorkspace, arguments: [] });
      return;
    }
    for (const file of files) {
      if (token.isCancellationRequested) break;
      file.children.forEach((item) => run.started(item));
      activeRuns.set(file.id, run);
      try {
        // The server sends the file's results before it answers, so they land in this run; without a finished
        // run (cancelled by a newer one, failed, unreadable) the items get no result from it and are said why.
        const outcome: unknown = await client.sendRequest('workspace/executeCommand', {
          command: SERVER_COMMANDS.scoreFile,
          arguments: [file.id],
        });
        if (outcome !== 'scored')
          file.children.forEach((item) =>
            run.errored(item, new vscode.TestMessage(`Spec Harness did not finish scoring this file (${String(outcome)})`)),
          );
      } finally {
        activeRuns.delete(file.id);
      }
    }
  } finally {
    run.end();
  }
}

/** The file items a request covers (a function item stands for its file: the server scores whole files). */
function requestedFiles(controller: vscode.TestController, request: vscode.TestRunRequest): vscode.TestItem[] {
  const files = new Map<string, vscode.TestItem>();
  const included = request.include ?? topLevelItems(controller.items);
  for (const item of included) {
    const file = item.parent ?? item;
    files.set(file.id, file);
  }
  return [...files.values()];
}

function upsertFile(controller: vscode.TestController, params: TestResultsParams): vscode.TestItem {
  const uri = vscode.Uri.parse(params.uri);
  let fileItem = controller.items.get(params.uri);
  if (fileItem === undefined) {
    fileItem = controller.createTestItem(params.uri, path.basename(uri.fsPath), uri);
    controller.items.add(fileItem);
  }
  const children = params.functions.map((result) => {
    const item = controller.createTestItem(functionId(params.uri, result.qualifiedName), result.qualifiedName, uri);
    item.range = toRange(result.range);
    item.description = result.description;
    return item;
  });
  fileItem.children.replace(children);
  if (params.functions.length === 0) controller.items.delete(params.uri);
  return fileItem;
}

function report(run: vscode.TestRun, item: vscode.TestItem, result: FunctionTestResult, origin: RunOrigin): ReportedResult {
  const shown = origin === 'user' ? messages(item, result) : [];
  switch (result.outcome) {
    case 'passed':
      run.passed(item);
      break;
    case 'skipped':
      run.skipped(item);
      break;
    case 'errored':
      run.errored(item, shown);
      break;
    case 'failed':
      run.failed(item, shown);
      break;
  }
  const reportedMessages = shown.map((message) => ({
    message: typeof message.message === 'string' ? message.message : message.message.value,
    line: message.location?.range.start.line,
    expected: message.expectedOutput,
    actual: message.actualOutput,
  }));
  return { origin, outcome: result.outcome, messages: reportedMessages };
}

function messages(item: vscode.TestItem, result: FunctionTestResult): vscode.TestMessage[] {
  return result.messages.map((message) => {
    const testMessage =
      message.expected !== undefined && message.actual !== undefined
        ? vscode.TestMessage.diff(message.message, message.expected, message.actual)
        : new vscode.TestMessage(message.message);
    if (item.uri !== undefined) testMessage.location = new vscode.Location(item.uri, toRange(message.range));
    return testMessage;
  });
}

function functionId(uri: string, qualifiedName: string): string {
  return `${uri}#${qualifiedName}`;
}

function toRange(range: TestRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

function topLevelItems(items: vscode.TestItemCollection): vscode.TestItem[] {
  const all: vscode.TestItem[] = [];
  items.forEach((item) => all.push(item));
  return all;
}
