// vstd's `CheckedU64` as a parameter and a result (test/fixtures/systems/checked-ints.rs): inputs are exact values,
// some past `u64::MAX`, the pairs file writes them as numbers, and wrong outputs are other values.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { generated, fn } = scoreSystemsFixture('checked-ints.rs');

interface PairsFile {
  readonly functions: Record<string, { readonly pairs: readonly { readonly input: Record<string, unknown>; readonly output?: unknown }[] }>;
}

describe('checked integers', () => {
  it('a CheckedU64 parameter and result are scored, each pair written as plain numbers', () => {
    expect(fn('align_checked')).toMatchObject(EXACT);
    const pairs = (JSON.parse(generated.text) as PairsFile).functions['align_checked']?.pairs ?? [];
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(['number', 'string']).toContain(typeof pair.input['v']);
  });

  it('overflowed values are among the inputs', () => {
    const pairs = (JSON.parse(generated.text) as PairsFile).functions['fits_in']?.pairs ?? [];
    const overflowed = pairs.filter((pair) => BigInt(String(pair.input['offset'])) > 2n ** 64n - 1n);
    expect(overflowed.length).toBeGreaterThan(0);
    expect(fn('fits_in')).toMatchObject(EXACT);
  });

  it('a contract silent on the end of a reserved region lets a wrong end through', () => {
    const weak = fn('reserve');
    expect(weak.status).toBe('scored');
    expect(weak.scores.postCompleteness).toBeLessThan(1);
  });
});
