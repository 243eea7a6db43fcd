// `spec-harness mcp` driven by the SDK's own client over stdio against the built bin: the six tools are listed
// with schemas, every structured result validates against its tool's output schema, task_complete accepts the
// strong contract and refuses the weak, undecided and overfit ones with reasons, bad arguments are tool errors.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyAgentFixtures, installedBin } from './built-bin';

const BIN = installedBin();

let client: Client;
let tools: readonly Tool[];
let work: string;

beforeAll(async () => {
  work = copyAgentFixtures();
  // An empty PATH: no verus, whatever this machine has, so verify's answer is deterministic.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: work,
    env: { PATH: '' },
    stderr: 'pipe',
  });
  client = new Client({ name: 'spec-harness-test', version: '1.0.0' });
  await client.connect(transport);
  tools = (await client.listTools()).tools;
}, 60_000);

afterAll(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Calls a tool, checks its structured result against the tool's advertised output schema, and returns it. */
async function structured(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await call(name, args);
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  const schema = tools.find((tool) => tool.name === name)?.outputSchema;
  expect(schema).toBeDefined();
  const validate = new Ajv({ strict: false }).compile(schema as object);
  expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  return result.structuredContent as Record<string, unknown>;
}

describe('spec-harness mcp', () => {
  it('lists the six tools, each with an input and an output schema', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'generate_pairs',
      'list_contracts',
      'score_contract',
      'suggest_clauses',
      'task_complete',
      'verify',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
  });

  it('list_contracts shows each function with its clauses', async () => {
    const result = await structured('list_contracts', { path: 'weak' });
    expect(result).toMatchObject({
      files: [{ path: 'weak/double.rs', functions: [{ function: 'double', mode: 'exec', requires: ['x <= 1000'], ensures: ['r >= x'] }] }],
    });
  });

  it('score_contract scores feedback pairs only, with the wrong outputs the weak ensures accepts', async () => {
    const result = await structured('score_contract', { path: 'weak/double.rs' });
    const [fn] = result['functions'] as Record<string, unknown>[];
    expect(result['pairSet']).toBe('feedback');
    // 16 pairs in the file, 5 of them held out (inputs 3, 7, 10, 999, 1000).
    expect(fn).toMatchObject({
      function: 'double',
      status: 'scored',
      counts: { pairs: 11 },
      standings: { PostCorr: 'meets', PostComp: 'below' },
    });
    expect((fn?.['acceptedWrongOutputs'] as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(result)).not.toMatch(/double\((3|7|10|999|1000)\)/);
  });

  it('score_contract names an undecided N/A as such', async () => {
    const result = await structured('score_contract', { path: 'undecided', function: 'double' });
    expect(result['functions']).toMatchObject([
      { standings: { PostCorr: 'undecided', PostComp: 'undecided', PreCorr: 'meets', PreComp: 'meets' } },
    ]);
  });

  it('suggest_clauses proposes the clause the weak ensures misses, as a candidate Verus must still prove', async () => {
    const result = await structured('suggest_clauses', { path: 'weak/double.rs' });
    expect(result['note']).toContain('Verus must still prove it');
    expect(result['functions']).toMatchObject([{ function: 'double', suggestions: [{ clause: 'r == 2 * x' }] }]);
    // Measured on feedback pairs: the held-out inputs are not shown.
    expect(JSON.stringify(result)).not.toMatch(/double\((3|7|10|999|1000)\)/);
    expect((await structured('suggest_clauses', { path: 'strong/double.rs' }))['functions']).toEqual([]);
  });

  it('verify says plainly when verus is not installed', async () => {
    const result = await structured('verify', { path: 'strong/double.rs' });
    expect(result).toMatchObject({ status: 'verus-absent', score: null });
    expect(result['message']).toContain('verus was not run');
  });

  it('task_complete accepts the strong contract and refuses the weak, undecided and overfit ones with reasons', async () => {
    const strong = await structured('task_complete', { path: 'strong' });
    expect(strong).toMatchObject({ accepted: true, gate: 'post=0.75', reasons: [], verification: { status: 'verus-absent' } });
    const weak = await structured('task_complete', { path: 'weak' });
    expect(weak['accepted']).toBe(false);
    expect(weak['reasons']).toContainEqual(expect.stringMatching(/^double: PostComp 0\.\d\d < 0\.75$/));
    const undecided = await structured('task_complete', { path: 'undecided' });
    expect(undecided['accepted']).toBe(false);
    expect(undecided['reasons']).toContainEqual(expect.stringMatching(/^double: PostComp N\/A: none of \d+ verdicts was decided$/));
    const overfit = await structured('task_complete', { path: 'overfit' });
    expect(overfit).toMatchObject({ accepted: false, functions: [{ function: 'double', meets: false, overfit: true }] });
    expect(overfit['reasons']).toContainEqual('double: held-out: PostComp 0.00 < 0.75');
    expect(overfit['reasons']).toContainEqual(expect.stringContaining('double: overfit:'));
  });

  it('task_complete refuses a gate over no function', async () => {
    const result = await structured('task_complete', { path: 'strong', function: 'dobule' });
    expect(result).toMatchObject({ accepted: false, reasons: ["no function with a contract is named 'dobule'"] });
  });

  it('generate_pairs writes a pairs file beside a file that has none', async () => {
    rmSync(join(work, 'strong', 'double.pairs.json'));
    const result = await structured('generate_pairs', { path: 'strong' });
    expect(result).toMatchObject({ files: [{ path: 'strong/double.rs', pairsFile: 'strong/double.pairs.json', written: true }] });
    expect((result['files'] as { functions: { pairs: number }[] }[])[0]?.functions[0]?.pairs).toBeGreaterThan(0);
    expect(existsSync(join(work, 'strong', 'double.pairs.json'))).toBe(true);
  });

  it('answers bad arguments and missing paths with a tool error, and keeps serving', async () => {
    expect((await call('score_contract', {})).isError).toBe(true);
    expect((await call('score_contract', { path: 42 })).isError).toBe(true);
    const missing = await call('list_contracts', { path: 'no/such/dir' });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain('no such file or directory');
    expect((await call('verify', { path: 'weak' })).isError ?? false).toBe(false);
  });
});

describe('spec-harness gate --hook through the bin', () => {
  it('reads the hook JSON piped into its worker and answers on stdout', () => {
    const input = JSON.stringify({ session_id: 's', cwd: join(work, 'weak'), hook_event_name: 'Stop', stop_hook_active: false });
    const result = spawnSync(process.execPath, [BIN, 'gate', '--hook', 'claude-code'], { input, encoding: 'utf8', cwd: work });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'block', reason: expect.stringContaining('double: PostComp') });
  });
});
