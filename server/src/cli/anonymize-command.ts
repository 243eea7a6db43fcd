// `spec-harness anonymize FILE --out DIR [--fn NAME]...`: writes FILE and its pairs file into DIR with each scored
// function (every exec fn with a contract, or the --fn ones) renamed to a neutral name, callers and pairs-file keys
// included, and prints the renaming. The input files are never touched.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { buildFileModel } from '../model';
import { pairsPathFor, scorableFunctions } from '../harness';
import { parseSourceFile } from '../syntax';
import { neutralRenamings, renameInPairs, renameInSource } from './anonymize-rename';
import { displayPath, readRustFile } from './files';
import type { CliIo } from './io';

const ANONYMIZE_USAGE = 'Usage: spec-harness anonymize FILE --out DIR [--fn NAME]...\nRenames functions to neutral names (solve, solve_2, ...) in a copy of FILE and its pairs file.\n';

export async function runAnonymizeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const fail = (message: string): number => {
    io.stderr(`spec-harness anonymize: ${message}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { out: { type: 'string' }, fn: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${ANONYMIZE_USAGE}`);
  }
  if (parsed.values.help === true) {
    io.stdout(ANONYMIZE_USAGE);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  const out = parsed.values.out;
  if (file === undefined || extra.length > 0 || out === undefined) return fail(`one FILE and --out DIR are needed\n${ANONYMIZE_USAGE}`);
  const source = path.resolve(io.cwd, file);
  const outDir = path.resolve(io.cwd, out);
  if (path.dirname(source) === outDir) return fail('--out must be another folder than the file’s own (the input is never overwritten)');
  const read = await readRustFile({ absolutePath: source, displayPath: file });
  if (!read.ok) return fail(read.error);
  const functions = scorableFunctions(buildFileModel(parseSourceFile(read.text)), parsed.values.fn === undefined ? {} : { functions: parsed.values.fn });
  const missing = (parsed.values.fn ?? []).filter((name) => !functions.some((fn) => fn.qualifiedName === name));
  if (missing.length > 0) return fail(`no function with a contract is named ${missing.map((name) => `'${name}'`).join(', ')}`);
  if (functions.length === 0) return fail(`'${file}' has no exec fn with requires/ensures to rename`);
  const renamings = neutralRenamings(functions, read.text);
  const pairsText = await readFile(pairsPathFor(source), 'utf8').catch(() => null);
  const renamedPairs = pairsText === null ? null : renameInPairs(pairsText, renamings);
  if (renamedPairs === undefined) return fail(`${pairsPathFor(file)} is not a pairs file with a "functions" object; fix it first (spec-harness check shows where)`);
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
  return 0;
}
