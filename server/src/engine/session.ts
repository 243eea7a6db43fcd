// The incremental engine: per open document it holds the text, the model and the pairs layout of the last version
// it saw, and each function's results under the key of what they depend on. Scoring a new version parses once,
// re-scores only the functions whose key changed (the scorer gets the pairs text with the other entries blanked)
// and assembles the report exactly as a cold run does (`fileDiagnostics` over the merged parts).
// Many stale functions are scored in chunks, in source order, with the report so far handed out after each (a big
// file's first diagnostics need not wait for its last function).
// Invariant: the report equals `checkFile` on the same text, pairs text and options, byte for byte (the property
// test in test/engine/, with one-function chunks); a cancelled run memoizes only the chunks it finished.

import { createHash } from 'node:crypto';
import type { CheckInput, CheckOptions, FileReport, FunctionReport, PairsDiagnostic } from '../harness';
import { fileDiagnostics, pairsFileNameOf } from '../harness';
import type { FileModel } from '../model';
import type { IncrementalParse, LineIndex, SourceFile } from '../syntax';
import { nextDocumentSyntax } from './document-syntax';
import { isReusable, memoEntriesOf, moveEntry, pairsDiagnosticsOf } from './function-memo';
import type { MemoEntry } from './function-memo';
import { locateFunctions } from './located';
import type { LocatedFunction } from './located';
import { functionKeys, sameKey } from './memo-keys';
import type { FunctionKey } from './memo-keys';
import { pairsLayout, reducePairsText } from './pairs-layout';
import type { PairsLayout } from './pairs-layout';

/** One version of a document to score: the source and pairs texts, and the names reports show. */
export interface ScoreDocument {
  readonly uri: string;
  readonly path: string;
  readonly text: string;
  readonly pairsPath: string | null;
  readonly pairsText: string | null;
  /** The model to score with, when the host has one that reaches beyond the text (the file's crate: another file's
   *  types, spec fns and impls in scope); else the text's own model. Built from `text`. */
  readonly model?: FileModel;
}

/** Runs the check on some functions (`options.functions`) with the backend the host chose. */
export type Scorer = (input: CheckInput, options: CheckOptions) => Promise<FileReport>;

export interface EngineRun {
  readonly report: FileReport;
  readonly located: readonly LocatedFunction[];
  /** Functions scored afresh in this run; the others came from the memo. */
  readonly evaluated: readonly string[];
}

/** How a run with many stale functions is split: chunks in source order, the first small so a big file's first
 *  results come early, each next one twice as big up to `max` (the fixed cost per chunk, a reduced pairs text and
 *  its parse, stays small next to the scoring). */
export interface ChunkSizes {
  readonly first: number;
  readonly max: number;
}

const DEFAULT_CHUNK_SIZES: ChunkSizes = { first: 25, max: 1000 };

/** Told after each chunk but the last: the report over every function finished so far (reused ones included). */
export type PartialRunListener = (partial: EngineRun) => void;

export class EngineSession {
  private readonly documents = new Map<string, DocumentState>();

  constructor(private readonly chunkSizes: ChunkSizes = DEFAULT_CHUNK_SIZES) {}

