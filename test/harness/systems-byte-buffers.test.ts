// Integers to and from byte buffers (test/fixtures/systems/byte-buffers.rs, reduced from vest): a crate trait's
// methods on `Vec<u8>` run where std has no method of that name, std's conversions between integers and byte arrays
// run as rustc's do (test/rustc/ checks them), and a `requires` in `size_of::<Self>()` and a difference of two
// unknowns shapes the inputs.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('byte-buffers.rs');

describe('byte buffers', () => {
  it("a crate trait's method std's Vec lacks runs on a Vec, and std's own `len` still answers", () => {
    expect(fn('write_first')).toMatchObject(EXACT);
    expect(fn('u16::ex_to_le_bytes')).toMatchObject(EXACT);
  });

  it('`to_le_bytes` and `from_le_bytes(s.try_into().unwrap())` run', () => {
    expect(fn('u64::ex_to_le_bytes')).toMatchObject(EXACT);
    expect(fn('u64::ex_from_le_bytes')).toMatchObject(EXACT);
    expect(fn('u16::ex_from_le_bytes')).toMatchObject(EXACT);
  });

  it('`old(s)@.len() - pos >= size_of::<Self>()` is read as a length bound, so eight-byte windows are built', () => {
    expect(fn('u64::ex_to_le_bytes').counts.pairs).toBeGreaterThanOrEqual(10);
  });
});
