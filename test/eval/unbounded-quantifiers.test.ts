// Quantifiers whose binder has no bounded domain: candidate values from the body (indices it reads, members it
// tests, values it is compared with, the same inside called spec fns) refute a `forall` or prove an `exists`;
// otherwise the verdict stays "unbounded quantifier over T". `choose` with several witnesses is decided when every
// witness gives the clause the same value.
import { describe, it } from 'vitest';
import { check } from './check';

const env = {
  values: {
    arr: [0],
    s: [3, 1, 4, 1, 5],
    i: 0,
    n: 4,
    a: { set: [2, 4, 6] },
    m: {
      map: [
        [1, 10],
        [2, 20],
      ],
    },
  },
};

describe('a candidate decides an unbounded quantifier only one way', () => {
  it('indices the body reads refute a forall (the issue example: k = 0 falsifies it)', () => {
    check(
      '',
      {
        'forall|k: int| arr[k] == k + 2': false,
        'forall|k: int| s[k] != 4': false,
        'forall|k: int| s[k] > 0': 'indeterminate: unbounded quantifier over int',
        'forall|k: int| s[k + 1] != 4': false,
        'forall|k: int| s.index(k) < 5': false,
        'forall|k: int| k >= 0 ==> s[k] < 5': false,
      },
      env,
    );
  });

  it('an exists is proved by a witness among the candidates, never disproved', () => {
    check(
      '',
      {
        'exists|k: int| s[k] == 4': true,
        'exists|k: int| s[k] == 9': 'indeterminate: unbounded quantifier over int',
        'exists|x: int| a.contains(x + 0) && x > 5 || x == n * 2': true,
        'exists|x: int| x > n': true,
        'exists|x: int| x > n && x % 7 == 3': 'indeterminate: unbounded quantifier over int',
      },
      env,
    );
  });

  it('members tested in the body and compared values are candidates', () => {
    check(
      '',
      {
        'forall|x: int| !a.contains(x) || x < 6': false,
        'forall|x: int| m.contains_key(x) ==> x != 2 || m[x] == 10': false,
        'forall|x: int| x > n ==> x > n + 1': false,
        'forall|x: int| x != n': false,
      },
      env,
    );
  });

  it('candidates stay within the binder type', () => {
    check(
      '',
      {
        // k = -1 would falsify the body, but it is not a u32.
        'forall|k: u32| k != n - 5': 'indeterminate: unbounded quantifier over u32',
        'forall|k: nat| k as int != -1': 'indeterminate: unbounded quantifier over nat',
        'forall|k: u32| k != n': false,
      },
      env,
    );
  });

  it('a candidate whose body is undecided decides nothing', () => {
    check('', { 'forall|k: int| s[k + 9] > 0': 'indeterminate: unbounded quantifier over int' }, env);
  });
});

describe('spec fns called from the body are unfolded', () => {
  const source = `
    spec fn in_range(k: int, n: int) -> bool { 0 <= k < n }
    spec fn at(q: Seq<int>, k: int) -> int { q[k] }
    spec fn positive_at(q: Seq<int>, k: int) -> bool { at(q, k) > 0 }
    spec fn shadows(k: int, q: Seq<int>) -> bool { forall|k: int| 0 <= k < q.len() ==> q[k] > 0 }
  `;
  it('a guard inside a called spec fn bounds the binder exactly', () => {
    check(
      source,
      {
        'forall|k: int| in_range(k, s.len()) ==> s[k] >= 1': true,
        'forall|k: int| in_range(k, s.len()) ==> s[k] >= 2': false,
        'exists|k: int| in_range(k, s.len()) && s[k] == 9': false,
      },
      env,
    );
  });

  it('indices read inside called spec fns (two levels deep) are candidates', () => {
    check(
      source,
      {
        'forall|k: int| at(s, k) != 4': false,
        'forall|k: int| positive_at(s, k) ==> at(s, k) < 5': false,
        'exists|k: int| positive_at(s, k) && at(s, k) == 5': true,
        'forall|k: int| positive_at(s, k)': 'indeterminate: unbounded quantifier over int',
        // The body's own binder named like the parameter: not unfolded, no candidates from it.
        'forall|k: int| shadows(k, s)': 'indeterminate: unbounded quantifier over int',
      },
      env,
    );
  });
});

describe('choose with several witnesses', () => {
  it('is decided when every witness gives the clause the same value', () => {
    check(
      '',
      {
        's[choose|k: int| 0 <= k < s.len() && s[k] == 1] == 1': true,
        '(choose|k: int| 0 <= k < s.len() && s[k] == 1) % 2 == 1': true,
        '(choose|k: int| 0 <= k < s.len() && s[k] == 1) == 1': 'indeterminate: choose has several witnesses',
        'exists|j: int| 0 <= j < 3 && s[choose|k: int| 0 <= k < s.len() && s[k] == 1] == j': true,
        // Two independent chooses, each with two witnesses: four picks agree.
        's[choose|k: int| 0 <= k < s.len() && s[k] == 1] + s[choose|k: int| 0 <= k < 2 && s[k] >= 1] >= 2': true,
      },
      env,
    );
  });
});

