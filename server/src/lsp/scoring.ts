// The scoring loop: gathers a source file's text and pairs text, asks the worker (whose engine re-scores only what
// changed) for the report, stores it with its function locations, and publishes diagnostics and status. Parses
// neither Rust nor JSON: that is the worker's.

import { basename, dirname, isAbsolute, relative } from 'node:path';
import { CodeLensRefreshRequest } from 'vscode-languageserver';
import type { Connection } from 'vscode-languageserver';
import { DEFAULT_CHECK_OPTIONS, meetsHarness } from '../harness';
import type { FileReport } from '../harness';
import { toLspDiagnostics } from './convert';
import { pairsPathFor, pathToUri, readPairsText, readTextOrNull, uriToPath } from './uris';
import { StatusNotification, TestResultsNotification } from './protocol';
import type { HarnessSettings, StatusParams } from './protocol';
import type { WorkerRunner } from './worker-runner';
import { moveLocated } from './locate';
import type { ServerState, SourceFileState } from './state';
import { testResults } from './test-results';
import type { BackendRequest, ScoreInputText, ScoreOptions, ScoreResult } from './worker-protocol';

/** Scores are deterministic: one fixed seed, and a step budget per evaluation so no contract can hang the worker.
 *  Both are the CLI's defaults, so a file scores the same in the editor and in `spec-harness check`. */
export const SEED = DEFAULT_CHECK_OPTIONS.seed;
export const STEP_BUDGET = DEFAULT_CHECK_OPTIONS.stepBudget;

export interface ServerContext {
  readonly connection: Connection;
  readonly state: ServerState;
  readonly runner: WorkerRunner;
  log(message: string): void;
}

export type ScoreOutcome = 'scored' | 'cancelled' | 'failed' | 'unreadable';

/** What the worker scores a source file from: its text and pairs text as the editor has them (open documents first,
 *  then disk), named as the user sees them, with the backend the settings choose. Null when the file cannot be read. */
export interface ScoreInput {
  readonly path: string;
  readonly pairsUri: string;
  readonly input: ScoreInputText;
  readonly backend: BackendRequest;
}

export async function scoreInputFor(ctx: ServerContext, uri: string): Promise<ScoreInput | null> {
  const path = uriToPath(uri);
  if (path === null) return null;
  const text = ctx.state.documents.get(uri)?.getText() ?? (await readTextOrNull(path));
  if (text === null) return null;
  const pairsPath = pairsPathFor(path);
  const pairsUri = pathToUri(pairsPath);
  const pairsText = ctx.state.documents.get(pairsUri)?.getText() ?? (await pairsTextOnDisk(ctx, pairsPath));
  const settings = ctx.state.settings;
  const backend: BackendRequest =
    settings.backend === 'embedded'
      ? { kind: 'embedded' }
      : { kind: settings.backend, verusPath: settings.verusPath, extraArgs: settings.verusExtraArgs, cwd: dirname(path) };
  // Messages name files as the user sees them in the workspace, not by absolute path.
  const input = { path: displayPath(ctx, path), text, pairsPath: pairsText === null ? null : displayPath(ctx, pairsPath), pairsText };
  return { path, pairsUri, input, backend };
}

export async function scoreSource(ctx: ServerContext, uri: string): Promise<ScoreOutcome> {
  const document = ctx.state.documents.get(uri);
  // Diagnostics carry the version they were made from, so a client can tell them from ones for older text.
  const version = document?.version ?? null;
  const scoreInput = await scoreInputFor(ctx, uri);
  if (scoreInput === null) return 'unreadable';
  const { pairsUri, input, backend } = scoreInput;
  const text = input.text;
  const file = ctx.state.file(uri);
  const settings = ctx.state.settings;

  sendStatus(ctx, uri, file, 'scoring', null);
  // A file without finished results shows a long run's results as they come (a big file's first diagnostics early);
  // one with results keeps showing them until the new run ends, rather than a shrinking subset.
  const partials = file.report === null || file.partial;
  const onProgress = (partial: ScoreResult): void => {
    file.partial = true;
    show(ctx, uri, file, partial, text, pairsUri, version);
    sendStatus(ctx, uri, file, 'scoring', null);
  };
  const request = { kind: 'score', uri, input, options: scoreOptionsFor(settings), backend, partials } as const;
  const outcome = await ctx.runner.run<ScoreResult | null, ScoreResult>(`score:${uri}`, request, onProgress);
  if (outcome.kind === 'cancelled') return cancelled(ctx, uri, file);
  if (outcome.kind === 'failed') {
    ctx.log(`scoring ${uri} failed: ${outcome.error}`);
    const firstLine = outcome.error.split('\n')[0] ?? outcome.error;
    sendStatus(ctx, uri, file, 'error', `scoring failed: ${firstLine}`);
    if (!ctx.state.announcedFailures.has(firstLine)) {
      ctx.state.announcedFailures.add(firstLine);
      void ctx.connection.window.showWarningMessage(`Spec Harness: scoring failed: ${firstLine}`);
    }
    return 'failed';
  }
  if (outcome.value === null) return cancelled(ctx, uri, file);
  const { report, evaluated } = outcome.value;
  const total = report.functions.length;
  ctx.log(`scored ${uri}: ${evaluated} of ${total} functions evaluated, ${total - evaluated} from cache`);
  file.partial = false;
  show(ctx, uri, file, outcome.value, text, pairsUri, version);
  file.evaluated = evaluated;
  void ctx.connection.sendNotification(TestResultsNotification, testResults(uri, report, ctx.state.settings.threshold));
  sendStatus(ctx, uri, file, 'idle', null);
  return 'scored';
}

