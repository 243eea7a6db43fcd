// The crate's own constants as inputs (test/fixtures/systems/exec-constants.rs): a receiver type whose invariant,
// stated on its view, no random or completed value meets is measured on the value its `exec const` builds.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('exec-constants.rs');

describe("a datatype's exec constants", () => {
  it('are receivers the invariant admits, so methods that require it are scored', () => {
    expect(fn('Arch::entry_size')).toMatchObject(EXACT);
    expect(fn('Arch::index_for')).toMatchObject(EXACT);
  });

  it("are computed by running the constant's initializer", () => {
    expect(pairsText).toContain('"entry_size": 1073741824');
    expect(fn('Arch::index_for').counts.pairs).toBeGreaterThanOrEqual(3);
  });
});
