// vstd Seq, Set, Map and Multiset functions, each in range and out of range (verus-semantics.md section 2).
import { describe, it } from 'vitest';
import { check } from './check';

const seqs = { values: { s: [10, 20, 30], e: [], d: [1, 2, 1], v: [3, 1, 2] } };

describe('Seq', () => {
  it('len, index, spec_index; out-of-range indices are arbitrary', () => {
    check(
      '',
      {
        's.len() == 3 && e.len() == 0': true,
        's[0] == 10 && s[2] == 30': true,
        's.index(1) == 20 && s.spec_index(1) == 20': true,
        's[3] == 0': 'indeterminate: index 3 out of range for length 3',
        's[-1] == 0': 'indeterminate: index -1 out of range',
        's.index(3) == 0': 'indeterminate: index 3',
        'e.is_empty() && !s.is_empty()': true,
      },
      seqs,
    );
  });

  it('push, update, subrange, add, take, skip', () => {
    check(
      '',
      {
        's.push(40) == seq![10, 20, 30, 40]': true,
        's.update(1, 0) == seq![10, 0, 30]': true,
        's.update(3, 0) == s': 'indeterminate: update index 3 out of range',
        's.update(-1, 0) == s': 'indeterminate: update index -1',
        's.subrange(1, 3) == seq![20, 30]': true,
        's.subrange(0, 0) == e && s.subrange(3, 3) == e': true,
        's.subrange(2, 1) == e': 'indeterminate: subrange(2, 1) out of range',
        's.subrange(0, 4) == s': 'indeterminate: subrange(0, 4)',
        's.subrange(-1, 2) == s': 'indeterminate: subrange(-1, 2)',
        's.add(d) == seq![10, 20, 30, 1, 2, 1] && s + e == s': true,
        's.take(2) == seq![10, 20] && s.skip(2) == seq![30]': true,
        's.take(0) == e && s.skip(3) == e': true,
        's.take(4) == s': 'indeterminate: take(4) out of range',
        's.skip(-1) == s': 'indeterminate: skip(-1)',
      },
      seqs,
    );
  });

  it('first, last, drop_first, drop_last, insert, remove', () => {
    check(
      '',
      {
        's.first() == 10 && s.last() == 30': true,
        'e.first() == 0': 'indeterminate: first() of an empty seq',
        'e.last() == 0': 'indeterminate: last() of an empty seq',
        's.drop_first() == seq![20, 30] && s.drop_last() == seq![10, 20]': true,
        'e.drop_last() == e': 'indeterminate: drop_last() of an empty seq',
        'e.drop_first() == e': 'indeterminate: drop_first()',
        's.insert(0, 5) == seq![5, 10, 20, 30] && s.insert(3, 5) == seq![10, 20, 30, 5]': true,
        's.insert(4, 5) == s': 'indeterminate: insert index 4 out of range',
        's.remove(1) == seq![10, 30]': true,
        's.remove(3) == s': 'indeterminate: remove index 3',
      },
      seqs,
    );
  });

  it('contains and the index_of family (index_of is a choose)', () => {
    check(
      '',
      {
        's.contains(20) && !s.contains(25) && !e.contains(1)': true,
        's.index_of(20) == 1': true,
        's.index_of(25) == 0': 'indeterminate: choose has no witness',
        'd.index_of(1) == 0': 'indeterminate: choose has several witnesses',
        'd.index_of(2) == 1': true,
        'd.index_of_first(1) == Some(0int) && d.index_of_last(1) == Some(2int)': true,
        'd.index_of_first(7) is None && e.index_of_last(7) is None': true,
      },
      seqs,
    );
  });

  it('filter, map, map_values, fold_left, fold_right', () => {
    check(
      'spec fn is_big(x: int) -> bool { x > 15 }',
      {
        's.filter(|x: int| x > 15) == seq![20, 30]': true,
        's.filter(|x: int| is_big(x)) == seq![20, 30]': true,
        'e.filter(|x: int| x > 15) == e': true,
        's.map(|i: int, x: int| i + x) == seq![10, 21, 32]': true,
        's.map_values(|x: int| x / 10) == seq![1, 2, 3]': true,
        's.fold_left(0, |acc: int, x: int| acc + x) == 60': true,
        's.fold_left(0, |acc: int, x: int| acc * 2 - x) == -110': true,
        's.fold_right(|x: int, acc: int| acc * 2 - x, 0) == -170': true,
        'e.fold_left(7, |acc: int, x: int| acc + x) == 7': true,
        's.map_values(|x: int| 100 / (x - 20)) == s': 'indeterminate: division by zero',
        's.filter(|x: int| s[x] == 0) == e': 'indeterminate: index 10 out of range',
      },
      seqs,
    );
  });

  it('to_set, to_multiset, no_duplicates, reverse, max, min', () => {
    check(
      '',
      {
        'd.to_set() == set![1, 2]': true,
        'd.to_multiset().count(1) == 2 && d.to_multiset().len() == 3': true,
        's.no_duplicates() && !d.no_duplicates() && e.no_duplicates()': true,
        's.reverse() == seq![30, 20, 10] && e.reverse() == e': true,
        'v.max() == 3 && v.min() == 1': true,
        'e.max() == 0 && e.min() == 0': true,
        's.is_prefix_of(s.push(1)) && !s.is_suffix_of(d) && e.is_prefix_of(d)': true,
      },
      seqs,
    );
  });

  it('constructors: Seq::empty, Seq::new, seq! and arrays', () => {
    check(
      '',
      {
        'Seq::<int>::empty() == e && Seq::empty().len() == 0': true,
        'Seq::new(3, |i: int| i * i) == seq![0, 1, 4]': true,
        'Seq::new(0, |i: int| i).len() == 0': true,
        'Seq::new(-1, |i: int| i).len() == 0': 'indeterminate: negative length',
        'seq![7; 3] == seq![7, 7, 7] && seq![7; 0] == e': true,
        'seq![] == e': true,
        '[1, 2]@ == seq![1, 2]': true,
        'vec![10, 20, 30]@ == s': true,
        '[0; 2]@.len() == 2': true,
        'seq![1; 1000000000].len() == 0': 'indeterminate: step budget exhausted',
      },
      seqs,
    );
  });
});

