// `spec-harness lsp --stdio`: runs the bundled language server (dist/server.js, beside the CLI bundle) in a child
// process that inherits stdio, so the CLI never imports lsp/ and the server keeps its own worker thread.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake } from './command';
import type { CommandInfo } from './command';
import type { CliIo } from './io';

/** The language server's flag that starts it trusted (the server defines it; the CLI never imports lsp/). */
const TRUSTED_FLAG = '--trusted';

export const LSP_COMMAND = {
  name: 'lsp',
  usage:
    'Usage: spec-harness lsp --stdio [--trusted]\nRuns the language server over standard input and output.\n--trusted: the workspace is trusted, so a configured verus may be started (untrusted otherwise).\n',
  options: { stdio: { type: 'boolean' }, trusted: { type: 'boolean' } },
} as const satisfies CommandInfo;

/** Arguments are not parsed strictly: language clients add their own (`--clientProcessId=N`), which the server reads. */
export async function runLspCommand(args: readonly string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return answerWithoutRunning(io, LSP_COMMAND, { kind: 'help' });
  if (!args.includes('--stdio')) return answerWithoutRunning(io, LSP_COMMAND, mistake('--stdio is required'));
  const fail = commandFailure(io, LSP_COMMAND);
  // dist/cli.js finds dist/server.js beside it; run from source (tsx), the built bundle in dist/.
  const candidates = [join(__dirname, 'server.js'), join(__dirname, '..', '..', '..', 'dist', 'server.js')];
  const serverPath = candidates.find((candidate) => existsSync(candidate));
  if (serverPath === undefined) return fail(`the server bundle is missing (looked for ${candidates.join(', ')}); run npm run build`);
  return new Promise<number>((resolve) => {
    // Untrusted unless the user vouches for the workspace: the flag is passed on, never assumed.
    const trust = args.includes(TRUSTED_FLAG) ? [TRUSTED_FLAG] : [];
    const child = spawn(process.execPath, [serverPath, '--stdio', ...trust], { stdio: 'inherit' });
    child.on('error', (error) => resolve(fail(error.message)));
    child.on('exit', (code) => resolve(code ?? EXIT_CODES.usageOrIoError));
  });
}
