// A crate's trait implemented for built-in types (test/fixtures/systems/primitive-impls.rs, reduced from IronKV's
// marshalling): `self` is a `u64`, a `usize`, a `Vec<u8>` or a `(u64, u64)`, and both the body and the inherited
// contract dispatch the trait's methods on such values to the right impl.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('primitive-impls.rs');

describe('impls for built-in types', () => {
  it('`self` of an impl for an integer type is an integer, and its methods are scored', () => {
    expect(fn('u64::serialized_size')).toMatchObject(EXACT);
    expect(fn('u32::halve')).toMatchObject(EXACT);
    expect(fn('u32::halve').counts.mutants).toBeGreaterThan(0);
  });

  it('a cast in the contract picks the impl of the type it names (`(*self as u64).ghost_serialize()`)', () => {
    expect(fn('usize::serialized_size')).toMatchObject(EXACT);
    expect(fn('usize::_is_marshalable')).toMatchObject(EXACT);
  });

  it('`self` of an impl for `Vec<u8>` is a sequence; calls on its length reach the `usize` impl', () => {
    expect(fn('Vec::serialized_size')).toMatchObject(EXACT);
    expect(fn('Vec::_is_marshalable')).toMatchObject(EXACT);
  });

  it('inside the generic `impl<T> .. for Vec<T>`, `self.ghost_serialize()` is its own, not the `Vec<u8>` one', () => {
    expect(fn('<Vec<T> as Marshalable>::serialized_size')).toMatchObject(EXACT);
    expect(fn('<Vec<T> as Marshalable>::_is_marshalable')).toMatchObject(EXACT);
  });

  it('`self` of an impl for a tuple is a tuple; its integer fields reach impls that agree on them', () => {
    expect(fn('tuple::serialized_size')).toMatchObject(EXACT);
    expect(fn('tuple::_is_marshalable')).toMatchObject(EXACT);
  });

  it('the pairs file holds the receivers as plain JSON values', () => {
    const file = JSON.parse(pairsText) as { functions: Record<string, { pairs: { input: Record<string, unknown> }[] }> };
    const first = (name: string): unknown => file.functions[name]?.pairs[0]?.input.self;
    expect(typeof first('u64::serialized_size')).toBe('number');
    expect(Array.isArray(first('Vec::serialized_size'))).toBe(true);
    expect(first('tuple::serialized_size')).toHaveLength(2);
  });
});
