// `spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]]
// [--backend embedded|verus|both] [--solver z3|none] [--verus-path P] [--verus-arg ARG]... [--seed S] [--mutants N] [--fn NAME]`:
// scores every function's contract.
// Glue only: reads files, calls the harness, prints; exit 0, 1 (gate not met) or 2 (usage or I/O error).

import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackend, createSolver, SOLVER_KINDS } from '../backends';
import type { SolverKind, VerusEnvironment } from '../backends';
import type { StackAllowance } from '../eval';
import type { Backend, CheckInput, CheckOptions, CheckReport, FileReport, Solver } from '../harness';
import { DEFAULT_CHECK_OPTIONS, checkFile, checkFileWithBoth, summarize } from '../harness';
import { collectRustFiles, readRustFile } from './files';
import type { CliIo } from './io';
import { formatCheckText } from './check-text';
import { gateFailures, parseGate } from './check-gate';
import type { Gate } from './check-gate';

const CHECK_USAGE = `Usage: spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]]
                          [--backend embedded|verus|both] [--verus-path P] [--verus-arg ARG]... [--seed S]
                          [--mutants N] [--fn NAME] [--step-budget N] [--solver z3|none] [--solver-time-limit MS]
Scores each Verus file's contracts on the pairs in its sibling foo.pairs.json (or --pairs FILE, for one file).
`;

