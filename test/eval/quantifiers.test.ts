// forall / exists / choose over domains read off the guard, or small finite binder types.
import { describe, it } from 'vitest';
import { check } from './check';

const env = {
  values: {
    s: [3, 1, 4, 1, 5],
    sorted: [1, 2, 2, 7],
    r: 5,
    n: 4,
    lo: 2,
    hi: 4,
    m: {
      map: [
        [1, 10],
        [2, 20],
      ],
    },
    a: { set: [2, 4, 6] },
  },
};

describe('a quantifier over a tuple', () => {
  it('ranges over each component as the guard bounds it; choose gives the tuple', () => {
    check(
      '',
      {
        'forall|t: (int, int)| 0 <= t.0 < s.len() && 0 <= t.1 < s.len() && t.0 < t.1 ==> s[t.0] <= r + s[t.1]': true,
        'forall|t: (int, int)| 0 <= t.0 < 2 && 0 <= t.1 < 2 ==> t.0 == t.1': false,
        'exists|t: (int, int)| 0 <= t.0 < s.len() && 0 <= t.1 < s.len() && t.0 != t.1 && s[t.0] == s[t.1]': true,
        '(choose|t: (int, int)| 0 <= t.0 < s.len() && 0 <= t.1 < s.len() && t.0 < t.1 && s[t.0] == s[t.1]) == (1int, 3int)': true,
        'forall|t: (int, int)| t.0 > 0 ==> t.1 > 0': false,
        'forall|t: (int, int)| t.0 > 0 ==> t.0 + t.1 > t.1': 'indeterminate: unbounded quantifier over int',
      },
      env,
    );
  });
});

describe('domains read off the guard', () => {
  it('0 <= i < s.len() and its orientations', () => {
    check(
      '',
      {
        'forall|i: int| 0 <= i < s.len() ==> r >= s[i]': true,
        'forall|i: int| 0 <= i < s.len() ==> r > s[i]': false,
        'forall|i: int| i >= 0 && i < s.len() ==> s[i] >= 1': true,
        'forall|i: int| s.len() > i && 0 <= i ==> s[i] >= 1': true,
        'forall|i: int| (0 <= i && i < s.len()) ==> s[i] >= 1': true,
        'forall|i: int| 0 <= i ==> i < s.len() ==> s[i] >= 1': true,
        'forall|i: int| lo <= i <= hi ==> s[i] >= 1': true,
        'forall|i: int| lo <= i <= hi + 1 ==> s[i] >= 1': 'indeterminate: index 5 out of range',
        'forall|i: int| 0 <= i < s.len() + 1 ==> s[i] == 9': false,
        'exists|i: int| 0 <= i < s.len() && s[i] == 4': true,
        'exists|i: int| 0 <= i < s.len() && s[i] == 9': false,
        'exists|i: int| 0 <= i < s.len() + 1 && s[i] == 9': 'indeterminate: index 5',
        'exists|i: int| 0 <= i < s.len() + 1 && s[i] == 5': true,
        'forall|i: int| 0 <= i < 0 ==> false': true,
        'exists|i: int| 5 <= i < 2': false,
      },
      env,
    );
  });

  it('unsigned and nat binders are bounded below by 0', () => {
    check(
      '',
      {
        'forall|i: nat| i < s.len() ==> s[i as int] >= 1': true,
        'forall|i: usize| i < n ==> i < 4': true,
        'forall|i: int| i < n ==> i < 4': 'indeterminate: unbounded quantifier over int',
        'forall|i: int| s[i] > 0': 'indeterminate: unbounded quantifier over int',
        'forall|i| 0 <= i < s.len() ==> s[i] > 0': true,
      },
      env,
    );
  });

  it('nested binders whose bounds mention earlier ones, in any order', () => {
    check(
      '',
      {
        'forall|i: int, j: int| 0 <= i < j < sorted.len() ==> sorted[i] <= sorted[j]': true,
        'forall|i: int, j: int| 0 <= i < j < s.len() ==> s[i] <= s[j]': false,
        'forall|i: int, j: int| 0 <= i <= j < sorted.len() ==> sorted[i] <= sorted[j]': true,
        'forall|i: int, j: int| 0 <= i < sorted.len() && 0 <= j < sorted.len() && i != j ==> sorted[i] != sorted[j]': false,
        'exists|i: int, j: int| 0 <= i < j < s.len() && s[i] == s[j]': true,
        'exists|i: int, j: int| 0 <= i < j < sorted.len() && sorted[i] + sorted[j] == 9': true,
        'forall|j: int, i: int| 0 <= i < j < sorted.len() ==> sorted[i] <= sorted[j]': true,
        'forall|i: int| 0 <= i < s.len() ==> forall|j: int| i < j < s.len() ==> s[i] != s[j] || s[i] == 1': true,
      },
      env,
    );
  });

  it('membership guards: seq/set contains, map domains', () => {
    check(
      '',
      {
        'forall|x: int| s.contains(x) ==> x <= r': true,
        'forall|x: int| s.contains(x) ==> x < r': false,
        'forall|x: int| a.contains(x) ==> x % 2 == 0': true,
        'forall|x: int| a has x ==> x > 1': true,
        'forall|k: int| m.dom().contains(k) ==> m[k] == k * 10': true,
        'forall|k: int| m.contains_key(k) ==> m[k] > 10': false,
        // A pair guard ranges over the keys and the values (a selector's labels all among an object's).
        'forall|k: int, v: int| m.contains_pair(k, v) ==> v == k * 10': true,
        'forall|k: int, v: int| m.contains_pair(k, v) ==> m.contains_pair(k, v + 1)': false,
        'exists|x: int| a.contains(x) && x > 5': true,
        'exists|x: int| x == r + 1 && x == 6': true,
      },
      env,
    );
  });

  it('small finite binder types without a guard', () => {
    check(
      '',
      {
        'forall|b: bool| b || !b': true,
        'exists|b: bool| b && !b': false,
        'forall|x: u8| x <= 255': true,
        'forall|x: u8| x < 255': false,
        'exists|x: i8| x + 1 == -127': true,
        'forall|x: i16| x * x >= 0': true,
        'forall|x: u32| x >= 0': 'indeterminate: unbounded quantifier over u32',
        'forall|x: Seq<int>| x.len() >= 0': 'indeterminate: unbounded quantifier over Seq',
      },
      { ...env, options: { stepBudget: 1_000_000 } },
    );
    // u16/i16 only when the budget allows 65,536 instances.
    check('', { 'forall|x: i16| x * x >= 0': 'indeterminate: step budget exhausted' }, { options: { stepBudget: 10_000 } });
  });
});

