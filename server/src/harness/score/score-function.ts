// Turns one function's verdicts into its FunctionReport: the four scores exactly as design.md defines them
// (N/A when nothing was decided, indeterminate counted apart), with the evidence behind every lost point.

import type { Value } from '../../eval';
import type { FileModel, FunctionContract } from '../../model';
import type { LineIndex } from '../../syntax';
import type { ObligationResult } from '../backend';
import { encodeJson } from '../../eval';
import type { JsonValue } from '../../eval';
import type { PlannedObligation } from './obligations';
import { GENERATED_ORIGIN } from '../pairs';
import type {
  AcceptedMutant,
  AdmittedInvalidInput,
  ClauseRef,
  FunctionReport,
  IndeterminateVerdict,
  Range,
  RejectedPair,
  RejectedValidInput,
  Warning,
} from '../report/report-types';
import type { FunctionValueTypes } from './function-types';
import { constructSite, emptyReport, spanRange } from '../report/unscored-reports';
import { sameRange } from '../report/ranges';
import { tally, ratio } from './tally';
import type { Tally } from './tally';
import { sameInputs } from './obligations';
import { formatInput, formatResult } from '../report/format-call';
import { countWrongOutput, sourceDetails, wrongOutputSummary, wrongOutputTally } from '../report/wrong-outputs';
import type { WrongOutputTally } from '../report/wrong-outputs';

export interface ScoreContext {
  readonly lineIndex: LineIndex;
  /** The scored file's model: says which spans lie in other files of its crate. */
  readonly model: FileModel;
}

/** Scores a function whose obligations were all decided; `results` is parallel to `planned`. */
export function scoreFunction(
  ctx: ScoreContext,
  fn: FunctionContract,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  planned: readonly PlannedObligation[],
  results: readonly ObligationResult[],
): FunctionReport {
  const evidence = collectEvidence(ctx, fn, types, planned, results);
  const { pairs, mutants, valid, invalid } = evidence.tallies;
  const decided = pairs.decided + mutants.decided + valid.decided + invalid.decided;
  const base = emptyReport(ctx.lineIndex, fn);
  if (planned.length > 0 && decided === 0 && evidence.indeterminate.length === 0 && evidence.unsupported.length > 0) {
    return { ...base, status: 'unsupported', reason: unsupportedReason(evidence.unsupported), unsupported: evidence.unsupported };
  }
  const scores = {
    postCorrectness: ratio(pairs.holds, pairs.decided),
    postCompleteness: ratio(mutants.fails, mutants.decided),
    preCorrectness: ratio(valid.holds, valid.decided),
    preCompleteness: ratio(invalid.fails, invalid.decided),
  };
  return {
    ...base,
    status: 'scored',
    scores,
    counts: {
      pairs: pairs.total,
      mutants: mutants.total,
      validInputs: valid.total,
      invalidInputs: invalid.total,
      indeterminate: evidence.indeterminateCount,
      indeterminatePairs: evidence.indeterminatePairs,
      ...(evidence.solverVerdicts > 0 ? { solverVerdicts: evidence.solverVerdicts } : {}),
    },
    rejectedPairs: evidence.rejectedPairs,
    acceptedMutants: evidence.acceptedMutants,
    rejectedValidInputs: witnessesTheEnsuresAccepts(evidence),
    admittedInvalidInputs: evidence.admittedInvalidInputs,
    indeterminate: evidence.indeterminate,
    unsupported: evidence.unsupported,
    warnings: warningsFor(scores, mutants, valid),
    wrongOutputs: wrongOutputSummary(evidence.wrongOutputs),
    ...(evidence.pairsOutsideRequires.length > 0 ? { pairsOutsideRequires: evidence.pairsOutsideRequires } : {}),
    ...(types.instantiation === undefined ? {} : { instantiation: types.instantiation }),
  };
}

/** A generated pair the requires rejects witnesses a clause stronger than the code needs only while the ensures
 *  accepts its output; when the ensures rejects it or cannot tell, it is an ordinary rejected valid input. */