/** Makes `result` (made from `text`) the file's report: stored with its functions' locations, moved through the
 *  edits made since, and published. */
function show(
  ctx: ServerContext,
  uri: string,
  file: SourceFileState,
  result: ScoreResult,
  text: string,
  pairsUri: string,
  version: number | null,
): void {
  file.report = result.report;
  // Where the functions are in the text scored; edits since then are applied to them (state.ts).
  file.located = { text, functions: result.located };
  const document = ctx.state.documents.get(uri);
  if (document !== undefined && document.getText() !== text) moveLocated(file, document.getText());
  publish(ctx, uri, file, result.report, pairsUri, version);
  // Editors ask for lenses when a file opens, usually before its first run ends: tell them the lenses changed.
  if (ctx.state.features.codeLensRefresh) void ctx.connection.sendRequest(CodeLensRefreshRequest.type);
}

/** A newer run for this file sends its own status; otherwise the file is idle again, with its last results. */
function cancelled(ctx: ServerContext, uri: string, file: SourceFileState): ScoreOutcome {
  if (!ctx.runner.isBusy(`score:${uri}`)) sendStatus(ctx, uri, file, 'idle', null);
  return 'cancelled';
}

/** What the worker is asked to score with: the settings' threshold and mutants, the CLI's seed and step budget. */
export function scoreOptionsFor(
  settings: Pick<HarnessSettings, 'threshold' | 'mutantsPerPair' | 'weakPostcondition' | 'solver'>,
): ScoreOptions {
  const { threshold, mutantsPerPair, weakPostcondition, solver } = settings;
  return { threshold, mutantsPerPair, weakPostcondition, seed: SEED, stepBudget: STEP_BUDGET, solver };
}

/** The pairs file on disk; one that cannot be read (a FIFO, a device, over the size cap) is announced once and
 *  scored as absent, so it never stalls the server. */
async function pairsTextOnDisk(ctx: ServerContext, pairsPath: string): Promise<string | null> {
  const read = await readPairsText(pairsPath);
  if ('text' in read) return read.text;
  const message = `cannot read ${pairsPath}: ${read.error}`;
  ctx.log(message);
  if (!ctx.state.announcedFailures.has(message)) {
    ctx.state.announcedFailures.add(message);
    void ctx.connection.window.showWarningMessage(`Spec Harness: ${message}`);
  }
  return null;
}

/** Clears everything this server published for a source file (used when its scoring is no longer wanted). */
export function clearPublished(ctx: ServerContext, uri: string): void {
  const file = ctx.state.existingFile(uri);
  void ctx.connection.sendDiagnostics({ uri, diagnostics: [] });
  if (file?.publishedPairsUri) void ctx.connection.sendDiagnostics({ uri: file.publishedPairsUri, diagnostics: [] });
}

function publish(
  ctx: ServerContext,
  uri: string,
  file: SourceFileState,
  report: FileReport,
  pairsUri: string,
  version: number | null,
): void {
  const diagnostics = toLspDiagnostics(report, { docsUrl: ctx.state.docsUrl, pairsUri });
  void ctx.connection.sendDiagnostics({ uri, ...(version === null ? {} : { version }), diagnostics: diagnostics.source });
  if (file.publishedPairsUri !== null && file.publishedPairsUri !== pairsUri) {
    void ctx.connection.sendDiagnostics({ uri: file.publishedPairsUri, diagnostics: [] });
  }
  void ctx.connection.sendDiagnostics({ uri: pairsUri, diagnostics: diagnostics.pairs });
  file.publishedPairsUri = pairsUri;
}

function sendStatus(ctx: ServerContext, uri: string, file: SourceFileState, state: StatusParams['state'], message: string | null): void {
  const threshold = ctx.state.settings.threshold;
  const scored = file.report?.functions.filter((fn) => fn.status === 'scored') ?? [];
  const params: StatusParams = {
    uri,
    state,
    functions: file.report?.functions.length ?? 0,
    scored: scored.length,
    passing: scored.filter((fn) => meetsHarness(fn, threshold)).length,
    evaluated: file.evaluated,
    threshold,
    message,
  };
  void ctx.connection.sendNotification(StatusNotification, params);
}

function displayPath(ctx: ServerContext, path: string): string {
  for (const folderUri of ctx.state.workspaceFolders) {
    const folder = uriToPath(folderUri);
    if (folder === null) continue;
    const relativePath = relative(folder, path);
    if (relativePath !== '' && !relativePath.startsWith('..') && !isAbsolute(relativePath)) return relativePath;
  }
  return basename(path);
}
