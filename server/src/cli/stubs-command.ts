// `spec-harness stubs`: not built yet (see the issue that delivers it).

import type { CliIo } from './io';

export async function runStubsCommand(_args: readonly string[], io: CliIo): Promise<number> {
  io.stderr('spec-harness stubs: not implemented yet\n');
  return 2;
}
