// Text the editor shows: CodeLens titles, the hover and the report view, all made from a FunctionReport. The hover
// leads with one line naming what is wrong (an accepted wrong output beside the correct one), then the scores, then a
// few rows per section and a link to the report; the report lists every row. Values are Rust calls, as the
// diagnostics write them, in code spans that survive any backtick or pipe in a value.

import { meetsHarness, suggestionSentence } from '../harness';
import type { FileReport, FunctionReport, FunctionSuggestions, JsonValue, Scores } from '../harness';
import { describeAccepted } from '../harness';
import { CLIENT_COMMANDS } from './protocol';

/** Rows per section in the hover; the report shows them all. */
export const HOVER_ROWS_PER_SECTION = 3;
/** Characters per cell in the hover (values can be long vectors); the report clips nothing. */
const HOVER_MAX_CELL = 80;
const MAX_JSON_TEXT = 80;

/** `Post 1.00 / 0.85 · Pre 1.00 / 0.67 · 20 pairs` */
export function scoreLensTitle(fn: FunctionReport): string {
  const scores = fn.scores;
  const title = `Post ${score(scores.postCorrectness)} / ${score(scores.postCompleteness)} · Pre ${score(scores.preCorrectness)} / ${score(scores.preCompleteness)} · ${plural(fn.counts.pairs, 'pair')}`;
  // A scored function's reason says why its PostComp has no value; the lens keeps the first clause of it.
  return fn.reason === null ? title : `${title} · ${fn.reason.split(':')[0] ?? fn.reason}`;
}

export function acceptedLensTitle(fn: FunctionReport): string | null {
  const count = fn.acceptedMutants.length;
  return count === 0 ? null : `${count} wrong output${count === 1 ? '' : 's'} accepted`;
}

/** The hover: the headline, the scores, a few rows per section and "Show all" (the report of this function). */
export function hoverMarkdown(fn: FunctionReport, options: { readonly sourceUri: string }): string {
  const lines = [`**${fn.qualifiedName}** · ${headline(fn)}`];
  if (fn.status === 'scored') lines.push('', scoreTable(fn.scores, fn));
  lines.push(...evidenceSections(fn, { rowsPerSection: HOVER_ROWS_PER_SECTION, maxCell: HOVER_MAX_CELL, sourceUri: options.sourceUri }));
  lines.push(...solverLine(fn));
  for (const warning of fn.warnings) lines.push('', `⚠ ${warning.message}`);
  lines.push('', `[Show all](${showReportLink(options.sourceUri, fn.qualifiedName)})`);
  return lines.join('\n');
}

/** The report of one function: everything the hover has, every row, and the per-source and per-clause figures.
 *  `sourceUri` (the Rust file's URI) makes each code mutant's line a link to the changed code. */
export function functionMarkdown(fn: FunctionReport, options: ReportOptions = {}): string {
  const lines = [`**${fn.qualifiedName}** · ${headline(fn)}`];
  if (fn.status === 'scored') lines.push('', scoreLensTitle(fn), '', scoreTable(fn.scores, fn));
  if (fn.wrongOutputs !== undefined) lines.push('', wrongOutputLine(fn.wrongOutputs));
  if (fn.clauses !== undefined && fn.clauses.length > 0) lines.push('', ...clauseLines(fn));
  lines.push(...evidenceSections(fn, { rowsPerSection: 'all', maxCell: 'none', sourceUri: options.sourceUri }));
  const outside = fn.pairsOutsideRequires?.length ?? 0;
  if (outside > 0) lines.push('', `${plural(outside, 'correct pair')} outside the requires (the ensures rejects them; not counted)`);
  lines.push(...solverLine(fn));
  for (const warning of fn.warnings) lines.push('', `⚠ ${warning.message}`);
  if (fn.indeterminate.length > 0)
    lines.push('', `${plural(fn.indeterminate.length, 'indeterminate verdict')}, e.g. ${fn.indeterminate[0]?.reason ?? ''}`);
  for (const item of fn.unsupported) lines.push('', `unsupported: ${codeSpan(item.construct)}`);
  const suggested = options.suggestions?.get(fn.qualifiedName);
  if (suggested !== undefined && suggested.suggestions.length > 0) lines.push('', ...suggestionLines(suggested));
  return lines.join('\n');
}

