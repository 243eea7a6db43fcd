// Text the editor shows: CodeLens titles, hover tables and the report view, all made from a FunctionReport.

import type { FileReport, FunctionReport, JsonValue, Scores } from '../harness';

const MAX_ROWS = 12;
const MAX_CELL = 80;

/** `Post 1.00 / 0.85 · Pre 1.00 / 0.67 · 20 pairs` */
export function scoreLensTitle(fn: FunctionReport): string {
  const scores = fn.scores;
  return `Post ${score(scores.postCorrectness)} / ${score(scores.postCompleteness)} · Pre ${score(scores.preCorrectness)} / ${score(scores.preCompleteness)} · ${plural(fn.counts.pairs, 'pair')}`;
}

export function acceptedLensTitle(fn: FunctionReport): string | null {
  const count = fn.acceptedMutants.length;
  return count === 0 ? null : `${count} wrong output${count === 1 ? '' : 's'} accepted`;
}

export function functionMarkdown(fn: FunctionReport): string {
  const lines = [`**${fn.qualifiedName}** · ${statusText(fn)}`, '', scoreTable(fn.scores, fn)];
  if (fn.acceptedMutants.length > 0) {
    lines.push('', `**Accepted wrong outputs** (${fn.acceptedMutants.length}): the ensures lets these through`, '',
      '| input | correct output | accepted wrong output | operator |', '|---|---|---|---|');
    for (const mutant of fn.acceptedMutants.slice(0, MAX_ROWS)) {
      const correct = mutant.after === null ? mutant.output : { output: mutant.output, after: mutant.after };
      const wrong = mutant.mutantAfter === null ? mutant.mutant : { output: mutant.mutant, after: mutant.mutantAfter };
      lines.push(row([formatJson(mutant.input), formatJson(correct), formatJson(wrong), `${mutant.operator}${solverTag(mutant)}`]));
    }
    if (fn.acceptedMutants.length > MAX_ROWS) lines.push('', `… and ${fn.acceptedMutants.length - MAX_ROWS} more`);
  }
  if (fn.rejectedPairs.length > 0) {
    lines.push('', `**Rejected correct pairs** (${fn.rejectedPairs.length})`, '', '| input | output | rejecting clause |', '|---|---|---|');
    for (const pair of fn.rejectedPairs.slice(0, MAX_ROWS)) {
      lines.push(row([formatJson(pair.input), formatJson(pair.output), `${pair.clause === null ? '—' : `${pair.clause.kind} #${pair.clause.index + 1}: ${pair.clause.text}`}${solverTag(pair)}`]));
    }
  }
  if (fn.rejectedValidInputs.length > 0) {
    lines.push('', `**Rejected valid inputs** (${fn.rejectedValidInputs.length})`, '', '| input | rejecting clause |', '|---|---|');
    for (const input of fn.rejectedValidInputs.slice(0, MAX_ROWS)) {
      lines.push(row([formatJson(input.input), `${input.clause === null ? '—' : `${input.clause.kind} #${input.clause.index + 1}: ${input.clause.text}`}${solverTag(input)}`]));
    }
  }
  if (fn.admittedInvalidInputs.length > 0) {
    lines.push('', `**Admitted invalid inputs** (${fn.admittedInvalidInputs.length})`, '', '| input | why it is invalid |', '|---|---|');
    for (const input of fn.admittedInvalidInputs.slice(0, MAX_ROWS)) lines.push(row([formatJson(input.input), input.reason]));
  }
  const outside = fn.pairsOutsideRequires?.length ?? 0;
  if (outside > 0) lines.push('', `${plural(outside, 'correct pair')} outside the requires (the ensures rejects them; not counted)`);
  const solverVerdicts = fn.counts.solverVerdicts ?? 0;
  if (solverVerdicts > 0) lines.push('', `${plural(solverVerdicts, 'solver verdict')}: decided by Z3 where the evaluator could not (marked “(solver)”)`);
  for (const warning of fn.warnings) lines.push('', `⚠ ${warning.message}`);
  if (fn.indeterminate.length > 0) lines.push('', `${plural(fn.indeterminate.length, 'indeterminate verdict')}, e.g. ${fn.indeterminate[0]?.reason ?? ''}`);
  for (const item of fn.unsupported.slice(0, MAX_ROWS)) lines.push('', `unsupported: \`${item.construct}\``);
  return lines.join('\n');
}

/** ` (solver)` on a row whose verdict Z3 reached. */
function solverTag(entry: { readonly decidedBy?: 'solver' }): string {
  return entry.decidedBy === 'solver' ? ' (solver)' : '';
}

export function fileMarkdown(report: FileReport, threshold: number): string {
  const scored = report.functions.filter((fn) => fn.status === 'scored');
  const passing = scored.filter((fn) => meetsThreshold(fn.scores, threshold)).length;
  const lines = [`# Spec Harness report: ${report.path}`, '', `Pairs file: ${report.pairsFile ?? '(none)'}`, '',
    `Harness@${threshold}: ${passing} of ${scored.length} scored functions`, ''];
  for (const fn of report.functions) lines.push('---', '', functionMarkdown(fn), '');
  return lines.join('\n');
}

/** Every non-N/A score at or above the threshold (the design's Harness@t for one function). */
export function meetsThreshold(scores: Scores, threshold: number): boolean {
  return [scores.postCorrectness, scores.postCompleteness, scores.preCorrectness, scores.preCompleteness].every(
    (value) => value === null || value >= threshold);
}

export function formatJson(value: JsonValue | undefined): string {
  const text = value === undefined ? '()' : JSON.stringify(value);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

function scoreTable(scores: Scores, fn: FunctionReport): string {
  const counts = fn.counts;
  return [
    '| score | value | over |',
    '|---|---|---|',
    `| PostCorr | ${score(scores.postCorrectness)} | ${plural(counts.pairs, 'pair')} |`,
    `| PostComp | ${score(scores.postCompleteness)} | ${plural(counts.mutants, 'mutant')} |`,
    `| PreCorr | ${score(scores.preCorrectness)} | ${plural(counts.validInputs, 'valid input')} |`,
    `| PreComp | ${score(scores.preCompleteness)} | ${plural(counts.invalidInputs, 'invalid input')} |`,
  ].join('\n');
}

function statusText(fn: FunctionReport): string {
  if (fn.status === 'scored') return scoreLensTitle(fn);
  return fn.reason === null ? fn.status : `${fn.status}: ${fn.reason}`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((cell) => escapeCell(cell)).join(' | ')} |`;
}

function escapeCell(text: string): string {
  const clipped = text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
  return `\`${clipped.replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\n/g, ' ')}\``;
}

function score(value: number | null): string {
  return value === null ? 'N/A' : value.toFixed(2);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
