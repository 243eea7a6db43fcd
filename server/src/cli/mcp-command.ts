// `spec-harness mcp [--gate post=0.75[,pre=0.5]] [--verus-path P]`: serves the agent tools over MCP on stdio. The
// gate task_complete holds agents to is fixed here, by whoever configures the server, not by the agent.

import { parseArgs } from 'node:util';
import { HARNESS_DEFAULTS } from '../harness';
import { serveMcpOverStdio } from '../mcp';
import { parseGate } from './check-gate';
import type { CliIo } from './io';

const MCP_USAGE = 'Usage: spec-harness mcp [--gate post=0.75[,pre=0.5]] [--verus-path P]\nServes list_contracts, score_contract, generate_pairs, verify and task_complete over MCP (stdio).\n';

export async function runMcpCommand(args: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { gate: { type: 'string' }, 'verus-path': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  } catch (error) {
    io.stderr(`spec-harness mcp: ${error instanceof Error ? error.message : String(error)}\n${MCP_USAGE}`);
    return 2;
  }
  if (parsed.values.help === true) {
    io.stdout(MCP_USAGE);
    return 0;
  }
  const gate = parseGate(parsed.values.gate ?? `post=${HARNESS_DEFAULTS.threshold}`);
  if (typeof gate === 'string') {
    io.stderr(`spec-harness mcp: ${gate}\n${MCP_USAGE}`);
    return 2;
  }
  const verus = { verusPath: parsed.values['verus-path'], searchPath: process.env['PATH'], platform: process.platform };
  await serveMcpOverStdio({ cwd: io.cwd, stackAllowance: io.stackAllowance, gate, verus });
  return 0;
}
