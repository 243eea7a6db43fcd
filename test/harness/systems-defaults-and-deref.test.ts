// test/fixtures/systems/defaults-and-deref.rs: a type parameter's default fills a use that leaves it out, and a
// field read through a `Deref` impl is not runnable, saying so, where the run used to read the holder itself.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('defaults-and-deref.rs');

describe('type parameter defaults and Deref', () => {
  it("`Writer<'_>` is `Writer<'_, Fallible>`", () => {
    expect(fn('available')).toMatchObject(EXACT);
  });

  it('`c.count`, a field of what `Counter` derefs to, is not read from the `Counter`', () => {
    expect(fn('count_through_deref')).toMatchObject({
      status: 'no-pairs',
      reason: expect.stringContaining('reads `.count` of a `Counter`, which has no such field (through a `Deref` the run does not follow)'),
    });
  });
});
