// std's atomics and vstd::atomic_ghost's at run time: the value lives in the atomic, updated through `&self`;
// `atomic_with_ghost!` runs its operation and erases its ghost block.

import { describe, expect, it } from 'vitest';
import { i, run } from './helpers';

describe("std's atomics", () => {
  it('fetch_add wraps, compare_exchange sets only on a match, swap returns the old value', () => {
    const body = `
use core::sync::atomic::AtomicU8;
use core::sync::atomic::Ordering;
fn f(start: u8) -> (u8, u8, bool, u8, u8) {
    let a = AtomicU8::new(start);
    let before = a.fetch_add(10, Ordering::SeqCst);
    let set = a.compare_exchange(4, 9, Ordering::SeqCst, Ordering::SeqCst).is_ok();
    let swapped = a.swap(1, Ordering::SeqCst);
    (before, swapped, set, a.load(Ordering::SeqCst), a.into_inner())
}`;
    expect(run(body, 'f', { start: i(250) })).toBe('returned (250, 9, true, 1, 1)');
    expect(run(body, 'f', { start: i(0) })).toBe('returned (0, 10, false, 1, 1)');
  });

  it('an atomic field of a struct is updated through a shared reference', () => {
    const body = `
use core::sync::atomic::AtomicUsize;
use core::sync::atomic::Ordering;
struct Stats { hits: AtomicUsize }
fn hit(s: &Stats) { s.hits.fetch_add(1, Ordering::Relaxed); }
fn f(n: usize) -> usize {
    let s = Stats { hits: AtomicUsize::new(n) };
    hit(&s);
    hit(&s);
    s.hits.load(Ordering::Relaxed)
}`;
    expect(run(body, 'f', { n: i(5) })).toBe('returned 7');
  });
});

describe("atomic_ghost's atomics", () => {
  const body = `
use vstd::atomic_ghost::*;
struct Counter { count: AtomicU64<_, (), _> }
fn bump(c: &Counter, by: u64) -> u64 {
    atomic_with_ghost!(&c.count => fetch_add(by); ghost g => { })
}
fn f(start: u64, by: u64) -> (u64, u64) {
    let c = Counter { count: AtomicU64::new(Ghost(()), start, Tracked(())) };
    let old = bump(&c, by);
    let now = atomic_with_ghost!(c.count => load(); ghost g => { });
    (old, now)
}`;

  it('atomic_with_ghost! runs its operation on the atomic and erases the ghost block', () => {
    expect(run(body, 'f', { start: i(3), by: i(4) })).toBe('returned (3, 7)');
  });

  it("fetch_add past the type's range breaks vstd's requires: a panic", () => {
    expect(run(body, 'f', { start: i(2n ** 64n - 1n), by: i(1) })).toMatch(/^panicked: .*outside u64/);
  });
});
