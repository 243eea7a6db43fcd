// "Check these paths", shared by `check`, `gate` and the MCP tools: find the Rust files, read each with its pairs
// file (the sibling foo.pairs.json, or an explicit one for a single file), and score them with the embedded
// evaluator (and the solver) on all, feedback or held-out pairs.

import * as path from 'node:path';
import type { CheckInput, CheckOptions, FileReport } from '../harness';
import { checkFile, pairsPathFor } from '../harness';
import { createSolver } from '../backends';
import { createCrateModels, readPairsFile } from '../host';
import type { CrateModels } from '../host';
import { collectRustFiles, readRustFile } from './files';
import type { CliIo } from './io';

export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Every Rust file under the paths with its pairs file, in display-path order; the first file that cannot be read
 *  is the error (tools that answer about one target). */
export async function readCheckInputs(
  cwd: string,
  paths: readonly string[],
  pairsOption: string | undefined,
): Promise<Read<readonly CheckInput[]>> {
  const each = await readEachCheckInput(cwd, paths, pairsOption);
  if (!each.ok) return each;
  const [unreadable] = each.value.unreadable;
  return unreadable === undefined ? { ok: true, value: each.value.inputs } : { ok: false, error: unreadable };
}

export interface CheckInputs {
  readonly inputs: readonly CheckInput[];
  /** Why each file that could not be read was left out (a binary `.rs`, a broken pairs file path). */
  readonly unreadable: readonly string[];
}

/** readCheckInputs for a run over many files: one unreadable file is that file's error, and the others are read. */
export async function readEachCheckInput(
  cwd: string,
  paths: readonly string[],
  pairsOption: string | undefined,
): Promise<Read<CheckInputs>> {
  const collected = await collectRustFiles(paths, cwd);
  if (!collected.ok) return collected;
  if (pairsOption !== undefined && collected.files.length !== 1) {
    return { ok: false, error: `--pairs needs exactly one source file (got ${collected.files.length})` };
  }
  const inputs: CheckInput[] = [];
  const unreadable: string[] = [];
  // One per run: each crate's files are read and parsed once, however many of them are checked.
  const crates = createCrateModels();
  for (const file of collected.files) {
    const input = await readInput(cwd, file, pairsOption, crates);
    if (input.ok) inputs.push(input.value);
    else unreadable.push(input.error);
  }
  return { ok: true, value: { inputs, unreadable } };
}

/** Feedback and held-out reports of the same inputs, scored apart (what agents and the gate hooks use). */
export interface SplitReports {
  readonly feedback: readonly FileReport[];
  readonly heldOut: readonly FileReport[];
}

/** The embedded evaluator with the solver, as `check` scores by default: an agent's gate and CI's `check --gate`
 *  reach the same verdicts. One solver per file and pair set, each a run with its own budget. */
export async function checkSplit(inputs: readonly CheckInput[], options: CheckOptions): Promise<SplitReports> {
  const score = (input: CheckInput, pairSet: 'feedback' | 'held-out'): Promise<FileReport> =>
    checkFile(
      input,
      { ...options, pairSet },
      undefined,
      undefined,
      createSolver('z3', { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance }),
    );
  const feedback: FileReport[] = [];
  const heldOut: FileReport[] = [];
  for (const input of inputs) {
    feedback.push(await score(input, 'feedback'));
    heldOut.push(await score(input, 'held-out'));
  }
  return { feedback, heldOut };
}

/** The options a CLI process scores with: the policy's defaults on this thread's stack. */
export function embeddedOptions(
  io: Pick<CliIo, 'stackAllowance' | 'internalErrors'>,
  defaults: CheckOptions,
  functions: readonly string[] | undefined,
): CheckOptions {
  return {
    ...defaults,
    stackAllowance: io.stackAllowance,
    internalErrors: io.internalErrors,
    explainNoPairs: true,
    ...(functions === undefined ? {} : { functions }),
  };
}

async function readInput(
  cwd: string,
  file: { readonly absolutePath: string; readonly displayPath: string },
  pairsOption: string | undefined,
  crates: CrateModels,
): Promise<Read<CheckInput>> {
  const source = await readRustFile(file);
  if (!source.ok) return source;
  const text = source.text;
  // In a Cargo crate the file is scored with a scope reaching the crate's other files; alone otherwise.
  const model = await crates.fileModel(file.absolutePath, text);
  const modelPart = model === undefined ? {} : { model };
  const explicit = pairsOption !== undefined;
  const pairsAbsolute = explicit ? path.resolve(cwd, pairsOption) : pairsPathFor(file.absolutePath);
  const pairsDisplay = explicit ? pairsOption : pairsPathFor(file.displayPath);
  // Bounded: a regular file only, up to the size cap; a byte-order mark is dropped by the pairs reader.
  const pairs = await readPairsFile(pairsAbsolute);
  if (pairs.kind === 'text')
    return { ok: true, value: { path: file.displayPath, text, pairsPath: pairsDisplay, pairsText: pairs.text, ...modelPart } };
  // A missing sibling pairs file is normal (functions are reported as no-pairs); a missing --pairs file is not.
  if (pairs.kind === 'missing' && !explicit)
    return { ok: true, value: { path: file.displayPath, text, pairsPath: null, pairsText: null, ...modelPart } };
  return { ok: false, error: `cannot read '${pairsDisplay}': ${pairs.kind === 'missing' ? 'no such file or directory' : pairs.error}` };
}
