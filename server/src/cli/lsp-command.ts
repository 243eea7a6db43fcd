// `spec-harness lsp`: not built yet (see the issue that delivers it).

import type { CliIo } from './io';

export async function runLspCommand(_args: readonly string[], io: CliIo): Promise<number> {
  io.stderr('spec-harness lsp: not implemented yet\n');
  return 2;
}