/** What the report view is made with: the source URI (links to changed code) and suggested clauses by function. */
export interface ReportOptions {
  readonly sourceUri?: string;
  readonly suggestions?: ReadonlyMap<string, FunctionSuggestions>;
}

/** The suggested ensures clauses, worded as what they are: candidates Verus must still prove. */
function suggestionLines(fn: FunctionSuggestions): string[] {
  return [
    '**Suggested ensures** (candidates that hold on the sample; Verus must still prove them)',
    '',
    ...fn.suggestions.map(
      (suggestion) => `- ${codeSpan(`ensures ${suggestion.clause}`)}: ${suggestionSentence(suggestion.rejects, fn.accepted, fn.correct)}`,
    ),
  ];
}

export function fileMarkdown(report: FileReport, threshold: number, options: ReportOptions = {}): string {
  const scored = report.functions.filter((fn) => fn.status === 'scored');
  const passing = scored.filter((fn) => meetsHarness(fn, threshold)).length;
  const unscored = report.functions.length - scored.length;
  const summary =
    scored.length === 0
      ? 'No contracts scored'
      : `Harness@${threshold}: ${passing} of ${report.functions.length} functions with a contract${unscored === 0 ? '' : ` (${unscored} not scored)`}`;
  const lines = [`# Spec Harness report: ${report.path}`, '', `Pairs file: ${report.pairsFile ?? '(none)'}`, '', summary, ''];
  for (const fn of report.functions) lines.push('---', '', functionMarkdown(fn, options), '');
  return lines.join('\n');
}

/** Compact JSON for titles and related information (quick-fix titles, diagnostics' evidence links). */
export function formatJson(value: JsonValue | undefined): string {
  const text = value === undefined ? '()' : JSON.stringify(value);
  return text.length > MAX_JSON_TEXT ? `${text.slice(0, MAX_JSON_TEXT - 1)}…` : text;
}

/** A code span that shows `text` exactly: delimited by one backtick more than its longest run of backticks, and
 *  padded with a space when it starts or ends with one (CommonMark strips one space from each side). */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** `command:specHarness.showReport?<["uri","fn"]>`: the client command that opens this function's report. */
export function showReportLink(sourceUri: string, functionName: string): string {
  return `command:${CLIENT_COMMANDS.showReport}?${encodeURIComponent(JSON.stringify([sourceUri, functionName]))}`;
}

type AcceptedMutant = FunctionReport['acceptedMutants'][number];

interface RowOptions {
  readonly rowsPerSection: number | 'all';
  readonly maxCell: number | 'none';
  readonly sourceUri: string | undefined;
}

