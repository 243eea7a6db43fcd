// `spec-harness list`: not built yet (see the issue that delivers it).

import type { CliIo } from './io';

export async function runListCommand(_args: readonly string[], io: CliIo): Promise<number> {
  io.stderr('spec-harness list: not implemented yet\n');
  return 2;
}
