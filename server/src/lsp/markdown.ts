// Text the editor shows: CodeLens titles, hover tables and the report view, all made from a FunctionReport.

import { meetsHarness } from '../harness';
import type { FileReport, FunctionReport, JsonValue, Scores } from '../harness';
import { describeAccepted } from '../harness';

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

/** `sourceUri` (the Rust file's URI) makes each code mutant's line a link to the changed code. */
export function functionMarkdown(fn: FunctionReport, options: { readonly sourceUri?: string } = {}): string {
  const lines = [`**${fn.qualifiedName}** · ${statusText(fn)}`, '', scoreTable(fn.scores, fn)];
  if (fn.acceptedMutants.length > 0) {
    lines.push('', `**Accepted wrong outputs** (${fn.acceptedMutants.length}): the ensures lets these through`);
    for (const group of SOURCE_GROUPS) lines.push(...acceptedGroup(fn.acceptedMutants.filter(group.includes), group.title, options.sourceUri));
  }
  if (fn.wrongOutputs !== undefined) lines.push('', wrongOutputLine(fn.wrongOutputs));
  if (fn.clauses !== undefined && fn.clauses.length > 0) lines.push('', ...clauseLines(fn));
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

export function fileMarkdown(report: FileReport, threshold: number, options: { readonly sourceUri?: string } = {}): string {
  const scored = report.functions.filter((fn) => fn.status === 'scored');
  const passing = scored.filter((fn) => meetsHarness(fn, threshold)).length;
  const lines = [`# Spec Harness report: ${report.path}`, '', `Pairs file: ${report.pairsFile ?? '(none)'}`, '',
    `Harness@${threshold}: ${passing} of ${scored.length} scored functions`, ''];
  for (const fn of report.functions) lines.push('---', '', functionMarkdown(fn, options), '');
  return lines.join('\n');
}

export function formatJson(value: JsonValue | undefined): string {
  const text = value === undefined ? '()' : JSON.stringify(value);
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

type AcceptedMutant = FunctionReport['acceptedMutants'][number];

/** Accepted wrong outputs grouped by source, the realistic bugs first; entries without a source (older reports,
 *  other backends) count as value mutants. */
const SOURCE_GROUPS: readonly { readonly title: string; readonly includes: (mutant: AcceptedMutant) => boolean }[] = [
  { title: 'Code mutants (a small change to the implementation)', includes: (mutant) => mutant.source === 'code' },
  { title: 'Swapped outputs (the correct output of another input)', includes: (mutant) => mutant.source === 'swapped' },
  { title: 'Value mutants', includes: (mutant) => mutant.source === undefined || mutant.source === 'value' },
];

function acceptedGroup(mutants: readonly AcceptedMutant[], title: string, sourceUri: string | undefined): string[] {
  if (mutants.length === 0) return [];
  const located = mutants.some((mutant) => mutant.codeRange !== undefined);
  const header = located ? ['| input | correct output | accepted wrong output | change | where |', '|---|---|---|---|---|'] : ['| input | correct output | accepted wrong output | from |', '|---|---|---|---|'];
  const first = mutants[0] === undefined ? undefined : describeAccepted(mutants[0], { withLine: true });
  const lines = ['', `*${title}* (${mutants.length})${first === undefined ? '' : `: e.g. ${first}`}`, '', ...header];
  for (const mutant of mutants.slice(0, MAX_ROWS)) {
    const correct = mutant.after === null ? mutant.output : { output: mutant.output, after: mutant.after };
    const wrong = mutant.mutantAfter === null ? mutant.mutant : { output: mutant.mutant, after: mutant.mutantAfter };
    lines.push(`${row([formatJson(mutant.input), formatJson(correct), formatJson(wrong), `${mutant.operator}${solverTag(mutant)}`])}${lineLink(mutant, sourceUri)}`);
  }
  if (mutants.length > MAX_ROWS) lines.push('', `… and ${mutants.length - MAX_ROWS} more`);
  return lines;
}

/** A trailing cell linking a code mutant to its line (`file:///a.rs#L12`), or naming the line without a URI. */
function lineLink(mutant: AcceptedMutant, sourceUri: string | undefined): string {
  if (mutant.codeRange === undefined) return '';
  const line = mutant.codeRange.start.line + 1;
  return sourceUri === undefined ? ` line ${line} |` : ` [line ${line}](${sourceUri}#L${line}) |`;
}

/** `Wrong outputs accepted: code 3 of 10, swapped 2 of 40, value 0 of 160; on 4 of 20 inputs` */
function wrongOutputLine(summary: NonNullable<FunctionReport['wrongOutputs']>): string {
  const part = (name: string, count: { decided: number; accepted: number }): string => `${name} ${count.accepted} of ${count.decided}`;
  const sources = summary.bySource;
  return `Wrong outputs accepted: ${part('code', sources.code)}, ${part('swapped', sources.swapped)}, ${part('value', sources.value)}; on ${summary.inputsAccepting} of ${plural(summary.inputs, 'input')}`;
}

/** Per ensures clause, the wrong outputs it alone rejects; redundant clauses are marked (information only). */
function clauseLines(fn: FunctionReport): string[] {
  const redundant = new Set(fn.redundantClauses ?? []);
  const lines = ['**Per clause** (wrong outputs this clause alone rejects)', '', '| clause | alone | rejects |', '|---|---|---|'];
  for (const clause of fn.clauses ?? []) {
    lines.push(`${row([`#${clause.index + 1}: ${clause.text}`])} ${clause.rejectsAlone}${redundant.has(clause.index) ? ' (redundant)' : ''} | ${clause.rejects} |`);
  }
  return lines;
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
