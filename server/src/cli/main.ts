// The `spec-harness` command line: dispatches to one module per subcommand. Exit codes: 0 ok, 1 gate failed,
// 2 usage or I/O error. The only place (with lsp/) that reads process.argv or calls process.exit.

import { writeSync } from 'node:fs';
import { armFailpoints } from '../harness';
import { ANONYMIZE_COMMAND, runAnonymizeCommand } from './anonymize-command';
import { CHECK_COMMAND, runCheckCommand } from './check-command';
import { EXIT_CODES } from './command';
import type { CommandInfo } from './command';
import { GATE_COMMAND, runGateCommand } from './gate-command';
import { LIST_COMMAND, runListCommand } from './list-command';
import { LSP_COMMAND, runLspCommand } from './lsp-command';
import { MCP_COMMAND, runMcpCommand } from './mcp-command';
import { PAIRS_COMMAND, runPairsCommand } from './pairs-command';
import { STUBS_COMMAND, runStubsCommand } from './stubs-command';
import type { CliIo } from './io';
import { nodeIo } from './io';
import { isFilePoolWorker, runFilePoolWorker } from './pool-worker';
import { TOOL_VERSION } from '../stdx';

/** Every subcommand, in the order `spec-harness --help` lists them. */
export const COMMANDS: readonly { readonly info: CommandInfo; readonly run: (args: readonly string[], io: CliIo) => Promise<number> }[] = [
  { info: LIST_COMMAND, run: runListCommand },
  { info: CHECK_COMMAND, run: runCheckCommand },
  { info: PAIRS_COMMAND, run: runPairsCommand },
  { info: STUBS_COMMAND, run: runStubsCommand },
  { info: GATE_COMMAND, run: runGateCommand },
  { info: ANONYMIZE_COMMAND, run: runAnonymizeCommand },
  { info: LSP_COMMAND, run: runLspCommand },
  { info: MCP_COMMAND, run: runMcpCommand },
];

/** Built from each command's own usage (its first line), so the overview cannot drift from the commands. */
export const USAGE = `spec-harness: measure how much Verus contracts say, on concrete values

Usage:
${COMMANDS.map((command) => `  ${synopsis(command.info)}\n`).join('')}
Run \`spec-harness COMMAND --help\` for all of a command's options.
Exit codes: 0 success, 1 a --gate was not met, 2 usage or I/O error (or a gate over no function), 3 the report is
complete but some functions hit an internal error (named on stderr).
`;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = COMMANDS.find((candidate) => candidate.info.name === name);
  if (command !== undefined) return command.run(rest, io);
  switch (name) {
    case '--help':
    case '-h':
    case 'help':
      io.stdout(USAGE);
      return EXIT_CODES.ok;
    case '--version':
      io.stdout(`${TOOL_VERSION}\n`);
      return EXIT_CODES.ok;
    default:
      io.stderr(name === undefined ? USAGE : `spec-harness: unknown command '${name}'\n\n${USAGE}`);
      return EXIT_CODES.usageOrIoError;
  }
}

/** The usage's first line; ` ...` when its options go on over indented lines. */
function synopsis(command: CommandInfo): string {
  const [firstLine = '', secondLine = ''] = command.usage.split('\n');
  return `${firstLine.replace(/^Usage: /, '')}${/^\s/.test(secondLine) ? ' ...' : ''}`;
}

/** Runs the CLI as a process: the `spec-harness` bin and `node dist/cli.js` both land here. A run that ends
 *  without its answer (the event loop drained while a promise was pending: a lost worker or solver call) exits
 *  non-zero with a message, never 0: a gate must not pass a run that never finished. */
export function main(argv: readonly string[]): void {
  let answered = false;
  // Tests only (ARCHITECTURE.md, failpoints): make one stage of one function's work throw.
  armFailpoints(process.env['SPEC_HARNESS_FAILPOINTS']);
  process.on('exit', () => {
    if (answered) return;
    // Synchronous: nothing asynchronous runs any more at 'exit'.
    writeSync(
      2,
      `spec-harness: internal error: the run ended before it finished (${argv[0] ?? 'no command'} left work pending); no result was produced\n`,
    );
    process.exitCode = EXIT_CODES.usageOrIoError;
  });
  runCli(argv, nodeIo()).then(
    (code) => {
      answered = true;
      process.exitCode = code;
    },
    (error: unknown) => {
      answered = true;
      process.stderr.write(`spec-harness: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_CODES.usageOrIoError;
    },
  );
}

// A pool worker (`--jobs`) starts from this bundle too, as its main module: it answers files, it runs no command.
if (require.main === module) {
  if (isFilePoolWorker()) runFilePoolWorker();
  else main(process.argv.slice(2));
}
