// Per-function result cache: a function is re-scored only when its text (contract and body: code mutants run the
// body), the file's spec context (spec fns, datatypes, constants) or its pairs-file entry changed. Cached results are moved by line deltas when the function or
// its pairs entry merely moved, so reused ranges stay exact.

import { createHash } from 'node:crypto';
import { findNodeAtLocation } from 'jsonc-parser';
import type { Node as JsonNode } from 'jsonc-parser';
import type { FileModel, FunctionContract } from '../model';
import type { Item } from '../syntax';
import { createLineIndex } from '../syntax';
import type { LineIndex } from '../syntax';
import type { FileReport, FunctionReport, Range, ReportDiagnostic } from '../harness';
import { readPairsDocument } from '../harness';
import { moveOutcomes } from '../reports';
import type { FunctionOutcomes } from '../reports';

export interface FunctionKey {
  readonly qualifiedName: string;
  readonly hash: string;
  readonly sourceLine: number;
  /** The whole function now (its body may have changed without changing the key). */
  readonly range: Range;
  /** Where the function's entry sits in the pairs file, when it has one. */
  readonly pairsRange: Range | null;
}

export interface CacheEntry {
  readonly key: FunctionKey;
  /** False for unsupported and error reports: their reasons cite line numbers, which moving cannot fix. */
  readonly cacheable: boolean;
  readonly report: FunctionReport;
  readonly diagnostics: readonly ReportDiagnostic[];
  /** True when `diagnostics` include the pairs-file diagnostics inside the function's pairs entry, so the entry may
   *  be blanked from the worker's input when these results are reused (pairs-reduce.ts). */
  readonly ownsPairsDiagnostics: boolean;
  /** Every mutant with its verdict, for the mutation report view (null when the run did not say). */
  readonly outcomes: FunctionOutcomes | null;
}

/** Keys for every function of the model, or null when the pairs file is not valid JSON (then nothing is reused). */
export function functionKeys(model: FileModel, pairsText: string | null, optionsKey: string): Map<string, FunctionKey> | null {
  const text = model.source.text;
  const lineIndex = createLineIndex(text);
  const parsed = pairsText === null ? null : parsePairsTree(pairsText);
  if (parsed !== null && parsed.root === undefined) return null;
  const pairsRoot = parsed?.root;
  const context = specContext(model);
  const keys = new Map<string, FunctionKey>();
  for (const fn of model.functions) {
    const start = lineIndex.positionAt(fn.span.start);
    const entry = pairsRoot === undefined ? undefined : findNodeAtLocation(pairsRoot, ['functions', fn.qualifiedName]);
    const entryText = entry === undefined || pairsText === null ? '' : pairsText.slice(entry.offset, entry.offset + entry.length);
    const pairsRange =
      entry === undefined || parsed === null
        ? null
        : { start: parsed.lineIndex.positionAt(entry.offset), end: parsed.lineIndex.positionAt(entry.offset + entry.length) };
    const hash = sha1([fn.qualifiedName, functionText(fn, text), String(start.character), context, entryText,
      String(pairsRange?.start.character ?? -1), optionsKey]);
    const range = { start, end: lineIndex.positionAt(fn.span.end) };
    keys.set(fn.qualifiedName, { qualifiedName: fn.qualifiedName, hash, sourceLine: start.line, range, pairsRange });
  }
  return keys;
}

const FILE_LEVEL_CODES: ReadonlySet<ReportDiagnostic['code']> = new Set(['syntax', 'pairs-file']);

/** The last pairs text's tree: the pairs file rarely changes between saves of the source, so it is parsed once. */
let lastPairs: { readonly text: string; readonly root: JsonNode | undefined; readonly lineIndex: LineIndex } | null = null;

function parsePairsTree(pairsText: string): { readonly root: JsonNode | undefined; readonly lineIndex: LineIndex } {
  if (lastPairs?.text !== pairsText) {
    // Through the pairs document: nesting is capped before the recursive parser runs on this (the main) thread.
    const document = readPairsDocument(pairsText);
    const usable = document.syntaxProblems.length === 0 && document.duplicates.length === 0;
    lastPairs = { text: pairsText, root: usable ? document.root : undefined, lineIndex: createLineIndex(pairsText) };
  }
  return lastPairs;
}

/** Splits a report's diagnostics: a function's own (inside its source range, and with `pairsEntries` the pairs-file
 *  diagnostics inside its pairs entry) go with it; the rest are file-level. */
export function cacheEntriesOf(
  report: FileReport,
  keys: ReadonlyMap<string, FunctionKey>,
  pairsEntries: ReadonlyMap<string, Range> | null = null,
  outcomes: readonly FunctionOutcomes[] = [],
): { entries: CacheEntry[]; fileLevel: ReportDiagnostic[] } {
  const owned = new Set<ReportDiagnostic>();
  const entries: CacheEntry[] = [];
  for (const fn of report.functions) {
    const key = keys.get(fn.qualifiedName);
    if (key === undefined) continue;
    // Syntax and pairs-file diagnostics are made fresh on every run (for the whole file), so they are never cached.
    const entryRange = pairsEntries?.get(fn.qualifiedName) ?? null;
    const diagnostics = report.diagnostics.filter((diagnostic) => diagnostic.file === 'source'
      ? !FILE_LEVEL_CODES.has(diagnostic.code) && contains(fn.range, diagnostic.range)
      : entryRange !== null && contains(entryRange, diagnostic.range));
    for (const diagnostic of diagnostics) owned.add(diagnostic);
    const fnOutcomes = outcomes.find((candidate) => candidate.qualifiedName === fn.qualifiedName) ?? null;
    entries.push({ key, cacheable: fn.status !== 'unsupported' && fn.status !== 'error', report: fn, diagnostics, ownsPairsDiagnostics: pairsEntries !== null, outcomes: fnOutcomes });
  }
  return { entries, fileLevel: report.diagnostics.filter((diagnostic) => !owned.has(diagnostic)) };
}

