// `spec-harness lsp --stdio`: runs the bundled language server (dist/server.js, beside the CLI bundle) in a child
// process that inherits stdio, so the CLI never imports lsp/ and the server keeps its own worker thread.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from './io';

export async function runLspCommand(args: readonly string[], io: CliIo): Promise<number> {
  if (!args.includes('--stdio')) {
    io.stderr('usage: spec-harness lsp --stdio\n');
    return 2;
  }
  // dist/cli.js finds dist/server.js beside it; run from source (tsx), the built bundle in dist/.
  const candidates = [join(__dirname, 'server.js'), join(__dirname, '..', '..', '..', 'dist', 'server.js')];
  const serverPath = candidates.find((candidate) => existsSync(candidate));
  if (serverPath === undefined) {
    io.stderr(`spec-harness lsp: the server bundle is missing (looked for ${candidates.join(', ')}); run npm run build\n`);
    return 2;
  }
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: 'inherit' });
    child.on('error', (error) => {
      io.stderr(`spec-harness lsp: ${error.message}\n`);
      resolve(2);
    });
    child.on('exit', (code) => resolve(code ?? 2));
  });
}
