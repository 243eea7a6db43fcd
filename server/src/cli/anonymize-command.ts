// `spec-harness anonymize FILE --out DIR [--fn NAME]...`: writes FILE and its pairs file into DIR with each scored
// function (every exec fn with a contract, or the --fn ones) renamed to a neutral name, callers and pairs-file keys
// included, and prints the renaming. The input files are never touched.

import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { buildFileModel } from '../model';
import { pairsPathFor, scorableFunctions } from '../harness';
import { parseSourceFile } from '../syntax';
import { readPairsFile } from '../host';
import { neutralRenamings, renameInPairs, renameInSource } from './anonymize-rename';
import { displayPath, readRustFile } from './files';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';

export const ANONYMIZE_COMMAND = {
  name: 'anonymize',
  usage:
    'Usage: spec-harness anonymize FILE --out DIR [--fn NAME]...\nRenames functions to neutral names (solve, solve_2, ...) in a copy of FILE and its pairs file.\n',
  options: { out: { type: 'string' }, fn: { type: 'string', multiple: true } },
} as const satisfies CommandInfo;

export async function runAnonymizeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const command = parseAnonymizeArgs(args);
  if (command.kind !== 'run') return answerWithoutRunning(io, ANONYMIZE_COMMAND, command);
  const { file, out, functionNames } = command.args;
  const fail = commandFailure(io, ANONYMIZE_COMMAND);
  const source = path.resolve(io.cwd, file);
  const outDir = path.resolve(io.cwd, out);
  if (path.dirname(source) === outDir) return fail('--out must be another folder than the file’s own (the input is never overwritten)');
  const read = await readRustFile({ absolutePath: source, displayPath: file });
  if (!read.ok) return fail(read.error);
  const functions = scorableFunctions(
    buildFileModel(parseSourceFile(read.text)),
    functionNames === undefined ? {} : { functions: functionNames },
  );
  const missing = (functionNames ?? []).filter((name) => !functions.some((fn) => fn.qualifiedName === name));
  if (missing.length > 0) return fail(`no function with a contract is named ${missing.map((name) => `'${name}'`).join(', ')}`);
  if (functions.length === 0) return fail(`'${file}' has no exec fn with requires/ensures to rename`);
  const renamings = neutralRenamings(functions, read.text);
  // Bounded like every pairs read (a regular file, up to the size cap); a missing one is normal.
  const pairs = await readPairsFile(pairsPathFor(source));
  if (pairs.kind === 'error') return fail(`cannot read '${pairsPathFor(file)}': ${pairs.error}`);
  const pairsText = pairs.kind === 'text' ? pairs.text : null;
  const renamedPairs = pairsText === null ? null : renameInPairs(pairsText, renamings);
  if (renamedPairs === undefined)
    return fail(`${pairsPathFor(file)} is not a pairs file with a "functions" object; fix it first (spec-harness check shows where)`);
  const target = path.join(outDir, path.basename(source));
  try {
    await mkdir(outDir, { recursive: true });
    await writeFile(target, renameInSource(read.text, renamings), 'utf8');
    if (renamedPairs !== null) await writeFile(pairsPathFor(target), renamedPairs, 'utf8');
  } catch (error) {
    return fail(`cannot write into '${out}': ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const renaming of renamings) io.stdout(`${renaming.qualifiedFrom} -> ${renaming.qualifiedTo}\n`);
  io.stdout(`wrote ${displayPath(target, io.cwd)}${renamedPairs === null ? '' : ` and ${displayPath(pairsPathFor(target), io.cwd)}`}\n`);
  return EXIT_CODES.ok;
}

function parseAnonymizeArgs(
  args: readonly string[],
): CommandArgs<{ readonly file: string; readonly out: string; readonly functionNames: readonly string[] | undefined }> {
  const line = parseCommandLine(args, ANONYMIZE_COMMAND.options);
  if (line.kind !== 'run') return line;
  const [file, ...extra] = line.args.positionals;
  const out = line.args.values.out;
  if (file === undefined || extra.length > 0 || out === undefined) return mistake('one FILE and --out DIR are needed');
  return run({ file, out, functionNames: line.args.values.fn });
}
