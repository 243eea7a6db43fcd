// `spec-harness pairs PATH... [--fn NAME] [--count N] [--seed S] [--out FILE] [--solver z3|none]`: generates pairs and
// invalid inputs by running each exec fn, and writes them into foo.pairs.json beside foo.rs with exact edits (every byte
// outside generated entries kept) and a safe write (host/: exclusive temporary file, fsync, rename, concurrent edits merged).

import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { createLineIndex, parseSourceFile } from '../syntax';
import type { LineIndex } from '../syntax';
import type { InternalErrors, StackAllowance } from '../eval';
import { buildFileModel } from '../model';
import {
  DEFAULT_GENERATE_OPTIONS,
  generatePairsEntries,
  generatePairsEntriesWithSolver,
  guardedAsync,
  mergePairsText,
  pairsPathFor,
} from '../harness';
import { createSolver, SOLVER_KINDS } from '../backends';
import type { SolverKind } from '../backends';
import type { FunctionSummary } from '../harness';
import { createCrateModels, writePairsFile } from '../host';
import type { CrateModels, PairsWriteHooks } from '../host';
import { collectRustFiles, displayPath, readRustFile } from './files';
import type { RustFile } from './files';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';
import { printInternalErrors } from './internal-errors';
import { JOBS_USAGE, filePool, forEachFile, parseJobs } from './file-pool';
import type { InternalErrorSite } from './internal-errors';

export const PAIRS_COMMAND = {
  name: 'pairs',
  usage: `Usage: spec-harness pairs PATH... [--fn NAME] [--count N] [--invalid N] [--seed S] [--out FILE] [--solver z3|none]
                          [--jobs N]
${JOBS_USAGE}`,
  options: {
    fn: { type: 'string', multiple: true },
    count: { type: 'string' },
    invalid: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    solver: { type: 'string' },
    jobs: { type: 'string' },
  },
} as const satisfies CommandInfo;

interface PairsArgs {
  readonly paths: readonly string[];
  readonly functions: readonly string[] | undefined;
  readonly count: number;
  readonly invalidCount: number;
  readonly seed: number;
  readonly out: string | undefined;
  readonly solver: SolverKind;
  /** `--jobs`: undefined for the default (file-pool.ts `filePool`). */
  readonly jobs: number | undefined;
}

export async function runPairsCommand(args: readonly string[], io: CliIo): Promise<number> {
  const command = parsePairsArgs(args);
  if (command.kind !== 'run') return answerWithoutRunning(io, PAIRS_COMMAND, command);
  const parsed = command.args;
  const fail = commandFailure(io, PAIRS_COMMAND);
  const collected = await collectRustFiles(parsed.paths, io.cwd);
  if (!collected.ok) return fail(collected.error);
  if (parsed.out !== undefined && collected.files.length !== 1)
    return fail(`--out needs exactly one Rust file (found ${collected.files.length})`);
  // One file's failure is that file's: every other file still gets its pairs, and the exit code says what failed.
  let code: number = EXIT_CODES.ok;
  const internalErrors: InternalErrorSite[] = [];
  // Writing pairs files changes no source file, so one read of each crate serves the whole run (one per worker).
  const crates = createCrateModels();
  const files = collected.files;
  const pool = filePool(io, parsed.jobs, files.length);
  // Only to hand the biggest files to workers first; a file that cannot be read is read (and reported) later.
  const sizes =
    pool === undefined
      ? []
      : await Promise.all(
          files.map((file) =>
            stat(file.absolutePath).then(
              (found) => found.size,
              () => 0,
            ),
          ),
        );
  await forEachFile<PairsFileAnswer>(
    pool,
    files.length,
    {
      inProcess: (index) => pairsFileAnswer(files[index] as RustFile, parsed, io, crates),
      message: (index): PairsFileJob => ({
        kind: 'pairs',
        file: files[index] as RustFile,
        args: parsed,
        host: { cwd: io.cwd, stackAllowance: io.stackAllowance, internalErrors: io.internalErrors },
      }),
      size: (index) => sizes[index] ?? 0,
    },
    (answer) => {
      if (answer.stdout !== '') io.stdout(answer.stdout);
      if (answer.stderr !== '') io.stderr(answer.stderr);
      internalErrors.push(...answer.internalErrors);
      if (answer.code !== EXIT_CODES.ok) code = answer.code;
      return true;
    },
  );
  return printInternalErrors(io, PAIRS_COMMAND.name, internalErrors) ? EXIT_CODES.internalError : code;
}

