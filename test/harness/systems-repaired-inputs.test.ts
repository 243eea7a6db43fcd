// Inputs repaired toward a well-formedness predicate (test/fixtures/systems/repaired-inputs.rs): a variant test,
// `is_Some()`, `matches`, an implication, integer bounds on both sides, a map's length and keys, a set's members
// present and absent, addresses' alignment and index bits. Without the repairs no generated input meets the
// `requires` and nothing is scored.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('repaired-inputs.rs');

describe('inputs repaired toward the requires', () => {
  it('an object whose metadata, labels, phase and replicas all meet well_formed is built, and the exact accessor scores 1', () => {
    expect(fn('Object::name')).toMatchObject(EXACT);
  });

  it('the same inputs catch a weak bound', () => {
    const weak = fn('Object::scaled_down');
    expect(weak.status).toBe('scored');
    expect(weak.scores.postCorrectness).toBe(1);
    expect(weak.scores.postCompleteness).toBeLessThan(1);
  });

  it('a pool within its bounds, one slot in its free set and the next out of it, and the owner entry of that slot', () => {
    expect(fn('Pool::room')).toMatchObject(EXACT);
  });

  it('a selector with labels that the template holds too: an if-else and a let in the predicate, a forall of inclusion, unwrap_or', () => {
    expect(fn('Deployment::desired')).toMatchObject(EXACT);
  });

  it("a match over a tuple of options: the arm the values take, its bindings the options' payloads", () => {
    expect(fn('Rollout::slack')).toMatchObject(EXACT);
  });

  it("an address's bits: cleared below the page mask, and the index field set past the kernel's (bits through a shift and a mask)", () => {
    expect(fn('VaRange::pages')).toMatchObject(EXACT);
  });

  it('two page-aligned addresses three pages apart (a remainder the repairs can also set)', () => {
    expect(fn('pages_between')).toMatchObject(EXACT);
  });
});
