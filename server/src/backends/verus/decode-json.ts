// Decoding what the verus process prints: text that may or may not be JSON, decoded from `unknown` on the spot.

export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
