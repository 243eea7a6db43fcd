// stdx is the one home of the seeded PRNG, the FNV-1a hash and assertNever: the sequences and hashes are pinned,
// because mutants, generated pairs and the held-out split depend on them (a change would change every output).

import { describe, expect, it } from 'vitest';
import { assertNever, createRng, elided, fnv1a, hashSeed, isRecord, stripByteOrderMark } from '../../server/src/stdx';

describe('createRng', () => {
  it('gives the mulberry32 sequence the engine has always used for a seed', () => {
    const rng = createRng(2024);
    const drawn = [
      rng.below(1000),
      rng.below(1000),
      rng.below(1000),
      rng.bigBetween(-(1n << 70n), 1n << 70n),
      rng.pick(['a', 'b', 'c', 'd']),
    ];
    expect(drawn).toEqual([811, 710, 650, 83359744302015452205n, 'b']);
  });

  it('gives the same floats through next() as through below()', () => {
    const floats = createRng(7);
    const ints = createRng(7);
    for (let i = 0; i < 100; i++) expect(Math.floor(floats.next() * 10)).toBe(ints.below(10));
  });

  it('keeps bigBetween inside its bounds and picks nothing from an empty list', () => {
    const rng = createRng(1);
    for (let i = 0; i < 200; i++) {
      const drawn = rng.bigBetween(-3n, 3n);
      expect(drawn >= -3n && drawn <= 3n).toBe(true);
    }
    expect(rng.bigBetween(5n, 4n)).toBe(5n);
    expect(rng.pick([])).toBeUndefined();
  });
});

describe('fnv1a', () => {
  it('matches the published 32-bit FNV-1a test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('derives per-function seeds that are FNV-1a from the seeded basis', () => {
    expect(hashSeed(0, 'foobar')).toBe(fnv1a('foobar'));
    expect(hashSeed(1, 'Solution::two_sum')).not.toBe(hashSeed(2, 'Solution::two_sum'));
  });
});

describe('assertNever', () => {
  it('names the unexpected value, bigints included, in bounded text', () => {
    const unexpected = { kind: 'int', value: 12n } as never;
    expect(() => assertNever(unexpected)).toThrow('unexpected {"kind":"int","value":"12n"}');
    expect(() => assertNever('x'.repeat(10_000) as never)).toThrow(/^unexpected "x{499}\.\.\.$/);
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect([{}, { a: 1 }, [], null, 'text', 3].map(isRecord)).toEqual([true, true, false, false, false, false]);
  });
});

describe('elided', () => {
  it('keeps text that fits and cuts the rest to the limit, ending in an ellipsis', () => {
    expect(['short', 'exactly10!', 'eleven chars'].map((text) => elided(text, 10))).toEqual(['short', 'exactly10!', 'eleven ch…']);
  });
});

describe('stripByteOrderMark', () => {
  it('drops one leading mark only, as editors hide it', () => {
    expect(['\uFEFFfn f() {}', 'fn f() {}', '\uFEFF\uFEFFx', 'a\uFEFF'].map(stripByteOrderMark)).toEqual([
      'fn f() {}',
      'fn f() {}',
      '\uFEFFx',
      'a\uFEFF',
    ]);
  });
});
