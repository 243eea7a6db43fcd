// Paths into the installed layout that test/setup/installed-bundle.ts builds once per run.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');

/** The bundled `spec-harness` bin as users run it (a worker with a large stack around dist/cli.js). */
export function installedBin(): string {
  return join(inject('installDir'), 'bin', 'spec-harness.js');
}

/** dist/cli.js: the CLI on the main thread, without the bin's large-stack worker. */
export function installedCli(): string {
  return join(inject('installDir'), 'dist', 'cli.js');
}

/** dist/server.js: the language server (`node server.js --stdio`); LSP_SERVER_BUNDLE=<path> tests a given bundle instead. */
export function installedServer(): string {
  const given = process.env['LSP_SERVER_BUNDLE'];
  if (given !== undefined && given !== '') return resolve(ROOT, given);
  return join(inject('installDir'), 'dist', 'server.js');
}

export interface BinRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/** The installed bin in `cwd`, with users' internal-error policy (a bug is that function's `unsupported` result)
 *  and the given failpoints armed. */
export function runInstalledBin(cwd: string, args: readonly string[], failpoints = ''): Promise<BinRun> {
  const env = { ...process.env, SPEC_HARNESS_INTERNAL_ERRORS: 'unsupported', SPEC_HARNESS_FAILPOINTS: failpoints };
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [installedBin(), ...args], { cwd, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('close', (code) => resolveRun({ code, out, err }));
  });
}
