// std/vstd APIs that verified Verus exec code calls (met in real verified code): integer logarithms, vstd slice_subrange,
// Vec::split_off and friends, vstd's CheckedU32/CheckedU64, and `for` over a user Iterator. Panic messages are
// rustc 1.95's, word for word.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i, run, str, vec } from './helpers';
import type { Value } from '../../server/src/eval/value';

const INT_TYPES = ['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize'];

describe('integer logarithms', () => {
  for (const type of INT_TYPES) {
    it(`${type}: ilog, ilog2, ilog10 round down; 0 and base < 2 panic; checked_ forms give None`, () => {
      const logs = `fn f(x: ${type}, b: ${type}) -> (u32, u32, u32) { (x.ilog(b), x.ilog2(), x.ilog10()) }`;
      expect(run(logs, 'f', { x: i(100), b: i(3) })).toBe('returned (4, 6, 2)');
      expect(run(logs, 'f', { x: i(1), b: i(2) })).toBe('returned (0, 0, 0)');
      expect(run(logs, 'f', { x: i(0), b: i(2) })).toBe('panicked: argument of integer logarithm must be positive');
      expect(run(logs, 'f', { x: i(0), b: i(1) })).toBe('panicked: base of integer logarithm must be at least 2');
      expect(run(`fn f(x: ${type}) -> u32 { x.ilog2() }`, 'f', { x: i(0) })).toBe(
        'panicked: argument of integer logarithm must be positive',
      );
      const checked = `fn f(x: ${type}, b: ${type}) -> (Option<u32>, Option<u32>, Option<u32>) { (x.checked_ilog(b), x.checked_ilog2(), x.checked_ilog10()) }`;
      expect(run(checked, 'f', { x: i(127), b: i(2) })).toBe('returned (Some(6), Some(6), Some(2))');
      expect(run(checked, 'f', { x: i(5), b: i(1) })).toBe('returned (None, Some(2), Some(0))');
      expect(run(checked, 'f', { x: i(0), b: i(2) })).toBe('returned (None, None, None)');
    });
  }
  it('a negative argument panics (signed types); the result is a u32 at the type maximum', () => {
    expect(run('fn f(x: i32) -> u32 { x.ilog(2) }', 'f', { x: i(-5) })).toBe('panicked: argument of integer logarithm must be positive');
    expect(run('fn f(x: u128) -> u32 { x.ilog10() }', 'f', { x: i((1n << 128n) - 1n) })).toBe('returned 38');
    expect(run('fn f(x: u32) -> u32 { u32::ilog(x, 2) + x.ilog(2) }', 'f', { x: i(8) })).toBe('returned 6');
  });
});

describe('vstd slice_subrange', () => {
  it('is `&s[i..j]` under both paths, and panics like slicing out of range', () => {
    const src = `fn f(s: &[u8], i: usize, j: usize) -> (Vec<u8>, usize) { (slice_subrange(s, i, j).to_vec(), vstd::slice::slice_subrange(s, i, j).len()) }`;
    expect(run(src, 'f', { s: vec([1, 2, 3]), i: i(1), j: i(3) })).toBe('returned ([2, 3], 2)');
    expect(run(src, 'f', { s: vec([1, 2, 3]), i: i(2), j: i(4) })).toBe('panicked: range end index 4 out of range for slice of length 3');
    expect(run(src, 'f', { s: vec([1, 2, 3]), i: i(2), j: i(1) })).toBe('panicked: slice index starts at 2 but ends at 1');
  });
});

