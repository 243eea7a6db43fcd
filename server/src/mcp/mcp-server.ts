// `spec-harness mcp`: the agent tools over the Model Context Protocol (stdio). stdout is the protocol, so nothing
// else may print there; each tool's result is structured (validated against its output schema by the SDK) and
// mirrored as text. A tool that cannot run (a path that does not exist) answers with isError, never a crash.

import type { Readable, Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatGate } from '../harness';
import type { Read } from '../cli';
import {
  generatePairsOutput,
  listContractsOutput,
  pathAndFunctionInput,
  pathInput,
  scoreContractOutput,
  suggestClausesOutput,
  taskCompleteOutput,
  verifyOutput,
} from './schemas';
import { generatePairs, listContracts, scoreContract, suggestClausesTool, taskComplete, verify } from './tools';
import type { ToolContext } from './tools';
import { TOOL_VERSION } from '../stdx';

export const MCP_SERVER_INFO = { name: 'spec-harness', version: TOOL_VERSION } as const;

/** Builds the server with its six tools (not yet connected). */
export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO);
  const gate = formatGate(ctx.gate);
  server.registerTool(
    'list_contracts',
    {
      title: 'List contracts',
      description: 'Every function in the Verus file(s) with its requires and ensures clauses.',
      inputSchema: pathInput,
      outputSchema: listContractsOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ path }) => toolResult(await listContracts(ctx, path)),
  );
  server.registerTool(
    'score_contract',
    {
      title: 'Score contract',
      description:
        'Scores each contract on the feedback pairs of its pairs file: PostCorr, PostComp, PreCorr, PreComp, the wrong outputs the ensures accepts, the correct pairs a clause rejects, and warnings. Generate pairs first if a function has none.',
      inputSchema: pathAndFunctionInput,
      outputSchema: scoreContractOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ path, function: fn }) => toolResult(await scoreContract(ctx, path, fn)),
  );
  server.registerTool(
    'suggest_clauses',
    {
      title: 'Suggest ensures clauses',
      description:
        'For each contract whose ensures accepts a wrong output, ensures clauses that hold on every correct output (feedback pairs and a fresh sample of the implementation’s outputs), ranked by the accepted wrong outputs they reject. A suggestion is a candidate: add it, then verify, since Verus must still prove it.',
      inputSchema: pathAndFunctionInput,
      outputSchema: suggestClausesOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ path, function: fn }) => toolResult(await suggestClausesTool(ctx, path, fn)),
  );
  server.registerTool(
    'generate_pairs',
    {
      title: 'Generate pairs',
      description:
        'Runs each exec function on generated inputs and merges the pairs and invalid inputs into foo.pairs.json beside foo.rs; hand-written entries are kept.',
      inputSchema: pathAndFunctionInput,
      outputSchema: generatePairsOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async ({ path, function: fn }) => toolResult(await generatePairs(ctx, path, fn)),
  );
  server.registerTool(
    'verify',
    {
      title: 'Verify with Verus',
      description:
        'Runs verus on the file. Score: 1.0 verified; 0.3 one verification error; 0.1 two or more; 0.0 a compile error or no output. Says so plainly when verus is not installed.',
      inputSchema: pathInput,
      outputSchema: verifyOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ path }) => toolResult(await verify(ctx, path)),
  );
  server.registerTool(
    'task_complete',
    {
      title: 'Task complete',
      description: `Call when the contracts are done. Accepted only when the file verifies (or verus is absent, which the result says) and every contract meets the gate ${gate} on feedback and held-out pairs; otherwise refused with the reasons to act on.`,
      inputSchema: pathAndFunctionInput,
      outputSchema: taskCompleteOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ path, function: fn }) => toolResult(await taskComplete(ctx, path, fn)),
  );
  return server;
}

/** Serves over stdin/stdout until the client closes the stream. */
export async function serveMcpOverStdio(ctx: ToolContext, stdio: { readonly stdin: Readable; readonly stdout: Writable }): Promise<void> {
  const server = createMcpServer(ctx);
  // The session ends when the client closes it or closes our standard input (the stdio transport does not
  // report the latter); either is the command's answer.
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    stdio.stdin.once('end', () => resolve());
  });
  await server.connect(new StdioServerTransport(stdio.stdin, stdio.stdout));
  await closed;
}

function toolResult<T extends object>(result: Read<T>): CallToolResult {
  if (!result.ok) return { isError: true, content: [{ type: 'text', text: result.error }] };
  // Every result is a plain JSON object (the tools build them from data), which is what structuredContent holds.
  const structuredContent = JSON.parse(JSON.stringify(result.value)) as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(result.value, null, 2) }], structuredContent };
}
