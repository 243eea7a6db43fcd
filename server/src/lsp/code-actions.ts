// Code actions: generate a pairs file (for a function or the whole file), mark an accepted mutant as an acceptable
// output, move a rejected valid input to the invalid inputs. All are WorkspaceEdits on the pairs file, so one undo
// reverts them; the pairs file is edited with jsonc-parser, so hand-written entries are never lost. Edits are made
// from the open pairs document's text when it is open, and carry its version, so an edit made for older text is
// rejected by the editor instead of being applied to newer text. A file with a duplicate key is never edited.
// The one edit of the source file, adding a suggested ensures clause, is suggest-actions.ts's.

import type { CodeAction, CodeActionParams, Command, Diagnostic, WorkspaceEdit } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { createLineIndex, parseSourceFile } from '../syntax';
import { buildFileModel } from '../model';
import { implementationMismatches, parsePairsFile } from '../harness';
import { DIAGNOSTIC_SOURCE, decodeDiagnosticData } from './convert';
import { functionAtPosition } from './locate';
import { formatJson } from './markdown';
import { addAcceptableOutput, correctOutput, keepPairAsValid, minimalChange, movePairToInvalid, pairsEditRefusal } from './pairs-edits';
import { isPairsPath, pairsPathFor, pathToUri, readPairsText, readTextOrNull, sourcePathForPairs, uriToPath } from './uris';
import { STEP_BUDGET } from './scoring';
import { SERVER_COMMANDS } from './protocol';
import type { ServerContext } from './scoring';
import type { GenerateResult } from './worker-protocol';
import { suggestionActions } from './suggest-actions';

const MAX_ACTIONS_PER_KIND = 5;

/** What an unresolved generate action carries to codeAction/resolve. */
export interface GenerateActionData {
  readonly kind: 'generate-pairs';
  readonly uri: string;
  readonly functions: readonly string[] | null;
}

