// Runs inside the real VS Code extension host (code-server), with the extension loaded from the checkout: checks
// diagnostics, CodeLens, hover, the report command, the Test Explorer items and messages, the mutation report view,
// the language model tool and the Generate-pairs code action through VS Code's own APIs.
// The host reports success whatever happens, so the verdict goes to RESULT_FILE (read by run-ext-tests.js).
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');

const RESULT_FILE = process.env.SPEC_HARNESS_E2E_RESULT || path.join(__dirname, 'result.json');

exports.run = async function run() {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail: ok ? undefined : detail });
  try {
    const folder = vscode.workspace.workspaceFolders[0].uri;
    const uri = vscode.Uri.joinPath(folder, 'arith.rs');
    const diagnosticsReady = new Promise((resolve) => {
      const ready = () => vscode.languages.getDiagnostics(uri).some((d) => d.source === 'spec-harness');
      if (ready()) return resolve();
      const sub = vscode.languages.onDidChangeDiagnostics(() => {
        if (ready()) {
          sub.dispose();
          resolve();
        }
      });
    });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    await Promise.race([
      diagnosticsReady,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no diagnostics within 60 s')), 60000)),
    ]);
    const diagnostics = vscode.languages.getDiagnostics(uri);
    const weak = diagnostics.find((d) => (d.code && d.code.value) === 'weak-postcondition');
    check(
      'weak-postcondition diagnostic on the ensures clause',
      weak && weak.range.start.line === 10,
      diagnostics.map((d) => d.message),
    );

    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 10);
    const titles = lenses.map((lens) => lens.command && lens.command.title);
    check('score CodeLens', titles.includes('Post 1.00 / 0.13 · Pre 1.00 / 1.00 · 3 pairs'), titles);

    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(6, 4));
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    const firstLine = hoverText.split('\n')[0];
    check(
      'hover leads with an accepted wrong output beside the correct one',
      /^\*\*double\*\* · ⚠ accepts `double\(\d+\) = \d+`; correct: `double\(\d+\) = \d+`/.test(firstLine),
      firstLine,
    );
    check(
      'hover lists accepted wrong outputs by source',
      hoverText.includes('| accepted wrong output | correct |') && hoverText.includes('*Code mutants ('),
      hoverText.slice(0, 600),
    );
    const showAll = /\[Show all\]\(command:specHarness\.showReport\?([^)]+)\)/.exec(hoverText);
    const showAllArgs = showAll ? JSON.parse(decodeURIComponent(showAll[1])) : null;
    check(
      'hover ends with a Show all link to the function report',
      showAllArgs && showAllArgs[0] === uri.toString() && showAllArgs[1] === 'double',
      hoverText.slice(-300),
    );

    const href = weak && weak.code && weak.code.target ? weak.code.target : null;
    const readmeLines = fs
      .readFileSync(
        path.join(
          vscode.extensions.getExtension('spec-harness.spec-harness-verus').extensionPath,
          href ? path.basename(href.fsPath) : 'README.md',
        ),
        'utf8',
      )
      .split('\n');
    const anchorLine = href ? Number((/^L(\d+)$/.exec(href.fragment) || [])[1]) : NaN;
    check(
      'diagnostic code link opens the README at the code section',
      readmeLines[anchorLine - 1] === '### weak-postcondition',
      href ? href.toString() : 'no code link',
    );

    // The Test Explorer: a file item with one child per function, described by its CodeLens score.
    const api = vscode.extensions.getExtension('spec-harness.spec-harness-verus').exports;
    const children = [];
    // The results follow the diagnostics in a notification of their own: wait for them (at most 20 s).
    for (let i = 0; i < 200 && children.length === 0; i++) {
      const fileItem = api.testController.items.get(uri.toString());
      if (fileItem) fileItem.children.forEach((child) => children.push(`${child.label}: ${child.description}`));
      if (children.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    check(
      'Test Explorer items per function with their scores',
      children.includes('double: Post 1.00 / 0.13 · Pre 1.00 / 1.00 · 3 pairs') && children.length === 4,
      children,
    );

    // An automatic run (the one on opening) sets pass/fail only: the diagnostics already show its evidence.
    const doubleId = `${uri.toString()}#double`;
    const automatic = api.lastTestResult(doubleId);
    check(
      'automatic run: double fails without inline messages',
      automatic && automatic.origin === 'automatic' && automatic.outcome === 'failed' && automatic.messages.length === 0,
      automatic,
    );
    // A run the user starts ("Run all") shows the accepted wrong output at the ensures, expected/actual side by side.
    await vscode.commands.executeCommand('testing.runAll');
    let userRun = api.lastTestResult(doubleId);
    for (let i = 0; i < 200 && !(userRun && userRun.origin === 'user'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      userRun = api.lastTestResult(doubleId);
    }
    const first = userRun && userRun.messages[0];
    check(
      'user-started run: double fails with expected/actual at its ensures',
      userRun &&
        userRun.origin === 'user' &&
        userRun.outcome === 'failed' &&
        first &&
        first.line === 10 &&
        /^input /.test(first.expected || '') &&
        first.expected !== first.actual,
      userRun,
    );

    // The mutation report view: Stryker's viewer in a webview, fed with the server's report of this file.
    await vscode.commands.executeCommand('specHarness.showMutationReport', uri.toString());
    const view = api.mutationReports.views().find((candidate) => candidate.scope === uri.toString());
    const file = view && view.result && view.result.report.files['arith.rs'];
    const survivors = file ? file.mutants.filter((mutant) => mutant.status === 'Survived') : [];
    check(
      "mutation report view created with the file's report",
      view &&
        view.panel.title === 'Mutation report: arith.rs' &&
        view.panel.webview.html.includes('mutation-test-report-app') &&
        /script-src 'nonce-[^']+'/.test(view.panel.webview.html) &&
        file &&
        file.mutants.length > 0 &&
        survivors.length > 0,
      view ? { title: view.panel.title, files: view.result && Object.keys(view.result.report.files) } : 'no view',
    );
    // A click on a surviving value mutant (what the page posts) selects the ensures that accepts it.
    const valueSurvivor = survivors.find((mutant) => mutant.description.startsWith('double: ') && !mutant.mutatorName.startsWith('code: '));
    const opened = view && valueSurvivor ? await view.openMutant(valueSurvivor.id) : false;
    const editor = vscode.window.activeTextEditor;
    check(
      'a click on a survivor opens its ensures clause',
      opened && editor && editor.document.uri.toString() === uri.toString() && editor.selection.start.line === 10,
      { opened, active: editor && editor.document.uri.toString(), line: editor && editor.selection.start.line },
    );
    // A new run on the file refreshes the view with the new report.
    const shown = view && view.result;
    await vscode.commands.executeCommand('specHarness.rescoreFile', uri.toString());
    let refreshed = api.mutationReports.views().find((candidate) => candidate.scope === uri.toString());
    for (let i = 0; i < 200 && refreshed && refreshed.result === shown; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      refreshed = api.mutationReports.views().find((candidate) => candidate.scope === uri.toString());
    }
    check(
      'the mutation report view follows a new run',
      refreshed && refreshed.result !== shown && refreshed.result.report.files['arith.rs'],
      'not refreshed',
    );

    // The language model tool agent mode calls (VS Code 1.95+), answered by the language server.
    if (vscode.lm && typeof vscode.lm.invokeTool === 'function') {
      const names = vscode.lm.tools.map((tool) => tool.name);
      check(
        'language model tools registered',
        names.includes('spec-harness_score_contract') && names.includes('spec-harness_task_complete'),
        names,
      );
      const result = await vscode.lm.invokeTool('spec-harness_score_contract', {
        input: { path: 'arith.rs', function: 'double' },
        toolInvocationToken: undefined,
      });
      const text = result.content.map((part) => (typeof part.value === 'string' ? part.value : '')).join('');
      check(
        'score_contract tool answers with the feedback scores',
        text.includes('"double"') && text.includes('PostComp'),
        text.slice(0, 400),
      );
    } else {
      check('language model tool API present in this VS Code', false, 'vscode.lm.invokeTool missing');
    }

    await vscode.commands.executeCommand('specHarness.showReport', ...(showAllArgs || [uri.toString(), 'double']));
    const report = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'spec-harness-report');
    check(
      'report view opens a read-only markdown document',
      report && report.getText().includes('**double**'),
      report ? report.getText().slice(0, 200) : 'no report document',
    );
    check(
      'the report shows every row',
      report && !/more \(Show all\)/.test(report.getText()),
      report ? report.getText().slice(0, 400) : 'no report document',
    );

    await vscode.window.showTextDocument(document);
    check('status bar shows Harness@t for a scored file', /Harness@0\.75: \d+\/\d+$/.test(api.statusItem.text), api.statusItem.text);
    const plainUri = vscode.Uri.joinPath(folder, 'plain.rs');
    fs.writeFileSync(plainUri.fsPath, 'fn main() {}\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(plainUri));
    // The status follows the server's notification for the new file (at most 20 s).
    for (let i = 0; i < 200 && !api.statusItem.text.endsWith('no contracts scored'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    check(
      'status bar says no contracts scored for a file without any',
      api.statusItem.text === '$(beaker) Spec Harness: no contracts scored',
      api.statusItem.text,
    );
    await vscode.window.showTextDocument(document);

    const squareRange = new vscode.Range(36, 3, 36, 9);
    const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, squareRange, undefined, 10);
    const generate = actions.find((a) => a.title === 'Generate pairs file for square');
    check(
      'Generate pairs code action offered and resolved',
      generate && generate.edit,
      actions.map((a) => `${a.title}: ${a.edit ? 'resolved' : 'no edit'}`),
    );
    if (generate && generate.edit) {
      const applied = await vscode.workspace.applyEdit(generate.edit);
      const pairsDoc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'arith.pairs.json'));
      const parsed = JSON.parse(pairsDoc.getText());
      check(
        'generated pairs added, hand-written entries kept',
        applied && parsed.functions.square.pairs.length > 0 && parsed.functions.double.pairs[0].note === 'written by hand',
        pairsDoc.getText().slice(0, 300),
      );
    }
  } catch (error) {
    check('no exception', false, String((error && error.stack) || error));
  }
  fs.writeFileSync(RESULT_FILE, JSON.stringify({ pass: checks.length > 0 && checks.every((c) => c.ok), checks }, null, 2));
};
