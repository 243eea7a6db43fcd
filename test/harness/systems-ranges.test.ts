// std's `Range<T>` as a value (test/fixtures/systems/ranges.rs): a field, a constant, a parameter and a result.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('ranges.rs');

describe('a Range held in a value', () => {
  it('is a struct of start and end: a field read is exact', () => {
    expect(fn('KVirtArea::start')).toMatchObject(EXACT);
  });

  it('a constant range built by `a..b` is read in the body and in the contract', () => {
    expect(fn('meta_addr')).toMatchObject(EXACT);
  });

  it('ranges built by the body are results, and a contract that pins one bound only is caught', () => {
    expect(fn('split_at')).toMatchObject(EXACT);
    const loose = fn('split_at_loosely');
    expect(loose.status).toBe('scored');
    expect(loose.scores.postCompleteness).toBeLessThan(1);
  });
});
