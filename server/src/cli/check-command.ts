// `spec-harness check`: not built yet (see the issue that delivers it).

import type { CliIo } from './io';

export async function runCheckCommand(_args: readonly string[], io: CliIo): Promise<number> {
  io.stderr('spec-harness check: not implemented yet\n');
  return 2;
}