describe('Kleene quantifiers', () => {
  it('a false instance decides forall even after an indeterminate one', () => {
    check('', {
      'forall|i: int| 0 <= i < 3 ==> 10 / (i - 1) > 0': false,
      'forall|i: int| 0 <= i < 3 ==> 10 / (i - 1) != 0': 'indeterminate: division by zero',
      'exists|i: int| 0 <= i < 3 && 10 / (i - 1) > 0': true,
      'exists|i: int| 0 <= i < 3 && 10 / (i - 1) > 100': 'indeterminate: division by zero',
    });
  });
});

describe('choose', () => {
  it('returns the single witness, otherwise is indeterminate', () => {
    check(
      '',
      {
        '(choose|i: int| 0 <= i < s.len() && s[i] == 4) == 2': true,
        '(choose|i: int| 0 <= i < s.len() && s[i] == 1) == 1': 'indeterminate: choose has several witnesses',
        '(choose|i: int| 0 <= i < s.len() && s[i] == 9) == 1': 'indeterminate: `choose` with no witness',
        '(choose|x: int| s.contains(x) && x > 4) == 5': true,
        '(choose|i: int, j: int| 0 <= i < j < s.len() && s[i] == s[j]) == (1int, 3int)': true,
        '(choose|i: int| i > 5) == 6': 'indeterminate: unbounded quantifier',
        '(choose|b: bool| b) == true': true,
      },
      env,
    );
  });
});

describe('guards through casts', () => {
  it('reads bounds on `i as int` for a nat binder', () => {
    check(
      '',
      {
        'forall|i: nat| (i as int) < s.len() ==> s[i as int] > 0': true,
        'exists|i: nat| i as int <= 1 && s[i as int] == 1': true,
      },
      { values: { s: [3, 1, 4] } },
    );
  });
});

describe('binder types through aliases', () => {
  it('enumerates a small type named by an alias', () => {
    check('type Byte = u8;', { 'forall|x: Byte| x <= 255': true, 'exists|x: Byte| x == 200': true });
  });
});

describe('disjunctive guards', () => {
  it('a binder bounded in every alternative ranges over their hull', () => {
    check(
      '',
      {
        // Before the pair (lo, hi) or between them on the row lo: the shape of "first pair summing to t" postconditions.
        'forall|i: int, j: int| ((0 <= i && i < lo && i < j && j < s.len()) || (i == lo && i < j && j < hi)) ==> s[i] + s[j] != 100': true,
        'forall|i: int, j: int| ((0 <= i && i < lo && i < j && j < s.len()) || (i == lo && i < j && j < hi)) ==> s[i] + s[j] != 8': false,
        'forall|i: int| (0 <= i < lo || hi <= i < s.len()) ==> s[i] >= 1': true,
        'exists|i: int| (0 <= i < lo || i == hi) && s[i] == 4': false,
        'exists|i: int| (0 <= i < lo || i == hi) && s[i] == 5': true,
        'exists|i: int| (0 <= i < lo || i == hi) && s[i] == 1': true,
      },
      env,
    );
  });

  it('stays unbounded when an alternative leaves the binder unbounded', () => {
    check('', { 'forall|i: int| (0 <= i < lo || i > hi) ==> s[i] >= 1': 'indeterminate: unbounded quantifier over int' }, env);
  });
});
