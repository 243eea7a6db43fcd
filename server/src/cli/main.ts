// The `spec-harness` command line: dispatches to one module per subcommand. Exit codes: 0 ok, 1 gate failed,
// 2 usage or I/O error. The only place (with lsp/) that reads process.argv or calls process.exit.

import { runAnonymizeCommand } from './anonymize-command';
import { runCheckCommand } from './check-command';
import { runGateCommand } from './gate-command';
import { runListCommand } from './list-command';
import { runPairsCommand } from './pairs-command';
import { runStubsCommand } from './stubs-command';
import { runLspCommand } from './lsp-command';
import { runMcpCommand } from './mcp-command';
import type { CliIo } from './io';
import { nodeIo } from './io';

const USAGE = `spec-harness: measure how much Verus contracts say, on concrete values

Usage:
  spec-harness list PATH... [--json]
  spec-harness check PATH... [--json] [--pairs FILE] [--threshold T] [--gate post=0.75[,pre=0.5]] [--backend embedded|verus|both] [--held-out]
  spec-harness pairs PATH... [--fn NAME] [--count N] [--seed S] [--out FILE]
  spec-harness stubs FILE [--fn NAME]
  spec-harness gate [PATH...] [--gate post=0.75[,pre=0.5]] [--fn NAME] [--hook claude-code|codex|cursor]
  spec-harness anonymize FILE --out DIR [--fn NAME]
  spec-harness lsp --stdio [--trusted]
  spec-harness mcp [--gate post=0.75[,pre=0.5]] [--verus-path P]

Exit codes: 0 success, 1 a --gate was not met, 2 usage or I/O error (or a gate over no function).
`;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list':
      return runListCommand(rest, io);
    case 'check':
      return runCheckCommand(rest, io);
    case 'pairs':
      return runPairsCommand(rest, io);
    case 'gate':
      return runGateCommand(rest, io);
    case 'anonymize':
      return runAnonymizeCommand(rest, io);
    case 'stubs':
      return runStubsCommand(rest, io);
    case 'lsp':
      return runLspCommand(rest, io);
    case 'mcp':
      return runMcpCommand(rest, io);
    case '--help':
    case '-h':
    case 'help':
      io.stdout(USAGE);
      return 0;
    case '--version':
      io.stdout('0.1.0\n');
      return 0;
    default:
      io.stderr(command === undefined ? USAGE : `spec-harness: unknown command '${command}'\n\n${USAGE}`);
      return 2;
  }
}

/** Runs the CLI as a process: the `spec-harness` bin and `node dist/cli.js` both land here. */
export function main(argv: readonly string[]): void {
  runCli(argv, nodeIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`spec-harness: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}

if (require.main === module) main(process.argv.slice(2));
