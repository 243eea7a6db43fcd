// The exhaustiveness check every `switch` over a closed union ends with: the compiler proves the call unreachable,
// and if a value the types did not foresee arrives at run time anyway (a bug), it throws with that value named.

/** `default: return assertNever(node)`: a compile error when a case is missing, a thrown bug report otherwise. */
export function assertNever(value: never): never {
  throw new Error(`unexpected ${describeUnexpected(value)}`);
}

/** Bounded text for the error: values may hold bigints (which JSON.stringify refuses) and may be large. */
function describeUnexpected(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item.toString()}n` : item)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS)}...` : text;
}

const MAX_DESCRIPTION_CHARS = 500;
