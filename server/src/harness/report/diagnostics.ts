// Report -> diagnostics, shared by the CLI and the language server, so every message is worded here once.
// Each one sits where the fix goes: the clause that rejects a correct pair, the ensures that lets wrong outputs
// through, the requires that rejects a valid input, the pairs-file node that is wrong.

import type { FileModel } from '../../model';
import type { LineIndex, SyntaxDiagnostic } from '../../syntax';
import type { PairsDiagnostic } from '../pairs';
import type { FunctionReport, ReportDiagnostic, Range } from './report-types';
import { spanRange } from './unscored-reports';
import { formatScore } from './format-call';
import { isBelowThreshold } from './policy';
import type { JsonValue } from '../../eval';
import { describeAccepted } from './wrong-outputs';
import { DEFAULT_GENERATE_OPTIONS } from '../generate';

/** When a contract is reported weak: `realistic` also on any accepted code mutant or swapped output (ensures) and on
 *  any admitted input the code panicked on when `pairs` ran (requires); `threshold` only below the threshold. */
export type WeakPostconditionRule = 'realistic' | 'threshold';

export interface DiagnosticsInput {
  readonly model: FileModel;
  readonly lineIndex: LineIndex;
  readonly functions: readonly FunctionReport[];
  readonly pairsDiagnostics: readonly PairsDiagnostic[];
  readonly threshold: number;
  /** `realistic` when absent. */
  readonly weakPostcondition?: WeakPostconditionRule;
  /** The pairs file's name (`arith.pairs.json`, existing or not): where generated pairs go. */
  readonly pairsFileName: string;
}

export function fileDiagnostics(input: DiagnosticsInput): ReportDiagnostic[] {
  const diagnostics: ReportDiagnostic[] = [];
  for (const syntax of input.model.diagnostics) diagnostics.push(syntaxDiagnostic(input.lineIndex, syntax));
  // In file order: a report assembled from per-function parts (the editor's engine) then lists them as a cold run does.
  for (const pairs of inFileOrder(input.pairsDiagnostics)) {
    diagnostics.push({ message: pairs.message, severity: pairs.severity, file: 'pairs', range: pairs.range, code: 'pairs-file' });
  }
  const context = { threshold: input.threshold, rule: input.weakPostcondition ?? 'realistic', pairsFileName: input.pairsFileName } as const;
  for (const report of input.functions) diagnostics.push(...functionDiagnostics(report, context));
  return diagnostics;
}

function inFileOrder<T extends { readonly range: Range; readonly message: string }>(diagnostics: readonly T[]): T[] {
  const at = (range: Range): number[] => [range.start.line, range.start.character, range.end.line, range.end.character];
  return [...diagnostics].sort((a, b) => {
    const [x, y] = [at(a.range), at(b.range)];
    const byPosition = x.findIndex((value, idx) => value !== y[idx]);
    if (byPosition >= 0) return (x[byPosition] ?? 0) - (y[byPosition] ?? 0);
    return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
  });
}

/** The diagnostics of one function's report. */
export function functionDiagnostics(
  report: FunctionReport,
  { threshold, rule, pairsFileName }: { readonly threshold: number; readonly rule: WeakPostconditionRule; readonly pairsFileName: string },
): ReportDiagnostic[] {
  switch (report.status) {
    case 'no-pairs':
      return [source('information', report.nameRange, 'no-pairs', noPairsMessage(report, pairsFileName))];
    case 'unsupported':
      return unsupportedDiagnostics(report);
    case 'error':
      // A syntax error in the contract is already diagnosed where it is; a second error on the name adds nothing.
      if (report.contractSyntaxError !== undefined) return [];
      return [source('error', report.nameRange, 'unsupported', `not scored: ${report.reason ?? 'internal error'}`)];
    case 'scored':
      return [...postDiagnostics(report, threshold, rule), ...preDiagnostics(report, threshold, rule), ...partialDiagnostics(report)];
    default:
      return [];
  }
}

/** Says what the quick fix (and `spec-harness pairs`, with the same defaults) will do, so it is safe to accept. */
function noPairsMessage(report: FunctionReport, pairsFileName: string): string {
  const name = report.qualifiedName;
  return `no pairs for \`${name}\`: the quick fix generates up to ${DEFAULT_GENERATE_OPTIONS.count} inputs inside the \`requires\` and writes them to ${pairsFileName}, keeping existing entries (or run \`spec-harness pairs\`)`;
}

