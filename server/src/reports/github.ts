// GitHub Actions output: `::warning file=..,line=..,col=..::` workflow commands that GitHub turns into annotations
// on the pull request, and a Markdown job summary. GitHub shows at most 10 warnings and 10 errors per step, so the
// commands are capped (functions that fail the run first) and the rest are counted in the summary.

import type { CheckReport, FileReport, ReportDiagnostic } from '../harness';
import { formatScore } from '../harness';
import { evidenceLines } from './junit';
import { functionKey, oneBased } from './locations';
import type { FunctionFailures } from './locations';
import { RULES } from './rules';

/** GitHub displays 10 annotations of each level per step; more are dropped silently, so we stop there. */
export const MAX_ANNOTATIONS_PER_LEVEL = 10;

export interface GithubOutput {
  /** Workflow commands, one per line (what the step prints). */
  readonly commands: string;
  /** The job summary (what goes to $GITHUB_STEP_SUMMARY). */
  readonly summary: string;
}

export interface GithubInput {
  readonly report: CheckReport;
  readonly failures: FunctionFailures;
  /** Lines listing what the run left out (`--changed-since`), shown in the summary. */
  readonly skipped: readonly string[];
}

export function toGithub(input: GithubInput): GithubOutput {
  const candidates = annotationCandidates(input.report, input.failures);
  const shown = { error: 0, warning: 0 };
  const lines: string[] = [];
  let dropped = 0;
  for (const { file, diagnostic } of candidates) {
    const level = diagnostic.severity === 'error' ? 'error' : 'warning';
    if (shown[level] >= MAX_ANNOTATIONS_PER_LEVEL) {
      dropped++;
      continue;
    }
    shown[level]++;
    lines.push(annotation(level, file, diagnostic));
  }
  if (dropped > 0)
    lines.push(
      `::notice::spec-harness: ${dropped} more problems are not annotated (GitHub shows ${MAX_ANNOTATIONS_PER_LEVEL} per level); see the job summary or the SARIF report`,
    );
  return { commands: lines.length === 0 ? '' : `${lines.join('\n')}\n`, summary: summaryMarkdown(input, dropped) };
}

/** Diagnostics worth an annotation (errors and warnings), those of failing functions first, then by position. */
function annotationCandidates(report: CheckReport, failures: FunctionFailures): { file: FileReport; diagnostic: ReportDiagnostic }[] {
  const candidates = report.files.flatMap((file) =>
    file.diagnostics
      .filter((d) => d.severity === 'error' || d.severity === 'warning')
      .map((diagnostic) => ({ file, diagnostic, failing: isOnFailingFunction(file, diagnostic, failures) })),
  );
  candidates.sort((a, b) => Number(b.failing) - Number(a.failing));
  return candidates;
}

function isOnFailingFunction(file: FileReport, diagnostic: ReportDiagnostic, failures: FunctionFailures): boolean {
  if (diagnostic.file !== 'source') return false;
  const line = diagnostic.range.start.line;
  return file.functions.some((fn) => failures.has(functionKey(file, fn)) && fn.range.start.line <= line && line <= fn.range.end.line);
}

function annotation(level: 'error' | 'warning', file: FileReport, diagnostic: ReportDiagnostic): string {
  const path = diagnostic.file === 'pairs' ? (file.pairsFile ?? file.path) : file.path;
  const range = oneBased(diagnostic.range);
  const properties = [
    `file=${escapeProperty(path)}`,
    `line=${range.startLine}`,
    `col=${range.startColumn}`,
    `endLine=${range.endLine}`,
    `endColumn=${range.endColumn}`,
    `title=${escapeProperty(`spec-harness ${diagnostic.code}: ${RULES[diagnostic.code].shortDescription}`)}`,
  ];
  return `::${level} ${properties.join(',')}::${escapeData(diagnostic.message)}`;
}

function summaryMarkdown(input: GithubInput, dropped: number): string {
  const { report, failures } = input;
  const lines = ['## Spec Harness', ''];
  const failing = [...failures.keys()];
  lines.push(
    failing.length === 0
      ? `All ${report.summary.scored} scored functions pass.`
      : `**${failing.length} function${failing.length === 1 ? '' : 's'} fail** (of ${report.summary.scored} scored).`,
    '',
  );
  lines.push('| | function | PostCorr | PostComp | PreCorr | PreComp | why |', '|---|---|---:|---:|---:|---:|---|');
  for (const file of report.files) {
    for (const fn of file.functions) {
      const failure = failures.get(functionKey(file, fn));
      const mark = fn.status !== 'scored' ? '➖' : failure === undefined ? '✅' : '❌';
      const s = fn.scores;
      const why = failure?.join('; ') ?? (fn.status === 'scored' ? '' : `${fn.status}: ${fn.reason ?? ''}`);
      lines.push(
        `| ${mark} | \`${cell(functionKey(file, fn))}\` | ${formatScore(s.postCorrectness)} | ${formatScore(s.postCompleteness)} | ${formatScore(s.preCorrectness)} | ${formatScore(s.preCompleteness)} | ${cell(why)} |`,
      );
    }
  }
  const details = report.files.flatMap((file) =>
    file.functions
      .filter((fn) => failures.has(functionKey(file, fn)))
      .map((fn) => ({ key: functionKey(file, fn), lines: evidenceLines(fn) })),
  );
  for (const detail of details.filter((d) => d.lines.length > 0)) {
    lines.push(
      '',
      `<details><summary><code>${html(detail.key)}</code></summary>`,
      '',
      ...detail.lines.map((line) => `- ${cell(line)}`),
      '',
      '</details>',
    );
  }
  if (input.skipped.length > 0) lines.push('', `Not scored (unchanged): ${input.skipped.map((name) => `\`${cell(name)}\``).join(', ')}`);
  if (dropped > 0) lines.push('', `${dropped} problems were not annotated (GitHub's limit per step); the SARIF report has them all.`);
  return `${lines.join('\n')}\n`;
}

/** Workflow command data: `%`, CR and LF are escaped (GitHub's toolkit escapeData). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow command properties also escape `:` and `,` (GitHub's toolkit escapeProperty). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').replace(/`/g, "'");
}

function html(text: string): string {
  return text.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}
