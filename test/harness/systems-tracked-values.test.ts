// Tracked values exec code builds but never reads (test/fixtures/systems/tracked-values.rs): `Tracked(e)` whose `e`
// the run cannot compute, `Tracked::assume_new()` and the contents an invariant opening binds are placeholders, so
// the functions around them run and are scored; exec code that does read one is not runnable, saying so.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('tracked-values.rs');

describe('tracked values the run does not compute', () => {
  it('`Tracked(Map::tracked_empty())` passed to a callee that never reads it', () => {
    expect(fn('count_up')).toMatchObject(EXACT);
  });

  it('`Tracked::assume_new()`', () => {
    expect(fn('halve')).toMatchObject(EXACT);
  });

  it('the body of `open_local_invariant!` runs, and what it writes is the caller’s', () => {
    expect(fn('bump')).toMatchObject(EXACT);
  });

  it('exec code that calls a method on the opened contents is not runnable, naming the opening', () => {
    const report = fn('reads_inner');
    expect(report.status).toBe('no-pairs');
    expect(report.status === 'no-pairs' ? report.reason : '').toMatch(/contents of an invariant opened by open_local_invariant!/);
  });
});
