// vstd::bytes: `u64_to_le_bytes` / `u64_from_le_bytes` (exec) and `spec_u64_to_le_bytes` / `spec_u64_from_le_bytes`
// (and `_open`), for u16, u32, u64 and u128, as vstd defines them: little-endian, one byte per 8 bits. Storage and
// serialization code (persistent logs, key-value stores) converts every header field through them.

import type { Value } from './value';

export interface LeBytesFn {
  readonly bits: 16 | 32 | 64 | 128;
  readonly direction: 'to' | 'from';
}

/** The conversion a name denotes (`spec_` prefix for the spec fn, `_open` suffix for its open twin). */
export function leBytesFn(name: string, spec: boolean): LeBytesFn | undefined {
  const match = /^(spec_)?u(16|32|64|128)_(to|from)_le_bytes(_open)?$/.exec(name);
  if (match === null || (match[1] !== undefined) !== spec || (!spec && match[4] !== undefined)) return undefined;
  return { bits: Number(match[2]) as LeBytesFn['bits'], direction: match[3] as LeBytesFn['direction'] };
}

export function toLeBytes(value: bigint, bits: number): bigint[] {
  const bytes: bigint[] = [];
  for (let shift = 0n; shift < BigInt(bits); shift += 8n) bytes.push((value >> shift) & 0xffn);
  return bytes;
}

/** Undefined unless there are exactly `bits / 8` bytes, each an integer in 0..=255. */
export function fromLeBytes(bytes: readonly Value[], bits: number): bigint | undefined {
  if (bytes.length !== bits / 8) return undefined;
  let sum = 0n;
  for (const [index, byte] of bytes.entries()) {
    if (byte.kind !== 'int' || byte.value < 0n || byte.value > 0xffn) return undefined;
    sum |= byte.value << BigInt(8 * index);
  }
  return sum;
}
