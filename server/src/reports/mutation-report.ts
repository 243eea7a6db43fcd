// Stryker's mutation-testing-report-schema (schemaVersion 2) from a CheckReport: one "file" per Verus source, each
// wrong output a mutant at its function's ensures, the pairs as tests in `testFiles` (a pair kills the mutants made
// from it). Read by Stryker's dashboard and HTML viewer (mutation-testing-elements).

import type { CheckReport, FileReport, FunctionReport, Range, Verdict } from '../harness';
import { ensuresOrName, oneBased } from './locations';
import type { FunctionOutcomes, MutantOutcome } from './mutant-outcomes';
import { assertNever } from '../stdx';

export type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Timeout' | 'Ignored' | 'Pending';

export interface MutationReport {
  readonly schemaVersion: '2';
  readonly thresholds: { readonly high: number; readonly low: number };
  readonly files: Record<string, { readonly language: string; readonly source: string; readonly mutants: readonly MutationReportMutant[] }>;
  readonly testFiles: Record<string, { readonly tests: readonly MutationReportTest[] }>;
  readonly framework: { readonly name: string; readonly version: string };
}

export interface MutationReportMutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly location: MutationReportLocation;
  readonly status: MutantStatus;
  readonly description: string;
  readonly replacement?: string;
  readonly statusReason?: string;
  readonly killedBy?: readonly string[];
  readonly coveredBy?: readonly string[];
}

export interface MutationReportTest {
  readonly id: string;
  readonly name: string;
  readonly location?: { readonly start: { readonly line: number; readonly column: number } };
}

interface MutationReportLocation {
  readonly start: { readonly line: number; readonly column: number };
  readonly end: { readonly line: number; readonly column: number };
}

export interface MutationReportInput {
  readonly report: CheckReport;
  /** Source text by FileReport.path (a file without text gets an empty source). */
  readonly sources: ReadonlyMap<string, string>;
  /** Every mutant and its verdict, by FileReport.path (see mutantOutcomes). */
  readonly outcomes: ReadonlyMap<string, readonly FunctionOutcomes[]>;
  /** Scores at or above it are "high" in the viewer (the run's threshold, 0-1). */
  readonly threshold: number;
  readonly version: string;
}

export function toMutationReport(input: MutationReportInput): MutationReport {
  const files: MutationReport['files'] = {};
  const testFiles: Record<string, { tests: MutationReportTest[] }> = {};
  for (const file of input.report.files) {
    const outcomes = input.outcomes.get(file.path) ?? [];
    const mutants = file.functions.flatMap((fn) =>
      functionMutants(
        file,
        fn,
        outcomes.find((o) => o.qualifiedName === fn.qualifiedName),
      ),
    );
    files[file.path] = { language: 'rust', source: input.sources.get(file.path) ?? '', mutants };
    if (file.pairsFile === null) continue;
    const tests = (testFiles[file.pairsFile] ??= { tests: [] }).tests;
    for (const fnOutcomes of outcomes) {
      for (const pair of fnOutcomes.pairs) {
        const start = oneBased(pair.range);
        tests.push({
          id: testId(file, pair.id),
          name: `${fnOutcomes.qualifiedName}: ${pair.call}`,
          location: { start: { line: start.startLine, column: start.startColumn } },
        });
      }
    }
  }
  const high = Math.round(input.threshold * 100);
  return {
    schemaVersion: '2',
    thresholds: { high, low: Math.max(0, Math.min(high, 50)) },
    files,
    testFiles,
    framework: { name: 'spec-harness', version: input.version },
  };
}

/** A mutant's status: rejected wrong output = Killed, accepted = Survived, undecided = Timeout or RuntimeError. */
export function mutantStatus(verdict: Verdict | undefined): { readonly status: MutantStatus; readonly statusReason?: string } {
  if (verdict === undefined) return { status: 'Survived', statusReason: 'the ensures is empty: every output is accepted' };
  switch (verdict.kind) {
    case 'fails':
      return { status: 'Killed' };
    case 'holds':
      return { status: 'Survived' };
    case 'indeterminate':
      return { status: /budget|time limit|timed out/i.test(verdict.reason) ? 'Timeout' : 'RuntimeError', statusReason: verdict.reason };
    case 'unsupported':
      return { status: 'RuntimeError', statusReason: `unsupported: ${verdict.construct}` };
    default:
      return assertNever(verdict);
  }
}

function functionMutants(file: FileReport, fn: FunctionReport, outcomes: FunctionOutcomes | undefined): MutationReportMutant[] {
  const location = strykerLocation(fn);
  if (fn.status !== 'scored') {
    // A function nothing measured still shows in the viewer, where its contract is, with the reason.
    const status: MutantStatus = fn.status === 'no-pairs' ? 'NoCoverage' : 'RuntimeError';
    return [
      {
        id: testId(file, `${fn.qualifiedName}/${fn.status}`),
        mutatorName: fn.status,
        location,
        status,
        description: `${fn.qualifiedName}: ${fn.reason ?? fn.status}`,
        statusReason: fn.reason ?? fn.status,
      },
    ];
  }
  return (outcomes?.mutants ?? []).map((mutant) => scoredMutant(file, fn, mutant, location));
}

function scoredMutant(file: FileReport, fn: FunctionReport, mutant: MutantOutcome, location: MutationReportLocation): MutationReportMutant {
  const { status, statusReason } = mutantStatus(mutant.verdict);
  const pairTest = testId(file, mutant.pairId);
  return {
    id: testId(file, mutant.id),
    mutatorName: mutant.source === 'value' ? mutant.operator : `${mutant.source}: ${mutant.operator}`,
    // A code mutant is shown at the code it changes; value and swapped outputs at the ensures that judges them.
    location: mutant.codeRange === undefined ? location : strykerRange(mutant.codeRange),
    status,
    description: `${fn.qualifiedName}: correct ${mutant.correct}; wrong ${mutant.wrong} (${mutant.source === 'value' ? '' : `${mutant.source}: `}${mutant.operator})`,
    replacement: mutant.wrong,
    ...(statusReason === undefined ? {} : { statusReason }),
    ...(status === 'Killed' ? { killedBy: [pairTest] } : {}),
    coveredBy: [pairTest],
  };
}

function strykerLocation(fn: FunctionReport): MutationReportLocation {
  return strykerRange(ensuresOrName(fn));
}

function strykerRange(editorRange: Range): MutationReportLocation {
  const range = oneBased(editorRange);
  return { start: { line: range.startLine, column: range.startColumn }, end: { line: range.endLine, column: range.endColumn } };
}

/** Ids are unique across files: obligation ids are unique within one file only. */
function testId(file: FileReport, id: string): string {
  return `${file.path}#${id}`;
}
