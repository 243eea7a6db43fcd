// Exec closures (test/fixtures/systems/closures.rs): a closure with its own contract made in the body, called
// directly and through a generic `vec_map`, runs; a function that takes a closure as input says why it is not scored.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('closures.rs');

describe('exec closures', () => {
  it('a closure handed to vec_map runs on every element: the exact ensures scores 1', () => {
    expect(fn('doubled_all')).toMatchObject(EXACT);
  });

  it('the same run catches an ensures that says nothing of the elements, with mutants of the closure body', () => {
    const weak = fn('doubled_weak');
    expect(weak.status).toBe('scored');
    expect(weak.scores.postCompleteness).toBeLessThan(1);
    expect(weak.acceptedMutants.some((mutant) => mutant.operator.includes('2 * x'))).toBe(true);
  });

  it('a closure that captures a parameter is called twice', () => {
    expect(fn('offset_twice')).toMatchObject(EXACT);
  });

  it('a closure parameter cannot be generated, and the reason names it', () => {
    expect(fn('vec_map')).toMatchObject({ status: 'unsupported' });
    expect(fn('vec_map').reason).toContain('impl Fn(T) -> U');
  });
});
