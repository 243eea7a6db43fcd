// Function pointers held in a struct (test/fixtures/systems/fn-pointers.rs, reduced from IronKV's NetClient) are
// placeholders: the struct is built, and only a call through a pointer cannot run.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('fn-pointers.rs');

describe('fn pointers', () => {
  it('a struct holding one is built, so its methods are scored', () => {
    expect(fn('NetClient::end_point')).toMatchObject(EXACT);
    expect(pairsText).toContain('"get_time_func": {\n');
  });

  it('a call through one cannot run, and the reason says so', () => {
    expect(fn('NetClient::get_time').reason).toContain('cannot be run: a call through a computed function value');
  });
});