describe('Vec and slice methods', () => {
  it('split_off keeps [..at] in the receiver and returns [at..]; at > len panics', () => {
    const src =
      'fn f(v: Vec<u8>, at: usize) -> Vec<u8> { let mut w = v; let t = w.split_off(at); w.push(0); let mut r = t; r.extend(w); r }';
    expect(run(src, 'f', { v: vec([1, 2, 3]), at: i(1) })).toBe('returned [2, 3, 1, 0]');
    expect(run(src, 'f', { v: vec([1, 2, 3]), at: i(3) })).toBe('returned [1, 2, 3, 0]');
    expect(run(src, 'f', { v: vec([1, 2, 3]), at: i(4) })).toBe('panicked: `at` split index (is 4) should be <= len (is 3)');
  });
  it('split_at returns both halves (mid > len panics); fill overwrites every element', () => {
    const split = 'fn f(v: &[u8], mid: usize) -> (usize, usize) { let (a, b) = v.split_at(mid); (a.len(), b.len()) }';
    expect(run(split, 'f', { v: vec([1, 2, 3]), mid: i(1) })).toBe('returned (1, 2)');
    expect(run(split, 'f', { v: vec([1, 2, 3]), mid: i(4) })).toBe('panicked: mid > len');
    expect(run('fn f(v: Vec<u8>) -> Vec<u8> { let mut w = v; w.fill(7); w }', 'f', { v: vec([1, 2]) })).toBe('returned [7, 7]');
  });
  it("append moves the other vector's elements, leaving it empty", () => {
    const src = 'fn f(v: Vec<u8>, w: Vec<u8>) -> (Vec<u8>, usize) { let mut a = v; let mut b = w; a.append(&mut b); (a, b.len()) }';
    expect(run(src, 'f', { v: vec([1]), w: vec([2, 3]) })).toBe('returned ([1, 2, 3], 0)');
  });
  it("vstd's String::append(&str) appends a copy: the separator survives every iteration", () => {
    const src = `fn join(list: &Vec<&str>, sep: &str) -> String {
      let mut res = String::new();
      for i in 0..list.len() { if i != 0 { res.append(sep); } res.append(list[i]); }
      res }`;
    expect(run(src, 'join', { list: vec([str('a'), str('b'), str('c')]), sep: str(', ') })).toBe('returned "a, b, c"');
  });
  it("vstd's String::concat(self, &str) returns the joined string; eq and ne compare; a slice of vectors' concat() still flattens", () => {
    const src = 'fn f(name: String) -> String { "rabbitmq".to_string().concat("-").concat(name.as_str()) }';
    expect(run(src, 'f', { name: str('server') })).toBe('returned "rabbitmq-server"');
    const same = 'fn f(a: String, b: String) -> (bool, bool) { (a.eq(&b), a.as_str().ne(b.as_str())) }';
    expect(run(same, 'f', { a: str('x'), b: str('x') })).toBe('returned (true, false)');
    const flat = 'fn f(v: Vec<Vec<u8>>) -> Vec<u8> { v.concat() }';
    expect(run(flat, 'f', { v: vec([vec([1]), vec([2, 3])]) })).toBe('returned [1, 2, 3]');
  });
});

