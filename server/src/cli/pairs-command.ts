// `spec-harness pairs PATH... [--fn NAME] [--count N] [--seed S] [--out FILE] [--solver z3|none]`: generates pairs and invalid inputs
// by running each exec fn, and writes them into foo.pairs.json beside foo.rs (atomically: temp file + rename).

import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createLineIndex, parseSourceFile } from '../syntax';
import { buildFileModel } from '../model';
import { DEFAULT_GENERATE_OPTIONS, generatePairsText, generatePairsTextWithSolver } from '../harness';
import { createSolver, SOLVER_KINDS } from '../backends';
import type { SolverKind } from '../backends';
import type { FunctionSummary } from '../harness';
import { collectRustFiles, displayPath } from './files';
import type { RustFile } from './files';
import type { CliIo } from './io';

const PAIRS_USAGE = 'Usage: spec-harness pairs PATH... [--fn NAME] [--count N] [--invalid N] [--seed S] [--out FILE] [--solver z3|none]\n';

interface PairsArgs {
  readonly paths: readonly string[];
  readonly functions: readonly string[] | undefined;
  readonly count: number;
  readonly invalidCount: number;
  readonly seed: number;
  readonly out: string | undefined;
  readonly solver: SolverKind;
}

export async function runPairsCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsePairsArgs(args);
  if (parsed === 'help') {
    io.stdout(PAIRS_USAGE);
    return 0;
  }
  if (typeof parsed === 'string') {
    io.stderr(`spec-harness pairs: ${parsed}\n${PAIRS_USAGE}`);
    return 2;
  }
  const collected = await collectRustFiles(parsed.paths, io.cwd);
  if (!collected.ok) {
    io.stderr(`spec-harness pairs: ${collected.error}\n`);
    return 2;
  }
  if (parsed.out !== undefined && collected.files.length !== 1) {
    io.stderr(`spec-harness pairs: --out needs exactly one Rust file (found ${collected.files.length})\n`);
    return 2;
  }
  for (const file of collected.files) {
    const code = await pairsForFile(file, parsed, io);
    if (code !== 0) return code;
  }
  return 0;
}

async function pairsForFile(file: RustFile, args: PairsArgs, io: CliIo): Promise<number> {
  let text: string;
  try {
    text = await readFile(file.absolutePath, 'utf8');
  } catch (error) {
    io.stderr(`spec-harness pairs: cannot read '${file.displayPath}': ${messageOf(error)}\n`);
    return 2;
  }
  const target = args.out === undefined ? file.absolutePath.replace(/\.rs$/, '') + '.pairs.json' : path.resolve(io.cwd, args.out);
  let existing: string | null = null;
  try {
    existing = await readFile(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      io.stderr(`spec-harness pairs: cannot read '${target}': ${messageOf(error)}\n`);
      return 2;
    }
  }
  const model = buildFileModel(parseSourceFile(text));
  const options = {
    functions: args.functions,
    count: args.count,
    invalidCount: args.invalidCount,
    seed: args.seed,
    ...(io.stackAllowance === undefined ? {} : { stackAllowance: io.stackAllowance }),
  };
  // One solver per file, as for `check`: each file is one run with its own budget.
  const solver = createSolver(args.solver, { stepBudget: DEFAULT_GENERATE_OPTIONS.specStepBudget, stackAllowance: io.stackAllowance });
  const result =
    solver === undefined
      ? generatePairsText(model, existing, options)
      : await generatePairsTextWithSolver(model, existing, options, solver, new AbortController().signal);
  io.stdout(formatSummaries(file.displayPath, result.summaries, createLineIndex(text)));
  if (!result.ok) {
    io.stderr(`spec-harness pairs: ${displayPath(target, io.cwd)}: ${result.error}\n`);
    return 2;
  }
  if (existing === result.text) {
    io.stdout(`  ${displayPath(target, io.cwd)} unchanged\n`);
    return 0;
  }
  try {
    await writeAtomically(target, result.text);
  } catch (error) {
    io.stderr(`spec-harness pairs: cannot write '${target}': ${messageOf(error)}\n`);
    return 2;
  }
  io.stdout(`  wrote ${displayPath(target, io.cwd)}\n`);
  return 0;
}

function parsePairsArgs(args: readonly string[]): PairsArgs | 'help' | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        fn: { type: 'string', multiple: true },
        count: { type: 'string' },
        invalid: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        solver: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return messageOf(error);
  }
  const values = parsed.values;
  if (values.help === true) return 'help';
  if (parsed.positionals.length === 0) return 'no PATH given';
  const count = nonNegative(values.count, 20);
  const invalidCount = nonNegative(values.invalid, 10);
  const seed = nonNegative(values.seed, 1);
  if (count === undefined) return `--count must be a non-negative integer, got '${values.count}'`;
  if (invalidCount === undefined) return `--invalid must be a non-negative integer, got '${values.invalid}'`;
  if (seed === undefined) return `--seed must be a non-negative integer, got '${values.seed}'`;
  const solver = SOLVER_KINDS.find((kind) => kind === (values.solver ?? 'z3'));
  if (solver === undefined) return `--solver must be z3 or none, got '${values.solver ?? ''}'`;
  return { paths: parsed.positionals, functions: values.fn, count, invalidCount, seed, out: values.out, solver };
}

function nonNegative(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

function formatSummaries(displayPath: string, summaries: readonly FunctionSummary[], lines: ReturnType<typeof createLineIndex>): string {
  const out = [`${displayPath}`];
  if (summaries.length === 0) out.push('  no exec functions to run');
  for (const summary of summaries) {
    if (summary.notRunnable !== undefined) {
      const at = lines.positionAt(summary.notRunnable.span.start);
      out.push(`  ${summary.qualifiedName}: not runnable: ${summary.notRunnable.reason} (${at.line + 1}:${at.character + 1})`);
      continue;
    }
    const outside = summary.pairsOutsideRequires > 0 ? `, ${summary.pairsOutsideRequires} outside requires skipped` : '';
    const timeouts = summary.timeouts > 0 ? `, ${summary.timeouts} time-out${summary.timeouts === 1 ? '' : 's'}` : '';
    out.push(`  ${summary.qualifiedName}: ${summary.pairs} pair${summary.pairs === 1 ? '' : 's'}, ${summary.invalid} invalid input${summary.invalid === 1 ? '' : 's'}${outside}${timeouts}`);
  }
  return `${out.join('\n')}\n`;
}

async function writeAtomically(target: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