export async function runCheckCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCheckArgs(args, io.stackAllowance);
  if (!parsed.ok) {
    io.stderr(`spec-harness check: ${parsed.error}\n${CHECK_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(CHECK_USAGE);
    return 0;
  }
  const collected = await collectRustFiles(parsed.paths, io.cwd);
  if (!collected.ok) {
    io.stderr(`spec-harness check: ${collected.error}\n`);
    return 2;
  }
  if (parsed.pairs !== undefined && collected.files.length !== 1) {
    io.stderr(`spec-harness check: --pairs needs exactly one source file (got ${collected.files.length})\n`);
    return 2;
  }
  const backends = makeBackends(parsed.backend, parsed.options, {
    trusted: true,
    verusPath: parsed.verusPath,
    extraArgs: parsed.verusArgs,
    searchPath: process.env['PATH'],
    cwd: io.cwd,
    platform: process.platform,
    onRunEvent: (event) => {
      if (event.kind === 'stub-error') io.stderr(`spec-harness check: verus rejected a stub: ${event.message}\n`);
      if (event.kind === 'time-limit') io.stderr(`spec-harness check: verus run hit its time limit (${event.timeLimitMs} ms)\n`);
    },
  });
  if (!backends.ok) {
    io.stderr(`spec-harness check: ${backends.error}\n`);
    return 2;
  }
  const files: FileReport[] = [];
  for (const file of collected.files) {
    const input = await readInput(io, file, parsed.pairs);
    if (!input.ok) {
      io.stderr(`spec-harness check: ${input.error}\n`);
      return 2;
    }
    try {
      // One solver per file: each file is one run with its own query and time budget.
      const solver = createSolver(parsed.solver, { stepBudget: parsed.options.stepBudget, stackAllowance: parsed.options.stackAllowance, timeLimitMs: parsed.solverTimeLimitMs });
      files.push(await checkWith(backends, input.input, parsed.options, solver));
    } catch (error) {
      io.stderr(`spec-harness check: backend failed on '${file.displayPath}': ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  const summary = summarize(files, parsed.options.threshold);
  const report: CheckReport = { files, summary: parsed.backend === 'embedded' ? summary : { ...summary, backend: parsed.backend } };
  io.stdout(parsed.json ? `${JSON.stringify(report, null, 2)}\n` : formatCheckText(report, { threshold: parsed.options.threshold, gate: parsed.gate }));
  if (parsed.gate === undefined) return 0;
  const failures = gateFailures(report, parsed.gate);
  if (failures.length > 0 && !parsed.json) io.stderr(`spec-harness check: gate not met by ${failures.join(', ')}\n`);
  return failures.length > 0 ? 1 : 0;
}

type BackendChoice = 'embedded' | 'verus' | 'both';

interface ParsedCheckArgs {
  readonly ok: true;
  readonly help: boolean;
  readonly paths: readonly string[];
  readonly json: boolean;
  readonly pairs: string | undefined;
  readonly gate: Gate | undefined;
  readonly backend: BackendChoice;
  readonly verusPath: string | undefined;
  /** `--verus-arg`, repeatable: passed to verus after the harness's own arguments. */
  readonly verusArgs: readonly string[];
  readonly solver: SolverKind;
  readonly solverTimeLimitMs: number | undefined;
  readonly options: CheckOptions;
}

function parseCheckArgs(args: readonly string[], stackAllowance: StackAllowance | undefined): ParsedCheckArgs | { readonly ok: false; readonly error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        json: { type: 'boolean' },
        pairs: { type: 'string' },
        threshold: { type: 'string' },
        gate: { type: 'string' },
        backend: { type: 'string' },
        seed: { type: 'string' },
        mutants: { type: 'string' },
        fn: { type: 'string', multiple: true },
        'step-budget': { type: 'string' },
        'verus-path': { type: 'string' },
        'verus-arg': { type: 'string', multiple: true },
        solver: { type: 'string' },
        'solver-time-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const values = parsed.values;
  if (values.help !== true && parsed.positionals.length === 0) return { ok: false, error: 'no PATH given' };
  const threshold = numberOption(values.threshold, 'threshold', DEFAULT_CHECK_OPTIONS.threshold, { min: 0, max: 1, integer: false });
  const seed = numberOption(values.seed, 'seed', DEFAULT_CHECK_OPTIONS.seed, { min: 0, max: 2 ** 32 - 1, integer: true });
  const mutants = numberOption(values.mutants, 'mutants', DEFAULT_CHECK_OPTIONS.mutantsPerPair, { min: 0, max: 1000, integer: true });
  const stepBudget = numberOption(values['step-budget'], 'step-budget', DEFAULT_CHECK_OPTIONS.stepBudget, { min: 1, max: 1e9, integer: true });
  const solverTimeLimit = numberOption(values['solver-time-limit'], 'solver-time-limit', 0, { min: 1, max: 600_000, integer: true });
  for (const option of [threshold, seed, mutants, stepBudget, solverTimeLimit]) if (typeof option === 'string') return { ok: false, error: option };
  const gate = values.gate === undefined ? undefined : parseGate(values.gate);
  if (typeof gate === 'string') return { ok: false, error: gate };
  const backend = values.backend ?? 'embedded';
  if (backend !== 'embedded' && backend !== 'verus' && backend !== 'both') {
    return { ok: false, error: `--backend must be embedded, verus or both (got '${backend}')` };
  }
  const solver = SOLVER_KINDS.find((kind) => kind === (values.solver ?? 'z3'));
  if (solver === undefined) return { ok: false, error: `--solver must be z3 or none (got '${values.solver ?? ''}')` };
  return {
    ok: true,
    help: values.help === true,
    solver,
    solverTimeLimitMs: values['solver-time-limit'] === undefined ? undefined : (solverTimeLimit as number),
    paths: parsed.positionals,
    json: values.json === true,
    pairs: values.pairs,
    gate,
    backend,
    verusPath: values['verus-path'],
    verusArgs: values['verus-arg'] ?? [],
    options: {
      threshold: threshold as number,
      seed: seed as number,
      mutantsPerPair: mutants as number,
      stepBudget: stepBudget as number,
      stackAllowance,
      ...(values.fn === undefined ? {} : { functions: values.fn }),
    },
  };
}

function numberOption(
  text: string | undefined,
  name: string,
  fallback: number,
  bounds: { readonly min: number; readonly max: number; readonly integer: boolean },
): number | string {
  if (text === undefined) return fallback;
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(value) && value >= bounds.min && value <= bounds.max && (!bounds.integer || Number.isInteger(value));
  if (!valid) return `--${name} must be ${bounds.integer ? 'an integer' : 'a number'} from ${bounds.min} to ${bounds.max} (got '${text}')`;
  return value;
}

type Backends =
  | { readonly ok: true; readonly kind: 'embedded' | 'verus'; readonly backend: Backend }
  | { readonly ok: true; readonly kind: 'both'; readonly embedded: Backend; readonly verus: Backend }
  | { readonly ok: false; readonly error: string };

function makeBackends(choice: BackendChoice, options: CheckOptions, verusEnvironment: VerusEnvironment): Backends {
  const backendOptions = { stepBudget: options.stepBudget, stackAllowance: options.stackAllowance, verus: verusEnvironment };
  if (choice === 'embedded' || choice === 'verus') {
    const created = createBackend(choice, backendOptions);
    return created.ok ? { ok: true, kind: choice, backend: created.backend } : created;
  }
  const embedded = createBackend('embedded', backendOptions);
  const verus = createBackend('verus', backendOptions);
  if (!embedded.ok) return embedded;
  if (!verus.ok) return verus;
  return { ok: true, kind: 'both', embedded: embedded.backend, verus: verus.backend };
}

async function checkWith(backends: Exclude<Backends, { ok: false }>, input: CheckInput, options: CheckOptions, solver: Solver | undefined): Promise<FileReport> {
  const signal = new AbortController().signal;
  if (backends.kind !== 'both') return checkFile(input, options, backends.backend, signal, solver);
  return checkFileWithBoth(input, options, backends.embedded, backends.verus, signal);
}

async function readInput(
  io: CliIo,
  file: { readonly absolutePath: string; readonly displayPath: string },
  pairsOption: string | undefined,
): Promise<{ readonly ok: true; readonly input: CheckInput } | { readonly ok: false; readonly error: string }> {
  const source = await readRustFile(file);
  if (!source.ok) return source;
  const text = source.text;
  const explicit = pairsOption !== undefined;
  const pairsAbsolute = explicit ? path.resolve(io.cwd, pairsOption) : siblingPairsPath(file.absolutePath);
  const pairsDisplay = explicit ? pairsOption : siblingPairsPath(file.displayPath);
  try {
    const pairsRaw = await readFile(pairsAbsolute, 'utf8');
    // A BOM would shift every column of the pairs file's diagnostics.
    const pairsText = pairsRaw.startsWith('\uFEFF') ? pairsRaw.slice(1) : pairsRaw;
    return { ok: true, input: { path: file.displayPath, text, pairsPath: pairsDisplay, pairsText } };
  } catch (error) {
    // A missing sibling pairs file is normal (functions are reported as no-pairs); a missing --pairs file is not.
    if (!explicit && isNotFound(error)) return { ok: true, input: { path: file.displayPath, text, pairsPath: null, pairsText: null } };
    return { ok: false, error: `cannot read '${pairsDisplay}': ${describe(error)}` };
  }
}

/** `src/foo.rs` -> `src/foo.pairs.json` */
export function siblingPairsPath(sourcePath: string): string {
  return sourcePath.replace(/\.rs$/, '') + '.pairs.json';
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