describe('vstd CheckedU64 / CheckedU32', () => {
  const use = 'use vstd::arithmetic::overflow::*;\n';
  it('adds and multiplies exactly; overflow sticks until a multiplication by zero', () => {
    const src = `${use}fn f(a: u64, b: u64) -> (Option<u64>, bool, Option<u64>) {
      let x = CheckedU64::new(a).add_value(b);
      let y = x.mul_value(2).add_checked(&CheckedU64::new(1));
      let z = y.mul_checked(&CheckedU64::new(0));
      (y.to_option(), x.is_overflowed(), z.to_option()) }`;
    expect(run(src, 'f', { a: i(2), b: i(3) })).toBe('returned (Some(11), false, Some(0))');
    expect(run(src, 'f', { a: i((1n << 64n) - 1n), b: i(1) })).toBe('returned (None, true, Some(0))');
    expect(run(src, 'f', { a: i(1n << 62n), b: i(1n << 62n) })).toBe('returned (None, false, Some(0))');
  });
  it('unwrap gives the value; on an overflowed value it panics as the Option inside does', () => {
    const src = `${use}fn f(a: u32) -> u32 { let c = CheckedU32::new(a); c.add_value(1).unwrap() }`;
    expect(run(src, 'f', { a: i(41) })).toBe('returned 42');
    expect(run(src, 'f', { a: i(4294967295) })).toBe('panicked: called `Option::unwrap()` on a `None` value');
  });
  it('runs verus-guide fib_checked', () => {
    const src = `${use}fn fib_checked(n: u64) -> (result: u64) {
      if n == 0 { return 0; }
      let mut prev: CheckedU64 = CheckedU64::new(0);
      let mut cur: CheckedU64 = CheckedU64::new(1);
      let mut i: u64 = 1;
      while i < n { i = i + 1; let new_cur = cur.add_checked(&prev); prev = cur; cur = new_cur; }
      cur.unwrap() }`;
    expect(run(src, 'fib_checked', { n: i(10) })).toBe('returned 55');
    expect(run(src, 'fib_checked', { n: i(93) })).toBe('returned 12200160415121876738');
    expect(run(src, 'fib_checked', { n: i(94) })).toBe('panicked: called `Option::unwrap()` on a `None` value');
  });
});

describe('`for` over a user Iterator', () => {
  it('calls `next` before each iteration until None (verus-guide iterators.rs all_positive)', () => {
    const guide = readFileSync(join(__dirname, '..', 'fixtures', 'exec', 'vec-iterator.rs'), 'utf8');
    const body = guide.slice(guide.indexOf('verus! {') + 'verus! {'.length, guide.lastIndexOf('}'));
    expect(run(body, 'all_positive', { v: vec([3, 1, 2]) })).toBe('returned true');
    expect(run(body, 'all_positive', { v: vec([3, 0, 2]) })).toBe('returned false');
    expect(run(body, 'all_positive', { v: vec([]) })).toBe('returned true');
    expect(run(body, 'collect_all', { v: vec([5, 6, 7]) })).toBe('returned [5, 6, 7]');
  });
  it('a struct without `next` is not runnable', () => {
    expect(run('struct S { x: u8 } fn f() -> u8 { let mut n = 0; for y in (S { x: 1 }) { n = y; } n }', 'f', {})).toBe(
      'not-runnable: iterating over a S without a `next` method',
    );
  });
});

describe('branch hints', () => {
  it('core::intrinsics::likely/unlikely and std::hint::black_box are their argument (mimalloc)', () => {
    const src = `fn f(x: u8) -> (bool, u8) { if likely(x > 3) { (true, std::hint::black_box(x)) } else { (core::intrinsics::unlikely(x == 0), x) } }`;
    expect(run(src, 'f', { x: i(5) })).toBe('returned (true, 5)');
    expect(run(src, 'f', { x: i(0) })).toBe('returned (true, 0)');
    expect(run(src, 'f', { x: i(2) })).toBe('returned (false, 2)');
  });
});

describe('double-ended queues and slices of a Vec', () => {
  it('push_back/push_front/pop_front/pop_back/front/back work at both ends (std::collections::VecDeque)', () => {
    const src = `fn f(x: u8) -> (Option<u8>, Option<u8>, Option<u8>, VecDeque<u8>) {
      let mut q: VecDeque<u8> = VecDeque::new();
      q.push_back(x); q.push_front(1); q.push_back(9);
      let a = q.pop_front();
      let b = q.pop_back();
      (a, b, q.front().copied(), q)
    }`;
    expect(run(src, 'f', { x: i(5) })).toBe('returned (Some(1), Some(9), Some(5), [5])');
  });

  it('a write through as_mut_slice lands in the Vec; vstd slice_to_vec copies', () => {
    const src = `fn f(v: Vec<u8>) -> (Vec<u8>, Vec<u8>) { let mut w = v; w.as_mut_slice()[0] = 7; let c = slice_to_vec(w.as_slice()); (w, c) }`;
    expect(run(src, 'f', { v: vec([1, 2]) })).toBe('returned ([7, 2], [7, 2])');
  });
});

