// After a trusted call through `&mut`, an uninterpreted observation (a mocked region's hidden `view()`) is kept only
// where the callee's `ensures` pinned it; one inside a sequence (multilog's `regions: Vec<MockRegion>`) cannot be
// pinned alone, so only a pinned place above it keeps it.

import { describe, expect, it } from 'vitest';
import { withPinnedObservations } from '../../server/src/eval/observations';
import type { Value } from '../../server/src/eval/value';
import { i } from '../exec/helpers';

const region = (byte: number): Value => ({
  kind: 'struct',
  name: 'MockRegion',
  fields: [
    ['contents', { kind: 'seq', elements: [i(byte)] }],
    ['view()', { kind: 'seq', elements: [i(byte)] }],
  ],
});
const regions: Value = { kind: 'struct', name: 'MockRegions', fields: [['regions', { kind: 'seq', elements: [region(1), region(2)] }]] };
const contentsOnly = (byte: number): Value => ({
  kind: 'struct',
  name: 'MockRegion',
  fields: [['contents', { kind: 'seq', elements: [i(byte)] }]],
});

describe('observations after a trusted call', () => {
  const at = { root: 'self', fields: [] };

  it('a pinned observation stays, an unpinned one is dropped', () => {
    expect(withPinnedObservations(region(1), at, [{ root: 'self', fields: ['view()'] }])).toEqual(region(1));
    expect(withPinnedObservations(region(1), at, [])).toEqual(contentsOnly(1));
  });

  it('inside a sequence only a pinned place above keeps them', () => {
    const dropped = { ...regions, fields: [['regions', { kind: 'seq', elements: [contentsOnly(1), contentsOnly(2)] }]] };
    expect(withPinnedObservations(regions, at, [])).toEqual(dropped);
    expect(withPinnedObservations(regions, at, [{ root: 'self', fields: ['regions'] }])).toEqual(regions);
  });
});
