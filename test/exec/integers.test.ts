// Integer semantics of exec code: overflow at the exact boundary of every type, truncating / and %, shifts,
// negation, casts, and the checked/wrapping/saturating/overflowing families.

import { describe, expect, it } from 'vitest';
import { i, run } from './helpers';

const BOUNDS: Record<string, [bigint, bigint]> = {
  u8: [0n, 255n],
  u16: [0n, 65535n],
  u32: [0n, 4294967295n],
  u64: [0n, 18446744073709551615n],
  usize: [0n, 18446744073709551615n],
  u128: [0n, (1n << 128n) - 1n],
  i8: [-128n, 127n],
  i16: [-32768n, 32767n],
  i32: [-2147483648n, 2147483647n],
  i64: [-(1n << 63n), (1n << 63n) - 1n],
  isize: [-(1n << 63n), (1n << 63n) - 1n],
  i128: [-(1n << 127n), (1n << 127n) - 1n],
};

describe('overflow at the exact boundary of every integer type', () => {
  for (const [type, [min, max]] of Object.entries(BOUNDS)) {
    const add = `fn f(a: ${type}, b: ${type}) -> ${type} { a + b }`;
    const sub = `fn f(a: ${type}, b: ${type}) -> ${type} { a - b }`;
    const mul = `fn f(a: ${type}, b: ${type}) -> ${type} { a * b }`;
    it(`${type}: MAX-1 + 1 fits, MAX + 1 panics`, () => {
      expect(run(add, 'f', { a: i(max - 1n), b: i(1) })).toBe(`returned ${max}`);
      expect(run(add, 'f', { a: i(max), b: i(1) })).toBe('panicked: attempt to add with overflow');
    });
    it(`${type}: MIN+1 - 1 fits, MIN - 1 panics`, () => {
      expect(run(sub, 'f', { a: i(min + 1n), b: i(1) })).toBe(`returned ${min}`);
      expect(run(sub, 'f', { a: i(min), b: i(1) })).toBe('panicked: attempt to subtract with overflow');
    });
    it(`${type}: MAX * 2 panics, MAX * 1 fits`, () => {
      expect(run(mul, 'f', { a: i(max), b: i(1) })).toBe(`returned ${max}`);
      expect(run(mul, 'f', { a: i(max), b: i(2) })).toBe('panicked: attempt to multiply with overflow');
    });
  }
  it('u8: 254 + 1 == 255, 255 + 1 panics', () => {
    const src = 'fn f(x: u8) -> u8 { x + 1 }';
    expect(run(src, 'f', { x: i(254) })).toBe('returned 255');
    expect(run(src, 'f', { x: i(255) })).toBe('panicked: attempt to add with overflow');
  });
  it('an unsuffixed literal takes the type of the other operand', () => {
    const src = 'fn f(x: i8) -> i8 { let y = 100; x + y }';
    expect(run(src, 'f', { x: i(27) })).toBe('returned 127');
    expect(run(src, 'f', { x: i(28) })).toBe('panicked: attempt to add with overflow');
  });
  it('a counter declared with 0 is pinned by comparison with a usize', () => {
    const src = 'fn f(n: u8) -> u8 { let mut i = 0; let mut s = 0; while i < n { s = s + n; i = i + 1; } s }';
    expect(run(src, 'f', { n: i(15) })).toBe('returned 225');
    expect(run(src, 'f', { n: i(16) })).toBe('panicked: attempt to add with overflow');
  });
  it('compound assignment overflows like the operator', () => {
    expect(run('fn f(x: u16) -> u16 { let mut y = x; y *= 2; y }', 'f', { x: i(40000) })).toBe(
      'panicked: attempt to multiply with overflow',
    );
    expect(run('fn f(x: u32) -> u32 { let mut y = x; y -= 1; y }', 'f', { x: i(0) })).toBe('panicked: attempt to subtract with overflow');
  });
});

