// test/fixtures/systems/bitflags.rs: `bitflags!` defines a struct of its bits with the crate's API (consts, the
// Verus port's flag fns, set operations, operators), which specs read through the same definitions; and `a + b` on
// a struct is its `impl Add`.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('bitflags.rs');

describe('bitflags! and operator impls', () => {
  it('`contains` of a flag fn, against a spec over `bits()`', () => {
    expect(fn('writable')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
  });

  it('`|` with a flag const', () => {
    expect(fn('add_write')).toMatchObject(EXACT);
  });

  it('`-` is the difference, and a contract silent on the other field lets a wrong one through', () => {
    const report = fn('drop_write');
    expect(report).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(report.status === 'scored' ? report.scores.postCompleteness : undefined).toBeLessThan(1);
  });

  it('`all()` keeps a flag under a feature and drops one under `cfg(test)`', () => {
    expect(fn('all_bits')).toMatchObject(EXACT);
  });

  it('`p + by` runs `impl Add for Point`', () => {
    expect(fn('shift')).toMatchObject(EXACT);
  });
});