describe("std's Range as a value", () => {
  const range = (start: number, end: number): Value => ({
    kind: 'struct',
    name: 'Range',
    fields: [
      ['start', i(start)],
      ['end', i(end)],
    ],
  });
  it('iterates from start to end, and answers contains, is_empty and len', () => {
    const body = `use core::ops::Range;
fn sum(r: Range<u32>) -> u32 { let mut s: u32 = 0; for i in r { s = s + i; } s }
fn facts(r: Range<usize>, x: usize) -> (bool, bool, usize) { (r.contains(&x), r.is_empty(), r.len()) }`;
    expect(run(body, 'sum', { r: range(3, 6) })).toBe('returned 12');
    expect(run(body, 'facts', { r: range(3, 6), x: i(5) })).toBe('returned (true, false, 3)');
    expect(run(body, 'facts', { r: range(6, 3), x: i(4) })).toBe('returned (false, true, 0)');
  });
});

describe('a method of a blanket impl', () => {
  it('runs on any receiver (`impl<T: Copy> ClonePlus for T`, called on an integer)', () => {
    const body = `trait ClonePlus: Sized { fn clone_plus(&self) -> (res: Self) ensures res == *self; }
impl<T: Copy> ClonePlus for T { fn clone_plus(&self) -> (res: Self) { *self } }
fn twice(x: u32) -> (u32, u32) { (x.clone_plus(), x + 1) }`;
    expect(run(body, 'twice', { x: i(5) })).toBe('returned (5, 6)');
  });
});

describe('an iterator over a Vec driven by next()', () => {
  it('yields the elements in order, then None', () => {
    const body = `fn sum(v: Vec<u32>) -> u32 {
    let mut it = v.iter();
    let mut s: u32 = 0;
    loop {
        match it.next() {
            Some(x) => { s = s + *x; }
            None => { break; }
        }
    }
    s
}`;
    expect(run(body, 'sum', { v: vec([3, 4, 5]) })).toBe('returned 12');
    expect(run(body, 'sum', { v: vec([]) })).toBe('returned 0');
  });
});

describe('a method called by path', () => {
  it('takes its first argument as the receiver, and a trait-qualified call runs the impl of its type', () => {
    const body = `struct P { a: u32 }
impl P { fn get(&self, k: u32) -> u32 { self.a + k } fn bump(&mut self) { self.a = self.a + 1; } }
trait Tr { fn twice(&self) -> u32; }
impl Tr for P { fn twice(&self) -> u32 { self.a * 2 } }
fn f(a: u32) -> (u32, u32, u32) { let mut p = P { a }; P::bump(&mut p); (P::get(&p, 1), Tr::twice(&p), P::twice(&p)) }`;
    expect(run(body, 'f', { a: i(5) })).toBe('returned (7, 12, 12)');
  });
  it('a qualified path names the impl by its self type, or by the receiver when the self type is left to inference', () => {
    const body = `struct P { a: u32 }
struct Q { b: u32 }
impl P { fn get(&self, k: u32) -> u32 { self.a + k } }
trait Tr<X> { fn twice(&self) -> u32; }
impl<'a> Tr<&'a [u8]> for P { fn twice(&self) -> u32 { self.a * 2 } }
impl<'a> Tr<&'a [u8]> for Q { fn twice(&self) -> u32 { self.b * 3 } }
fn f(a: u32) -> (u32, u32, u32, u32) {
    let p = P { a };
    (<_ as Tr<&[u8]>>::twice(&Q { b: a }), <P as Tr<&[u8]>>::twice(&p), <P>::get(&p, 1), <_ as Tr<&[u8]>>::twice(&p))
}`;
    expect(run(body, 'f', { a: i(5) })).toBe('returned (15, 10, 6, 10)');
  });
});
