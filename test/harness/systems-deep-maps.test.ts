// A std map four structs down a receiver (test/fixtures/systems/deep-maps.rs, reduced from IronKV's HostState) is
// built empty there, so receivers are built as readily as shallow ones and their methods scored.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, generated } = scoreSystemsFixture('deep-maps.rs');

interface PairsFile {
  readonly functions: Record<string, { readonly pairs: readonly { readonly input: { readonly self: { readonly count: unknown } } }[] }>;
}

describe('maps deep in a value', () => {
  it('receivers holding one are built, each with its own count, so their methods are scored', () => {
    expect(fn('Host::count')).toMatchObject(EXACT);
    const pairs = (JSON.parse(generated.text) as PairsFile).functions['Host::count']?.pairs ?? [];
    expect(new Set(pairs.map((pair) => String(pair.input.self.count))).size).toBeGreaterThanOrEqual(15);
  });
});
