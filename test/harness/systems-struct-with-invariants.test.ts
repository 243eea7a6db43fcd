// vstd's `struct_with_invariants!` (test/fixtures/systems/struct-with-invariants.rs): the struct it declares is a
// datatype, and `wf()` is decided from its `predicate` when it has no `invariant on` clause; one that has is about
// atomic ghost state the harness does not model, so a `requires` reading it is undecided and the reason says so.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('struct-with-invariants.rs');

describe('struct_with_invariants!', () => {
  it("a method requiring the struct's `wf()` (its predicate) is scored", () => {
    expect(fn('Budget::left')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
  });

  it('a struct holding an atomic_ghost atomic is built, and a method not reading `wf()` is scored', () => {
    expect(fn('RefCount::max_of')).toMatchObject(EXACT);
  });

  it('`wf()` with `invariant on` clauses is undecided, saying why', () => {
    const report = fn('RefCount::max_checked');
    expect(report.status).not.toBe('scored');
    expect(report.reason).toContain(
      '`atomic_ghost_invariant()` of an atomic_ghost atomic reads its ghost state, which the harness does not model',
    );
  });
});
