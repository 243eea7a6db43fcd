// Fields of an `external_body` struct (test/fixtures/systems/hidden-fields.rs, reduced from IronKV's profiler inside
// `NetClient`) are hidden from contracts: one of a type the harness does not have is a placeholder, so the structs
// holding it are built and their methods scored.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('hidden-fields.rs');

describe('hidden fields of external_body structs', () => {
  it('a struct holding one with a foreign type is built, so its methods are scored', () => {
    expect(fn('NetClient::end_point')).toMatchObject(EXACT);
    // Its ensures says nothing of the profiler, so a mutant that changes the count it keeps slips through.
    expect(fn('NetClient::bump')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(fn('NetClient::bump').scores.postCompleteness).toBeLessThan(1);
  });

  it('the fields the harness represents are kept for the trusted code that reads them', () => {
    expect(pairsText).toContain('"events": ');
    expect(fn('NetClient::profiled_events').status).toBe('scored');
  });
});
