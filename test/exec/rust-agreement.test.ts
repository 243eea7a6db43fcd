// Interpreter behaviours checked against what rustc's build does (test/rustc compares plain Rust directly; these are
// the vstd-only and Verus-only forms it cannot compile).
import { describe, expect, it } from 'vitest';
import { i, run, str } from './helpers';

describe('panics as Rust words them', () => {
  it('vstd get_char out of range unwraps None (vstd runs `chars().nth(i).unwrap()`)', () => {
    const body = 'fn at(s: &str, k: usize) -> (c: char) { s.get_char(k) }';
    expect(run(body, 'at', { s: str('ab'), k: i(1) })).toBe("returned 'b'");
    expect(run(body, 'at', { s: str('ab'), k: i(2) })).toBe('panicked: called `Option::unwrap()` on a `None` value');
  });

  it('Vec::with_capacity beyond isize::MAX elements is a capacity overflow', () => {
    const body = 'fn make(n: i64) -> (r: usize) { let v: Vec<u8> = Vec::with_capacity(n as usize); v.len() }';
    expect(run(body, 'make', { n: i(3) })).toBe('returned 0');
    expect(run(body, 'make', { n: i(-1) })).toBe('panicked: capacity overflow');
  });
});

describe('code Verus did not check is not run', () => {
  it('skips statements under a false #[cfg]', () => {
    const body = 'fn f(n: u8) -> (r: u8) { #[cfg(any())] let _x = n + 1; #[cfg(not(all()))] { let _y = n + 1; } n }';
    expect(run(body, 'f', { n: i(255) })).toBe('returned 255');
  });

  it('stops at a false exec assume', () => {
    const body = 'fn f(x: u32) -> (r: u32) { assume(x < 10); if x >= 10 { panic!("big"); } x + 1 }';
    expect(run(body, 'f', { x: i(3) })).toBe('returned 4');
    expect(run(body, 'f', { x: i(10) })).toBe('violates assume');
  });

  it('divides `int` values as Verus does (Euclidean), machine integers as Rust does (toward zero)', () => {
    const body = 'fn f(x: int, y: int, a: i32, b: i32) -> (r: (int, int, i32, i32)) { (x / y, x % y, a / b, a % b) }';
    expect(run(body, 'f', { x: i(-7), y: i(2), a: i(-7), b: i(2) })).toBe('returned (-4, 1, -3, -1)');
    // Verus leaves `x / 0` on `int` unspecified (it does not check it in exec code); Rust panics on machine integers.
    expect(run(body, 'f', { x: i(7), y: i(0), a: i(1), b: i(1) })).toBe('unspecified: `/` by zero on `int`');
    expect(run(body, 'f', { x: i(7), y: i(1), a: i(1), b: i(0) })).toBe('panicked: attempt to divide by zero');
  });

  it('reads an assume the way Verus does where exec code cannot run it: chained comparisons, quantifiers', () => {
    const body =
      'fn f(a: u32, v: Vec<u32>) -> (r: u32) { assume(10 < a < 20); assume(forall|k: int| 0 <= k < v.len() ==> v[k] == 1); a + v[0] }';
    expect(run(body, 'f', { a: i(12), v: { kind: 'seq', elements: [i(1)] } })).toBe('returned 13');
    expect(run(body, 'f', { a: i(4294967295), v: { kind: 'seq', elements: [i(1)] } })).toBe('violates assume');
    expect(run(body, 'f', { a: i(12), v: { kind: 'seq', elements: [i(2)] } })).toBe('violates assume');
  });
});
