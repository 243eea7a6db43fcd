// One function's memoized results: its report and the pairs-file diagnostics inside its entry, with the key they
// were made under. A reused entry is moved by whole lines to where its function and entry are now (same text, so
// nothing else in it changes); its diagnostics in the source are re-derived from the report, never stored.

import type { FileReport, FunctionReport, PairsDiagnostic, Range, ReportDiagnostic } from '../harness';
import { rangeContains } from '../harness';
import type { FunctionKey } from './memo-keys';

export interface MemoEntry {
  readonly key: FunctionKey;
  readonly report: FunctionReport;
  readonly pairsDiagnostics: readonly PairsDiagnostic[];
}

/** The pairs-file diagnostics of a report, as the check made them. */
export function pairsDiagnosticsOf(report: FileReport): PairsDiagnostic[] {
  return report.diagnostics.filter(isPairsDiagnostic).map(({ message, range, severity }) => ({ message, range, severity }));
}

/** Entries for a run's functions, each with the pairs-file diagnostics inside its entry; the rest are file-level. */
export function memoEntriesOf(
  functions: readonly FunctionReport[],
  pairsDiagnostics: readonly PairsDiagnostic[],
  keys: ReadonlyMap<string, FunctionKey>,
): { readonly entries: MemoEntry[]; readonly fileLevel: PairsDiagnostic[] } {
  const owned = new Set<PairsDiagnostic>();
  const entries: MemoEntry[] = [];
  for (const report of functions) {
    const key = keys.get(report.qualifiedName);
    if (key === undefined) continue;
    const entryRange = key.pairsRange;
    const mine = entryRange === null ? [] : pairsDiagnostics.filter((diagnostic) => rangeContains(entryRange, diagnostic.range));
    for (const diagnostic of mine) owned.add(diagnostic);
    entries.push({ key, report, pairsDiagnostics: mine });
  }
  return { entries, fileLevel: pairsDiagnostics.filter((diagnostic) => !owned.has(diagnostic)) };
}

/** Unsupported and error reports, and a scored one saying why its PostComp has no value, cite line numbers in
 *  their reasons, which moving cannot fix, and an unsupported construct met in a reached spec fn points into it,
 *  which moves on its own: such reports are re-run. */
export function isReusable(entry: MemoEntry): boolean {
  const { report } = entry;
  return (
    report.status !== 'unsupported' &&
    report.status !== 'error' &&
    (report.status !== 'scored' || report.reason === null) &&
    report.unsupported.every((item) => rangeContains(report.range, item.range))
  );
}

/** A memoized entry moved to where its function and pairs entry are now. */
export function moveEntry(entry: MemoEntry, now: FunctionKey): MemoEntry {
  const sourceDelta = now.sourceLine - entry.key.sourceLine;
  const pairsDelta = (now.pairsRange?.start.line ?? 0) - (entry.key.pairsRange?.start.line ?? 0);
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
  const pairsDiagnostics = entry.pairsDiagnostics.map((diagnostic) => ({ ...diagnostic, range: shift(diagnostic.range, pairsDelta) }));
  return { key: now, report, pairsDiagnostics };
}

function isPairsDiagnostic(diagnostic: ReportDiagnostic): diagnostic is ReportDiagnostic & PairsDiagnostic {
  return diagnostic.file === 'pairs' && diagnostic.severity !== 'information';
}

function shift(range: Range, lines: number): Range {
  if (lines === 0) return range;
  return {
    start: { line: range.start.line + lines, character: range.start.character },
    end: { line: range.end.line + lines, character: range.end.character },
  };
}
