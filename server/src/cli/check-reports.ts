// The reporting side of `check`: --format, --output, --html, --baseline, --save-baseline and --changed-since.
// Parses those options, records the backend's verdicts when a mutation report needs every mutant, and writes each
// output. The writers themselves live in reports/.

import { appendFile, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CheckInput, CheckReport, FilePlan, Verdict } from '../harness';
import {
  decodeBaseline,
  mutantOutcomes,
  mutationReportHtml,
  ratchetFailures,
  toGithub,
  toJunit,
  toMutationReport,
  toSarif,
} from '../reports';
import type { Baseline, FunctionFailures, FunctionOutcomes } from '../reports';
import { TOOL_VERSION } from '../stdx';
import type { CliIo } from './io';
import { assertNever } from '../stdx';

export const REPORT_FORMATS = ['text', 'json', 'mutation-report', 'sarif', 'junit', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_USAGE = `                          [--format text|json|mutation-report|sarif|junit|github] [--output FILE] [--html FILE]
                          [--baseline FILE] [--save-baseline FILE] [--changed-since GIT_REF]`;

/** parseArgs options for the reporting flags (`--json` is `--format json`). */
export const REPORT_ARG_OPTIONS = {
  json: { type: 'boolean' },
  format: { type: 'string' },
  output: { type: 'string' },
  html: { type: 'string' },
  baseline: { type: 'string' },
  'save-baseline': { type: 'string' },
  'changed-since': { type: 'string' },
} as const;

export interface ReportOptions {
  readonly format: ReportFormat;
  readonly output: string | undefined;
  readonly html: string | undefined;
  readonly baseline: string | undefined;
  readonly saveBaseline: string | undefined;
  readonly changedSince: string | undefined;
}

type ReportArgValues = {
  readonly [K in keyof typeof REPORT_ARG_OPTIONS]?: (typeof REPORT_ARG_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
};

export function parseReportOptions(values: ReportArgValues): ReportOptions | string {
  const format = values.format ?? (values.json === true ? 'json' : 'text');
  if (!(REPORT_FORMATS as readonly string[]).includes(format))
    return `--format must be one of ${REPORT_FORMATS.join(', ')} (got '${format}')`;
  if (values.json === true && format !== 'json') return `--json is --format json; it cannot be combined with --format ${format}`;
  for (const name of ['output', 'html', 'baseline', 'save-baseline', 'changed-since'] as const) {
    if (values[name] === '') return `--${name} needs a value`;
  }
  return {
    format: format as ReportFormat,
    output: values.output,
    html: values.html,
    baseline: values.baseline,
    saveBaseline: values['save-baseline'],
    changedSince: values['changed-since'],
  };
}

/** Whether the run must keep every mutant's verdict (the FileReport lists only accepted ones). */
export function needsMutantOutcomes(options: ReportOptions): boolean {
  return options.format === 'mutation-report' || options.html !== undefined;
}

/** What the run collected beside the report, for the writers. */
export interface RunExtras {
  /** Source and pairs texts by the path the report names them with. */
  readonly texts: Map<string, string>;
  readonly outcomes: Map<string, readonly FunctionOutcomes[]>;
  /** `path::fn` of functions --changed-since left out. */
  readonly skipped: string[];
}

export function emptyExtras(): RunExtras {
  return { texts: new Map(), outcomes: new Map(), skipped: [] };
}

export function recordFile(extras: RunExtras, input: CheckInput, plan: FilePlan | undefined, verdicts: ReadonlyMap<string, Verdict>): void {
  extras.texts.set(input.path, input.text);
  if (input.pairsPath !== null && input.pairsText !== null) extras.texts.set(input.pairsPath, input.pairsText);
  if (plan !== undefined) extras.outcomes.set(input.path, mutantOutcomes(plan, verdicts));
}

export async function readBaseline(io: CliIo, file: string): Promise<Baseline | string> {
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    return `cannot read the baseline '${file}': ${error instanceof Error ? error.message : String(error)}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `the baseline '${file}' is not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const baseline = decodeBaseline(json);
  return typeof baseline === 'string' ? `the baseline '${file}': ${baseline}` : baseline;
}

/** The gate's failures, narrowed by the baseline when there is one. */
export function runFailures(report: CheckReport, gateFailures: FunctionFailures, baseline: Baseline | undefined): FunctionFailures {
  return baseline === undefined ? gateFailures : ratchetFailures(report, baseline, gateFailures);
}

export interface WriteContext {
  readonly io: CliIo;
  readonly options: ReportOptions;
  readonly report: CheckReport;
  readonly failures: FunctionFailures;
  readonly extras: RunExtras;
  readonly threshold: number;
  /** The text and JSON formats, made by the caller (check-text.ts; with --held-out both carry the held-out scores). */
  readonly text: () => string;
  readonly json: () => string;
  /** $GITHUB_STEP_SUMMARY, where the github format appends its job summary. */
  readonly stepSummaryPath: string | undefined;
}

/** Writes the chosen format (to --output or stdout), the HTML and the baseline; an error message on I/O failure. */
export async function writeReports(ctx: WriteContext): Promise<string | undefined> {
  const { io, options } = ctx;
  try {
    const main = await formatted(ctx);
    if (options.output === undefined) io.stdout(main);
    else await writeFile(path.resolve(io.cwd, options.output), main);
    if (options.html !== undefined) await writeFile(path.resolve(io.cwd, options.html), await htmlReport(ctx));
    if (options.saveBaseline !== undefined) await writeFile(path.resolve(io.cwd, options.saveBaseline), jsonReport(ctx.report));
    if (options.format === 'github' && ctx.stepSummaryPath !== undefined && ctx.stepSummaryPath !== '') {
      await appendFile(ctx.stepSummaryPath, toGithub({ report: ctx.report, failures: ctx.failures, skipped: ctx.extras.skipped }).summary);
    }
    return undefined;
  } catch (error) {
    return `cannot write a report: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function formatted(ctx: WriteContext): Promise<string> {
  switch (ctx.options.format) {
    case 'text':
      return ctx.text();
    case 'json':
      return ctx.json();
    case 'mutation-report':
      return `${JSON.stringify(mutationReport(ctx), null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(toSarif({ report: ctx.report, texts: ctx.extras.texts, version: TOOL_VERSION }), null, 2)}\n`;
    case 'junit':
      return toJunit(ctx.report, ctx.failures);
    case 'github':
      return toGithub({ report: ctx.report, failures: ctx.failures, skipped: ctx.extras.skipped }).commands;
    default:
      return assertNever(ctx.options.format);
  }
}

export function jsonReport(report: object): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function mutationReport(ctx: WriteContext): ReturnType<typeof toMutationReport> {
  return toMutationReport({
    report: ctx.report,
    sources: ctx.extras.texts,
    outcomes: ctx.extras.outcomes,
    threshold: ctx.threshold,
    version: TOOL_VERSION,
  });
}

async function htmlReport(ctx: WriteContext): Promise<string> {
  const viewer = await readFile(require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
  return mutationReportHtml(mutationReport(ctx), viewer, 'Spec Harness mutation report');
}

/** Failures as the stderr line names them: `path::fn (PostComp 0.50 < 0.75)`. */
export function describeFailures(failures: FunctionFailures): string[] {
  return [...failures].map(([key, reasons]) => `${key} (${reasons.join(', ')})`);
}