/** `pairs`' work on one file as plain data: what a pool worker is sent (pool-worker.ts). */
export interface PairsFileJob {
  readonly kind: 'pairs';
  readonly file: RustFile;
  readonly args: PairsArgs;
  readonly host: PairsHost;
}

/** What one file's pairs print and how they end; printed by the command in file order. */
export interface PairsFileAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly internalErrors: readonly InternalErrorSite[];
  readonly code: number;
}

/** The parts of the CLI's io that one file's pairs read. */
type PairsHost = Pick<CliIo, 'cwd' | 'stackAllowance' | 'internalErrors' | 'pairsWriteHooks'>;

/** A pool worker's `pairs` of one file, with the worker's own crate reader. */
export function pairsFileInWorker(job: PairsFileJob, crates: CrateModels): Promise<PairsFileAnswer> {
  return pairsFileAnswer(job.file, job.args, job.host, crates);
}

/** One file's pairs, its output collected (so a worker's and this thread's are printed alike). */
async function pairsFileAnswer(file: RustFile, args: PairsArgs, host: PairsHost, crates: CrateModels): Promise<PairsFileAnswer> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    ...host,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  };
  const internalErrors: InternalErrorSite[] = [];
  const code = await pairsForFile(file, args, { io, crates }, internalErrors);
  return { stdout, stderr, internalErrors, code };
}

async function pairsForFile(
  file: RustFile,
  args: PairsArgs,
  { io, crates }: { readonly io: CliIo; readonly crates: CrateModels },
  internalErrors: InternalErrorSite[],
): Promise<number> {
  const options = {
    ...args,
    cwd: io.cwd,
    stackAllowance: io.stackAllowance,
    internalErrors: io.internalErrors,
    crates,
    hooks: io.pairsWriteHooks,
  };
  const result = await guardedAsync(
    io.internalErrors,
    'front end',
    () => generatePairsFile(file, options),
    (error) => {
      internalErrors.push({ path: file.displayPath, error });
      return undefined;
    },
  );
  if (result === undefined) return EXIT_CODES.ok;
  if (result.summaries !== undefined) {
    io.stdout(formatSummaries(file.displayPath, result.summaries.list, result.summaries.lines));
    for (const summary of result.summaries.list) {
      if (summary.internalError === undefined) continue;
      const line = result.summaries.lines.positionAt(summary.nameSpan.start).line + 1;
      internalErrors.push({ path: file.displayPath, fn: { name: summary.qualifiedName, line }, error: summary.internalError });
    }
  }
  if (!result.ok) return commandFailure(io, PAIRS_COMMAND)(result.error);
  const shown = displayPath(result.target, io.cwd);
  io.stdout(result.written ? `  wrote ${shown}\n` : `  ${shown} unchanged\n`);
  return EXIT_CODES.ok;
}

export interface GeneratePairsFileOptions {
  readonly functions: readonly string[] | undefined;
  readonly count: number;
  readonly invalidCount: number;
  readonly seed: number;
  /** Where to write (the sibling foo.pairs.json when undefined), relative to cwd. */
  readonly out: string | undefined;
  readonly cwd: string;
  readonly stackAllowance: StackAllowance | undefined;
  /** What a bug met while generating one function's pairs becomes (that function's result by default). */
  readonly internalErrors?: InternalErrors;
  /** z3: the solver decides `requires` the evaluator cannot and finds inputs inside a strong one. */
  readonly solver: SolverKind;
  /** The crates source files belong to: a file in one gets pairs with its crate's types, spec fns and constants. */
  readonly crates: CrateModels;
  /** Tests only: what happens between writing the temporary copy and replacing the file. */
  readonly hooks?: PairsWriteHooks;
}

export type GeneratePairsFileResult = (
  { readonly ok: true; readonly target: string; readonly written: boolean } | { readonly ok: false; readonly error: string }
) & { readonly summaries?: { readonly list: readonly FunctionSummary[]; readonly lines: LineIndex } };

/** Generates pairs for one Rust file and merges them into its pairs file with exact edits and a safe write
 *  (hand-written entries kept, a concurrent edit merged again). Shared by `spec-harness pairs` and the agents'
 *  `generate_pairs` tool. */