function witnessesTheEnsuresAccepts(evidence: Evidence): RejectedValidInput[] {
  const notAccepted = new Set(
    [...evidence.rejectedPairs, ...evidence.pairsOutsideRequires, ...evidence.indeterminate.filter((v) => v.obligation === 'post')].map(
      (entry) => JSON.stringify(entry.input),
    ),
  );
  return evidence.rejectedValidInputs.map((input) => {
    if (input.witness === undefined || !notAccepted.has(JSON.stringify(input.input))) return input;
    const { witness: _dropped, ...rest } = input;
    return rest;
  });
}

/** A verified implementation promises nothing outside its requires, so a correct pair the ensures rejects is an
 *  error on the ensures only when the requires holds on its input. When the requires rejects the input, the pair
 *  is listed as outside the requires; when the requires is undecided, the verdict counts as indeterminate.
 *  Returns whether the pair was set aside so. */
function outsideRequires(
  ctx: ScoreContext,
  fn: FunctionContract,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  item: PlannedObligation,
  result: ObligationResult,
  preVerdicts: ReadonlyMap<PlannedObligation, ObligationResult>,
  evidence: Evidence,
): boolean {
  if (item.role.kind !== 'pair') return false;
  const pair = item.role.pair;
  const preHolds = preHoldsFor(pair.inputs, preVerdicts);
  if (preHolds === true) return false;
  if (preHolds === null) {
    evidence.indeterminateCount++;
    evidence.indeterminatePairs++;
    if (evidence.indeterminate.length < MAX_LISTED_INDETERMINATE) {
      evidence.indeterminate.push(
        indeterminateOf(item, 'the ensures rejects this pair, and the requires is undecided on its input', types),
      );
    }
    return true;
  }
  evidence.pairsOutsideRequires.push({
    input: pair.inputJson,
    output: pair.outputJson,
    after: pair.afterJson,
    clause: clauseRef(ctx, fn, 'ensures', result.failingClause),
    preHolds,
    pairsRange: pair.range,
    display: formatResult(fn, types, pair.inputs, pair.output, pair.after),
    ...solverMark(result),
  });
  return true;
}

function solverMark(result: ObligationResult): { readonly decidedBy?: 'solver' } {
  return result.decidedBy === 'solver' ? { decidedBy: 'solver' } : {};
}

/** At most this many indeterminate verdicts are listed (all are counted). */
const MAX_LISTED_INDETERMINATE = 50;

interface Evidence {
  readonly tallies: { readonly pairs: Tally; readonly mutants: Tally; readonly valid: Tally; readonly invalid: Tally };
  readonly rejectedPairs: RejectedPair[];
  readonly acceptedMutants: AcceptedMutant[];
  readonly rejectedValidInputs: RejectedValidInput[];
  readonly admittedInvalidInputs: AdmittedInvalidInput[];
  readonly indeterminate: IndeterminateVerdict[];
  indeterminateCount: number;
  /** Of those, verdicts on correct pairs (the figure that says how much of PostCorr went unmeasured). */
  indeterminatePairs: number;
  /** Verdicts a solver reached after the evaluator could not. */
  solverVerdicts: number;
  /** Correct pairs the ensures rejects on inputs the requires rejects too. */
  readonly pairsOutsideRequires: RejectedPair[];
  readonly unsupported: { construct: string; range: Range }[];
  readonly wrongOutputs: WrongOutputTally;
}

