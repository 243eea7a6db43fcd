// The scoring loop: gathers a source file's text and pairs text, works out which functions changed, runs the
// worker on those, merges with the cache, stores the report and publishes diagnostics and status.

import { basename, dirname, isAbsolute, relative } from 'node:path';
import { CodeLensRefreshRequest } from 'vscode-languageserver';
import type { Connection } from 'vscode-languageserver';
import { DEFAULT_CHECK_OPTIONS, meetsHarness } from '../harness';
import type { FileReport, Range } from '../harness';
import { buildFileModel } from '../model';
import type { FileModel } from '../model';
import { parseSourceFile } from '../syntax';
import { toLspDiagnostics } from './convert';
import { cacheEntriesOf, functionKeys, mergeReport, moveEntry, withoutPairsDiagnostics } from './function-cache';
import type { CacheEntry } from './function-cache';
import { entryRanges, reducePairsText } from './pairs-reduce';
import { pairsPathFor, pathToUri, readPairsText, readTextOrNull, uriToPath } from './paths';
import { STATUS_NOTIFICATION, TEST_RESULTS_NOTIFICATION } from './protocol';
import type { HarnessSettings, StatusParams } from './protocol';
import type { ScoreRunner } from './score-runner';
import type { ServerState, SourceFileState } from './state';
import { testResults } from './test-results';
import type { BackendRequest, ScoreOptions } from './worker-protocol';

/** Scores are deterministic: one fixed seed, and a step budget per evaluation so no contract can hang the worker.
 *  Both are the CLI's defaults, so a file scores the same in the editor and in `spec-harness check`. */
export const SEED = DEFAULT_CHECK_OPTIONS.seed;
export const STEP_BUDGET = DEFAULT_CHECK_OPTIONS.stepBudget;

export interface ServerContext {
  readonly connection: Connection;
  readonly state: ServerState;
  readonly runner: ScoreRunner;
  log(message: string): void;
}

export type ScoreOutcome = 'scored' | 'cancelled' | 'failed' | 'unreadable';

/** Parses the current text into the file's model (once per document version). */
export function refreshModel(ctx: ServerContext, uri: string): FileModel | null {
  const document = ctx.state.documents.get(uri);
  const file = ctx.state.file(uri);
  if (document === undefined) return file.model;
  if (file.modelVersion === document.version && file.model !== null) return file.model;
  try {
    file.model = buildFileModel(parseSourceFile(document.getText()));
    file.modelVersion = document.version;
  } catch (error) {
    ctx.log(`bug: parsing ${uri} v${document.version} threw: ${describe(error)}`);
  }
  return file.model;
}

