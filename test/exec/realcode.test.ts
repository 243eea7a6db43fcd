// Exec constructs met in published Verus code (benchmarks, the Verus guide), each as a minimal snippet.

import { describe, expect, it } from 'vitest';
import { i, run, vec } from './helpers';

describe('published-code constructs', () => {
  it('an upper-case parameter name is a binding, not a constant pattern', () => {
    expect(
      run('fn f(N: u32) -> (r: u32) ensures r == N { let mut k: usize = 0; while k < N as usize { k += 1; } N }', 'f', { N: i(3) }),
    ).toBe('returned 3');
    expect(run('fn f(v: Vec<u8>) -> u8 { let mut s: u8 = 0; for X in v { s += X; } s }', 'f', { v: vec([1, 2]) })).toBe('returned 3');
  });
  it('an upper-case name that is a unit struct or a variant still matches as a pattern', () => {
    const src = `struct Unit; enum E { A, B }
      fn f(e: E) -> u8 { let Unit = Unit; match e { A => 1, B => 2 } }`;
    expect(run(`use E::*; ${src}`, 'f', { e: { kind: 'enum', name: 'E', variant: 'B', fields: [] } })).toBe('returned 2');
  });
  it('vstd::slice::slice_index_get reads an element and panics out of bounds', () => {
    const src = 'fn f(s: &[i64], k: usize) -> i64 { let x: i64 = *slice_index_get(s, k); x }';
    expect(run(src, 'f', { s: vec([4, 5]), k: i(1) })).toBe('returned 5');
    expect(run(src, 'f', { s: vec([4, 5]), k: i(2) })).toBe('panicked: index out of bounds: the len is 2 but the index is 2');
  });
});