function postDiagnostics(report: FunctionReport, threshold: number, rule: WeakPostconditionRule): ReportDiagnostic[] {
  const diagnostics: ReportDiagnostic[] = [];
  const ensuresAt = report.ensuresRange ?? report.nameRange;
  const { postCompleteness, postCorrectness } = report.scores;
  const firstAccepted = report.acceptedMutants[0];
  const vacuous = report.warnings.some((warning) => warning.code === 'vacuous-postcondition');
  if (vacuous) {
    const example = firstAccepted === undefined ? '' : `, e.g. ${shown(firstAccepted)} (${firstAccepted.operator})`;
    diagnostics.push(
      source(
        'warning',
        ensuresAt,
        'vacuous-postcondition',
        `vacuous postcondition: the ensures accepts every wrong output tried${example}`,
      ),
    );
  } else if (postCompleteness !== null && isBelowThreshold(postCompleteness, threshold) && firstAccepted !== undefined) {
    const slipped = report.acceptedMutants.length;
    const tried = Math.round(slipped / Math.max(1e-9, 1 - postCompleteness));
    const bug = realisticExample(report);
    const named = bug === undefined ? '' : `; e.g. ${bug}`;
    diagnostics.push(
      source(
        'warning',
        ensuresAt,
        'weak-postcondition',
        `accepts ${shown(firstAccepted)}; ${slipped} of ${tried} wrong outputs slip through (PostComp ${formatScore(postCompleteness)})${named}`,
      ),
    );
  } else if (rule === 'realistic' && realisticExample(report) !== undefined) {
    diagnostics.push(
      source('warning', ensuresAt, 'weak-postcondition', `${realisticExample(report) ?? ''}${realisticTally(report, postCompleteness)}`),
    );
  }
  // One diagnostic per rejecting clause, on that clause, naming its first rejected pair.
  const byClause = groupBy(report.rejectedPairs, (pair) => (pair.clause === null ? -1 : pair.clause.index));
  for (const [, pairs] of byClause) {
    const first = pairs[0];
    if (first === undefined) continue;
    const clauseText = first.clause === null ? '' : ` (clause ${first.clause.index + 1})`;
    const more = pairs.length > 1 ? `; ${pairs.length} correct pairs rejected here` : '';
    const score = postCorrectness === null ? '' : ` (PostCorr ${formatScore(postCorrectness)})`;
    diagnostics.push(
      source(
        'error',
        first.clause?.range ?? ensuresAt,
        'rejects-correct-output',
        `rejects the correct output ${shown(first)}${clauseText}${more}${score}`,
      ),
    );
  }
  // A pair outside the requires is no error on the ensures: the implementation promises nothing there.
  const outside = report.pairsOutsideRequires ?? [];
  const firstOutside = outside[0];
  if (firstOutside !== undefined) {
    const clauseText = firstOutside.clause === null ? '' : ` (clause ${firstOutside.clause.index + 1})`;
    const more = outside.length > 1 ? `; ${outside.length} such pairs` : '';
    diagnostics.push(
      source(
        'information',
        firstOutside.clause?.range ?? ensuresAt,
        'outside-requires',
        `outside requires: the ensures rejects ${shown(firstOutside)}${clauseText}${more}; note: the requires also rejects this input`,
      ),
    );
  }
  return diagnostics;
}

/** The sentence naming the first accepted code mutant, else the first accepted swapped output. */
function realisticExample(report: FunctionReport): string | undefined {
  const code = report.acceptedMutants.find((mutant) => mutant.source === 'code' && mutant.effect !== undefined);
  const swapped = report.acceptedMutants.find((mutant) => mutant.source === 'swapped' && mutant.effect !== undefined);
  const example = code ?? swapped;
  return example === undefined ? undefined : describeAccepted(example, { withLine: false });
}

