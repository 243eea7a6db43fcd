// The opening every `spec-harness` subcommand shares: options parsed strictly by node:util's parseArgs, `--help`
// answered with the command's usage (exit 0), a mistake in the arguments said with the usage (exit 2), and failures
// said as `spec-harness <command>: <message>` (exit 2). Commands keep what is their own: their options and their work.

import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import type { CliIo } from './io';

/** Every command's exit codes. */
/** 3: the run finished and printed its report, but some function or file hit an internal error (a Spec Harness bug,
 *  named on stderr): that part of the answer is missing, so no caller may take the run as passed. */
export const EXIT_CODES = { ok: 0, gateNotMet: 1, usageOrIoError: 2, internalError: 3 } as const;

export interface CommandInfo {
  /** The subcommand, as typed after `spec-harness`. */
  readonly name: string;
  /** What `--help` prints; its first line is the command's line in `spec-harness --help`. */
  readonly usage: string;
  /** The options the command accepts (besides `--help`); a test checks that the usage names exactly these. */
  readonly options: Options;
}

/** A command's arguments decoded, a request for its usage, or the mistake in them. */
export type CommandArgs<T> =
  { readonly kind: 'run'; readonly args: T } | { readonly kind: 'help' } | { readonly kind: 'mistake'; readonly message: string };

export type Options = NonNullable<ParseArgsConfig['options']>;
type CommandLineConfig<O extends Options> = { args: string[]; options: O & typeof HELP_OPTION; allowPositionals: true; strict: true };
/** What parseArgs returns for a command's options: `values` typed by the options, and the positionals. */
export type CommandLine<O extends Options> = ReturnType<typeof parseArgs<CommandLineConfig<O>>>;

/** parseArgs (strict, positionals allowed) with `--help`/`-h` added; its exception is a mistake, not a crash. */
export function parseCommandLine<O extends Options>(args: readonly string[], options: O): CommandArgs<CommandLine<O>> {
  try {
    const line = parseArgs<CommandLineConfig<O>>({
      args: [...args],
      options: { ...options, ...HELP_OPTION },
      allowPositionals: true,
      strict: true,
    });
    return (line.values as { help?: boolean }).help === true ? { kind: 'help' } : { kind: 'run', args: line };
  } catch (error) {
    return mistake(error instanceof Error ? error.message : String(error));
  }
}

export function run<T>(args: T): CommandArgs<T> {
  return { kind: 'run', args };
}

export function mistake(message: string): { readonly kind: 'mistake'; readonly message: string } {
  return { kind: 'mistake', message };
}

/** For parsed arguments that are not to be run: prints the usage (help, exit 0) or the mistake and the usage (exit 2). */
export function answerWithoutRunning(io: CliIo, command: CommandInfo, parsed: Exclude<CommandArgs<unknown>, { kind: 'run' }>): number {
  if (parsed.kind === 'help') {
    io.stdout(command.usage);
    return EXIT_CODES.ok;
  }
  io.stderr(`spec-harness ${command.name}: ${parsed.message}\n${command.usage}`);
  return EXIT_CODES.usageOrIoError;
}

/** `fail(message)` prints `spec-harness <command>: <message>` and gives the usage-or-I/O exit code, for `return fail(...)`. */
export function commandFailure(io: CliIo, command: CommandInfo): (message: string) => number {
  return (message) => {
    io.stderr(`spec-harness ${command.name}: ${message}\n`);
    return EXIT_CODES.usageOrIoError;
  };
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;
