// Inputs outside the `requires` on which the body cannot be run (test/fixtures/systems/outside-requires.rs).

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('outside-requires.rs');

describe('inputs outside the requires', () => {
  it('one the body cannot run on is skipped, not the function', () => {
    expect(fn('overflowed_share')).toMatchObject(EXACT);
  });
});