  /** Scores `document` under `options` (`settingsKey` names everything else the results depend on: backend,
   *  solver). Null when `options.cancelled` turned true during the run; the chunks it finished stay memoized
   *  (their keys are this version's), so a run cancelled again and again by typing still makes progress. */
  async score(
    document: ScoreDocument,
    options: CheckOptions,
    settingsKey: string,
    scorer: Scorer,
    onPartial?: PartialRunListener,
  ): Promise<EngineRun | null> {
    const state = this.refresh(document, options, settingsKey);
    const input: CheckInput = {
      path: document.path,
      text: document.text,
      pairsPath: document.pairsPath,
      pairsText: document.pairsText,
      model: state.scoringModel,
      lineIndex: state.lineIndex,
    };
    const { functions: _all, ...wholeFile } = options;
    const keys = state.keys;
    if (keys === null) {
      const report = await scorer(input, wholeFile);
      if (options.cancelled?.() === true) return null;
      state.memo = new Map();
      return { report, located: located(state, report), evaluated: report.functions.map((fn) => fn.qualifiedName) };
    }
    const reused = [...keys.values()].flatMap((key) => {
      const entry = state.memo.get(key.qualifiedName);
      return entry !== undefined && sameKey(entry.key, key) ? [moveEntry(entry, key)] : [];
    });
    const reusedNames = new Set(reused.map((entry) => entry.key.qualifiedName));
    const stale = [...keys.keys()].filter((name) => !reusedNames.has(name));
    const finished: MemoEntry[] = [...reused];
    // This version's memo: the reused entries, then each chunk's as it finishes (kept if a later chunk is cancelled).
    const memo = new Map(reused.filter(isReusable).map((entry) => [entry.key.qualifiedName, entry]));
    const evaluated: string[] = [];
    let fileLevel: readonly PairsDiagnostic[] = [];
    const scoreChunk = async (chunk: readonly string[], first: boolean): Promise<FileReport | null> => {
      const scored = new Set(chunk);
      const blanked = new Set([...keys.keys()].filter((name) => !scored.has(name)));
      const pairsText = state.layout === null ? null : reducePairsText(state.layout, blanked);
      const fresh = await scorer({ ...input, pairsText }, { ...wholeFile, functions: chunk });
      if (options.cancelled?.() === true) return null;
      const parts = memoEntriesOf(fresh.functions, pairsDiagnosticsOf(fresh), keys);
      // Every chunk reads the same entries outside `functions`: the first one's file-level diagnostics stand for all.
      if (first) fileLevel = parts.fileLevel;
      finished.push(...parts.entries);
      for (const entry of parts.entries.filter(isReusable)) memo.set(entry.key.qualifiedName, entry);
      state.memo = memo;
      evaluated.push(...fresh.functions.map((fn) => fn.qualifiedName));
      return fresh;
    };
    // The run so far, assembled only when someone reads it: after the last chunk, or for a listener.
    const runSoFar = (fresh: FileReport): EngineRun => {
      const report = assemble(state, fresh, inSourceOrder(finished, keys), fileLevel, options);
      return { report, located: located(state, report), evaluated: [...evaluated] };
    };
    const chunks = chunksOf(stale, this.chunkSizes);
    for (const [idx, chunk] of chunks.slice(0, -1).entries()) {
      const fresh = await scoreChunk(chunk, idx === 0);
      if (fresh === null) return null;
      onPartial?.(runSoFar(fresh));
    }
    const fresh = await scoreChunk(chunks.at(-1) ?? [], chunks.length === 1);
    return fresh === null ? null : runSoFar(fresh);
  }

  /** Forgets a closed document. */
  close(uri: string): void {
    this.documents.delete(uri);
  }

  /** The document's state for this version: the model re-parsed only when the text changed, the pairs layout only
   *  when the pairs text did, the memo dropped when the settings changed (what the file's text gives each function,
   *  `use`s included, is in its own key: memo-keys.ts). */
  private refresh(document: ScoreDocument, options: CheckOptions, settingsKey: string): DocumentState {
    const previous = this.documents.get(document.uri);
    const sameText = previous !== undefined && previous.text === document.text;
    // The previous version's parse is consumed by the next one (its tree edited in place): handed on, never reused twice.
    const { parse, model, lineIndex } = sameText ? previous : nextDocumentSyntax(document.text, previous);
    const samePairs = previous !== undefined && previous.pairsText === document.pairsText;
    const layout = samePairs ? previous.layout : document.pairsText === null ? null : pairsLayout(document.pairsText);
    const contextKey = JSON.stringify([
      settingsKey,
      crateFingerprint(document.model),
      document.path,
      document.pairsPath,
      options.threshold,
      options.mutantsPerPair,
      options.seed,
      options.stepBudget,
      options.stackAllowance ?? null,
      options.pairSet ?? null,
      options.codeMutants ?? null,
      options.weakPostcondition ?? null,
    ]);
    const usableLayout = layout === null || layout.entries !== null;
    // Keys hold the text of what a function reaches in its own file; the crate's other files count through the
    // context key (`crateFingerprint`): an edit there re-scores the file's functions, those that reach it among them.
    const scoringModel = document.model ?? model;
    const keys = !usableLayout ? null : functionKeys(scoringModel, lineIndex, document.pairsText, layout?.entries ?? []);
    const memo = previous !== undefined && previous.contextKey === contextKey ? previous.memo : new Map<string, MemoEntry>();
    const state: DocumentState = {
      text: document.text,
      parse,
      model,
      scoringModel,
      lineIndex,
      pairsText: document.pairsText,
      layout,
      contextKey,
      keys,
      memo,
    };
    this.documents.set(document.uri, state);
    return state;
  }
}

