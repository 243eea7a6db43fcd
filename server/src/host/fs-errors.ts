// File-system errors in words a user reads after `cannot read '<path>': ` (both front ends say them the same way).

/** The Node error code (`ENOENT`, `EACCES`, ...), when the error carries one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export function describeFsError(error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
