// vstd's RwLock in exec code (server/src/eval/exec/rwlock-calls.ts): a sequential run is never contended, a write
// handle stores into the lock it came from, and breaking vstd's requires (a value the predicate rejects) panics.

import { describe, expect, it } from 'vitest';
import { i, run } from './helpers';
import { check } from '../eval/check';

const PRELUDE = `
use vstd::rwlock::*;
pub struct Even { pub ghost unused: int }
pub struct Other { pub lock: RwLock<u64, Even> }
impl RwLockPredicate<u64> for Even {
    open spec fn inv(self, v: u64) -> bool { v % 2 == 0 }
}`;

describe('vstd RwLock in exec code', () => {
  it('`release_write` stores the new value: a later read and `into_inner` see it', () => {
    const body = `${PRELUDE}
fn f(n: u64) -> (u64, u64) {
    let lock = RwLock::new(0u64, Ghost(Even { unused: 0 }));
    let (old, handle) = lock.acquire_write();
    handle.release_write(old + n);
    let read = lock.acquire_read();
    let seen = *read.borrow();
    read.release_read();
    (seen, lock.into_inner())
}`;
    expect(run(body, 'f', { n: i(4) })).toBe('returned (4, 4)');
  });

  it('a write through a `&mut` struct field reaches the caller', () => {
    const body = `${PRELUDE}
pub struct Holder { pub lock: RwLock<u64, Even> }
fn bump(h: &mut Holder) {
    let (v, handle) = h.lock.acquire_write();
    handle.release_write(v + 2);
}
fn f(n: u64) -> u64 {
    let mut h = Holder { lock: RwLock::new(n, Ghost(Even { unused: 0 })) };
    bump(&mut h);
    bump(&mut h);
    h.lock.into_inner()
}`;
    expect(run(body, 'f', { n: i(6) })).toBe('returned 10');
  });

  it('a write under `&self` (the lock is shared state) reaches the caller, as a method and as a free function', () => {
    const body = `${PRELUDE}
pub struct Holder { pub lock: RwLock<u64, Even> }
impl Holder {
    fn bump(&self) {
        let (v, handle) = self.lock.acquire_write();
        handle.release_write(v + 2);
    }
}
fn bump_shared(h: &Holder) { h.bump(); }
fn f(n: u64) -> u64 {
    let h = Holder { lock: RwLock::new(n, Ghost(Even { unused: 0 })) };
    h.bump();
    bump_shared(&h);
    h.lock.into_inner()
}`;
    expect(run(body, 'f', { n: i(6) })).toBe('returned 10');
  });

  it('a value the predicate rejects breaks vstd’s requires: a panic', () => {
    const made = `${PRELUDE}
fn f(n: u64) -> u64 {
    let lock = RwLock::new(n, Ghost(Even { unused: 0 }));
    lock.into_inner()
}`;
    expect(run(made, 'f', { n: i(2) })).toBe('returned 2');
    expect(run(made, 'f', { n: i(3) })).toMatch(/^panicked: `RwLock::new` with a value its predicate rejects/);
    const written = `${PRELUDE}
fn f(n: u64) {
    let lock = RwLock::new(0u64, Ghost(Even { unused: 0 }));
    let (_, handle) = lock.acquire_write();
    handle.release_write(n);
}`;
    expect(run(written, 'f', { n: i(3) })).toMatch(/^panicked: `release_write` with a value/);
  });

  it('a `spec_fn` predicate is applied', () => {
    const body = `use vstd::rwlock::*;
fn f(n: u64) -> u64 {
    let lock = RwLock::new(n, Ghost(|v: u64| v < 10));
    lock.into_inner()
}`;
    expect(run(body, 'f', { n: i(9) })).toBe('returned 9');
    expect(run(body, 'f', { n: i(10) })).toMatch(/^panicked/);
  });
});

describe('vstd RwLock in spec code', () => {
  const lock = { struct: 'RwLock', fields: { value: 4, pred: { struct: 'Even', fields: { unused: 0 } } } } as const;
  it('`pred()`, `inv(v)` through the predicate type’s impl, and a handle’s `view()` and `rwlock()`', () => {
    check(
      PRELUDE,
      {
        'l.pred() == Even { unused: 0 }': true,
        'l.inv(4) && !l.inv(3)': true,
        'h.view() == 4 && h.rwlock() == l': true,
        'w.rwlock().pred() == l.pred()': true,
      },
      {
        values: {
          l: lock,
          h: { struct: 'ReadHandle', fields: { rwlock: lock } },
          w: { struct: 'WriteHandle', fields: { rwlock: lock, handle: 0 } },
        },
      },
    );
  });
});

describe('what an atomic or a lock holds is no spec value', () => {
  const lock = (value: number) => ({ struct: 'RwLock', fields: { value, pred: { struct: 'Even', fields: { unused: 0 } } } }) as const;
  const atomic = (value: number) => ({ struct: 'AtomicU64', fields: { value } }) as const;
  it('two that hold the same are equal, two that hold different values are not told apart; a lock’s predicate is compared', () => {
    check(
      PRELUDE,
      {
        'a2 == a2b': true,
        'a2 == a3': 'indeterminate: ',
        'l2 == l4': 'indeterminate: ',
        'l2 == Other { lock: l2 }.lock': true,
      },
      { values: { a2: atomic(2), a2b: atomic(2), a3: atomic(3), l2: lock(2), l4: lock(4) } },
    );
  });
});
