// Raw pointers and ghost state the harness does not model (test/fixtures/systems/ghost-placeholders.rs, reduced
// from mimalloc): a raw pointer is its address, and a `Ghost`/`Tracked` value or ghost field of an unknown type is a
// placeholder, so the implementation runs and is scored on what its contract says of the exec state; whatever the
// contract reads of a placeholder (or of a pointer's provenance) is indeterminate, never decided by its structure.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('ghost-placeholders.rs');

interface PairsJson {
  readonly functions: Record<string, { readonly pairs: readonly { readonly input: Record<string, unknown>; readonly output?: unknown }[] }>;
}

const pairs = (JSON.parse(pairsText) as PairsJson).functions;

const UNMODELLED = 'compares values that hold a ghost value or pointer provenance the harness does not model';

describe('exec state beside ghost state the harness does not model', () => {
  it('a flags getter of a struct holding a `*mut Node` and a `Tracked<Map<.., (.., PointsToRaw, ..)>>` is scored', () => {
    expect(fn('PageInner::get_is_reset')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
  });

  it('a flags setter: its frame condition `*self == PageInner { .. }` over the placeholders is indeterminate, its bit clauses reject every mutant', () => {
    expect(fn('PageInner::set_is_reset')).toMatchObject({
      status: 'scored',
      scores: { postCompleteness: 1 },
      indeterminate: expect.arrayContaining([expect.objectContaining({ reason: UNMODELLED })]),
    });
  });

  it('a `Tracked(perm): Tracked<&mut PointsToRaw>` parameter is a placeholder too', () => {
    expect(fn('is_null_block')).toMatchObject(EXACT);
    expect(pairs['is_null_block']?.pairs[0]?.input['perm']).toEqual({ opaque: 'Tracked<PointsToRaw>' });
  });

  it('a contract reading a ghost field of a modelled ghost struct is decided', () => {
    expect(fn('LL::ghost_len_is')).toMatchObject(EXACT);
  });

  it('a contract comparing placeholders is indeterminate on every pair and mutant', () => {
    const report = fn('LL::same_instance');
    expect(report.scores).toMatchObject({ postCorrectness: null, postCompleteness: null });
    expect(report.indeterminate?.every((entry) => entry.reason === UNMODELLED)).toBe(true);
  });

  it('the pairs file says what each placeholder stands for', () => {
    const self = pairs['LL::is_empty']?.pairs[0]?.input['self'] as Record<string, unknown>;
    expect(self['perms']).toEqual({ opaque: 'Tracked<Map<nat, (PointsTo<Node>, PointsToRaw, Mim::block, IsExposed)>>' });
    expect((self['data'] as Record<string, unknown>)['instance']).toEqual({ opaque: 'ghost Mim::Instance' });
  });
});

describe('raw pointers as addresses', () => {
  it('a raw pointer parameter is written as its address, null among them, and is read back by `check`', () => {
    const inputs = pairs['keep']?.pairs.map((pair) => pair.input['p']);
    expect(inputs).toContain(0);
    expect(inputs).toContain(4096);
    expect(fn('keep').counts).toMatchObject({ pairs: inputs?.length });
  });

  it('`is_null()` and `p@.addr`, `p as usize`', () => {
    expect(fn('LL::is_empty')).toMatchObject(EXACT);
    expect(fn('first_addr')).toMatchObject(EXACT);
  });

  it('a fn returning `core::ptr::null_mut()` runs, and a mutated address is rejected', () => {
    expect(pairs['null_node']?.pairs).toMatchObject([{ input: {}, output: 0 }]);
    expect(fn('null_node')).toMatchObject(EXACT);
  });

  it("a pointer's provenance is not modelled: a contract reading it is indeterminate", () => {
    const report = fn('keep');
    expect(report.scores).toMatchObject({ postCorrectness: null, postCompleteness: null });
    expect(report.indeterminate?.[0]?.reason).toBe(UNMODELLED);
  });
});