/** One line: what is wrong, with one example (an accepted wrong output beside the correct one first). */
function headline(fn: FunctionReport): string {
  if (fn.status !== 'scored') return fn.reason === null ? `not scored (${fn.status})` : `not scored: ${fn.reason}`;
  const accepted = fn.acceptedMutants.find((mutant) => mutant.source === 'code' || mutant.source === 'swapped') ?? fn.acceptedMutants[0];
  if (accepted !== undefined) {
    const more = fn.acceptedMutants.length > 1 ? ` (${fn.acceptedMutants.length} wrong outputs accepted)` : '';
    return `⚠ accepts ${codeSpan(wrongCall(accepted))}; correct: ${codeSpan(correctCall(accepted))}${more}`;
  }
  const rejected = fn.rejectedPairs[0];
  if (rejected !== undefined)
    return `⚠ rejects the correct output ${codeSpan(rejected.display ?? formatJson(rejected.input))}${clauseSuffix(rejected.clause)}`;
  const admittedPanic = fn.admittedInvalidInputs.find((input) => input.generated === true);
  if (admittedPanic !== undefined)
    return `⚠ admits ${codeSpan(admittedPanic.display ?? formatJson(admittedPanic.input))}, on which the code panics (${admittedPanic.reason})`;
  const rejectedInput = fn.rejectedValidInputs.find((input) => input.witness === undefined);
  if (rejectedInput !== undefined)
    return `⚠ rejects the valid input ${codeSpan(rejectedInput.display ?? formatJson(rejectedInput.input))}${clauseSuffix(rejectedInput.clause)}`;
  const admitted = fn.admittedInvalidInputs[0];
  if (admitted !== undefined)
    return `⚠ admits the invalid input ${codeSpan(admitted.display ?? formatJson(admitted.input))} (${admitted.reason})`;
  const witness = fn.rejectedValidInputs.find((input) => input.witness !== undefined);
  if (witness?.witness !== undefined)
    return `ℹ the requires is stronger than the code needs${clauseSuffix(witness.clause)}: ${codeSpan(witness.witness)}, which the ensures accepts`;
  if (fn.reason !== null) return `ℹ ${fn.reason}`;
  return 'no wrong output accepted, no correct pair or valid input rejected';
}

function clauseSuffix(clause: FunctionReport['rejectedPairs'][number]['clause']): string {
  return clause === null ? '' : ` (${clause.kind} #${clause.index + 1})`;
}

/** The evidence tables: accepted wrong outputs by source, rejected correct pairs, rejected valid inputs, admitted
 *  invalid inputs. */
function evidenceSections(fn: FunctionReport, options: RowOptions): string[] {
  const lines: string[] = [];
  if (fn.acceptedMutants.length > 0) {
    lines.push('', `**Accepted wrong outputs** (${fn.acceptedMutants.length}): the ensures lets these through`);
    for (const group of SOURCE_GROUPS) lines.push(...acceptedGroup(fn.acceptedMutants.filter(group.includes), group.title, options));
  }
  lines.push(
    ...section(
      `**Rejected correct pairs** (${fn.rejectedPairs.length})`,
      ['correct call', 'rejecting clause'],
      fn.rejectedPairs,
      options,
      (pair) => [pair.display ?? formatJson(pair.input), `${clauseText(pair.clause)}${solverTag(pair)}`],
    ),
  );
  lines.push(
    ...section(
      `**Rejected valid inputs** (${fn.rejectedValidInputs.length})`,
      ['input', 'rejecting clause'],
      fn.rejectedValidInputs,
      options,
      (input) => [
        input.witness === undefined ? (input.display ?? formatJson(input.input)) : `${input.witness} (generated: the ensures accepts it)`,
        `${clauseText(input.clause)}${solverTag(input)}`,
      ],
    ),
  );
  lines.push(
    ...section(
      `**Admitted invalid inputs** (${fn.admittedInvalidInputs.length})`,
      ['input', 'why it is invalid'],
      fn.admittedInvalidInputs,
      options,
      (input) => [input.display ?? formatJson(input.input), input.reason],
    ),
  );
  return lines;
}

/** A titled table of at most `rowsPerSection` rows, with a count of the rest. Nothing when there are no items. */
function section<T>(
  title: string,
  header: readonly string[],
  items: readonly T[],
  options: RowOptions,
  cells: (item: T) => readonly string[],
): string[] {
  if (items.length === 0) return [];
  const shown = options.rowsPerSection === 'all' ? items : items.slice(0, options.rowsPerSection);
  const lines = ['', title, '', `| ${header.join(' | ')} |`, `|${header.map(() => '---|').join('')}`];
  for (const item of shown) lines.push(row(cells(item), options.maxCell));
  return [...lines, ...restNote(items.length - shown.length)];
}

function restNote(hidden: number): string[] {
  return hidden > 0 ? ['', `${hidden} more (Show all)`] : [];
}

/** Accepted wrong outputs grouped by source, the realistic bugs first; entries without a source (older reports,
 *  other backends) count as value mutants. */
