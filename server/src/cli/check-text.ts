// The human-readable `check` output: per file a compact table of the four scores, then for each function the
// evidence that cost it points (first accepted mutants, first rejected pair with its clause, warnings), then the
// summary with Post-Harness@t and Harness@t.

import type { CheckReport, FileReport, FunctionReport, ReportDiagnostic, Summary } from '../harness';
import { THRESHOLDS, formatScore } from '../harness';
import type { Gate } from './check-gate';

export interface TextOptions {
  readonly threshold: number;
  readonly gate: Gate | undefined;
}

export function formatCheckText(report: CheckReport, options: TextOptions): string {
  const lines: string[] = [];
  for (const file of report.files) lines.push(...fileLines(file, options), '');
  lines.push(...summaryLines(report.summary));
  return `${lines.join('\n')}\n`;
}

const LEGEND = [
  '',
  'PostCorr: correct pairs the ensures accepts     PostComp: wrong outputs (mutants) the ensures rejects',
  'PreCorr:  valid inputs the requires admits      PreComp:  invalid inputs the requires rejects',
  'N/A: nothing to measure (or, with indet., nothing decided). Post-Harness@t: share with PostCorr and PostComp >= t;',
  'Harness@t: share with every score >= t.',
];

/** How many syntax and pairs-file problems a file's block lists (a broken item can cascade). */
const SHOWN_FILE_DIAGNOSTICS = 5;

/** How many accepted mutants a function's block lists. */
const SHOWN_MUTANTS = 3;

const HEADER = ['function', 'PostCorr', 'PostComp', 'PreCorr', 'PreComp', 'pairs', 'mutants', 'valid', 'invalid', 'indet.'];

function fileLines(file: FileReport, options: TextOptions): string[] {
  const lines = [`${file.path}${file.pairsFile === null ? '  (no pairs file)' : `  (pairs: ${file.pairsFile})`}`];
  const fileProblems = file.diagnostics.filter((d) => d.file === 'pairs' || d.code === 'syntax');
  for (const diagnostic of fileProblems.slice(0, SHOWN_FILE_DIAGNOSTICS)) {
    lines.push(`  ${locate(file, diagnostic)}: ${diagnostic.severity}: ${diagnostic.message}`);
  }
  if (fileProblems.length > SHOWN_FILE_DIAGNOSTICS) {
    lines.push(
      `  ... and ${fileProblems.length - SHOWN_FILE_DIAGNOSTICS} more problems in this file and its pairs file (--json lists them all)`,
    );
  }
  if (file.functions.length === 0) {
    lines.push('  no exec fn with requires/ensures');
    return lines;
  }
  const rows = file.functions.map((fn) => rowOf(fn));
  lines.push(...table([HEADER, ...rows]).map((line) => `  ${line}`));
  for (const fn of file.functions) {
    const details = detailLines(fn, options);
    if (details.length > 0) lines.push(`  ${fn.qualifiedName}:`, ...details.map((line) => `    ${line}`));
  }
  return lines;
}

function rowOf(fn: FunctionReport): string[] {
  if (fn.status !== 'scored') return [fn.qualifiedName, fn.status, '', '', '', '', '', '', '', ''];
  const s = fn.scores;
  const c = fn.counts;
  return [
    fn.qualifiedName,
    formatScore(s.postCorrectness),
    formatScore(s.postCompleteness),
    formatScore(s.preCorrectness),
    formatScore(s.preCompleteness),
    String(c.pairs),
    String(c.mutants),
    String(c.validInputs),
    String(c.invalidInputs),
    String(c.indeterminate),
  ];
}

