// `spec-harness gate [PATH...] [--gate post=0.75[,pre=0.5]] [--fn NAME]... [--hook claude-code|codex|cursor]`:
// the gate on feedback and held-out pairs (embedded evaluator). Alone: exit 0 met, 1 not met, 2 a gate over no
// function or a usage/I/O error. With --hook: reads the agent's stop-hook JSON on stdin and answers in its format,
// holding the agent while the gate is not met; errors never hold it (they go to stderr, exit 0).

import * as path from 'node:path';
import { DEFAULT_CHECK_OPTIONS, HARNESS_DEFAULTS, evaluateGate, internalErrorReason } from '../harness';
import type { Gate, GateOutcome } from '../harness';
import { formatGate, gateLines, parseGate } from './check-gate';
import { checkSplit, embeddedOptions, readEachCheckInput } from './check-paths';
import type { Read } from './check-paths';
import { HOOK_AGENTS, decodeHookInput, hookAnswer } from './gate-hooks';
import type { HookAgent } from './gate-hooks';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';
import { printInternalErrors, splitInternalErrors } from './internal-errors';
import type { InternalErrorSite } from './internal-errors';

export const GATE_COMMAND = {
  name: 'gate',
  usage: `Usage: spec-harness gate [PATH...] [--gate post=0.75[,pre=0.5]] [--fn NAME]... [--hook claude-code|codex|cursor]
Checks every contract under PATH (default: .) on feedback and held-out pairs. With --hook, reads the agent's stop-hook
JSON on stdin and answers in its format.
`,
  options: { gate: { type: 'string' }, fn: { type: 'string', multiple: true }, hook: { type: 'string' } },
} as const satisfies CommandInfo;

/** A hook's stdin is a small JSON object; more than this is not one. */
const MAX_HOOK_INPUT_BYTES = 1 << 20;

interface GateArgs {
  readonly paths: readonly string[];
  readonly gate: Gate;
  readonly functions: readonly string[] | undefined;
  readonly hook: HookAgent | undefined;
}

export async function runGateCommand(args: readonly string[], io: CliIo): Promise<number> {
  const command = parseGateArgs(args);
  if (command.kind !== 'run') return answerWithoutRunning(io, GATE_COMMAND, command);
  const parsed = command.args;
  if (parsed.hook !== undefined) return runHook(parsed, parsed.hook, io);
  const fail = commandFailure(io, GATE_COMMAND);
  const read = await gateOutcome(io, io.cwd, parsed);
  if (!read.ok) return fail(read.error);
  const { outcome, internalErrors, unreadable } = read.value;
  if (!outcome.ok) return fail(`--gate ${formatGate(parsed.gate)}: ${outcome.error}`);
  for (const line of gateLines(outcome)) io.stdout(`${line}\n`);
  const count = outcome.verdicts.length;
  if (outcome.meets && internalErrors.length === 0 && unreadable.length === 0)
    io.stdout(`gate ${formatGate(parsed.gate)} met on feedback and held-out pairs by ${count} function${count === 1 ? '' : 's'}\n`);
  if (unreadable.length > 0) return EXIT_CODES.usageOrIoError;
  if (printInternalErrors(io, GATE_COMMAND.name, internalErrors)) return EXIT_CODES.internalError;
  return outcome.meets ? EXIT_CODES.ok : EXIT_CODES.gateNotMet;
}