function collectEvidence(
  ctx: ScoreContext,
  fn: FunctionContract,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  planned: readonly PlannedObligation[],
  results: readonly ObligationResult[],
): Evidence {
  const evidence: Evidence = {
    tallies: { pairs: tally(), mutants: tally(), valid: tally(), invalid: tally() },
    rejectedPairs: [],
    acceptedMutants: [],
    rejectedValidInputs: [],
    admittedInvalidInputs: [],
    indeterminate: [],
    indeterminateCount: 0,
    indeterminatePairs: 0,
    solverVerdicts: 0,
    pairsOutsideRequires: [],
    unsupported: [],
    wrongOutputs: wrongOutputTally(),
  };
  const preVerdicts = new Map<PlannedObligation, ObligationResult>();
  planned.forEach((item, i) => {
    const result = results[i];
    if (result !== undefined && item.role.kind === 'valid-input') preVerdicts.set(item, result);
  });
  planned.forEach((item, i) => {
    const result = results[i];
    if (result === undefined) return;
    const role = item.role;
    const verdict = result.verdict;
    const target = targetTally(evidence, role.kind);
    target.total++;
    if (verdict.kind === 'indeterminate') {
      evidence.indeterminateCount++;
      if (role.kind === 'pair') evidence.indeterminatePairs++;
      if (evidence.indeterminate.length < MAX_LISTED_INDETERMINATE) {
        evidence.indeterminate.push(indeterminateOf(item, verdict.reason, types));
      }
      return;
    }
    if (verdict.kind === 'unsupported') {
      const site = constructSite(ctx.lineIndex, ctx.model, fn, verdict.construct, verdict.span);
      if (!evidence.unsupported.some((u) => u.construct === site.construct && sameRange(u.range, site.range))) {
        evidence.unsupported.push(site);
      }
      return;
    }
    if (role.kind === 'pair' && verdict.kind === 'fails' && outsideRequires(ctx, fn, types, item, result, preVerdicts, evidence)) return;
    if (result.decidedBy === 'solver') evidence.solverVerdicts++;
    target.decided++;
    if (verdict.kind === 'holds') target.holds++;
    else target.fails++;
    switch (role.kind) {
      case 'pair':
        if (verdict.kind === 'fails') {
          evidence.rejectedPairs.push({
            input: role.pair.inputJson,
            output: role.pair.outputJson,
            after: role.pair.afterJson,
            clause: clauseRef(ctx, fn, 'ensures', result.failingClause),
            preHolds: preHoldsFor(role.pair.inputs, preVerdicts),
            pairsRange: role.pair.range,
            display: formatResult(fn, types, role.pair.inputs, role.pair.output, role.pair.after),
            ...solverMark(result),
          });
        }
        return;
      case 'mutant':
        countWrongOutput(evidence.wrongOutputs, role.pair.inputJson, role.mutant.source, verdict.kind === 'holds');
        if (verdict.kind === 'holds')
          evidence.acceptedMutants.push({
            ...acceptedMutant(role.pair, role.mutant, types),
            display: formatResult(fn, types, role.pair.inputs, role.mutant.output, role.mutant.after),
            correctDisplay: formatResult(fn, types, role.pair.inputs, role.pair.output, role.pair.after),
            ...sourceDetails(ctx.lineIndex, fn, types, role.pair, role.mutant),
            ...solverMark(result),
          });
        return;
      case 'valid-input':
        if (verdict.kind === 'fails') {
          evidence.rejectedValidInputs.push({
            input: role.pair.inputJson,
            clause: clauseRef(ctx, fn, 'requires', result.failingClause),
            pairsRange: role.pair.range,
            display: formatInput(fn, types, role.pair.inputs),
            ...(role.pair.origin === GENERATED_ORIGIN
              ? { witness: formatResult(fn, types, role.pair.inputs, role.pair.output, role.pair.after) }
              : {}),
            ...solverMark(result),
          });
        }
        return;
      case 'invalid-input':
        if (verdict.kind === 'holds') {
          evidence.admittedInvalidInputs.push({
            input: role.entry.inputJson,
            reason: role.entry.reason ?? 'declared invalid in the pairs file',
            pairsRange: role.entry.range,
            display: formatInput(fn, types, role.entry.inputs),
            ...(role.entry.origin === GENERATED_ORIGIN ? { generated: true as const } : {}),
            ...solverMark(result),
          });
        }
        return;
      default:
        return;
    }
  });
  return evidence;
}

function targetTally(evidence: Evidence, kind: PlannedObligation['role']['kind']): Tally {
  switch (kind) {
    case 'pair':
      return evidence.tallies.pairs;
    case 'mutant':
      return evidence.tallies.mutants;
    case 'valid-input':
      return evidence.tallies.valid;
    default:
      return evidence.tallies.invalid;
  }
}

