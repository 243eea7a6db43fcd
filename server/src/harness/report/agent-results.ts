// What the tools for coding agents return (MCP `score_contract` / `task_complete`, and the same tools in VS Code):
// plain, bounded JSON built from reports. Agents see feedback pairs only; held-out results reach them as a verdict
// and reasons (which score missed on held-out pairs), never as the held-out pairs themselves.

import type { JsonValue } from '../../eval';
import { evaluateGate, formatGate, scoreEntries, scoreStanding } from './policy';
import type { Gate, ScoreName, ScoreStanding } from './policy';
import type { FileReport, FunctionReport, ReportDiagnostic } from './report-types';

/** At most this many items of each kind of evidence per function (all are counted). */
export const MAX_AGENT_EVIDENCE = 10;

export interface AgentFunctionScore {
  readonly path: string;
  readonly function: string;
  readonly status: FunctionReport['status'];
  readonly reason: string | null;
  readonly scores: Readonly<Record<ScoreName, number | null>>;
  /** Per score: meets, below, undecided (N/A, nothing decided) or nothing-to-measure (N/A, nothing to measure). */
  readonly standings: Readonly<Record<ScoreName, ScoreStanding['kind']>>;
  readonly counts: FunctionReport['counts'];
  readonly acceptedWrongOutputs: readonly {
    readonly call: string;
    readonly operator: string;
    readonly input: JsonValue;
    readonly wrongOutput: JsonValue;
  }[];
  readonly rejectedPairs: readonly { readonly call: string; readonly clause: string | null; readonly line: number | null }[];
  /** `strongerThanNeeded`: a generated input's call with the output the code returned, which the ensures accepts. */
  readonly rejectedValidInputs: readonly {
    readonly call: string;
    readonly clause: string | null;
    readonly line: number | null;
    readonly strongerThanNeeded?: string;
  }[];
  /** `panics`: the code panicked on it when pairs were generated. */
  readonly admittedInvalidInputs: readonly { readonly call: string; readonly reason: string; readonly panics: boolean }[];
  readonly warnings: readonly string[];
}

export interface AgentScoreResult {
  readonly pairSet: 'feedback';
  readonly threshold: number;
  readonly functions: readonly AgentFunctionScore[];
  /** Syntax and pairs-file problems, `path:line: message` (1-based lines). */
  readonly problems: readonly string[];
}

export interface VerificationOutcome {
  readonly status: 'verified' | 'failed' | 'verus-absent';
  readonly score: number | null;
  readonly message: string;
}

export interface TaskCompleteResult {
  readonly accepted: boolean;
  readonly gate: string;
  readonly verification: VerificationOutcome;
  /** What to fix before calling again; empty when accepted. */
  readonly reasons: readonly string[];
  /** Shown, not counted against the gate (a score N/A because there is nothing to measure). */
  readonly notes: readonly string[];
  readonly functions: readonly { readonly path: string; readonly function: string; readonly meets: boolean; readonly overfit: boolean }[];
}

export function agentScoreResult(feedback: readonly FileReport[], threshold: number): AgentScoreResult {
  return {
    pairSet: 'feedback',
    threshold,
    functions: feedback.flatMap((file) => file.functions.map((fn) => agentFunctionScore(file.path, fn, threshold))),
    problems: feedback.flatMap((file) =>
      file.diagnostics
        .filter(isFileProblem)
        .map((d) => `${d.file === 'pairs' ? (file.pairsFile ?? file.path) : file.path}:${d.range.start.line + 1}: ${d.message}`),
    ),
  };
}

/** Accepted only when verification did not fail and the gate holds on feedback and held-out pairs. */
export function taskCompleteResult(
  input: {
    readonly feedback: readonly FileReport[];
    readonly heldOut: readonly FileReport[];
    readonly requestedFunctions?: readonly string[];
  },
  gate: Gate,
  verification: VerificationOutcome,
): TaskCompleteResult {
  const gateText = formatGate(gate);
  const verificationReasons = verification.status === 'failed' ? [`verification: ${verification.message}`] : [];
  const outcome = evaluateGate({ files: input.feedback, heldOut: input.heldOut, requestedFunctions: input.requestedFunctions }, gate);
  if (!outcome.ok)
    return { accepted: false, gate: gateText, verification, reasons: [...verificationReasons, outcome.error], notes: [], functions: [] };
  const reasons = outcome.verdicts.flatMap((verdict) => [
    ...verdict.failures.map((failure) => `${verdict.qualifiedName}: ${failure}`),
    ...(verdict.overfit
      ? [
          `${verdict.qualifiedName}: overfit: the contract meets the gate on the pairs you see and not on held-out pairs; state the property for every input, not for these values`,
        ]
      : []),
  ]);
  return {
    accepted: verificationReasons.length === 0 && outcome.meets,
    gate: gateText,
    verification,
    reasons: [...verificationReasons, ...reasons],
    notes: outcome.verdicts.flatMap((verdict) => verdict.notes.map((note) => `${verdict.qualifiedName}: ${note}`)),
    functions: outcome.verdicts.map((verdict) => ({
      path: verdict.path,
      function: verdict.qualifiedName,
      meets: verdict.meets,
      overfit: verdict.overfit,
    })),
  };
}

function agentFunctionScore(path: string, fn: FunctionReport, threshold: number): AgentFunctionScore {
  const entries = scoreEntries(fn.scores, fn.counts);
  const scores = Object.fromEntries(entries.map(([name, value]) => [name, value])) as Record<ScoreName, number | null>;
  const standings = Object.fromEntries(
    entries.map(([name, value, items]) => [name, scoreStanding(value, items, threshold).kind]),
  ) as Record<ScoreName, ScoreStanding['kind']>;
  const clauseOf = (
    clause: {
      readonly kind: string;
      readonly index: number;
      readonly text: string;
      readonly range: { readonly start: { readonly line: number } };
    } | null,
  ) =>
    clause === null
      ? { clause: null, line: null }
      : { clause: `${clause.kind} #${clause.index + 1}: ${clause.text}`, line: clause.range.start.line + 1 };
  return {
    path,
    function: fn.qualifiedName,
    status: fn.status,
    reason: fn.reason,
    scores,
    standings,
    counts: fn.counts,
    acceptedWrongOutputs: fn.acceptedMutants
      .slice(0, MAX_AGENT_EVIDENCE)
      .map((m) => ({ call: m.display ?? JSON.stringify(m.input), operator: m.operator, input: m.input, wrongOutput: m.mutant })),
    rejectedPairs: fn.rejectedPairs
      .slice(0, MAX_AGENT_EVIDENCE)
      .map((p) => ({ call: p.display ?? JSON.stringify(p.input), ...clauseOf(p.clause) })),
    rejectedValidInputs: fn.rejectedValidInputs.slice(0, MAX_AGENT_EVIDENCE).map((v) => ({
      call: v.display ?? JSON.stringify(v.input),
      ...clauseOf(v.clause),
      ...(v.witness === undefined ? {} : { strongerThanNeeded: v.witness }),
    })),
    admittedInvalidInputs: fn.admittedInvalidInputs
      .slice(0, MAX_AGENT_EVIDENCE)
      .map((v) => ({ call: v.display ?? JSON.stringify(v.input), reason: v.reason, panics: v.generated === true })),
    warnings: fn.warnings.map((warning) => warning.message),
  };
}

function isFileProblem(diagnostic: ReportDiagnostic): boolean {
  return diagnostic.file === 'pairs' || diagnostic.code === 'syntax';
}