async function runHook(args: GateArgs, agent: HookAgent, io: CliIo): Promise<number> {
  const letStop = (why: string): number => {
    io.stderr(`spec-harness gate: ${why}; letting the agent stop\n`);
    io.stdout(hookAnswer(agent, undefined));
    return 0;
  };
  if (io.readStdin === undefined) return letStop('no standard input to read the hook from');
  let text: string;
  try {
    text = await io.readStdin(MAX_HOOK_INPUT_BYTES);
  } catch (error) {
    return letStop(error instanceof Error ? error.message : String(error));
  }
  const request = decodeHookInput(agent, text);
  if (typeof request === 'string') return letStop(request);
  if (request.kind === 'let-stop') return letStop(request.why);
  const cwd = request.cwd === undefined ? io.cwd : path.resolve(io.cwd, request.cwd);
  const read = await gateOutcome(io, cwd, args);
  if (!read.ok) return letStop(read.error);
  const { outcome, internalErrors } = read.value;
  if (!outcome.ok) return letStop(outcome.error);
  // A file the harness could not score is not a met gate: the agent is held once with the error named (the
  // agents' own stop-hook loop guard then lets it stop).
  const unscoredFiles = internalErrors.filter((site) => site.fn === undefined);
  if (outcome.meets && unscoredFiles.length === 0) {
    io.stdout(hookAnswer(agent, undefined));
    return 0;
  }
  io.stdout(hookAnswer(agent, holdReason(args.gate, outcome, unscoredFiles)));
  return 0;
}

/** What the agent reads when held: every failing function with its reasons, and how to see the evidence. */
function holdReason(gate: Gate, outcome: Extract<GateOutcome, { ok: true }>, unscoredFiles: readonly InternalErrorSite[]): string {
  const failing = outcome.verdicts.filter((verdict) => !verdict.meets);
  const lines = failing.map(
    (verdict) =>
      `- ${verdict.path}: ${verdict.qualifiedName}${verdict.overfit ? ' (overfit: fitted to the pairs you see)' : ''}: ${verdict.failures.join('; ')}`,
  );
  const files = unscoredFiles.map((site) => `- ${site.path}: not checked: ${internalErrorReason(site.error)} (a Spec Harness bug)`);
  const total = failing.length + files.length;
  return [
    `Spec Harness: ${total} contract${total === 1 ? '' : 's'} miss${total === 1 ? 'es' : ''} the gate ${formatGate(gate)} (feedback and held-out pairs):`,
    ...lines,
    ...files,
    'Strengthen or correct these requires/ensures (run `spec-harness check --held-out FILE` or the score_contract tool for the accepted wrong outputs), then stop again.',
  ].join('\n');
}

interface GateRun {
  readonly outcome: GateOutcome;
  readonly internalErrors: readonly InternalErrorSite[];
  readonly unreadable: readonly string[];
}

async function gateOutcome(io: CliIo, cwd: string, args: GateArgs): Promise<Read<GateRun>> {
  const read = await readEachCheckInput(cwd, args.paths, undefined);
  if (!read.ok) return read;
  // An unreadable file is named and never counts as met; the others are checked as usual.
  for (const error of read.value.unreadable) io.stderr(`spec-harness gate: ${error}\n`);
  const split = await checkSplit(read.value.inputs, embeddedOptions(io, DEFAULT_CHECK_OPTIONS, args.functions));
  return {
    ok: true,
    value: {
      outcome: evaluateGate({ files: split.feedback, heldOut: split.heldOut, requestedFunctions: args.functions }, args.gate),
      internalErrors: splitInternalErrors(split),
      unreadable: read.value.unreadable,
    },
  };
}

function parseGateArgs(args: readonly string[]): CommandArgs<GateArgs> {
  const line = parseCommandLine(args, GATE_COMMAND.options);
  if (line.kind !== 'run') return line;
  const { values, positionals } = line.args;
  const gate = parseGate(values.gate ?? `post=${HARNESS_DEFAULTS.threshold}`);
  if (typeof gate === 'string') return mistake(gate);
  const hook = values.hook;
  if (hook !== undefined && !HOOK_AGENTS.includes(hook as HookAgent))
    return mistake(`--hook must be ${HOOK_AGENTS.join(', ')} (got '${hook}')`);
  return run({
    paths: positionals.length === 0 ? ['.'] : positionals,
    gate,
    functions: values.fn,
    hook: hook as HookAgent | undefined,
  });
}