function preHoldsFor(inputs: ReadonlyMap<string, Value>, preVerdicts: ReadonlyMap<PlannedObligation, ObligationResult>): boolean | null {
  for (const [item, result] of preVerdicts) {
    if (item.role.kind !== 'valid-input' || !sameInputs(item.role.pair.inputs, inputs)) continue;
    if (result.verdict.kind === 'holds') return true;
    if (result.verdict.kind === 'fails') return false;
    return null;
  }
  return null;
}

/** The clause a `fails` verdict names; a fails without a clause index (a backend that cannot tell) gives null. */
export function clauseRef(
  ctx: ScoreContext,
  fn: FunctionContract,
  kind: 'requires' | 'ensures',
  index: number | undefined,
): ClauseRef | null {
  if (index === undefined) return null;
  const clause = (kind === 'requires' ? fn.requires : fn.ensures)[index];
  if (clause === undefined) return null;
  return { kind, index, range: spanRange(ctx.lineIndex, clause.clause.span), text: clause.text };
}

function acceptedMutant(
  pair: {
    readonly inputJson: JsonValue;
    readonly outputJson: JsonValue | null;
    readonly afterJson: JsonValue | null;
    readonly range: Range;
  },
  mutant: { readonly output: Value | undefined; readonly after: ReadonlyMap<string, Value>; readonly operator: string },
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
): AcceptedMutant {
  return {
    input: pair.inputJson,
    output: pair.outputJson,
    mutant:
      mutant.output === undefined || types.returnType === undefined ? null : encodeJson(mutant.output, types.returnType, types.typeContext),
    after: pair.afterJson,
    mutantAfter: types.mutParams.length === 0 ? null : encodeValues(mutant.after, types),
    operator: mutant.operator,
    pairsRange: pair.range,
  };
}

function encodeValues(values: ReadonlyMap<string, Value>, types: Extract<FunctionValueTypes, { kind: 'supported' }>): JsonValue {
  const result: Record<string, JsonValue> = {};
  for (const [name, value] of values) {
    const type = types.params.get(name);
    if (type !== undefined) result[name] = encodeJson(value, type, types.typeContext);
  }
  return result;
}

function indeterminateOf(
  item: PlannedObligation,
  reason: string,
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
): IndeterminateVerdict {
  const role = item.role;
  switch (role.kind) {
    case 'pair':
      return { obligation: 'post', input: role.pair.inputJson, output: role.pair.outputJson, reason };
    case 'mutant': {
      const output =
        role.mutant.output === undefined || types.returnType === undefined
          ? null
          : encodeJson(role.mutant.output, types.returnType, types.typeContext);
      return { obligation: 'post', input: role.pair.inputJson, output, reason };
    }
    case 'valid-input':
      return { obligation: 'pre', input: role.pair.inputJson, output: null, reason };
    default:
      return { obligation: 'pre', input: role.entry.inputJson, output: null, reason };
  }
}

function warningsFor(
  scores: { readonly postCompleteness: number | null; readonly preCorrectness: number | null },
  mutants: Tally,
  valid: Tally,
): Warning[] {
  const warnings: Warning[] = [];
  if (scores.postCompleteness === 0 && mutants.decided > 0) {
    warnings.push({
      code: 'vacuous-postcondition',
      message: `vacuous postcondition: the ensures accepts every one of the ${mutants.decided} wrong outputs tried`,
    });
  }
  if (scores.preCorrectness === 0 && valid.decided > 0) {
    warnings.push({
      code: 'reject-all-precondition',
      message: `reject-all precondition: the requires rejects every one of the ${valid.decided} valid inputs`,
    });
  }
  return warnings;
}

export function unsupportedReason(unsupported: readonly { construct: string; range: Range }[]): string {
  const first = unsupported[0];
  if (first === undefined) return 'every obligation is unsupported';
  const more = unsupported.length > 1 ? ` (and ${unsupported.length - 1} more)` : '';
  return `the contract uses ${first.construct}, which the backend does not support, at line ${first.range.start.line + 1}${more}`;
}
