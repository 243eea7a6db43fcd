// A small seeded PRNG (mulberry32): generation must be deterministic, so Math.random is never used.

export interface Rng {
  /** A uniform integer in [0, bound). */
  below(bound: number): number;
  /** A uniform bigint in [low, high] (inclusive). */
  bigBetween(low: bigint, high: bigint): bigint;
  pick<T>(items: readonly T[]): T | undefined;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (bound: number): number => Math.floor(next() * bound);
  return {
    below,
    bigBetween(low, high) {
      const span = high - low + 1n;
      if (span <= 0n) return low;
      let acc = 0n;
      for (let bits = 0n; 1n << bits < span; bits += 32n) acc = (acc << 32n) | BigInt(Math.floor(next() * 4294967296));
      return low + (acc % span);
    },
    pick(items) {
      return items.length === 0 ? undefined : items[below(items.length)];
    },
  };
}

/** A stable 32-bit hash of a string, to derive per-function seeds from the user's seed. */
export function hashSeed(seed: number, text: string): number {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}
