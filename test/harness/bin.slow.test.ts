// The `spec-harness` bin as users run it: the CLI in a 256 MB-stack worker (recursive spec fns thousands deep),
// exit codes and output through the worker, and `lsp --stdio` on the main thread with inherited stdio.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LARGE_STACK_SIZE_MB } from '../../server/src/eval';
import { installedBin, installedCli } from '../setup/installed';

const ROOT = resolve(__dirname, '..', '..');
const BIN = installedBin();
const FIXTURE = 'test/fixtures/harness/deep-recursion.rs';

interface Run {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

describe('bin/spec-harness.js', () => {
  it('gives the worker the stack the large allowance is calibrated for', () => {
    expect(readFileSync(join(ROOT, 'bin', 'spec-harness.js'), 'utf8')).toContain(`const STACK_SIZE_MB = ${LARGE_STACK_SIZE_MB};`);
  });

  it('decides tri(5000) through the bin; on the main thread the same check is indeterminate', async () => {
    const viaBin = await run(process.execPath, [BIN, 'check', FIXTURE, '--json']);
    expect(viaBin.err).toBe('');
    expect(viaBin.code).toBe(0);
    expect(countsOf(viaBin.out)).toMatchObject({ pairs: 3, validInputs: 3, invalidInputs: 0, indeterminate: 0 });
    const mainThread = await run(process.execPath, [installedCli(), 'check', FIXTURE, '--json']);
    // Two of the three inputs are too deep for the main thread: their pair and every wrong output of them.
    expect(countsOf(mainThread.out)).toMatchObject({
      pairs: 3,
      mutants: (countsOf(viaBin.out) as { mutants: number }).mutants,
      indeterminate: 28,
    });
  });

  it('passes exit codes and streams through the worker', async () => {
    expect(await run(process.execPath, [BIN, '--version'])).toEqual({ code: 0, out: '0.1.0\n', err: '' });
    const unknown = await run(process.execPath, [BIN, 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown command 'nope'");
    const gate = await run(process.execPath, [BIN, 'check', 'examples/vacuous.rs', '--gate', 'post=1']);
    expect(gate.code).toBe(1);
    expect(gate.err).toContain('gate not met');
  });

  it('serves LSP over inherited stdio from the main thread', async () => {
    const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const initialized = new Promise<void>((resolveInit) => {
      child.stdout.on('data', () => {
        if (out.includes('"id":1') && out.includes('capabilities')) resolveInit();
      });
    });
    send(child.stdin, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    await initialized;
    send(child.stdin, { jsonrpc: '2.0', id: 2, method: 'shutdown' });
    send(child.stdin, { jsonrpc: '2.0', method: 'exit' });
    const code = await new Promise<number | null>((resolveExit) => child.on('exit', resolveExit));
    expect(code).toBe(0);
  });
});

function send(stream: NodeJS.WritableStream, message: object): void {
  const body = JSON.stringify(message);
  stream.write(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
}

function run(command: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolveRun) => {
    const child = spawn(command, [...args], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('close', (code) => resolveRun({ code, out, err }));
  });
}

function countsOf(json: string): unknown {
  const report = JSON.parse(json) as { files: { functions: { counts: unknown }[] }[] };
  return report.files[0]?.functions[0]?.counts;
}
