// `std::mem::swap`, `take` and `replace` (test/fixtures/systems/mem-moves.rs) run, so functions that move values
// between places are scored; test/rustc/ checks the same moves against rustc.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('mem-moves.rs');

describe('std::mem moves', () => {
  it('swap, take and replace run and their contracts are scored', () => {
    expect(fn('Node::mirror_top')).toMatchObject(EXACT);
    expect(fn('Node::take_left')).toMatchObject(EXACT);
    expect(fn('Node::set_key')).toMatchObject(EXACT);
  });
});
