// Paths into the installed layout that test/setup/installed-bundle.ts builds once per run.
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