describe('a binder typed by an unbounded type parameter of a spec fn ranges over the values it was handed', () => {
  const source = `
spec fn count<T>(s: Seq<T>, x: T) -> int decreases s.len() {
    if s.len() == 0 { 0 } else { count(s.skip(1), x) + if s[0] == x { 1int } else { 0int } }
}
spec fn permutes<T>(a: Seq<T>, b: Seq<T>) -> bool { forall|x: T| count(a, x) == count(b, x) }
spec fn covers<T>(a: Seq<T>) -> bool { forall|x: T| a.contains(x) }
spec fn lacks_some<T>(a: Seq<T>) -> bool { exists|x: T| !a.contains(x) }
spec fn ordered_by<T: Ord>(a: Seq<T>) -> bool { forall|x: T| a.contains(x) || a.len() == 0 }
spec fn applies<T>(a: Seq<T>, f: spec_fn(T) -> bool) -> bool { forall|x: T| f(x) ==> a.contains(x) }
`;

  it('decides both ways: every held value and one value not held are all there is to check', () => {
    check(
      source,
      {
        'permutes(s, t)': true,
        'permutes(s, u)': false,
        'permutes(e, e)': true,
        // Some value is missing from any finite sequence of integers; no held value is missing.
        'covers(s)': false,
        'lacks_some(s)': true,
      },
      { values: { s: [3, 1, 4, 1, 5], t: [1, 5, 4, 3, 1], u: [1, 5, 4, 3, 3], e: [] } },
    );
  });

  it('stays unbounded where values could be told apart or the type may have no value left', () => {
    check(
      source,
      {
        // A bound other than a marker trait: its methods could tell values apart.
        'ordered_by(s)': 'indeterminate: unbounded quantifier over T',
        // A closure was built at a concrete type.
        'applies(s, |x: int| x > 2)': 'indeterminate: unbounded quantifier over T',
        // Both booleans are held: no third value exists to stand for the rest.
        'covers(b)': 'indeterminate: unbounded quantifier over T',
      },
      { values: { s: [3, 1, 4], b: [true, false] } },
    );
  });
});

describe('an equation `factor * x == e` in the guard fixes an integer binder', () => {
  const source = `
pub open spec fn mul(a: nat, b: nat) -> nat { vstd::prelude::mul(a, b) }
pub open spec fn divides(factor: nat, candidate: nat) -> bool { exists|k: nat| mul(factor, k) == candidate }
spec fn wraps(a: u32, k: u32) -> bool { vstd::prelude::mul(a, k) == 4 }
`;

  it('decides `exists` both ways, through spec fns and the prelude mul at nat', () => {
    check(
      source,
      {
        'divides(3, 12)': true,
        'divides(5, 12)': false,
        'divides(0, 12)': 'indeterminate: unbounded quantifier over nat',
        'exists|k: int| 3 * k == n': false,
        'exists|k: int| k * 2 == n': true,
        'exists|k: nat| 2 * k == -4': false,
        'forall|k: int| k * 3 == 12 ==> k == 4': true,
        'forall|d: u32| (0 < d < n && divides(d as nat, n as nat)) ==> d <= 2': true,
      },
      { values: { n: 4 } },
    );
  });

  it('leaves a wrapping multiplication alone', () => {
    check(source, { 'exists|k: u32| wraps(2, k)': 'indeterminate: unbounded quantifier over u32' }, { values: {} });
  });
});

describe('a sequence binder nothing pins has the held sequences, sorted both ways, and their sorting indices as candidates', () => {
  const source = `
spec fn sorted(s: Seq<i32>) -> bool { forall|i: int, j: int| 0 <= i < j < s.len() ==> s[i] <= s[j] }
spec fn is_reorder_of<T>(r: Seq<int>, p: Seq<T>, s: Seq<T>) -> bool {
    &&& r.len() == s.len()
    &&& forall|i: int| 0 <= i < r.len() ==> 0 <= #[trigger] r[i] < r.len()
    &&& forall|i: int, j: int| 0 <= i < j < r.len() ==> r[i] != r[j]
    &&& p =~= r.map_values(|i: int| s[i])
}
`;

  it('proves a permutation witness exists', () => {
    check(
      source,
      {
        'exists|vs: Seq<i32>| sorted(vs) && vs.to_multiset() == v.to_multiset() && o == vs.subrange(1, 3)': true,
        'exists|r: Seq<int>| is_reorder_of(r, p, v)': true,
        // Candidates never disprove: no held sequence is a witness, and others may be.
        'exists|vs: Seq<i32>| sorted(vs) && vs.len() == 4': 'indeterminate: unbounded quantifier over Seq',
        // A held sequence with an element outside u8 is no candidate for a Seq<u8> binder.
        'exists|vs: Seq<u8>| vs.len() == 3 && vs[0] < 0': 'indeterminate: unbounded quantifier over Seq',
        'exists|vs: Seq<int>| vs.len() == 3 && vs[0] < 0': true,
        // Sequences of integers are no candidates for a sequence of pairs (and never reach its `.0`).
        'exists|ps: Seq<(int, int)>| ps.len() == 3 && ps[0].0 < 0': 'indeterminate: unbounded quantifier over Seq',
      },
      { values: { v: [5, -3, 3], p: [-3, 3, 5], o: [3, 5] } },
    );
  });
});
