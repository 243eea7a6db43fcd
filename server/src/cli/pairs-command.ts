// `spec-harness pairs`: not built yet (see the issue that delivers it).

import type { CliIo } from './io';

export async function runPairsCommand(_args: readonly string[], io: CliIo): Promise<number> {
  io.stderr('spec-harness pairs: not implemented yet\n');
  return 2;
}
