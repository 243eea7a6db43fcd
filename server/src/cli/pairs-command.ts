// `spec-harness pairs PATH... [--fn NAME] [--count N] [--seed S] [--out FILE]`: generates pairs and invalid inputs
// by running each exec fn, and writes them into foo.pairs.json beside foo.rs (atomically: temp file + rename).

import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createLineIndex, parseSourceFile } from '../syntax';
import type { LineIndex } from '../syntax';
import type { StackAllowance } from '../eval';
import { buildFileModel } from '../model';
import { generatePairsText } from '../harness';
import type { FunctionSummary } from '../harness';
import { collectRustFiles, displayPath } from './files';
import type { RustFile } from './files';
import type { CliIo } from './io';

const PAIRS_USAGE = 'Usage: spec-harness pairs PATH... [--fn NAME] [--count N] [--invalid N] [--seed S] [--out FILE]\n';

interface PairsArgs {
  readonly paths: readonly string[];
  readonly functions: readonly string[] | undefined;
  readonly count: number;
  readonly invalidCount: number;
  readonly seed: number;
  readonly out: string | undefined;
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
  const result = await writePairsFile(file, { ...args, cwd: io.cwd, stackAllowance: io.stackAllowance });
  if (result.summaries !== undefined) io.stdout(formatSummaries(file.displayPath, result.summaries.list, result.summaries.lines));
  if (!result.ok) {
    io.stderr(`spec-harness pairs: ${result.error}\n`);
    return 2;
  }
  const shown = displayPath(result.target, io.cwd);
  io.stdout(result.written ? `  wrote ${shown}\n` : `  ${shown} unchanged\n`);
  return 0;
}

export interface WritePairsOptions {
  readonly functions: readonly string[] | undefined;
  readonly count: number;
  readonly invalidCount: number;
  readonly seed: number;
  /** Where to write (the sibling foo.pairs.json when undefined), relative to cwd. */
  readonly out: string | undefined;
  readonly cwd: string;
  readonly stackAllowance: StackAllowance | undefined;
}

export type WritePairsResult = (
  | { readonly ok: true; readonly target: string; readonly written: boolean }
  | { readonly ok: false; readonly error: string }
) & { readonly summaries?: { readonly list: readonly FunctionSummary[]; readonly lines: LineIndex } };

/** Generates pairs for one Rust file and merges them into its pairs file (hand-written entries kept), atomically.
 *  Shared by `spec-harness pairs` and the agents' `generate_pairs` tool. */
export async function writePairsFile(file: RustFile, options: WritePairsOptions): Promise<WritePairsResult> {
  let text: string;
  try {
    text = await readFile(file.absolutePath, 'utf8');
  } catch (error) {
    return { ok: false, error: `cannot read '${file.displayPath}': ${messageOf(error)}` };
  }
  const target = options.out === undefined ? file.absolutePath.replace(/\.rs$/, '') + '.pairs.json' : path.resolve(options.cwd, options.out);
  let existing: string | null = null;
  try {
    existing = await readFile(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { ok: false, error: `cannot read '${target}': ${messageOf(error)}` };
  }
  const model = buildFileModel(parseSourceFile(text));
  const result = generatePairsText(model, existing, {
    functions: options.functions,
    count: options.count,
    invalidCount: options.invalidCount,
    seed: options.seed,
    ...(options.stackAllowance === undefined ? {} : { stackAllowance: options.stackAllowance }),
  });
  const summaries = { list: result.summaries, lines: createLineIndex(text) };
  if (!result.ok) return { ok: false, error: `${displayPath(target, options.cwd)}: ${result.error}`, summaries };
  if (existing === result.text) return { ok: true, target, written: false, summaries };
  try {
    await writeAtomically(target, result.text);
  } catch (error) {
    return { ok: false, error: `cannot write '${target}': ${messageOf(error)}`, summaries };
  }
  return { ok: true, target, written: true, summaries };
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
  return { paths: parsed.positionals, functions: values.fn, count, invalidCount, seed, out: values.out };
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
