// The one seeded PRNG (mulberry32) and string hash (FNV-1a) of the product: mutants, generated inputs and the
// held-out split must be the same on every run and machine, so nothing in the engine uses Math.random.

export interface Rng {
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [0, bound). */
  below(bound: number): number;
  /** A uniform bigint in [low, high] (inclusive). */
  bigBetween(low: bigint, high: bigint): bigint;
  pick<T>(items: readonly T[]): T | undefined;
}

/** mulberry32 seeded with `seed`: the same seed gives the same sequence everywhere (outputs depend on it). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const below = (bound: number): number => Math.floor(next() * bound);
  return {
    next,
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

/** 32-bit FNV-1a over UTF-16 code units: tiny, fixed, and the same in every JS engine. */
export function fnv1a(text: string): number {
  return fnv1aFrom(FNV_OFFSET_BASIS, text);
}

/** A stable 32-bit hash of a string, to derive per-function seeds from the user's seed (FNV-1a from a seeded basis). */
export function hashSeed(seed: number, text: string): number {
  return fnv1aFrom((seed ^ FNV_OFFSET_BASIS) >>> 0, text);
}

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv1aFrom(basis: number, text: string): number {
  let hash = basis;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  return hash;
}
