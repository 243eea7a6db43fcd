// Code actions: generate a pairs file (for a function or the whole file), mark an accepted mutant as an acceptable
// output, move a rejected valid input to the invalid inputs. All are WorkspaceEdits on the pairs file, so one undo
// reverts them; the pairs file is edited with jsonc-parser, so hand-written entries are never lost.

import type { CodeAction, CodeActionParams, Diagnostic, WorkspaceEdit } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { createLineIndex } from '../syntax';
import { DIAGNOSTIC_SOURCE, decodeDiagnosticData } from './convert';
import { functionAtPosition } from './locate';
import { formatJson } from './markdown';
import { addAcceptableOutput, minimalChange, movePairToInvalid } from './pairs-edits';
import { pairsPathFor, pathToUri, readTextOrNull, uriToPath } from './paths';
import type { ServerContext } from './scoring';
import type { GenerateResult } from './worker-protocol';

const MAX_ACTIONS_PER_KIND = 5;

/** What an unresolved generate action carries to codeAction/resolve. */
export interface GenerateActionData {
  readonly kind: 'generate-pairs';
  readonly uri: string;
  readonly functions: readonly string[] | null;
}

export async function codeActions(ctx: ServerContext, params: CodeActionParams): Promise<CodeAction[]> {
  const uri = params.textDocument.uri;
  const file = ctx.state.existingFile(uri);
  const path = uriToPath(uri);
  if (file === undefined || path === null) return [];
  const pairsUri = pathToUri(pairsPathFor(path));
  const pairsText = await currentText(ctx, pairsUri);
  const ours = params.context.diagnostics.filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE);
  const actions: CodeAction[] = [];
  for (const diagnostic of ours) {
    const functionName = decodeDiagnosticData(diagnostic.data).functionName;
    const fn = file.report?.functions.find((candidate) => candidate.qualifiedName === functionName);
    if (fn === undefined || functionName === null || pairsText === null) continue;
    if (diagnostic.code === 'weak-postcondition' || diagnostic.code === 'vacuous-postcondition') {
      for (const mutant of fn.acceptedMutants.slice(0, MAX_ACTIONS_PER_KIND)) {
        const next = addAcceptableOutput(pairsText, functionName, { input: mutant.input, output: mutant.mutant, after: mutant.mutantAfter });
        if (next !== null) actions.push(quickFix(`Mark ${formatJson(mutant.mutant)} as an acceptable output for ${formatJson(mutant.input)}`, diagnostic, replaceEdit(pairsUri, pairsText, next)));
      }
    }
    if (diagnostic.code === 'rejects-valid-input' || diagnostic.code === 'reject-all-precondition') {
      for (const input of fn.rejectedValidInputs.slice(0, MAX_ACTIONS_PER_KIND)) {
        const next = movePairToInvalid(pairsText, functionName, input.input);
        if (next !== null) actions.push(quickFix(`Move ${formatJson(input.input)} to invalid inputs`, diagnostic, replaceEdit(pairsUri, pairsText, next)));
      }
    }
  }
  const located = functionAtPosition(file, params.range.start);
  const noPairs = ours.find((diagnostic) => diagnostic.code === 'no-pairs');
  const generateKind = noPairs !== undefined ? CodeActionKind.QuickFix : CodeActionKind.Source;
  if (located !== null || noPairs !== undefined) {
    const target = located?.qualifiedName ?? decodeDiagnosticData(noPairs?.data).functionName;
    if (target !== null) actions.push(generateAction(`Generate pairs file for ${target}`, generateKind, { kind: 'generate-pairs', uri, functions: [target] }, noPairs));
    actions.push(generateAction(`Generate pairs file for every function in ${path.split(/[\\/]/).pop() ?? path}`, generateKind, { kind: 'generate-pairs', uri, functions: null }, noPairs));
  }
  if (!ctx.state.features.codeActionResolve) {
    for (const action of actions) if (action.edit === undefined) await resolveCodeAction(ctx, action);
  }
  return actions;
}

/** Fills in a generate action's edit (codeAction/resolve): the generation runs in the worker. */
export async function resolveCodeAction(ctx: ServerContext, action: CodeAction): Promise<CodeAction> {
  const data = decodeGenerateData(action.data);
  if (data === null) return action;
  const edit = await generatePairsEdit(ctx, data.uri, data.functions);
  if (edit !== null) action.edit = edit;
  return action;
}

/** The WorkspaceEdit that writes generated pairs: CreateFile + insert for a new file, one replace for an existing one. */
export async function generatePairsEdit(ctx: ServerContext, uri: string, functions: readonly string[] | null): Promise<WorkspaceEdit | null> {
  const path = uriToPath(uri);
  if (path === null) return null;
  const text = await currentText(ctx, uri);
  if (text === null) return null;
  const pairsUri = pathToUri(pairsPathFor(path));
  const pairsText = await currentText(ctx, pairsUri);
  // Keyed by the function set: VS Code resolves several actions at once, and they must not cancel one another.
  const key = `generate:${uri}:${functions === null ? '*' : functions.join(',')}`;
  const outcome = await ctx.runner.run<GenerateResult>(key, { kind: 'generate', path, text, pairsText, functions, solver: ctx.state.settings.solver });
  if (outcome.kind !== 'done') {
    if (outcome.kind === 'failed') ctx.log(`bug: generating pairs for ${uri} failed: ${outcome.error}`);
    return null;
  }
  const generated = outcome.value;
  ctx.log(`generated pairs for ${uri}: ${generated.summary}`);
  if (!generated.ok) {
    void ctx.connection.window.showWarningMessage(`Spec Harness: cannot generate pairs: ${generated.error}`);
    return null;
  }
  if (pairsText === null) {
    return {
      documentChanges: [
        { kind: 'create', uri: pairsUri, options: { ignoreIfExists: true } },
        { textDocument: { uri: pairsUri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: generated.text }] },
      ],
    };
  }
  return replaceEdit(pairsUri, pairsText, generated.text);
}

/** An open document's text, else the file on disk, else null. */
export async function currentText(ctx: ServerContext, uri: string): Promise<string | null> {
  const document = ctx.state.documents.get(uri);
  if (document !== undefined) return document.getText();
  const path = uriToPath(uri);
  return path === null ? null : readTextOrNull(path);
}

function replaceEdit(uri: string, before: string, after: string): WorkspaceEdit {
  const change = minimalChange(before, after);
  const lineIndex = createLineIndex(before);
  return { changes: { [uri]: [{ range: { start: lineIndex.positionAt(change.start), end: lineIndex.positionAt(change.end) }, newText: change.newText }] } };
}

function quickFix(title: string, diagnostic: Diagnostic, edit: WorkspaceEdit): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit };
}

function generateAction(title: string, kind: string, data: GenerateActionData, diagnostic: Diagnostic | undefined): CodeAction {
  return { title, kind, data, ...(diagnostic === undefined ? {} : { diagnostics: [diagnostic], isPreferred: true }) };
}

function decodeGenerateData(data: unknown): GenerateActionData | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record['kind'] !== 'generate-pairs' || typeof record['uri'] !== 'string') return null;
  const functions = record['functions'];
  if (functions === null) return { kind: 'generate-pairs', uri: record['uri'], functions: null };
  if (Array.isArray(functions) && functions.every((name): name is string => typeof name === 'string')) {
    return { kind: 'generate-pairs', uri: record['uri'], functions };
  }
  return null;
}