export async function scoreSource(ctx: ServerContext, uri: string): Promise<ScoreOutcome> {
  const path = uriToPath(uri);
  if (path === null) return 'unreadable';
  const document = ctx.state.documents.get(uri);
  // Diagnostics carry the version they were made from, so a client can tell them from ones for older text.
  const version = document?.version ?? null;
  const text = document?.getText() ?? (await readTextOrNull(path));
  if (text === null) return 'unreadable';
  const pairsPath = pairsPathFor(path);
  const pairsUri = pathToUri(pairsPath);
  const pairsText = ctx.state.documents.get(pairsUri)?.getText() ?? (await pairsTextOnDisk(ctx, pairsPath));
  const file = ctx.state.file(uri);
  const settings = ctx.state.settings;
  const optionsKey = JSON.stringify([settings.threshold, settings.mutantsPerPair, settings.weakPostcondition, SEED, STEP_BUDGET, settings.backend, settings.verusPath, settings.verusExtraArgs, settings.solver]);
  const backend: BackendRequest =
    settings.backend === 'embedded' ? { kind: 'embedded' } : { kind: settings.backend, verusPath: settings.verusPath, extraArgs: settings.verusExtraArgs, cwd: dirname(path) };
  const model = ctx.state.documents.get(uri) !== undefined ? refreshModel(ctx, uri) : safeModel(ctx, uri, text);
  const keys = model === null ? null : functionKeys(model, pairsText, optionsKey);
  const stale = keys === null ? null : [...keys.values()].filter((key) => file.cache.get(key.qualifiedName)?.key.hash !== key.hash).map((key) => key.qualifiedName);
  const options = scoreOptionsFor(settings, stale);
  // The worker reads only the pairs entries it scores: reused functions' entries are blanked (offsets kept).
  const pairsEntries = pairsText === null || keys === null ? null : entryRanges(pairsText);
  const blankable = new Set(stale === null ? [] : [...file.cache.values()]
    .filter((entry) => entry.ownsPairsDiagnostics && !stale.includes(entry.key.qualifiedName) && keys?.has(entry.key.qualifiedName))
    .map((entry) => entry.key.qualifiedName));
  const reducedPairs = pairsText === null || pairsEntries === null ? null : reducePairsText(pairsText, blankable);
  const blanked = reducedPairs === null ? new Set<string>() : blankable;

  sendStatus(ctx, uri, file, 'scoring', null);
  // Messages name files as the user sees them in the workspace, not by absolute path.
  const input = { path: displayPath(ctx, path), text, pairsPath: pairsText === null ? null : displayPath(ctx, pairsPath), pairsText: reducedPairs ?? pairsText };
  const outcome = await ctx.runner.run<FileReport>(`score:${uri}`, { kind: 'score', input, options, backend });
  if (outcome.kind === 'cancelled') {
    // A newer run for this file sends its own status; otherwise the file is idle again, with its last results.
    if (!ctx.runner.isBusy(`score:${uri}`)) sendStatus(ctx, uri, file, 'idle', null);
    return 'cancelled';
  }
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
  const report = keys === null ? outcome.value : mergeWithCache(file, outcome.value, keys, pairsEntries, blanked);
  const total = report.functions.length;
  const fresh = stale === null ? total : stale.filter((name) => report.functions.some((fn) => fn.qualifiedName === name)).length;
  ctx.log(`scored ${uri}: ${fresh} of ${total} functions evaluated, ${total - fresh} from cache`);
  file.report = report;
  file.reportText = text;
  file.evaluated = fresh;
  publish(ctx, uri, file, report, pairsUri, version);
  void ctx.connection.sendNotification(TEST_RESULTS_NOTIFICATION, testResults(uri, report, ctx.state.settings.threshold));
  sendStatus(ctx, uri, file, 'idle', null);
  // Editors ask for lenses when a file opens, usually before its first run ends: tell them the lenses changed.
  if (ctx.state.features.codeLensRefresh) void ctx.connection.sendRequest(CodeLensRefreshRequest.type);
  return 'scored';
}

/** What the worker is asked to score with: the settings' threshold and mutants, the CLI's seed and step budget. */
export function scoreOptionsFor(
  settings: Pick<HarnessSettings, 'threshold' | 'mutantsPerPair' | 'weakPostcondition' | 'solver'>,
  functions: readonly string[] | null,
): ScoreOptions {
  const { threshold, mutantsPerPair, weakPostcondition, solver } = settings;
  return { threshold, mutantsPerPair, weakPostcondition, seed: SEED, stepBudget: STEP_BUDGET, functions, solver };
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

function mergeWithCache(
  file: SourceFileState,
  fresh: FileReport,
  keys: ReturnType<typeof functionKeys> & object,
  pairsEntries: ReadonlyMap<string, Range> | null,
  blanked: ReadonlySet<string>,
): FileReport {
  const { entries, fileLevel } = cacheEntriesOf(fresh, keys, pairsEntries);
  const freshNames = new Set(entries.map((entry) => entry.key.qualifiedName));
  const reused: CacheEntry[] = [];
  for (const [name, key] of keys) {
    const cached = file.cache.get(name);
    if (freshNames.has(name) || cached === undefined || cached.key.hash !== key.hash) continue;
    // An entry the worker read afresh has its pairs-file diagnostics in the fresh run's file-level ones.
    const moved = moveEntry(cached, key);
    reused.push(blanked.has(name) ? moved : withoutPairsDiagnostics(moved));
  }
  file.cache = new Map([...entries, ...reused].filter((entry) => entry.cacheable).map((entry) => [entry.key.qualifiedName, entry]));
  return mergeReport(fresh, fileLevel, [...entries, ...reused]);
}

function publish(ctx: ServerContext, uri: string, file: SourceFileState, report: FileReport, pairsUri: string, version: number | null): void {
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
  const params: StatusParams = { uri, state, scored: scored.length, passing: scored.filter((fn) => meetsHarness(fn, threshold)).length, evaluated: file.evaluated, threshold, message };
  void ctx.connection.sendNotification(STATUS_NOTIFICATION, params);
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

function safeModel(ctx: ServerContext, uri: string, text: string): FileModel | null {
  try {
    return buildFileModel(parseSourceFile(text));
  } catch (error) {
    ctx.log(`bug: parsing ${uri} threw: ${describe(error)}`);
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
