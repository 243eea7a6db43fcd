// `spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]]
// [--backend embedded|verus|both] [--verus-path P] [--verus-arg ARG]... [--seed S] [--mutants N] [--fn NAME]
// [--held-out]`: scores every function's contract (with --held-out, on feedback and held-out pairs apart).
// Glue only: reads files, calls the harness, prints; exit 0, 1 (gate not met) or 2 (usage or I/O error).

import { parseArgs } from 'node:util';
import { createBackend } from '../backends';
import type { VerusEnvironment } from '../backends';
import type { StackAllowance } from '../eval';
import type { Backend, CheckInput, CheckOptions, CheckReport, FileReport, GateOutcome } from '../harness';
import { DEFAULT_CHECK_OPTIONS, HARNESS_DEFAULTS, checkFile, checkFileWithBoth, evaluateGate, summarize } from '../harness';
import type { CliIo } from './io';
import { formatCheckText } from './check-text';
import type { TextOptions } from './check-text';
import { formatGate, gateLines, parseGate } from './check-gate';
import type { Gate } from './check-gate';
import { readCheckInputs } from './check-paths';
import type { Read } from './check-paths';

const CHECK_USAGE = `Usage: spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]]
                          [--backend embedded|verus|both] [--verus-path P] [--verus-arg ARG]... [--seed S]
                          [--mutants N] [--fn NAME] [--step-budget N] [--held-out]
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
  const inputs = await readCheckInputs(io.cwd, parsed.paths, parsed.pairs);
  if (!inputs.ok) {
    io.stderr(`spec-harness check: ${inputs.error}\n`);
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
  const scored = await scoreInputs(backends, inputs.value, parsed.heldOut ? { ...parsed.options, pairSet: 'feedback' } : parsed.options);
  const heldOut = parsed.heldOut ? await scoreInputs(backends, inputs.value, { ...parsed.options, pairSet: 'held-out' }) : undefined;
  for (const failed of [scored, heldOut]) {
    if (failed?.ok !== false) continue;
    io.stderr(`spec-harness check: ${failed.error}\n`);
    return 2;
  }
  const report = reportOf(scored.ok ? scored.value : [], parsed);
  const heldOutReport = heldOut?.ok === true ? reportOf(heldOut.value, parsed) : undefined;
  const gate = parsed.gate ?? { post: parsed.options.threshold };
  const outcome = evaluateGate({ files: report.files, heldOut: heldOutReport?.files, requestedFunctions: parsed.options.functions }, gate);
  const overfit = outcome.ok ? outcome.verdicts.filter((verdict) => verdict.overfit).map((verdict) => verdict.qualifiedName) : [];
  const textOptions = { threshold: parsed.options.threshold, gate: parsed.gate };
  if (parsed.json) {
    const json = heldOutReport === undefined ? report : { ...report, heldOut: heldOutReport, overfit };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else if (heldOutReport === undefined) io.stdout(formatCheckText(report, textOptions));
  else io.stdout(formatHeldOutText(report, heldOutReport, overfit, textOptions));
  return parsed.gate === undefined ? 0 : gateExitCode(io, parsed.gate, outcome, { quiet: parsed.json });
}

/** 0 met, 1 not met, 2 a gate over no function; the reasons go to stderr unless JSON was asked for. */
function gateExitCode(io: CliIo, gate: Gate, outcome: GateOutcome, options: { readonly quiet: boolean }): number {
  if (!outcome.ok) {
    io.stderr(`spec-harness check: --gate ${formatGate(gate)}: ${outcome.error}\n`);
    return 2;
  }
  if (!options.quiet) for (const line of gateLines(outcome)) io.stderr(`spec-harness check: ${line}\n`);
  return outcome.meets ? 0 : 1;
}

function reportOf(files: readonly FileReport[], parsed: ParsedCheckArgs): CheckReport {
  const summary = summarize(files, parsed.options.threshold);
  return { files, summary: parsed.backend === 'embedded' ? summary : { ...summary, backend: parsed.backend } };
}

/** Feedback pairs first, then held-out pairs, then the functions fitted to the feedback pairs. */
function formatHeldOutText(feedback: CheckReport, heldOut: CheckReport, overfit: readonly string[], options: TextOptions): string {
  const oneIn = HARNESS_DEFAULTS.heldOutOneIn;
  return [
    `Feedback pairs (${oneIn - 1} in ${oneIn}, chosen by a hash of the input):\n`,
    formatCheckText(feedback, options),
    `\nHeld-out pairs (1 in ${oneIn}):\n`,
    formatCheckText(heldOut, options),
    `\noverfit (meets the gate on feedback pairs, not on held-out ones): ${overfit.length === 0 ? 'none' : overfit.join(', ')}\n`,
  ].join('');
}

async function scoreInputs(
  backends: Exclude<Backends, { ok: false }>,
  inputs: readonly CheckInput[],
  options: CheckOptions,
): Promise<Read<readonly FileReport[]>> {
  const files: FileReport[] = [];
  for (const input of inputs) {
    try {
      files.push(await checkWith(backends, input, options));
    } catch (error) {
      return { ok: false, error: `backend failed on '${input.path}': ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { ok: true, value: files };
}

type BackendChoice = 'embedded' | 'verus' | 'both';

interface ParsedCheckArgs {
  readonly ok: true;
  readonly help: boolean;
  readonly paths: readonly string[];
  readonly json: boolean;
  /** `--held-out`: score feedback and held-out pairs apart, flag overfit functions; the gate checks both. */
  readonly heldOut: boolean;
  readonly pairs: string | undefined;
  readonly gate: Gate | undefined;
  readonly backend: BackendChoice;
  readonly verusPath: string | undefined;
  /** `--verus-arg`, repeatable: passed to verus after the harness's own arguments. */
  readonly verusArgs: readonly string[];
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
        'held-out': { type: 'boolean' },
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
  for (const option of [threshold, seed, mutants, stepBudget]) if (typeof option === 'string') return { ok: false, error: option };
  const gate = values.gate === undefined ? undefined : parseGate(values.gate);
  if (typeof gate === 'string') return { ok: false, error: gate };
  const backend = values.backend ?? 'embedded';
  if (backend !== 'embedded' && backend !== 'verus' && backend !== 'both') {
    return { ok: false, error: `--backend must be embedded, verus or both (got '${backend}')` };
  }
  return {
    ok: true,
    help: values.help === true,
    paths: parsed.positionals,
    json: values.json === true,
    heldOut: values['held-out'] === true,
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

async function checkWith(backends: Exclude<Backends, { ok: false }>, input: CheckInput, options: CheckOptions): Promise<FileReport> {
  const signal = new AbortController().signal;
  if (backends.kind !== 'both') return checkFile(input, options, backends.backend, signal);
  return checkFileWithBoth(input, options, backends.embedded, backends.verus, signal);
}
