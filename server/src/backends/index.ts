// Backend construction by kind, for the CLI and the language server: `embedded` (always available) and `verus`
// (needs a verus binary). Environment problems are returned as errors, for the caller to report (CLI exit 2).

import type { Backend } from '../harness';
import { createEmbeddedBackend } from './embedded';

export { createEmbeddedBackend } from './embedded';
export type { EmbeddedBackend, EmbeddedBackendOptions } from './embedded';

export type BackendKind = 'embedded' | 'verus';

export interface BackendOptions {
  readonly stepBudget: number;
  /** The verus executable (a path or a name on PATH); only for `verus`. */
  readonly verusPath?: string;
  /** Per-run time limit for the verus process, in milliseconds. */
  readonly timeoutMs?: number;
}

export type CreatedBackend = { readonly ok: true; readonly backend: Backend } | { readonly ok: false; readonly error: string };

export function createBackend(kind: BackendKind, options: BackendOptions): CreatedBackend {
  switch (kind) {
    case 'embedded':
      return { ok: true, backend: createEmbeddedBackend({ stepBudget: options.stepBudget }) };
    case 'verus':
      return { ok: false, error: 'the verus backend is not available in this build yet (server/src/backends/verus has no entry point)' };
    default:
      return { ok: false, error: `unknown backend '${String(kind)}'` };
  }
}