describe('Set', () => {
  const sets = { values: { a: { set: [1, 2, 3] }, b: { set: [3, 4] }, z: { set: [] }, one: { set: [9] } } };
  it('membership, algebra and predicates', () => {
    check(
      '',
      {
        'a.contains(2) && !a.contains(4) && a has 3': true,
        'a.len() == 3 && z.len() == 0 && z.is_empty() && !a.is_empty() && a.finite()': true,
        'a.insert(4) == set![1, 2, 3, 4] && a.insert(1) == a': true,
        'a.remove(1) == set![2, 3] && a.remove(7) == a': true,
        'a.union(b) == set![1, 2, 3, 4] && a + b == a.union(b)': true,
        'a.intersect(b) == set![3] && a * b == set![3]': true,
        'a.difference(b) == set![1, 2] && a - b == set![1, 2]': true,
        'set![1, 2].subset_of(a) && set![1, 2] <= a && !(b <= a)': true,
        'a.disjoint(set![7]) && !a.disjoint(b)': true,
        'a.filter(|x: int| x >= 2) == set![2, 3]': true,
        'a.map(|x: int| x % 2) == set![0, 1]': true,
        'Set::<int>::empty() == z && set![] == z': true,
      },
      sets,
    );
  });

  it('choose needs exactly one element; Set::new needs an enumerable predicate', () => {
    check(
      '',
      {
        'one.choose() == 9': true,
        'a.choose() == 1': 'indeterminate: choose has several witnesses',
        'z.choose() == 1': 'indeterminate: `choose` of an empty set',
        'Set::new(|x: int| 0 <= x < 3) == set![0, 1, 2]': true,
        'Set::new(|x: int| a.contains(x) && x > 1) == set![2, 3]': true,
        'Set::new(|x: u8| x > 250) == set![251u8, 252, 253, 254, 255]': true,
        'Set::new(|x: int| x > 3) == z': 'indeterminate: unbounded quantifier over int',
      },
      sets,
    );
  });

  it('Set::new over a tuple ranges over each component as the guard bounds it (a commit mask)', () => {
    check(
      '',
      {
        'Set::new(|t: (int, usize)| 0 <= t.0 < 2 && t.1 < 2 && t.0 != t.1 as int) == set![(0int, 1usize), (1int, 0usize)]': true,
        'Set::new(|t: (int, usize)| 0 <= t.0 < 2 && t.1 < 3).len() == 6': true,
        'Set::new(|t: (int, usize)| 0 <= t.0 < 8 && t.1 < 64 && a.contains(t.0 * 64 + t.1 as int)).map(|t: (int, usize)| t.0 * 64 + t.1) == a': true,
        'Set::new(|t: (int, int)| 0 <= t.0 < 2) == z': 'indeterminate: unbounded quantifier over int',
        'Set::new(|t: (int, int)| 0 <= t.0 < 2 && 0 <= t.1 < 2 && exists|t: int| 0 <= t < 3 && t == 2).len() == 4': true,
      },
      sets,
    );
  });
});

