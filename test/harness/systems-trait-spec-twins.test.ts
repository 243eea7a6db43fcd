// `when_used_as_spec` written on a trait's declaration (test/fixtures/systems/trait-spec-twins.rs) holds for the
// impl's method too: a contract calling `C::BASE_PAGE_SIZE()` means the impl's `BASE_PAGE_SIZE_spec()`.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('trait-spec-twins.rs');

describe("a trait declaration's when_used_as_spec", () => {
  it('gives the impl its spec twin: the declaration, measured at the impl, is exact', () => {
    expect(fn('PagingConstsTrait::BASE_PAGE_SIZE')).toMatchObject(EXACT);
  });

  it("reads a declaration's `returns` under the impl's name for the result", () => {
    expect(fn('PagingConstsTrait::NR_LEVELS')).toMatchObject(EXACT);
    expect(fn('PagingConsts::NR_LEVELS')).toMatchObject(EXACT);
  });

  it('and a generic fn whose contract calls it through the bound is scored', () => {
    expect(fn('page_offset')).toMatchObject(EXACT);
  });
});
