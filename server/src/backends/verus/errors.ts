// Environment failures of the Verus backend (binary missing, failing to start, untrusted workspace): typed so the
// CLI maps them to exit code 2 and the editor shows one notification. Never used for what the user wrote.

export type VerusBackendErrorKind = 'untrusted' | 'not-found' | 'spawn-failed' | 'version-failed';

export class VerusBackendError extends Error {
  override readonly name = 'VerusBackendError';
  readonly kind: VerusBackendErrorKind;
  /** What was tried, in order (paths searched, command lines run), so the message says how to fix it. */
  readonly tried: readonly string[];

  constructor(kind: VerusBackendErrorKind, message: string, tried: readonly string[]) {
    super(tried.length === 0 ? message : `${message}\n  tried:\n${tried.map((entry) => `    ${entry}`).join('\n')}`);
    this.kind = kind;
    this.tried = tried;
  }
}

export function isVerusBackendError(error: unknown): error is VerusBackendError {
  return error instanceof VerusBackendError;
}
