// `spec-harness lsp --stdio`: runs the bundled language server (dist/server.js, beside the CLI bundle) in a child
// process that inherits stdio, so the CLI never imports lsp/ and the server keeps its own worker thread.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from './io';

/** The language server's flag that starts it trusted (the server defines it; the CLI never imports lsp/). */
const TRUSTED_FLAG = '--trusted';

export async function runLspCommand(args: readonly string[], io: CliIo): Promise<number> {
  if (!args.includes('--stdio')) {
    io.stderr('usage: spec-harness lsp --stdio [--trusted]\n');
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
    // Untrusted unless the user vouches for the workspace: the flag is passed on, never assumed.
    const trust = args.includes(TRUSTED_FLAG) ? [TRUSTED_FLAG] : [];
    const child = spawn(process.execPath, [serverPath, '--stdio', ...trust], { stdio: 'inherit' });
    child.on('error', (error) => {
      io.stderr(`spec-harness lsp: ${error.message}\n`);
      resolve(2);
    });
    child.on('exit', (code) => resolve(code ?? 2));
  });
}
