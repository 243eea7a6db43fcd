// A trusted wrapper around one std collection (test/fixtures/systems/collection-wrappers.rs, reduced from IronKV's
// map wrappers): its uninterpreted view is its map's contents seen through the keys' and values' views, so the
// wrapper's own methods and the code above them are scored instead of every verdict being indeterminate.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('collection-wrappers.rs');

describe('views of std collection wrappers', () => {
  it("the trusted methods' ensures are checked against the map they fill", () => {
    expect(fn('KeyMap::new')).toMatchObject(EXACT);
    expect(fn('KeyMap::insert')).toMatchObject(EXACT);
    expect(fn('KeyMap::len')).toMatchObject(EXACT);
  });

  it('verified code that calls them is scored', () => {
    expect(fn('store')).toMatchObject(EXACT);
  });
});
