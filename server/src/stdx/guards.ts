// Type guards for decoding `unknown` at the boundaries (settings, backend output, files read back).

/** A plain JSON-like object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
