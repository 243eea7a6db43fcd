// The baseline ratchet: compare a run with a saved JSON report (`check --format json` or `--save-baseline`). A
// function known to the baseline fails only when it got worse: a score dropped, it stopped being scored, or it
// accepts a wrong output it rejected before. A function the baseline does not know is gated as usual.

import type { AcceptedMutant, CheckReport, FunctionStatus, Scores } from '../harness';
import { functionKey } from './locations';
import type { FunctionFailures } from './locations';

export interface BaselineFunction {
  readonly status: FunctionStatus;
  readonly scores: Scores;
  readonly mutants: number;
  readonly acceptedMutants: ReadonlySet<string>;
}

/** By functionKey (`path::qualifiedName`). */
export type Baseline = ReadonlyMap<string, BaselineFunction>;

/** Reads a saved report, or says what is wrong with it (with the JSON path). Unknown fields are ignored. */
export function decodeBaseline(json: unknown): Baseline | string {
  const files = field(json, 'files');
  if (!Array.isArray(files)) return 'not a spec-harness JSON report: no "files" array';
  const baseline = new Map<string, BaselineFunction>();
  for (const [fileIndex, file] of files.entries()) {
    const path = field(file, 'path');
    const functions = field(file, 'functions');
    if (typeof path !== 'string' || !Array.isArray(functions)) return `files[${fileIndex}]: expected "path" and "functions"`;
    for (const [fnIndex, fn] of functions.entries()) {
      const decoded = decodeFunction(fn);
      if (typeof decoded === 'string') return `files[${fileIndex}].functions[${fnIndex}]: ${decoded}`;
      baseline.set(functionKey({ path }, { qualifiedName: decoded.qualifiedName }), decoded.entry);
    }
  }
  return baseline;
}

/**
 * Which functions fail the ratchet: those the baseline knows, when they got worse; the others as `gateFailures`
 * says (new functions are gated as usual).
 */
export function ratchetFailures(report: CheckReport, baseline: Baseline, gateFailures: FunctionFailures): Map<string, readonly string[]> {
  const failures = new Map<string, readonly string[]>();
  for (const file of report.files) {
    for (const fn of file.functions) {
      const key = functionKey(file, fn);
      const before = baseline.get(key);
      const reasons = before === undefined ? (gateFailures.get(key) ?? []) : regressions(before, fn);
      if (reasons.length > 0) failures.set(key, reasons);
    }
  }
  return failures;
}

const SCORE_NAMES: readonly (readonly [keyof Scores, string])[] = [
  ['postCorrectness', 'PostCorr'],
  ['postCompleteness', 'PostComp'],
  ['preCorrectness', 'PreCorr'],
  ['preCompleteness', 'PreComp'],
];

/** Scores are ratios of small counts; anything closer than this is the same score. */
const EPSILON = 1e-9;

function regressions(
  before: BaselineFunction,
  now: {
    readonly status: FunctionStatus;
    readonly reason: string | null;
    readonly scores: Scores;
    readonly counts: { readonly mutants: number };
    readonly acceptedMutants: readonly AcceptedMutant[];
  },
): string[] {
  if (before.status !== 'scored') return [];
  if (now.status !== 'scored') return [`no longer scored (${now.status}${now.reason === null ? '' : `: ${now.reason}`})`];
  const reasons: string[] = [];
  for (const [key, name] of SCORE_NAMES) {
    const old = before.scores[key];
    const current = now.scores[key];
    if (old !== null && current !== null && current < old - EPSILON)
      reasons.push(`${name} dropped from ${old.toFixed(2)} to ${current.toFixed(2)}`);
  }
  // With the same number of mutants (same pairs, same seed) the mutants are the same ones, so a newly accepted one
  // is a wrong output this contract rejected before, even when the score rounds the same.
  if (now.counts.mutants === before.mutants) {
    const newlyAccepted = now.acceptedMutants.filter((mutant) => !before.acceptedMutants.has(mutantKey(mutant)));
    if (newlyAccepted.length > 0 && reasons.length === 0) {
      const first = newlyAccepted[0];
      reasons.push(
        `accepts ${newlyAccepted.length} wrong output${newlyAccepted.length === 1 ? '' : 's'} it rejected before, e.g. ${first?.display ?? JSON.stringify(first?.mutant)}`,
      );
    }
  }
  return reasons;
}

function mutantKey(mutant: Pick<AcceptedMutant, 'input' | 'mutant' | 'mutantAfter'>): string {
  return JSON.stringify([mutant.input, mutant.mutant, mutant.mutantAfter]);
}

function decodeFunction(fn: unknown): { readonly qualifiedName: string; readonly entry: BaselineFunction } | string {
  const qualifiedName = field(fn, 'qualifiedName');
  const status = field(fn, 'status');
  const scores = field(fn, 'scores');
  if (typeof qualifiedName !== 'string') return 'expected "qualifiedName"';
  if (status !== 'scored' && status !== 'no-pairs' && status !== 'unsupported' && status !== 'error') return 'expected "status"';
  const decodedScores: Partial<Record<keyof Scores, number | null>> = {};
  for (const [key] of SCORE_NAMES) {
    const score = field(scores, key);
    if (score !== null && typeof score !== 'number') return `expected "scores.${key}" to be a number or null`;
    decodedScores[key] = score;
  }
  const mutants = field(field(fn, 'counts'), 'mutants');
  const accepted = field(fn, 'acceptedMutants');
  const acceptedMutants = new Set(
    (Array.isArray(accepted) ? accepted : []).map((mutant: unknown) =>
      mutantKey({ input: jsonField(mutant, 'input'), mutant: jsonField(mutant, 'mutant'), mutantAfter: jsonField(mutant, 'mutantAfter') }),
    ),
  );
  return {
    qualifiedName,
    entry: { status, scores: decodedScores as Scores, mutants: typeof mutants === 'number' ? mutants : -1, acceptedMutants },
  };
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}

/** A JSON value read back from a JSON file is JSON by construction; absent means null, as the report writes it. */
function jsonField(value: unknown, name: string): AcceptedMutant['input'] {
  return (field(value, name) ?? null) as AcceptedMutant['input'];
}
