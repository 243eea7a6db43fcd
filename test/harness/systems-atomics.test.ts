// vstd's permissioned atomics (test/fixtures/systems/atomics.rs): an atomic is read and updated through the
// permission for its id, so functions over `PAtomicU64`, `PAtomicU8`, `PAtomicBool` get pairs from their bodies and
// are scored on their contracts.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('atomics.rs');

describe('vstd permissioned atomics', () => {
  it('`fetch_add` through `Tracked<&mut PermissionU64>`, tied by `perm@.patomic == counter.id()`', () => {
    expect(fn('inc_ref')).toMatchObject(EXACT);
  });

  it('a contract silent on the new count lets a wrong one through', () => {
    const report = fn('inc_ref_weak');
    expect(report).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(report.scores.postCompleteness).toBeLessThan(1);
  });

  it('`compare_exchange` sets the lock only when it was free', () => {
    expect(fn('try_lock')).toMatchObject(EXACT);
  });

  it('`load` of a bool through a shared permission, read by `points_to`', () => {
    expect(fn('read_flag')).toMatchObject(EXACT);
  });

  it('`PAtomicU32::new` makes an atomic and its permission', () => {
    expect(fn('make_counter')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
  });
});