export async function codeActions(ctx: ServerContext, params: CodeActionParams): Promise<CodeAction[]> {
  const uri = params.textDocument.uri;
  const path = uriToPath(uri);
  if (path !== null && isPairsPath(path)) return pairsFileActions(ctx, params, path);
  const file = ctx.state.existingFile(uri);
  if (file === undefined || path === null) return [];
  const pairsUri = pathToUri(pairsPathFor(path));
  const ours = params.context.diagnostics.filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE);
  // Only quick fixes for our diagnostics edit the pairs file: a request without them (the cursor moving) reads nothing.
  const pairsRead = ours.length === 0 ? null : await currentPairs(ctx, pairsUri);
  const pairs = pairsRead === 'unreadable' ? null : pairsRead;
  const refusal = pairs === null ? undefined : pairsEditRefusal(pairs.text);
  const actions: CodeAction[] = [];
  for (const diagnostic of ours) {
    const functionName = decodeDiagnosticData(diagnostic.data).functionName;
    const fn = file.report?.functions.find((candidate) => candidate.qualifiedName === functionName);
    if (fn === undefined || functionName === null || pairs === null) continue;
    const edits: { title: string; next: () => string | null }[] = [];
    if (diagnostic.code === 'weak-postcondition' || diagnostic.code === 'vacuous-postcondition') {
      actions.push(...(await suggestionActions(ctx, uri, diagnostic, functionName)));
      for (const mutant of fn.acceptedMutants.slice(0, MAX_ACTIONS_PER_KIND)) {
        // Named as the diagnostics and the hover name it: `Mark double(3) = 7 as an acceptable output`.
        const title =
          mutant.display === undefined
            ? `Mark ${formatJson(mutant.mutant)} as an acceptable output for ${formatJson(mutant.input)}`
            : `Mark ${mutant.display} as an acceptable output`;
        edits.push({
          title,
          next: () =>
            addAcceptableOutput(pairs.text, functionName, { input: mutant.input, output: mutant.mutant, after: mutant.mutantAfter }),
        });
      }
    }
    if (
      diagnostic.code === 'rejects-valid-input' ||
      diagnostic.code === 'reject-all-precondition' ||
      diagnostic.code === 'stronger-precondition'
    ) {
      for (const input of fn.rejectedValidInputs.slice(0, MAX_ACTIONS_PER_KIND)) {
        edits.push({
          title: `Move ${input.display ?? formatJson(input.input)} to invalid inputs`,
          next: () => movePairToInvalid(pairs.text, functionName, input.input),
        });
      }
    }
    if (diagnostic.code === 'stronger-precondition') {
      for (const input of fn.rejectedValidInputs.filter((candidate) => candidate.witness !== undefined).slice(0, MAX_ACTIONS_PER_KIND)) {
        edits.push({
          title: `Mark ${input.display ?? formatJson(input.input)} as a valid input (keep it when pairs are regenerated)`,
          next: () => keepPairAsValid(pairs.text, functionName, input.input),
        });
      }
    }
    for (const { title, next } of edits) {
      // Shown but disabled, with the reason, where the client can show that; otherwise not offered.
      if (refusal !== undefined) {
        if (ctx.state.features.codeActionDisabled)
          actions.push({
            title,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            disabled: { reason: `the pairs file cannot be edited: ${refusal}` },
          });
        continue;
      }
      const text = next();
      if (text !== null) actions.push(quickFix(title, diagnostic, replaceEdit(ctx, pairsUri, pairs, text)));
    }
  }
  const located = functionAtPosition(file, params.range.start);
  const noPairs = ours.find((diagnostic) => diagnostic.code === 'no-pairs');
  const generateKind = noPairs !== undefined ? CodeActionKind.QuickFix : CodeActionKind.Source;
  if (located !== null || noPairs !== undefined) {
    const target = located?.qualifiedName ?? decodeDiagnosticData(noPairs?.data).functionName;
    if (target !== null)
      actions.push(
        generateAction(`Generate pairs file for ${target}`, generateKind, { kind: 'generate-pairs', uri, functions: [target] }, noPairs),
      );
    actions.push(
      generateAction(
        `Generate pairs file for every function in ${path.split(/[\\/]/).pop() ?? path}`,
        generateKind,
        { kind: 'generate-pairs', uri, functions: null },
        noPairs,
      ),
    );
  }
  // A client that cannot resolve an action lazily runs generation as a command (which applies its edit) rather than
  // have every request compute each offered edit up front; only a client that can do neither gets the edits now.
  if (!ctx.state.features.codeActionResolve) {
    for (const action of actions) {
      if (action.edit !== undefined) continue;
      const data = decodeGenerateData(action.data);
      if (ctx.state.features.applyEdit && data !== null) action.command = generateCommand(action.title, data);
      else await resolveCodeAction(ctx, action);
    }
  }
  return actions;
}

