// Sizes and alignments (test/fixtures/systems/layouts.rs): `size_of`/`align_of` in code and contracts take the
// crate's `global` layout directives, the primitives' sizes and the C layout of `#[repr(C)]` records, so the
// functions that compute offsets from them are run and scored.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('layouts.rs');

describe('layouts', () => {
  it('a `global layout` directive gives the size that exec `size_of` returns and vstd `size_of` specifies', () => {
    expect(fn('node_size')).toMatchObject({ ...EXACT, counts: { pairs: 1 } });
  });

  it('a weak bound on a size lets a wrong size through', () => {
    const weak = fn('node_size_weak');
    expect(weak.status).toBe('scored');
    expect(weak.scores.postCompleteness).toBeLessThan(1);
  });

  it('a #[repr(C)] record derived PmSized is laid out with C padding (8 + pad 8 + 16 + 1, rounded to 48)', () => {
    expect(fn('metadata_end')).toMatchObject(EXACT);
    expect(fn('entry_overhead')).toMatchObject({ ...EXACT, counts: { pairs: 1 } });
  });

  it('a generic bounded by the derived trait runs at the deriving record, through a turbofish call too', () => {
    expect(fn('aligned_slot')).toMatchObject({ ...EXACT, instantiation: { S: 'VersionMetadata' } });
    expect(fn('slot_size')).toMatchObject({ ...EXACT, instantiation: { S: 'VersionMetadata' } });
  });

  it('`Type::<A>::f(..)` runs the impl at the type its turbofish names', () => {
    expect(fn('table_space')).toMatchObject(EXACT);
  });

  it('a method call runs at the type its turbofish names, or at the type of the argument declared with the parameter', () => {
    expect(fn('metadata_region_end')).toMatchObject(EXACT);
    expect(fn('counter_end')).toMatchObject(EXACT);
  });
});