describe('division, remainder, negation, shifts', () => {
  it('truncates toward zero (exec), unlike spec Euclidean division', () => {
    expect(run('fn f(a: i32, b: i32) -> i32 { a / b }', 'f', { a: i(-7), b: i(2) })).toBe('returned -3');
    expect(run('fn f(a: i32, b: i32) -> i32 { a % b }', 'f', { a: i(-7), b: i(2) })).toBe('returned -1');
    expect(run('fn f(a: i32, b: i32) -> i32 { a % b }', 'f', { a: i(7), b: i(-2) })).toBe('returned 1');
  });
  it('division by zero and MIN / -1', () => {
    expect(run('fn f(a: u32, b: u32) -> u32 { a / b }', 'f', { a: i(1), b: i(0) })).toBe('panicked: attempt to divide by zero');
    expect(run('fn f(a: u32, b: u32) -> u32 { a % b }', 'f', { a: i(1), b: i(0) })).toBe(
      'panicked: attempt to calculate the remainder with a divisor of zero',
    );
    expect(run('fn f(a: i32, b: i32) -> i32 { a / b }', 'f', { a: i(-2147483648), b: i(-1) })).toBe(
      'panicked: attempt to divide with overflow',
    );
    expect(run('fn f(a: i32, b: i32) -> i32 { a % b }', 'f', { a: i(-2147483648), b: i(-1) })).toBe(
      'panicked: attempt to calculate the remainder with overflow',
    );
  });
  it('-MIN panics; -(MIN+1) fits; abs(MIN) panics', () => {
    expect(run('fn f(x: i64) -> i64 { -x }', 'f', { x: i(-(1n << 63n)) })).toBe('panicked: attempt to negate with overflow');
    expect(run('fn f(x: i64) -> i64 { -x }', 'f', { x: i(-(1n << 63n) + 1n) })).toBe(`returned ${(1n << 63n) - 1n}`);
    expect(run('fn f(x: i8) -> i8 { x.abs() }', 'f', { x: i(-128) })).toBe('panicked: attempt to negate with overflow');
    expect(run('fn f(x: i8) -> i8 { x.abs() }', 'f', { x: i(-127) })).toBe('returned 127');
  });
  it('shifts panic when the amount reaches the bit width; bits shifted out are lost', () => {
    const src = 'fn f(x: u8, n: u32) -> u8 { x << n }';
    expect(run(src, 'f', { x: i(255), n: i(7) })).toBe('returned 128');
    expect(run(src, 'f', { x: i(1), n: i(8) })).toBe('panicked: attempt to shift left with overflow');
    expect(run('fn f(x: u64, n: u32) -> u64 { x >> n }', 'f', { x: i(8), n: i(64) })).toBe(
      'panicked: attempt to shift right with overflow',
    );
    expect(run('fn f(x: i32, n: u32) -> i32 { x >> n }', 'f', { x: i(-8), n: i(1) })).toBe('returned -4');
  });
});

describe('casts', () => {
  it('truncate to the target width', () => {
    expect(run('fn f(x: u32) -> u8 { x as u8 }', 'f', { x: i(300) })).toBe('returned 44');
    expect(run('fn f(x: i32) -> u32 { x as u32 }', 'f', { x: i(-1) })).toBe('returned 4294967295');
    expect(run('fn f(x: u64) -> i32 { x as i32 }', 'f', { x: i(4294967295n + 6n) })).toBe('returned 5');
    expect(run('fn f(x: u64) -> i32 { x as i32 }', 'f', { x: i(2147483648n) })).toBe('returned -2147483648');
    expect(run('fn f(x: i8) -> u64 { x as u64 }', 'f', { x: i(-1) })).toBe('returned 18446744073709551615');
  });
  it('char <-> u8', () => {
    expect(run("fn f() -> u8 { 'a' as u8 }", 'f', {})).toBe('returned 97');
    expect(run('fn f(x: u8) -> char { x as char }', 'f', { x: i(97) })).toBe("returned 'a'");
    expect(run('fn f(c: char) -> u32 { c as u32 }', 'f', { c: { kind: 'char', codePoint: 0x4e2d } })).toBe('returned 20013');
  });
});

describe('checked, wrapping, saturating, overflowing', () => {
  it('at the boundary of u8 and i32', () => {
    expect(run('fn f(x: u8) -> Option<u8> { x.checked_add(1) }', 'f', { x: i(255) })).toBe('returned None');
    expect(run('fn f(x: u8) -> Option<u8> { x.checked_add(1) }', 'f', { x: i(254) })).toBe('returned Some(255)');
    expect(run('fn f(x: u8) -> u8 { x.wrapping_add(1) }', 'f', { x: i(255) })).toBe('returned 0');
    expect(run('fn f(x: u8) -> u8 { x.saturating_sub(10) }', 'f', { x: i(3) })).toBe('returned 0');
    expect(run('fn f(x: i32) -> (i32, bool) { x.overflowing_sub(1) }', 'f', { x: i(-2147483648) })).toBe('returned (2147483647, true)');
    expect(run('fn f(x: i32) -> Option<i32> { x.checked_div(-1) }', 'f', { x: i(-2147483648) })).toBe('returned None');
    expect(run('fn f(x: i32) -> Option<i32> { x.checked_rem(0) }', 'f', { x: i(5) })).toBe('returned None');
  });
  it('pow, min, max, std::cmp::max', () => {
    expect(run('fn f(x: u32) -> u32 { x.pow(2) }', 'f', { x: i(65536) })).toBe('panicked: attempt to multiply with overflow');
    expect(run('fn f(x: u32) -> u32 { x.pow(2) }', 'f', { x: i(65535) })).toBe('returned 4294836225');
    expect(run('fn f(a: i32, b: i32) -> i32 { std::cmp::max(a, b) + a.min(b) }', 'f', { a: i(3), b: i(-4) })).toBe('returned -1');
    expect(run('fn f() -> u64 { u64::MAX }', 'f', {})).toBe('returned 18446744073709551615');
  });

  it('T::default() is zero (a Default impl written out field by field)', () => {
    expect(run('fn f(x: u8) -> (usize, u8) { (usize::default(), x + u8::default()) }', 'f', { x: i(7) })).toBe('returned (0, 7)');
    expect(run('fn g<T: Default + Copy>(x: T) -> (T, T) { (T::default(), x) }', 'g', { x: i(4) })).toBe('returned (0, 4)');
  });
});
