// Systems code, idiom by idiom (test/fixtures/systems/idioms.rs, reduced from verified projects): each function
// gets pairs from its own implementation and is scored, with every correct pair accepted and every wrong output
// rejected, since each contract there is exact.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { generated: GENERATED, report: REPORT, fn } = scoreSystemsFixture('idioms.rs');

interface PairsFile {
  readonly functions: Record<string, { readonly pairs: readonly { readonly output?: unknown }[] }>;
}

describe('systems idioms', () => {
  it('std::cmp::Ordering is an enum of Less, Equal, Greater, with impls of the crate on it', () => {
    expect(fn('Ordering::is_eq')).toMatchObject({ ...EXACT, counts: { pairs: 3 } });
    expect(fn('Ordering::is_le')).toMatchObject(EXACT);
    expect(fn('compare_keys')).toMatchObject(EXACT);
  });

  it('matches!(e, P) runs as `e matches P`, and a guard sees the pattern’s bindings', () => {
    expect(fn('is_set')).toMatchObject(EXACT);
    expect(fn('is_small_get')).toMatchObject(EXACT);
  });

  it('a method of a second impl of the same name is keyed `<Type as Trait>::name`, and both are scored', () => {
    expect(fn('Key::clone')).toMatchObject(EXACT);
    expect(fn('<Key as VerusClone>::clone')).toMatchObject(EXACT);
  });

  it('tells apart two impls of one generic trait for a type by the trait’s arguments', () => {
    expect(fn('u64::widen')).toMatchObject(EXACT);
    expect(fn('<u64 as Widen<u16>>::widen')).toMatchObject(EXACT);
  });

  it('a fn defined once per cfg is no duplicate: the first is scored, and nothing is flagged', () => {
    expect(fn('word_size')).toMatchObject(EXACT);
    expect(REPORT.diagnostics.filter((diagnostic) => diagnostic.message.includes('duplicate'))).toEqual([]);
  });

  it('a type alias of a generic enum is its target with the alias’s arguments', () => {
    expect(fn('clock_event')).toMatchObject(EXACT);
    expect(fn('is_send')).toMatchObject(EXACT);
  });

  it('instantiates a bound with a datatype that derives the trait, when no written impl meets every bound', () => {
    expect(fn('first_start')).toMatchObject({ ...EXACT, instantiation: { L: 'Elem' } });
  });

  it('runs and evaluates vstd::bytes little-endian conversions', () => {
    expect(fn('header_bytes')).toMatchObject(EXACT);
    expect(fn('read_crc')).toMatchObject(EXACT);
    const file = JSON.parse(GENERATED.ok ? GENERATED.text : '{}') as {
      functions: Record<string, { pairs: { input: { crc: number | string }; output: (number | string)[] }[] }>;
    };
    const pairs = file.functions['header_bytes']?.pairs ?? [];
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      const crc = BigInt(String(pair.input.crc));
      const expected = Array.from({ length: 8 }, (_, i) => Number((crc >> BigInt(8 * i)) & 0xffn));
      expect(pair.output.map(Number)).toEqual(expected);
    }
  });

  it('an array length written as a constant expression (`1usize << 4`) is folded', () => {
    expect(fn('first_byte')).toMatchObject(EXACT);
    const page = (
      JSON.parse(GENERATED.ok ? GENERATED.text : '{}') as { functions: Record<string, { pairs: { input: { p: { bytes: unknown[] } } }[] }> }
    ).functions['first_byte']?.pairs[0]?.input.p.bytes;
    expect(page).toHaveLength(16);
  });

  it('a fixed-size array too big to build is named, with its size, instead of built', () => {
    expect(fn('bitmap_first').status).toBe('no-pairs');
    const summary = GENERATED.ok ? GENERATED.summaries.find((found) => found.qualifiedName === 'bitmap_first') : undefined;
    expect(summary?.noPairs?.message).toContain('`[[[u8; 32]; 256]; 4096]` (a fixed-size array of 33554432 elements, more than the 65536');
  });

  it('std’s `PhantomData<T>` is a field with one value, written `PhantomData`', () => {
    expect(fn('Tagged::bumped')).toMatchObject(EXACT);
    expect(fn('tagged_len')).toMatchObject(EXACT);
  });

  it('converts integers with `try_into()`/`into()` to the type a `let` annotation, a parameter or the return type names', () => {
    expect(fn('page_of')).toMatchObject(EXACT);
    expect(fn('region_index')).toMatchObject(EXACT);
    expect(fn('narrow')).toMatchObject(EXACT);
    expect(fn('widen_u32')).toMatchObject(EXACT);
    expect(fn('narrow_checked')).toMatchObject(EXACT);
  });

  it('every other function of the fixture is scored', () => {
    expect(REPORT.functions.filter((report) => report.status !== 'scored').map((report) => report.qualifiedName)).toEqual(['bitmap_first']);
  });

  it('a bare name that is both a unit struct and a variant of some enum is the struct', () => {
    expect(fn('tagged_len')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
  });

  it("a crate type named like std's `HashMap` is the crate's, and std's inside it (`std::collections::HashMap`) is std's", () => {
    expect(fn('endpoint_map::HashMap::contains_key')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
    expect(fn('Tombstones::has_tombstone')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
    // Its values hold entries: read as std's map of one type argument, the wrapper would only ever be empty.
    const pairs = GENERATED.ok ? (JSON.parse(GENERATED.text) as PairsFile).functions['Tombstones::has_tombstone']?.pairs : [];
    expect(pairs?.some((pair) => pair.output === true)).toBe(true);
  });

  it('builds receivers whose arrays sit five structs down', () => {
    expect(fn('Store::first_byte')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
  });
});

describe('bit masks (test/fixtures/systems/bit-masks.rs, reduced from atmosphere)', () => {
  const masks = scoreSystemsFixture('bit-masks.rs');

  it('an address valid only inside a mask named by a constant gets inputs: some random integers keep only the mask’s bits', () => {
    expect(masks.fn('v2l4index')).toMatchObject({ ...EXACT, counts: { pairs: expect.any(Number) } });
    expect(masks.fn('v2l4index').counts.pairs).toBeGreaterThanOrEqual(5);
  });
});