interface DocumentState {
  readonly text: string;
  readonly parse: IncrementalParse;
  /** The text's own model, which the next version's is rebuilt from. */
  readonly model: FileModel;
  readonly scoringModel: FileModel;
  readonly lineIndex: LineIndex;
  readonly pairsText: string | null;
  readonly layout: PairsLayout | null;
  readonly contextKey: string;
  /** Null when nothing can be reused (a pairs file that cannot be reduced safely, two functions with one name). */
  readonly keys: ReadonlyMap<string, FunctionKey> | null;
  memo: Map<string, MemoEntry>;
}

/** The whole-file report from its parts, through the same `fileDiagnostics` a cold run's `finishFile` uses. */
function assemble(
  state: DocumentState,
  fresh: FileReport,
  merged: readonly MemoEntry[],
  fileLevel: readonly PairsDiagnostic[],
  options: CheckOptions,
): FileReport {
  const functions: FunctionReport[] = merged.map((entry) => entry.report);
  const pairsDiagnostics = [...fileLevel, ...merged.flatMap((entry) => entry.pairsDiagnostics)];
  const diagnostics = fileDiagnostics({
    model: state.scoringModel,
    lineIndex: state.lineIndex,
    functions,
    pairsDiagnostics,
    pairsFileName: pairsFileNameOf(fresh.path, fresh.pairsFile),
    threshold: options.threshold,
    weakPostcondition: options.weakPostcondition,
  });
  return { path: fresh.path, pairsFile: fresh.pairsFile, diagnostics, functions };
}

/** `stale` in chunks (one empty chunk when nothing is stale: the run still reads the pairs file's file-level
 *  diagnostics). */
export function chunksOf(stale: readonly string[], sizes: ChunkSizes): string[][] {
  const chunks: string[][] = [];
  let size = Math.max(1, sizes.first);
  for (let at = 0; at < stale.length; at += size, size = Math.min(Math.max(1, sizes.max), size * 2)) {
    chunks.push(stale.slice(at, at + size));
  }
  return chunks.length === 0 ? [[]] : chunks;
}

function inSourceOrder(entries: readonly MemoEntry[], keys: ReadonlyMap<string, FunctionKey>): MemoEntry[] {
  const order = new Map([...keys.keys()].map((name, idx) => [name, idx]));
  return [...entries].sort((a, b) => (order.get(a.key.qualifiedName) ?? 0) - (order.get(b.key.qualifiedName) ?? 0));
}

function located(state: DocumentState, report: FileReport): LocatedFunction[] {
  return locateFunctions(state.scoringModel, state.lineIndex, new Set(report.functions.map((fn) => fn.qualifiedName)));
}

/** What the crate's other files hold, as a digest ('' for a file scored alone): part of the context key, so the memo
 *  never outlives a change to a file the model reads beside the document. */
function crateFingerprint(model: FileModel | undefined): string {
  const siblings = model?.siblings?.() ?? [];
  if (siblings.length === 0) return '';
  return createHash('sha1')
    .update(siblings.map((sibling) => textDigest(sibling.source)).join(''))
    .digest('hex');
}

/** A file's text digest, made once per parsed file: a crate's files are parsed once per read of the crate, so a run
 *  hashes only what changed since (not the whole crate on every refresh). */
function textDigest(source: SourceFile): string {
  const known = DIGESTS.get(source);
  if (known !== undefined) return known;
  const digest = createHash('sha1').update(source.text).digest('hex');
  DIGESTS.set(source, digest);
  return digest;
}

const DIGESTS = new WeakMap<SourceFile, string>();