const SOURCE_GROUPS: readonly { readonly title: string; readonly includes: (mutant: AcceptedMutant) => boolean }[] = [
  { title: 'Code mutants (a small change to the implementation)', includes: (mutant) => mutant.source === 'code' },
  { title: 'Swapped outputs (the correct output of another input)', includes: (mutant) => mutant.source === 'swapped' },
  { title: 'Value mutants', includes: (mutant) => mutant.source === undefined || mutant.source === 'value' },
];

function acceptedGroup(mutants: readonly AcceptedMutant[], title: string, options: RowOptions): string[] {
  if (mutants.length === 0) return [];
  const located = mutants.some((mutant) => mutant.codeRange !== undefined);
  const header = located
    ? '| accepted wrong output | correct | change | where |\n|---|---|---|---|'
    : '| accepted wrong output | correct | from |\n|---|---|---|';
  const first = mutants[0] === undefined ? undefined : describeAccepted(mutants[0], { withLine: true });
  const lines = ['', `*${title}* (${mutants.length})${first === undefined ? '' : `: e.g. ${first}`}`, '', header];
  const shown = options.rowsPerSection === 'all' ? mutants : mutants.slice(0, options.rowsPerSection);
  for (const mutant of shown) {
    lines.push(
      `${row([wrongCall(mutant), correctCall(mutant), `${mutant.operator}${solverTag(mutant)}`], options.maxCell)}${lineLink(mutant, options.sourceUri)}`,
    );
  }
  return [...lines, ...restNote(mutants.length - shown.length)];
}

/** `double(3) = 7`, or the JSON of the input and the wrong output for reports made without types. */
function wrongCall(mutant: AcceptedMutant): string {
  if (mutant.display !== undefined) return mutant.display;
  const wrong = mutant.mutantAfter === null ? mutant.mutant : { output: mutant.mutant, after: mutant.mutantAfter };
  return `${formatJson(mutant.input)} -> ${formatJson(wrong)}`;
}

function correctCall(mutant: AcceptedMutant): string {
  if (mutant.correctDisplay !== undefined) return mutant.correctDisplay;
  const correct = mutant.after === null ? mutant.output : { output: mutant.output, after: mutant.after };
  return `${formatJson(mutant.input)} -> ${formatJson(correct)}`;
}

/** Why some rows say “(solver)”; nothing when no verdict came from Z3. */
function solverLine(fn: FunctionReport): string[] {
  const solverVerdicts = fn.counts.solverVerdicts ?? 0;
  return solverVerdicts > 0
    ? ['', `${plural(solverVerdicts, 'solver verdict')}: decided by Z3 where the evaluator could not (marked “(solver)”)`]
    : [];
}

/** ` (solver)` on a row whose verdict Z3 reached. */
function solverTag(entry: { readonly decidedBy?: 'solver' }): string {
  return entry.decidedBy === 'solver' ? ' (solver)' : '';
}

function clauseText(clause: FunctionReport['rejectedPairs'][number]['clause']): string {
  return clause === null ? '—' : `${clause.kind} #${clause.index + 1}: ${clause.text}`;
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
    lines.push(
      `${row([`#${clause.index + 1}: ${clause.text}`], 'none')} ${clause.rejectsAlone}${redundant.has(clause.index) ? ' (redundant)' : ''} | ${clause.rejects} |`,
    );
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

/** A table row of code spans; `|` is escaped even inside them (GitHub-flavoured tables split on it first). */
function row(cells: readonly string[], maxCell: number | 'none'): string {
  return `| ${cells.map((cell) => codeSpan(clip(cell, maxCell)).replace(/\|/g, '\\|')).join(' | ')} |`;
}

function clip(text: string, maxCell: number | 'none'): string {
  return maxCell === 'none' || text.length <= maxCell ? text : `${text.slice(0, maxCell - 1)}…`;
}

function score(value: number | null): string {
  return value === null ? 'N/A' : value.toFixed(2);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
