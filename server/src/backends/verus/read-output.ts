// Reads what one `verus` run printed (rustc JSON diagnostics on stderr, the `--output-json` object on stdout) and
// maps it back to the stub's probes. Pure: the output is decoded from `unknown`, and noise is skipped, never thrown.

import type { Verdict } from '../../harness';
import type { StubProbe } from './stub-file';
import { tryParseJson } from './decode-json';
import { isRecord } from '../../stdx';

/** One rustc diagnostic (`--error-format=json`), reduced to the fields the reader uses. */
export interface RustcDiagnostic {
  readonly message: string;
  readonly level: string;
  /** rustc's error code (`E0308`); null for Verus's own errors. */
  readonly code: string | undefined;
  readonly spans: readonly DiagnosticSpan[];
  readonly rendered: string;
}

export interface DiagnosticSpan {
  readonly fileName: string;
  /** 1-based, as rustc prints them. */
  readonly lineStart: number;
  readonly lineEnd: number;
  readonly isPrimary: boolean;
  readonly label: string | undefined;
}

/** The `verification-results` part of the `--output-json` object (counts are absent on VIR errors). */
export interface VerusSummary {
  readonly encounteredError: boolean;
  readonly encounteredVirError: boolean;
  readonly verified: number | undefined;
  readonly errors: number | undefined;
  readonly version: string | undefined;
}

/** What one probe's proof fn came to. */
export type ProbeOutcome = 'proved' | 'failed' | 'rlimit';

export type StubRunReading =
  | { readonly kind: 'probes'; readonly outcomes: ReadonlyMap<string, ProbeOutcome> }
  /** The stub itself was rejected (compile, type or VIR error, or an error no probe explains): no verdicts. */
  | { readonly kind: 'stub-error'; readonly message: string; readonly diagnostics: readonly RustcDiagnostic[] };

export interface StubRunOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number | undefined;
}

/** The message Verus prints when a function's SMT query runs out of its resource limit. */
export const RLIMIT_MESSAGE_PART = 'Resource limit (rlimit) exceeded';

