// Code generic over a persistent-memory region trait (test/fixtures/systems/pm-regions.rs, reduced from capybarakv
// and pmemlog): the generic is measured at the one impl that runs, a volatile mock, whose uninterpreted `view` is a
// hidden ghost observation of its values: generated with the contents the `requires` ties it to, stored in the
// pairs file, and set after a trusted `write` from that method's `ensures` (the trait declaration's).

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('pm-regions.rs');

interface Entry {
  readonly pairs: readonly { readonly input: Record<string, unknown>; readonly after?: Record<string, unknown> }[];
}
const entries = (JSON.parse(pairsText) as { functions: Record<string, Entry> }).functions;

describe('a generic over a region trait whose runnable impl is a mock with an uninterpreted view', () => {
  it('skips the file-backed impl (a `RefCell` inside) and the mapped one (state hidden in an external_body struct), and measures the mock', () => {
    expect(fn('read_byte')).toMatchObject({ ...EXACT, instantiation: { PM: 'MockRegion' } });
  });

  it('generates the view with the contents, as `inv()` ties them', () => {
    const first = entries.read_byte?.pairs[0]?.input.pm as { contents: number[]; 'view()': Record<string, unknown> };
    expect(first['view()']).toEqual({ read_state: first.contents, durable_state: first.contents });
  });

  it('takes the view after a trusted `write` from its ensures, and scores the caller’s contract on it', () => {
    expect(fn('write_pair')).toMatchObject({ ...EXACT, instantiation: { PM: 'MockRegion' } });
    const pair = entries.write_pair?.pairs[0];
    const after = pair?.after?.pm as { contents: number[]; 'view()': Record<string, unknown> };
    expect(after['view()']).toEqual({ read_state: after.contents, durable_state: after.contents });
  });

  it('after a trusted call whose ensures does not pin the view, the view is unknown: indeterminate, never guessed', () => {
    expect(fn('scramble_at')).toMatchObject({
      status: 'scored',
      counts: { indeterminatePairs: 20 },
      indeterminate: expect.arrayContaining([
        expect.objectContaining({ reason: '`MockRegion::view` is uninterpreted and nothing pinned its value here' }),
      ]),
    });
  });

  it('a trusted fn on an opaque token: its body is no source for the token’s state, so no finding against its ensures', () => {
    expect(fn('advance')).toMatchObject({
      status: 'scored',
      counts: { pairs: 1, indeterminatePairs: 1 },
      indeterminate: [expect.objectContaining({ reason: '`Token::stage` is uninterpreted and nothing pinned its value here' })],
    });
  });

  it('with no impl that runs, says why for each candidate', () => {
    expect(fn('append_twice')).toMatchObject({
      status: 'unsupported',
      reason:
        'generic `L: Log` cannot be instantiated: no impl of Log in this file fits: `FileBackedRegion` cannot be represented: ' +
        'field `file` holds `RefCell` (unknown type `RefCell`); `SharedLog` cannot be represented: field `fill_ratio` holds `f64` ' +
        '(floating-point types are not supported) (line 265)',
    });
  });
});
