// `spec-harness mcp [--gate post=0.75[,pre=0.5]] [--verus-path P]`: serves the agent tools over MCP on stdio. The
// gate task_complete holds agents to is fixed here, by whoever configures the server, not by the agent.

import { HARNESS_DEFAULTS } from '../harness';
import { serveMcpOverStdio } from '../mcp';
import { parseGate } from './check-gate';
import type { Gate } from './check-gate';
import { EXIT_CODES, answerWithoutRunning, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';

export const MCP_COMMAND = {
  name: 'mcp',
  usage:
    'Usage: spec-harness mcp [--gate post=0.75[,pre=0.5]] [--verus-path P]\nServes list_contracts, score_contract, generate_pairs, verify and task_complete over MCP (stdio).\n',
  options: { gate: { type: 'string' }, 'verus-path': { type: 'string' } },
} as const satisfies CommandInfo;

export async function runMcpCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseMcpArgs(args);
  if (parsed.kind !== 'run') return answerWithoutRunning(io, MCP_COMMAND, parsed);
  const { gate, verusPath } = parsed.args;
  const verus = { verusPath, searchPath: process.env['PATH'], platform: process.platform };
  await serveMcpOverStdio(
    { cwd: io.cwd, stackAllowance: io.stackAllowance, gate, verus },
    { stdin: process.stdin, stdout: process.stdout },
  );
  return EXIT_CODES.ok;
}

function parseMcpArgs(args: readonly string[]): CommandArgs<{ readonly gate: Gate; readonly verusPath: string | undefined }> {
  const line = parseCommandLine(args, MCP_COMMAND.options);
  if (line.kind !== 'run') return line;
  if (line.args.positionals.length > 0) return mistake(`unexpected argument '${line.args.positionals[0] ?? ''}'`);
  const gate = parseGate(line.args.values.gate ?? `post=${HARNESS_DEFAULTS.threshold}`);
  if (typeof gate === 'string') return mistake(gate);
  return run({ gate, verusPath: line.args.values['verus-path'] });
}