function detailLines(fn: FunctionReport, options: TextOptions): string[] {
  if (fn.status !== 'scored') return [`${fn.status}: ${fn.reason ?? ''}`];
  const lines: string[] = fn.reason === null ? [] : [fn.reason];
  const accepted = fn.acceptedMutants;
  if (accepted.length > 0) {
    const total = fn.counts.mutants;
    lines.push(`accepts ${accepted.length} of ${total} wrong outputs${accepted.length > SHOWN_MUTANTS ? ', e.g.' : ':'}`);
    for (const mutant of accepted.slice(0, SHOWN_MUTANTS)) {
      lines.push(`  ${mutant.display ?? JSON.stringify(mutant.input)}  (${mutant.operator})`);
    }
  }
  const rejected = fn.rejectedPairs[0];
  if (rejected !== undefined) {
    const clause = rejected.clause === null ? '' : ` by clause ${rejected.clause.index + 1} \`${oneLine(rejected.clause.text)}\``;
    const more = fn.rejectedPairs.length > 1 ? ` (${fn.rejectedPairs.length} pairs rejected)` : '';
    lines.push(`rejects the correct output ${rejected.display ?? JSON.stringify(rejected.input)}${clause}${more}`);
  }
  const rejectedInput = fn.rejectedValidInputs[0];
  if (rejectedInput !== undefined) {
    const clause =
      rejectedInput.clause === null ? '' : `clause ${rejectedInput.clause.index + 1} \`${oneLine(rejectedInput.clause.text)}\``;
    const more = fn.rejectedValidInputs.length > 1 ? ` (${fn.rejectedValidInputs.length} valid inputs rejected)` : '';
    lines.push(
      rejectedInput.witness === undefined
        ? `requires rejects the valid input ${rejectedInput.display ?? JSON.stringify(rejectedInput.input)}${clause === '' ? '' : ` by ${clause}`}${more}`
        : `requires${clause === '' ? '' : ` ${clause}`} is stronger than the code needs: ${rejectedInput.witness}, which the ensures accepts (a generated input outside the requires)${more}`,
    );
  }
  const admitted = fn.admittedInvalidInputs[0];
  if (admitted !== undefined) {
    const more = fn.admittedInvalidInputs.length > 1 ? ` (${fn.admittedInvalidInputs.length} invalid inputs admitted)` : '';
    lines.push(`requires admits the invalid input ${admitted.display ?? JSON.stringify(admitted.input)}: ${admitted.reason}${more}`);
  }
  for (const warning of fn.warnings) lines.push(`warning: ${warning.message}`);
  const indeterminate = fn.indeterminate[0];
  if (indeterminate !== undefined) lines.push(`${fn.counts.indeterminate} indeterminate (not scored), e.g. ${indeterminate.reason}`);
  for (const unsupported of fn.unsupported.slice(0, 2))
    lines.push(`unsupported: ${unsupported.construct} (line ${unsupported.range.start.line + 1})`);
  if (fn.solverGap !== undefined) lines.push(`solver gap: ${fn.solverGap} mutants rejected by the evaluator that Verus cannot refute`);
  for (const disagreement of (fn.disagreements ?? []).slice(0, 3)) {
    lines.push(`backends disagree on ${disagreement.obligation}: embedded ${disagreement.embedded}, verus ${disagreement.verus}`);
  }
  const below = [fn.scores.postCompleteness, fn.scores.preCompleteness].some((s) => s !== null && s < options.threshold);
  if (lines.length === 0 && !below) return [];
  // The values above are of these types: a generic function, or a trait declaration, is measured at one instantiation.
  const instantiation = Object.entries(fn.instantiation ?? {}).map(([param, type]) => `${param} = ${type}`);
  return instantiation.length === 0 ? lines : [`measured at ${instantiation.join(', ')}`, ...lines];
}

function summaryLines(summary: Summary): string[] {
  const unscored = summary.unscored === 0 ? '' : `, ${summary.unscored} not scored (they meet no t)`;
  const lines = [
    `Summary: ${summary.functions} function${summary.functions === 1 ? '' : 's'} with a contract, ${summary.scored} scored${unscored}`,
  ];
  if (summary.solverGap !== undefined)
    lines.push(`Solver gap: ${summary.solverGap} mutants the evaluator rejects that Verus cannot refute`);
  const header = ['t', ...THRESHOLDS.map(([key]) => key)];
  const post = ['Post-Harness@t', ...THRESHOLDS.map(([key]) => formatScore(summary.postHarnessAt[key]))];
  const all = ['Harness@t', ...THRESHOLDS.map(([key]) => formatScore(summary.harnessAt[key]))];
  lines.push(...table([header, post, all]).map((line) => `  ${line}`));
  lines.push(...LEGEND);
  return lines;
}

/** Left-aligns the first column, right-aligns the others. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

function locate(file: FileReport, diagnostic: ReportDiagnostic): string {
  const where = diagnostic.file === 'pairs' ? (file.pairsFile ?? 'pairs') : file.path;
  return `${where}:${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1}`;
}

function oneLine(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > 60 ? `${collapsed.slice(0, 57)}...` : collapsed;
}
