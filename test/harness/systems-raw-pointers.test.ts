// Raw pointers made from addresses (test/fixtures/systems/raw-pointers.rs, reduced from atmosphere's trusted
// helpers): `*p` reads and writes the memory the `PointsTo` permission for that address holds, so a helper that
// sets a field through `(*uptr).assume_init_mut()` gets pairs from its body and is scored on its contract.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('raw-pointers.rs');

describe('raw pointers under a permission', () => {
  it('writes a field through `*mut MaybeUninit<T>` into the permission passed as `&mut Tracked<PointsTo<T>>`', () => {
    expect(fn('endpoint_set_owner')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
  });

  it('reads a field through `*const T`', () => {
    expect(fn('endpoint_rf_counter')).toMatchObject(EXACT);
  });

  it('a dereference with no permission for the address is a panic: the `requires` that does not tie them is too weak', () => {
    expect(fn('endpoint_owner_elsewhere')).toMatchObject({
      counts: { pairs: 0 },
      reason: expect.stringContaining(
        'the implementation panicked on every input inside `requires` (e.g. dereferences a raw pointer to address',
      ),
    });
  });

  it('memory reinterpreted as another type is not run, and says so', () => {
    expect(fn('page_as_endpoint')).toMatchObject({
      status: 'no-pairs',
      reason: expect.stringMatching(/cannot be run: reads the memory at address \d+ as `Endpoint`, which holds another type/),
    });
  });
});

describe("vstd::raw_ptr's access functions (test/fixtures/systems/raw-ptr-access.rs, reduced from mimalloc)", () => {
  const access = scoreSystemsFixture('raw-ptr-access.rs');

  it('`ptr_ref` reads through the permission whose `ptr()` the requires ties to the pointer, and that tie is decided', () => {
    expect(access.fn('page_used')).toMatchObject({ ...EXACT, counts: { pairs: 20 }, scores: { preCompleteness: 1 } });
  });

  it('`ptr_mut_read` moves the value out and `ptr_mut_write` stores the new one, in the permission passed by `&mut`', () => {
    expect(access.fn('page_bump_used')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
  });

  it('a `requires` that does not tie the permission to the pointer admits the panic of reading another address', () => {
    const report = access.fn('page_used_unchecked');
    expect(report.admittedInvalidInputs?.[0]?.reason).toMatch(/^ptr_ref: the permission is for address \d+, not 0$/);
  });

  it('a permission proof code builds is not computed, and the reason names what built it', () => {
    expect(access.fn('local_page_used')).toMatchObject({
      status: 'no-pairs',
      reason: expect.stringContaining(
        'cannot be run: uses `perm`, a tracked value built by guard_page(..), which the run does not compute',
      ),
    });
  });
});
