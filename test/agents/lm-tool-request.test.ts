// The request behind VS Code's language model tools: the language server answers `specHarness/agentTool` with the
// same JSON as the MCP tools (feedback pairs for score_contract and suggest_clauses; the gate on both sets for task_complete). The tool
// registration itself needs a real VS Code (code-server e2e), which this suite does not start.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentToolParams, AgentToolResult } from '../../server/src/lsp/protocol';
import { AgentToolRequest } from '../../server/src/lsp/protocol';
import { ROOT, serverBundle, startClient } from '../lsp/lsp-client';
import type { TestClient } from '../lsp/lsp-client';

const AGENTS = join(ROOT, 'test', 'fixtures', 'agents');
let client: TestClient;

beforeAll(async () => {
  // Untrusted: embedded scoring only, and verus is never started (task_complete says so).
  client = await startClient(await serverBundle(), {}, { trusted: false }, pathToFileURL(AGENTS).toString());
}, 60_000);

afterAll(async () => {
  await client.stop();
});

async function ask(params: AgentToolParams): Promise<AgentToolResult> {
  return client.connection.sendRequest(AgentToolRequest, params);
}

describe('specHarness/agentTool', () => {
  it('score_contract: feedback pairs only', async () => {
    const answer = await ask({ tool: 'score_contract', path: 'weak/double.rs', function: null });
    expect(answer).toMatchObject({
      ok: true,
      result: { pairSet: 'feedback', functions: [{ function: 'double', counts: { pairs: 11 }, standings: { PostComp: 'below' } }] },
    });
  });

  it('suggest_clauses: the same JSON as the MCP tool, measured on feedback pairs', async () => {
    const answer = await ask({ tool: 'suggest_clauses', path: 'weak/double.rs', function: null });
    expect(answer).toMatchObject({
      ok: true,
      result: { pairSet: 'feedback', functions: [{ function: 'double', suggestions: [{ clause: 'r == 2 * x' }] }] },
    });
  });

  it('task_complete: refuses the overfit contract, accepts the strong one, and says verus was not run', async () => {
    const overfit = await ask({ tool: 'task_complete', path: join(AGENTS, 'overfit', 'double.rs'), function: null });
    expect(overfit).toMatchObject({
      ok: true,
      result: { accepted: false, functions: [{ overfit: true }], verification: { status: 'verus-absent' } },
    });
    const strong = await ask({ tool: 'task_complete', path: 'strong/double.rs', function: 'double' });
    expect(strong).toMatchObject({ ok: true, result: { accepted: true, reasons: [] } });
  });

  it('answers a path that is not a Rust file with an error, not a crash', async () => {
    expect(await ask({ tool: 'score_contract', path: 'hooks/cursor-stop.json', function: null })).toEqual({
      ok: false,
      error: "'hooks/cursor-stop.json' is not a .rs file",
    });
    expect(await ask({ tool: 'score_contract', path: 'nowhere/missing.rs', function: null })).toEqual({
      ok: false,
      error: "cannot read 'nowhere/missing.rs'",
    });
  });
});