/** ` (2 code mutants and 1 swapped output accepted; PostComp 0.93)` */
function realisticTally(report: FunctionReport, postCompleteness: number | null): string {
  const count = (kind: 'code' | 'swapped'): number => report.acceptedMutants.filter((mutant) => mutant.source === kind).length;
  const parts = [
    [count('code'), 'code mutant'],
    [count('swapped'), 'swapped output'],
  ] as const;
  const listed = parts.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`);
  return ` (${listed.join(' and ')} accepted; PostComp ${formatScore(postCompleteness)})`;
}

function preDiagnostics(report: FunctionReport, threshold: number, rule: WeakPostconditionRule): ReportDiagnostic[] {
  const diagnostics: ReportDiagnostic[] = [];
  const requiresAt = report.requiresRange ?? report.nameRange;
  const { preCorrectness, preCompleteness } = report.scores;
  const rejectAll = report.warnings.find((warning) => warning.code === 'reject-all-precondition');
  if (rejectAll !== undefined) diagnostics.push(source('warning', requiresAt, 'reject-all-precondition', rejectAll.message));
  const byClause = groupBy(report.rejectedValidInputs, (input) => (input.clause === null ? -1 : input.clause.index));
  for (const [, inputs] of byClause) {
    // A valid input from the pairs file is the user's (or an earlier run's) word: a warning. A generated witness is
    // the sample's estimate that the clause could be weaker: information, as a deliberate restriction may be meant.
    const declared = inputs.filter((input) => input.witness === undefined);
    const first = declared[0];
    const score = preCorrectness === null ? '' : ` (PreCorr ${formatScore(preCorrectness)})`;
    if (first !== undefined) {
      const clauseText = first.clause === null ? '' : ` (clause ${first.clause.index + 1})`;
      const more = declared.length > 1 ? `; ${declared.length} valid inputs rejected here` : '';
      diagnostics.push(
        source(
          'warning',
          first.clause?.range ?? requiresAt,
          'rejects-valid-input',
          `rejects the valid input ${shown(first)}, which the code handles${clauseText}${more}${score}`,
        ),
      );
    }
    const witness = inputs.find((input) => input.witness !== undefined);
    if (witness !== undefined) {
      const clauseText = witness.clause === null ? '' : ` (clause ${witness.clause.index + 1})`;
      diagnostics.push(
        source(
          'information',
          witness.clause?.range ?? requiresAt,
          'stronger-precondition',
          `stronger than the code needs${clauseText}: ${witness.witness ?? ''}, which the ensures accepts, on an input only this clause rejects; the code handled every such generated input tried${score}`,
        ),
      );
    }
  }
  // A panic the requires lets in is a bug Verus would reject, whatever PreComp is (as a realistic wrong output is).
  const panic = rule === 'realistic' ? report.admittedInvalidInputs.find((input) => input.generated === true) : undefined;
  const belowThreshold = preCompleteness !== null && isBelowThreshold(preCompleteness, threshold);
  const firstAdmitted = panic ?? (belowThreshold ? report.admittedInvalidInputs[0] : undefined);
  if (firstAdmitted !== undefined) {
    const admitted = report.admittedInvalidInputs.length;
    const total = report.counts.invalidInputs;
    diagnostics.push(
      source(
        'warning',
        requiresAt,
        'admits-invalid-input',
        `admits the invalid input ${shown(firstAdmitted)} (${firstAdmitted.reason}); ${admitted} of ${total} invalid inputs admitted (PreComp ${formatScore(preCompleteness)})`,
      ),
    );
  }
  return diagnostics;
}

function partialDiagnostics(report: FunctionReport): ReportDiagnostic[] {
  const diagnostics: ReportDiagnostic[] = [];
  for (const unsupported of report.unsupported) {
    diagnostics.push(source('information', unsupported.range, 'unsupported', `not evaluated: ${unsupported.construct} is not supported`));
  }
  const firstIndeterminate = report.indeterminate[0];
  if (firstIndeterminate !== undefined) {
    const count = report.counts.indeterminate;
    diagnostics.push(
      source(
        'information',
        report.nameRange,
        'indeterminate',
        `${count} verdict${count === 1 ? '' : 's'} indeterminate (not counted in the scores): ${firstIndeterminate.reason}`,
      ),
    );
  }
  return diagnostics;
}

function unsupportedDiagnostics(report: FunctionReport): ReportDiagnostic[] {
  const at = report.unsupported[0]?.range ?? report.nameRange;
  if (report.internalError !== undefined)
    return [
      source(
        'warning',
        at,
        'unsupported',
        `not scored: ${report.reason ?? 'internal error'} (a Spec Harness bug: please report it with this file)`,
      ),
    ];
  return [source('information', at, 'unsupported', `not scored: ${report.reason ?? 'unsupported'}`)];
}

function syntaxDiagnostic(lineIndex: LineIndex, diagnostic: SyntaxDiagnostic): ReportDiagnostic {
  return {
    message: diagnostic.message,
    severity: diagnostic.severity,
    file: 'source',
    range: spanRange(lineIndex, diagnostic.span),
    code: 'syntax',
  };
}

function source(severity: ReportDiagnostic['severity'], range: Range, code: ReportDiagnostic['code'], message: string): ReportDiagnostic {
  return { message, severity, file: 'source', range, code };
}

/** The evidence's Rust-like text, or its JSON input when a backend-free caller built the report. */
function shown(evidence: { readonly display?: string; readonly input: JsonValue }): string {
  return evidence.display ?? JSON.stringify(evidence.input);
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  }
  return groups;
}
