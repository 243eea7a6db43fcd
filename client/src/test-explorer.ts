// VS Code's Test Explorer for Spec Harness: file > function test items built from the language server's
// `specHarness/testResults` notifications (the client runs no engine). Running a test asks the server to re-score
// the file; a function below the threshold fails with the correct output and the accepted wrong output as a diff.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { FunctionTestResult, TestRange, TestResultsMethod, TestResultsParams } from '../../server/src/lsp/protocol';

// Checked against server/src/lsp/protocol.ts by its type: a different string does not compile.
const TEST_RESULTS: TestResultsMethod = 'specHarness/testResults';
const SCORE_FILE = 'specHarness.server.scoreFile';
const SCORE_WORKSPACE = 'specHarness.scoreWorkspace';

export function registerTestExplorer(client: LanguageClient): { readonly controller: vscode.TestController; readonly disposable: vscode.Disposable } {
  const controller = vscode.tests.createTestController('specHarness', 'Spec Harness');
  // Runs the user started, by file URI: results arriving for those files are reported into them.
  const activeRuns = new Map<string, vscode.TestRun>();

  controller.createRunProfile('Re-score', vscode.TestRunProfileKind.Run, (request, token) => runTests(client, controller, activeRuns, request, token), true);
  client.onNotification(TEST_RESULTS, (params: TestResultsParams) => {
    const fileItem = upsertFile(controller, params);
    const userRun = activeRuns.get(params.uri);
    const run = userRun ?? controller.createTestRun(new vscode.TestRunRequest([fileItem]), 'Spec Harness', false);
    for (const result of params.functions) {
      const item = fileItem.children.get(functionId(params.uri, result.qualifiedName));
      if (item !== undefined) report(run, item, result);
    }
    if (userRun === undefined) run.end();
  });
  const edits = vscode.workspace.onDidChangeTextDocument((event) => {
    const item = controller.items.get(event.document.uri.toString());
    if (item !== undefined && event.contentChanges.length > 0) controller.invalidateTestResults(item);
  });
  return { controller, disposable: vscode.Disposable.from(controller, edits) };
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
      await client.sendRequest('workspace/executeCommand', { command: SCORE_WORKSPACE, arguments: [] });
      return;
    }
    for (const file of files) {
      if (token.isCancellationRequested) break;
      file.children.forEach((item) => run.started(item));
      activeRuns.set(file.id, run);
      try {
        // The server sends the file's results before it answers, so they land in this run; without a finished
        // run (cancelled by a newer one, failed, unreadable) the items get no result from it and are said why.
        const outcome: unknown = await client.sendRequest('workspace/executeCommand', { command: SCORE_FILE, arguments: [file.id] });
        if (outcome !== 'scored') file.children.forEach((item) => run.errored(item, new vscode.TestMessage(`Spec Harness did not finish scoring this file (${String(outcome)})`)));
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

function report(run: vscode.TestRun, item: vscode.TestItem, result: FunctionTestResult): void {
  switch (result.outcome) {
    case 'passed':
      run.passed(item);
      return;
    case 'skipped':
      run.skipped(item);
      return;
    case 'errored':
      run.errored(item, messages(item, result));
      return;
    case 'failed':
      run.failed(item, messages(item, result));
      return;
  }
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
