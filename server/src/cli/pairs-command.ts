// `spec-harness pairs PATH... [--fn NAME] [--count N] [--seed S] [--out FILE]`: generates pairs and invalid inputs
// by running each exec fn, and writes them into foo.pairs.json beside foo.rs with exact edits (every byte outside
// generated entries kept) and a safe write (host/: exclusive temporary file, fsync, rename, concurrent edits merged).

import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createLineIndex, parseSourceFile } from '../syntax';
import { buildFileModel } from '../model';
import { generatePairsEntries, mergePairsText, pairsPathFor } from '../harness';
import type { FunctionSummary } from '../harness';
import { writePairsFile } from '../host';
import { collectRustFiles, displayPath, readRustFile } from './files';
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
  const source = await readRustFile(file);
  if (!source.ok) {
    io.stderr(`spec-harness pairs: ${source.error}\n`);
    return 2;
  }
  const text = source.text;
  const target = args.out === undefined ? pairsPathFor(file.absolutePath) : path.resolve(io.cwd, args.out);
  const model = buildFileModel(parseSourceFile(text));
  const { generated, summaries } = generatePairsEntries(model, {
    functions: args.functions,
    count: args.count,
    invalidCount: args.invalidCount,
    seed: args.seed,
    ...(io.stackAllowance === undefined ? {} : { stackAllowance: io.stackAllowance }),
  });
  io.stdout(formatSummaries(file.displayPath, summaries, createLineIndex(text)));
  const written = await writePairsFile(target, (existing) => mergePairsText(existing, generated), io.pairsWriteHooks);
  const shown = displayPath(target, io.cwd);
  if (written.kind === 'error') {
    // Errors inside the file start with its line:column, which follows the path as in `check`'s output.
    io.stderr(`spec-harness pairs: ${shown}${/^\d+:\d+: /.test(written.error) ? ':' : ': '}${written.error}\n`);
    return 2;
  }
  io.stdout(written.kind === 'unchanged' ? `  ${shown} unchanged\n` : `  wrote ${shown}\n`);
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