/** Parses stderr into diagnostics, one JSON object a line; "aborting due to" lines and non-JSON noise are skipped. */
export function parseDiagnostics(stderr: string): RustcDiagnostic[] {
  const diagnostics: RustcDiagnostic[] = [];
  for (const line of stderr.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) continue;
    const diagnostic = decodeDiagnostic(tryParseJson(trimmed));
    if (diagnostic === undefined || isAbortingNote(diagnostic)) continue;
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

/** Finds the `--output-json` object on stdout (the last line that parses as one), or undefined. */
export function parseSummary(stdout: string): VerusSummary | undefined {
  const candidates = [
    stdout.trim(),
    ...stdout
      .split(/\r?\n/)
      .reverse()
      .map((line) => line.trim()),
  ];
  for (const candidate of candidates) {
    if (!candidate.startsWith('{')) continue;
    const summary = decodeSummary(tryParseJson(candidate));
    if (summary !== undefined) return summary;
  }
  return undefined;
}

/** Maps a run's output to an outcome per probe, or says the stub itself was rejected. */
export function readStubRun(probes: readonly StubProbe[], stubFileName: string, output: StubRunOutput): StubRunReading {
  const diagnostics = parseDiagnostics(output.stderr);
  const summary = parseSummary(output.stdout);
  const errors = diagnostics.filter((diagnostic) => diagnostic.level === 'error');
  if (summary?.encounteredVirError === true) {
    return stubError('verus reported a VIR error in the stub', errors, diagnostics);
  }
  const outcomes = new Map<string, ProbeOutcome>(probes.map((probe) => [probe.id, 'proved']));
  const unexplained: RustcDiagnostic[] = [];
  for (const error of errors) {
    const probe = isVerificationFailure(error) ? probeOf(probes, stubFileName, error) : undefined;
    if (probe === undefined) {
      unexplained.push(error);
      continue;
    }
    const outcome: ProbeOutcome = error.message.includes(RLIMIT_MESSAGE_PART) ? 'rlimit' : 'failed';
    if (outcomes.get(probe.id) !== 'rlimit') outcomes.set(probe.id, outcome);
  }
  if (unexplained.length > 0) return stubError('verus rejected the stub', unexplained, diagnostics);
  if (summary === undefined && output.exitCode !== 0 && errors.length === 0) {
    return stubError(`verus exited with code ${String(output.exitCode)} without diagnostics or a summary`, [], diagnostics);
  }
  return { kind: 'probes', outcomes };
}

/** Combines an obligation's two probes: P proved = holds, !P proved = fails, neither = indeterminate,
 *  both = indeterminate flagged "suspect" (the stub, not the contract, is wrong). */
export function verdictOfProbes(positive: ProbeOutcome, negative: ProbeOutcome): Verdict {
  if (positive === 'proved' && negative === 'proved') {
    return { kind: 'indeterminate', reason: SUSPECT_REASON };
  }
  if (positive === 'proved') return { kind: 'holds' };
  if (negative === 'proved') return { kind: 'fails' };
  if (positive === 'rlimit' || negative === 'rlimit') {
    return { kind: 'indeterminate', reason: 'rlimit exceeded: verus could prove neither P nor !P in its resource limit' };
  }
  return {
    kind: 'indeterminate',
    reason: 'unprovable: verus proved neither P nor !P (out of fuel, out-of-range index, or a solver gap)',
  };
}

export const SUSPECT_REASON = 'suspect: both P and !P proved';

// ---------------------------------------------------------------------------------------------------------------

/** Verus's verification failures; every other error (type errors, unsupported constructs) is the stub's fault. */
function isVerificationFailure(error: RustcDiagnostic): boolean {
  if (error.code !== undefined) return false;
  return (
    error.message.startsWith('SPEC-HARNESS ') ||
    error.message.includes('assertion failed') ||
    error.message.includes(RLIMIT_MESSAGE_PART) ||
    error.message.includes('postcondition not satisfied') ||
    error.message.includes('precondition not satisfied')
  );
}

/** The probe an error belongs to: by its custom_err tag, else by the line of its primary span. */
function probeOf(probes: readonly StubProbe[], stubFileName: string, error: RustcDiagnostic): StubProbe | undefined {
  const byTag = probes.find((probe) => probe.tag === error.message);
  if (byTag !== undefined) return byTag;
  const spans = error.spans.filter((span) => sameFile(span.fileName, stubFileName));
  const primary = spans.find((span) => span.isPrimary) ?? spans[0];
  if (primary === undefined) return undefined;
  return probes.find((probe) => probe.startLine <= primary.lineStart && primary.lineStart <= probe.endLine);
}

function sameFile(spanFileName: string, stubFileName: string): boolean {
  const base = (path: string): string => path.split(/[\\/]/).pop() ?? path;
  return spanFileName === stubFileName || base(spanFileName) === base(stubFileName);
}

function stubError(headline: string, errors: readonly RustcDiagnostic[], diagnostics: readonly RustcDiagnostic[]): StubRunReading {
  const details = errors.map((error) => error.rendered.trim() || error.message);
  const message = details.length > 0 ? `${headline}:\n${details.join('\n')}` : headline;
  return { kind: 'stub-error', message, diagnostics };
}

function isAbortingNote(diagnostic: RustcDiagnostic): boolean {
  return diagnostic.message.startsWith('aborting due to');
}

function decodeDiagnostic(raw: unknown): RustcDiagnostic | undefined {
  if (!isRecord(raw) || typeof raw.message !== 'string' || typeof raw.level !== 'string') return undefined;
  const code =
    isRecord(raw.code) && typeof raw.code.code === 'string' ? raw.code.code : typeof raw.code === 'string' ? raw.code : undefined;
  const spans = Array.isArray(raw.spans) ? raw.spans.flatMap((span) => decodeSpan(span) ?? []) : [];
  const rendered = typeof raw.rendered === 'string' ? raw.rendered : '';
  return { message: raw.message, level: raw.level, code, spans, rendered };
}

function decodeSpan(raw: unknown): DiagnosticSpan | undefined {
  if (!isRecord(raw) || typeof raw.file_name !== 'string' || typeof raw.line_start !== 'number') return undefined;
  return {
    fileName: raw.file_name,
    lineStart: raw.line_start,
    lineEnd: typeof raw.line_end === 'number' ? raw.line_end : raw.line_start,
    isPrimary: raw.is_primary === true,
    label: typeof raw.label === 'string' ? raw.label : undefined,
  };
}

function decodeSummary(raw: unknown): VerusSummary | undefined {
  if (!isRecord(raw)) return undefined;
  const results = raw['verification-results'];
  if (!isRecord(results)) return undefined;
  const verus = raw.verus;
  return {
    encounteredError: results['encountered-error'] === true,
    encounteredVirError: results['encountered-vir-error'] === true,
    verified: typeof results.verified === 'number' ? results.verified : undefined,
    errors: typeof results.errors === 'number' ? results.errors : undefined,
    version: isRecord(verus) && typeof verus.version === 'string' ? verus.version : undefined,
  };
}