/** In a pairs file: "Change the output to ..." on a hand-written pair the implementation contradicts. */
async function pairsFileActions(ctx: ServerContext, params: CodeActionParams, pairsPath: string): Promise<CodeAction[]> {
  const pairsUri = params.textDocument.uri;
  const pairs = await currentPairs(ctx, pairsUri);
  const sourceText = await currentText(ctx, pathToUri(sourcePathForPairs(pairsPath)));
  if (pairs === null || pairs === 'unreadable' || sourceText === null || pairsEditRefusal(pairs.text) !== undefined) return [];
  const model = buildFileModel(parseSourceFile(sourceText));
  const lineIndex = createLineIndex(pairs.text);
  const wanted = { start: lineIndex.offsetAt(params.range.start), end: lineIndex.offsetAt(params.range.end) };
  const actions: CodeAction[] = [];
  for (const mismatch of implementationMismatches(model, parsePairsFile(pairs.text, model), {
    stepBudget: STEP_BUDGET,
    stackAllowance: 'default',
  })) {
    const entry = { start: lineIndex.offsetAt(mismatch.range.start), end: lineIndex.offsetAt(mismatch.range.end) };
    if (entry.end < wanted.start || entry.start > wanted.end) continue;
    const next = correctOutput(pairs.text, entry.start, mismatch.actualOutput);
    if (next === null) continue;
    const diagnostic = params.context.diagnostics.find((candidate) => candidate.message === mismatch.message);
    const action: CodeAction = {
      title: `Change the output to ${formatJson(mismatch.actualOutput)} (what the implementation returns)`,
      kind: CodeActionKind.QuickFix,
      edit: replaceEdit(ctx, pairsUri, pairs, next),
    };
    actions.push(diagnostic === undefined ? action : { ...action, diagnostics: [diagnostic], isPreferred: true });
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
export async function generatePairsEdit(
  ctx: ServerContext,
  uri: string,
  functions: readonly string[] | null,
): Promise<WorkspaceEdit | null> {
  const path = uriToPath(uri);
  if (path === null) return null;
  const text = await currentText(ctx, uri);
  if (text === null) return null;
  const pairsUri = pathToUri(pairsPathFor(path));
  const pairs = await currentPairs(ctx, pairsUri);
  if (pairs === 'unreadable') {
    void ctx.connection.window.showWarningMessage(
      `Spec Harness: cannot generate pairs: ${pairsPathFor(path)} cannot be read (see the log)`,
    );
    return null;
  }
  const pairsText = pairs?.text ?? null;
  // Keyed by the function set: VS Code resolves several actions at once, and they must not cancel one another.
  const key = `generate:${uri}:${functions === null ? '*' : functions.join(',')}`;
  const outcome = await ctx.runner.run<GenerateResult>(key, {
    kind: 'generate',
    path,
    text,
    pairsText,
    functions,
    solver: ctx.state.settings.solver,
  });
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
  if (pairs === null) {
    return {
      documentChanges: [
        { kind: 'create', uri: pairsUri, options: { ignoreIfExists: true } },
        {
          textDocument: { uri: pairsUri, version: null },
          edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: generated.text }],
        },
      ],
    };
  }
  return replaceEdit(ctx, pairsUri, pairs, generated.text);
}

/** An open document's text, else the file on disk, else null. */
export async function currentText(ctx: ServerContext, uri: string): Promise<string | null> {
  const document = ctx.state.documents.get(uri);
  if (document !== undefined) return document.getText();
  const path = uriToPath(uri);
  return path === null ? null : readTextOrNull(path);
}

/** The pairs file's current text: the open document's (with its version), else the file on disk (bounded read);
 *  null when there is none, 'unreadable' (logged) when it is not a regular file or over the size cap. */
async function currentPairs(ctx: ServerContext, pairsUri: string): Promise<PairsText | null | 'unreadable'> {
  const document = ctx.state.documents.get(pairsUri);
  if (document !== undefined) return { text: document.getText(), version: document.version };
  const path = uriToPath(pairsUri);
  if (path === null) return null;
  const read = await readPairsText(path);
  if ('error' in read) {
    ctx.log(`cannot read ${path}: ${read.error}`);
    return 'unreadable';
  }
  return read.text === null ? null : { text: read.text, version: null };
}

interface PairsText {
  readonly text: string;
  /** The open document's version, or null when the text came from disk. */
  readonly version: number | null;
}

/** One replacement (one undo step). On an open document it is a TextDocumentEdit with the version it was made
 *  from, so an editor refuses it once the user has typed since. */
function replaceEdit(ctx: ServerContext, uri: string, before: PairsText, after: string): WorkspaceEdit {
  const change = minimalChange(before.text, after);
  const lineIndex = createLineIndex(before.text);
  const edit = { range: { start: lineIndex.positionAt(change.start), end: lineIndex.positionAt(change.end) }, newText: change.newText };
  if (before.version !== null && ctx.state.features.documentChanges) {
    return { documentChanges: [{ textDocument: { uri, version: before.version }, edits: [edit] }] };
  }
  return { changes: { [uri]: [edit] } };
}

function quickFix(title: string, diagnostic: Diagnostic, edit: WorkspaceEdit): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit };
}

function generateAction(title: string, kind: string, data: GenerateActionData, diagnostic: Diagnostic | undefined): CodeAction {
  return { title, kind, data, ...(diagnostic === undefined ? {} : { diagnostics: [diagnostic], isPreferred: true }) };
}

/** `specHarness.server.generatePairs` with the action's file and function (none: every function). */
function generateCommand(title: string, data: GenerateActionData): Command {
  return { title, command: SERVER_COMMANDS.generatePairs, arguments: [data.uri, data.functions?.[0] ?? null] };
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