export async function generatePairsFile(file: RustFile, options: GeneratePairsFileOptions): Promise<GeneratePairsFileResult> {
  const source = await readRustFile(file);
  if (!source.ok) return source;
  const text = source.text;
  const target = options.out === undefined ? pairsPathFor(file.absolutePath) : path.resolve(options.cwd, options.out);
  const model = (await options.crates.fileModel(file.absolutePath, text)) ?? buildFileModel(parseSourceFile(text));
  const generateOptions = {
    functions: options.functions,
    count: options.count,
    invalidCount: options.invalidCount,
    seed: options.seed,
    ...(options.stackAllowance === undefined ? {} : { stackAllowance: options.stackAllowance }),
    ...(options.internalErrors === undefined ? {} : { internalErrors: options.internalErrors }),
  };
  // One solver per file, as for `check`: each file is one run with its own budget.
  const solver = createSolver(options.solver, {
    stepBudget: DEFAULT_GENERATE_OPTIONS.specStepBudget,
    stackAllowance: options.stackAllowance,
  });
  const { generated, summaries: list } =
    solver === undefined
      ? generatePairsEntries(model, generateOptions)
      : await generatePairsEntriesWithSolver(model, generateOptions, solver, new AbortController().signal);
  const summaries = { list, lines: createLineIndex(text) };
  const written = await writePairsFile(target, (existing) => mergePairsText(existing, generated), options.hooks);
  if (written.kind === 'error') {
    // Errors inside the file start with its line:column, which follows the path as in `check`'s output.
    const shown = displayPath(target, options.cwd);
    return { ok: false, error: `${shown}${/^\d+:\d+: /.test(written.error) ? ':' : ': '}${written.error}`, summaries };
  }
  return { ok: true, target, written: written.kind !== 'unchanged', summaries };
}

function parsePairsArgs(args: readonly string[]): CommandArgs<PairsArgs> {
  const line = parseCommandLine(args, PAIRS_COMMAND.options);
  if (line.kind !== 'run') return line;
  const parsed = line.args;
  const values = parsed.values;
  if (parsed.positionals.length === 0) return mistake('no PATH given');
  const count = nonNegative(values.count, 20);
  const invalidCount = nonNegative(values.invalid, 10);
  const seed = nonNegative(values.seed, 1);
  if (count === undefined) return mistake(`--count must be a non-negative integer, got '${values.count}'`);
  if (invalidCount === undefined) return mistake(`--invalid must be a non-negative integer, got '${values.invalid}'`);
  if (seed === undefined) return mistake(`--seed must be a non-negative integer, got '${values.seed}'`);
  const solver = SOLVER_KINDS.find((kind) => kind === (values.solver ?? 'z3'));
  if (solver === undefined) return mistake(`--solver must be z3 or none, got '${values.solver ?? ''}'`);
  const jobs = parseJobs(values.jobs);
  if (typeof jobs === 'object') return mistake(jobs.mistake);
  return run({ paths: parsed.positionals, functions: values.fn, count, invalidCount, seed, out: values.out, solver, jobs });
}

function nonNegative(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

function formatSummaries(displayPath: string, summaries: readonly FunctionSummary[], lines: LineIndex): string {
  const out = [`${displayPath}`];
  if (summaries.length === 0) out.push('  no exec functions to run');
  for (const summary of summaries) {
    if (summary.notRunnable !== undefined) {
      out.push(
        `  ${summary.qualifiedName}: not runnable: ${summary.notRunnable.reason} (${lineColumn(lines, summary.notRunnable.span.start)})`,
      );
      continue;
    }
    const outside = summary.pairsOutsideRequires > 0 ? `, ${summary.pairsOutsideRequires} outside requires skipped` : '';
    const timeouts = summary.timeouts > 0 ? `, ${summary.timeouts} time-out${summary.timeouts === 1 ? '' : 's'}` : '';
    const why = summary.noPairs === undefined ? '' : `: ${summary.noPairs.message} (${lineColumn(lines, summary.noPairs.span.start)})`;
    out.push(
      `  ${summary.qualifiedName}: ${summary.pairs} pair${summary.pairs === 1 ? '' : 's'}, ${summary.invalid} invalid input${summary.invalid === 1 ? '' : 's'}${outside}${timeouts}${why}`,
    );
    if (summary.contradictsTrustedContract !== undefined && summary.noPairs === undefined)
      out.push(`    ${summary.contradictsTrustedContract}`);
    for (const stronger of summary.strongerClauses) {
      out.push(
        `    requires clause ${stronger.clause + 1} \`${stronger.text}\` is stronger than the code needs: it returned, as the ensures describes, on all ${stronger.handled} inputs tried that violate only this clause (a witness is written as a pair)`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/** `line:column`, 1-based, as compilers print positions. */
function lineColumn(lines: LineIndex, offset: number): string {
  const at = lines.positionAt(offset);
  return `${at.line + 1}:${at.character + 1}`;
}