describe('Map', () => {
  const maps = {
    values: {
      m: {
        map: [
          [1, 10],
          [2, 20],
        ],
      },
      n: {
        map: [
          [2, 99],
          [3, 30],
        ],
      },
    },
  };
  it('index, dom, get, insert, remove, and relations', () => {
    check(
      '',
      {
        'm[1] == 10 && m.index(2) == 20 && m.spec_index(2) == 20': true,
        'm[3] == 0': 'indeterminate: map index of a key outside the domain',
        'm.dom() == set![1, 2] && m.contains_key(1) && !m.contains_key(3) && m.dom().contains(2)': true,
        'm.len() == 2 && Map::<int, int>::empty().len() == 0': true,
        'm.get(1) == Some(10int) && m.get(5) is None': true,
        'm.insert(3, 30)[3] == 30 && m.insert(1, 11)[1] == 11 && m.insert(1, 11).len() == 2': true,
        'm.remove(1).dom() == set![2] && m.remove(9) == m': true,
        'm.remove(1).submap_of(m) && !n.submap_of(m)': true,
        'm.union_prefer_right(n) == map![1 => 10, 2 => 99, 3 => 30]': true,
        'm.map_values(|v: int| v + 1) == map![1 => 11, 2 => 21]': true,
        'm.map_entries(|k: int, v: int| k + v) == map![1 => 11, 2 => 22]': true,
        'Map::<int, int>::empty().map_values(|v: int| v + 1) == Map::<int, int>::empty()': true,
        'map![1 => 10, 2 => 20] == m && map![1 => 5, 1 => 10, 2 => 20] == m': true,
        'Map::new(|k: int| 0 <= k < 3, |k: int| k * 2) == map![0 => 0, 1 => 2, 2 => 4]': true,
        'Map::new(set![1, 2], |k: int| k * 10) == m': true,
        'Map::new(|k: int| k > 0, |k: int| k) == m': 'indeterminate: unbounded',
      },
      maps,
    );
  });
});

describe('Multiset', () => {
  const bags = { values: { p: { multiset: [1, 1, 2] }, q: { multiset: [1, 3] } } };
  it('counts, sizes, and the algebra (sub truncates at zero)', () => {
    check(
      '',
      {
        'p.count(1) == 2 && p.count(5) == 0 && p.len() == 3': true,
        'p.contains(2) && !p.contains(3)': true,
        'p.insert(2).count(2) == 2 && p.remove(1).count(1) == 1 && p.remove(7) == p': true,
        'p.add(q).count(1) == 3 && p.add(q).len() == 5': true,
        'p.sub(q).count(1) == 1 && p.sub(q).count(3) == 0 && q.sub(p) == Multiset::singleton(3int)': true,
        'Multiset::singleton(1int).subset_of(p) && !q.subset_of(p)': true,
        'Multiset::<int>::empty().len() == 0': true,
        'seq![2, 1, 1].to_multiset() == p': true,
      },
      bags,
    );
  });
});