/** A cached entry moved to where its function and pairs entry are now (same text, so only lines move). */
export function moveEntry(entry: CacheEntry, now: FunctionKey): CacheEntry {
  const sourceDelta = now.sourceLine - entry.key.sourceLine;
  const pairsDelta = (now.pairsRange?.start.line ?? 0) - (entry.key.pairsRange?.start.line ?? 0);
  if (sourceDelta === 0 && pairsDelta === 0) return { ...entry, key: now, report: { ...entry.report, range: now.range } };
  const moveSource = (range: Range): Range => shift(range, sourceDelta);
  const movePairs = (range: Range | null): Range | null => (range === null ? null : shift(range, pairsDelta));
  const fn = entry.report;
  const report: FunctionReport = {
    ...fn,
    range: now.range,
    nameRange: moveSource(fn.nameRange),
    requiresRange: fn.requiresRange === null ? null : moveSource(fn.requiresRange),
    ensuresRange: fn.ensuresRange === null ? null : moveSource(fn.ensuresRange),
    rejectedPairs: fn.rejectedPairs.map((pair) => ({
      ...pair,
      clause: pair.clause === null ? null : { ...pair.clause, range: moveSource(pair.clause.range) },
      pairsRange: movePairs(pair.pairsRange),
    })),
    acceptedMutants: fn.acceptedMutants.map((mutant) => ({
      ...mutant,
      pairsRange: movePairs(mutant.pairsRange),
      ...(mutant.codeRange === undefined ? {} : { codeRange: moveSource(mutant.codeRange) }),
    })),
    rejectedValidInputs: fn.rejectedValidInputs.map((input) => ({
      ...input,
      clause: input.clause === null ? null : { ...input.clause, range: moveSource(input.clause.range) },
      pairsRange: movePairs(input.pairsRange),
    })),
    admittedInvalidInputs: fn.admittedInvalidInputs.map((input) => ({ ...input, pairsRange: movePairs(input.pairsRange) })),
    unsupported: fn.unsupported.map((item) => ({ ...item, range: moveSource(item.range) })),
    ...(fn.clauses === undefined ? {} : { clauses: fn.clauses.map((clause) => ({ ...clause, range: moveSource(clause.range) })) }),
  };
  const diagnostics = entry.diagnostics.map((diagnostic) => ({
    ...diagnostic,
    range: shift(diagnostic.range, diagnostic.file === 'source' ? sourceDelta : pairsDelta),
  }));
  const outcomes = entry.outcomes === null ? null : moveOutcomes(entry.outcomes, sourceDelta, pairsDelta);
  return { key: now, cacheable: entry.cacheable, report, diagnostics, ownsPairsDiagnostics: entry.ownsPairsDiagnostics, outcomes };
}

/** A reused entry whose pairs entry the worker read afresh: its pairs-file diagnostics are in the fresh run's. */
export function withoutPairsDiagnostics(entry: CacheEntry): CacheEntry {
  return { ...entry, diagnostics: entry.diagnostics.filter((diagnostic) => diagnostic.file === 'source'), ownsPairsDiagnostics: false };
}

/** The whole-file report: fresh file-level diagnostics plus each function's entry, in source order. */
export function mergeReport(base: Pick<FileReport, 'path' | 'pairsFile'>, fileLevel: readonly ReportDiagnostic[], entries: readonly CacheEntry[]): FileReport {
  const ordered = [...entries].sort((a, b) => a.key.sourceLine - b.key.sourceLine);
  return {
    path: base.path,
    pairsFile: base.pairsFile,
    diagnostics: [...fileLevel, ...ordered.flatMap((entry) => entry.diagnostics)],
    functions: ordered.map((entry) => entry.report),
  };
}

/** Spec fns, datatypes, constants, uses: every item except exec fns, whitespace-normalised. Built from the items, so
 *  comments and blank lines between items (and any exec fn) do not count. */
function specContext(model: FileModel): string {
  const text = model.source.text;
  const parts: string[] = [];
  const visit = (items: readonly Item[]): void => {
    for (const item of items) {
      switch (item.kind) {
        case 'fn':
          if (item.mode !== 'exec') parts.push(text.slice(item.span.start, item.span.end));
          break;
        case 'impl':
        case 'trait':
          parts.push(`${item.kind}{`);
          visit(item.items);
          parts.push('}');
          break;
        case 'mod':
          parts.push(`mod ${item.name}{`);
          visit(item.items ?? []);
          parts.push('}');
          break;
        default:
          parts.push(text.slice(item.span.start, item.span.end));
      }
    }
  };
  visit(model.source.items);
  return parts.join('\u0000').replace(/\s+/g, ' ');
}

/** The whole text of a function: its contract, and its body, which code mutants mutate and run (a body edit changes
 *  their outputs and so PostComp). */
function functionText(fn: FunctionContract, text: string): string {
  return text.slice(fn.span.start, fn.span.end);
}

function contains(outer: Range, inner: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

function comparePositions(a: Range['start'], b: Range['start']): number {
  return a.line - b.line || a.character - b.character;
}

function shift(range: Range, lines: number): Range {
  return { start: { line: range.start.line + lines, character: range.start.character }, end: { line: range.end.line + lines, character: range.end.character } };
}

function sha1(parts: readonly string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\u0001');
  return hash.digest('hex');
}
