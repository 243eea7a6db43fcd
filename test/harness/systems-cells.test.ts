// vstd's permissioned cells (test/fixtures/systems/cells.rs): a `PCell<V>` is read and written through the
// `PointsTo<V>` for its id, as a `PPtr<V>` is through the permission for its address, so functions over cells get
// pairs from their bodies and are scored on their contracts.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('cells.rs');

describe('vstd PCell under its permission', () => {
  it('`take` then `put` through `Tracked<&mut PointsTo<u8>>`, checked against an exact contract', () => {
    expect(fn('add_2')).toMatchObject(EXACT);
  });

  it('a contract silent on the stored value lets a wrong one through', () => {
    const report = fn('add_2_weak');
    expect(report).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(report.status === 'scored' ? report.scores.postCompleteness : undefined).toBeLessThan(1);
  });

  it('`borrow` reads through a shared permission, tied to the cell by `perm.id() == cell.id()`', () => {
    expect(fn('read_cell')).toMatchObject(EXACT);
  });

  it('`PCell::new` makes a fresh cell and its permission', () => {
    expect(fn('make')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
  });

  it("the deprecated API's `perm@.pcell` and `perm@.value`", () => {
    expect(fn('swap_in')).toMatchObject(EXACT);
  });

  it('a cell field of a struct is built, and `replace` returns the old value', () => {
    expect(fn('NodeMeta::inc_children')).toMatchObject(EXACT);
  });

  it('the pairs file writes a cell as its id and its permission as {"addr", "value"}', () => {
    const file = JSON.parse(pairsText) as { functions: Record<string, { pairs: { input: Record<string, unknown> }[] }> };
    const input = file.functions['read_cell']?.pairs[0]?.input;
    expect((input?.['perm'] as { addr: unknown }).addr).toBe(input?.['cell']);
  });
});
