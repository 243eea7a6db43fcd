// vstd methods found in published verified code: `ext_equal` on every collection, `String`/`&str` `is_ascii` and
// byte `len`, the char methods std_specs/char.rs specifies, `Seq::flatten`, `Map::contains_pair`/`kv_pairs`,
// `set_int_range`. Methods vstd gives no spec meaning stay unsupported.
import { describe, it } from 'vitest';
import { check } from './check';

describe('ext_equal', () => {
  it('is =~= on seqs, sets, maps and multisets', () => {
    check('', {
      'seq![1int, 2].ext_equal(seq![1int, 2]) && !seq![1int].ext_equal(seq![2int])': true,
      'set![1int, 2].ext_equal(set![2int, 1]) && !set![1int].ext_equal(set![1int, 2])': true,
      'map![1int => 2int].ext_equal(map![1int => 2int]) && !map![1int => 2int].ext_equal(map![1int => 3int])': true,
      'Multiset::singleton(1int).add(Multiset::singleton(1int)).ext_equal(Multiset::singleton(1int).insert(1int))': true,
      'Multiset::singleton(1int).ext_equal(Multiset::singleton(1int).insert(1int))': false,
      'set![seq![1int]].ext_equal_deep(set![seq![1int]])': true,
    });
  });
});

describe('String and &str', () => {
  it('is_ascii: every char below 128; the view (a Seq<char>) has no is_ascii', () => {
    check(
      '',
      { 's.is_ascii()': true, 't.is_ascii()': false, 'e.is_ascii()': true, 's@.is_ascii()': 'unsupported: .is_ascii() on a seq' },
      {
        values: { s: 'abc', t: 'héllo', e: '' },
      },
    );
  });
  it('len is the UTF-8 byte length (str::len), the view length counts chars', () => {
    check(
      '',
      { 's.len() == 3': true, 't.len() == 6 && t@.len() == 5': true, 'u.len() == 4 && u@.len() == 1': true },
      {
        values: { s: 'abc', t: 'héllo', u: '😀' },
      },
    );
  });
});

describe('char', () => {
  it('has the ASCII classes std_specs/char.rs gives by ranges', () => {
    check('', {
      "'7'.is_ascii_digit() && !'x'.is_ascii_digit()": true,
      "'q'.is_ascii_alphabetic() && 'Q'.is_ascii_uppercase() && 'q'.is_ascii_lowercase() && !'Q'.is_ascii_lowercase()": true,
      "'f'.is_ascii_hexdigit() && 'F'.is_ascii_hexdigit() && '9'.is_ascii_hexdigit() && !'g'.is_ascii_hexdigit()": true,
      "'!'.is_ascii_punctuation() && '~'.is_ascii_punctuation() && !'a'.is_ascii_punctuation()": true,
      "'~'.is_ascii_graphic() && !' '.is_ascii_graphic() && '\\u{7f}'.is_ascii_control() && !'a'.is_ascii_control()": true,
      "'a'.to_ascii_uppercase() == 'A' && 'A'.to_ascii_lowercase() == 'a' && 'é'.to_ascii_uppercase() == 'é'": true,
      "'a'.eq_ignore_ascii_case(&'A') && !'a'.eq_ignore_ascii_case(&'b')": true,
    });
  });
  it('has White_Space as vstd lists it and len_utf8', () => {
    check('', {
      "' '.is_whitespace() && '\\u{85}'.is_whitespace() && '\\u{3000}'.is_whitespace() && !'\\u{feff}'.is_whitespace()": true,
      "'a'.len_utf8() == 1 && 'é'.len_utf8() == 2 && '€'.len_utf8() == 3 && '😀'.len_utf8() == 4": true,
    });
  });
  it('leaves Unicode classes vstd does not specify unsupported', () => {
    check('', { "'a'.is_alphanumeric()": 'unsupported: .is_alphanumeric()', "'a'.is_lowercase()": 'unsupported: .is_lowercase()' });
  });
});

describe('Seq, Set and Map additions', () => {
  it('flattens a seq of seqs in order (flatten_alt is the same value)', () => {
    check('', {
      'seq![seq![1int], seq![], seq![2int, 3]].flatten() =~= seq![1int, 2, 3]': true,
      'seq![seq![1int], seq![2int]].flatten_alt() =~= seq![1int, 2]': true,
      'Seq::<Seq<int>>::empty().flatten().len() == 0': true,
    });
  });
  it('zips two seqs of one length into pairs (empty when the lengths differ)', () => {
    check('', {
      'seq![1int, 2].zip_with(seq![true, false]) =~= seq![(1int, true), (2int, false)]': true,
      'seq![1int, 2].zip_with(seq![true]).len() == 0': true,
    });
  });
  it('builds Set::range(lo, hi) as the integers from lo up to hi', () => {
    check('', {
      'Set::range(0, 4).filter(|i: int| i % 2 == 0).len() == 2': true,
      'Set::<int>::int_range(2, 2).len() == 0': true,
    });
  });
  it('tests prefixes and suffixes', () => {
    check('', {
      'seq![1int].is_prefix_of(seq![1int, 2]) && !seq![2int].is_prefix_of(seq![1int, 2])': true,
      'seq![2int].is_suffix_of(seq![1int, 2]) && !seq![1int, 2, 3].is_suffix_of(seq![2int, 3])': true,
    });
  });
  it('counts enumerated sets and knows they are finite', () => {
    check('', {
      'set![1int, 2, 2].len() == 2 && set![1int].finite()': true,
      'Set::new(|x: u8| x < 3).len() == 3 && set_int_range(2, 5).len() == 3': true,
      'set_int_range(2, 5) =~= set![2int, 3, 4] && set_int_range(5, 2).len() == 0': true,
    });
  });
  it('gives maps values, kv_pairs and contains_pair; keys() is not vstd', () => {
    check('', {
      'map![1int => 2int, 3int => 2int].values() =~= set![2int]': true,
      'map![1int => 2int].kv_pairs() =~= set![(1int, 2int)]': true,
      'map![1int => 2int].contains_pair(1int, 2int) && !map![1int => 2int].contains_pair(1int, 3int)': true,
      'map![1int => 2int].keys().len() == 1': 'unsupported: .keys() on a map',
    });
  });
  it('leaves sort_by (a merge sort by a closure) unsupported for now', () => {
    check('', { 'seq![3int, 1].sort_by(|a: int, b: int| a <= b) =~= seq![1int, 3]': 'unsupported: .sort_by()' });
  });
});

describe('DeepView', () => {
  it("a Vec's deep_view is its elements' deep views: a Vec of a type viewing as a struct is a Seq of that struct", () => {
    const journal = `
pub struct Entry { pub start: int }
pub struct ConcreteEntry { pub start: u64 }
impl View for ConcreteEntry {
    type V = Entry;
    open spec fn view(&self) -> Entry { Entry { start: self.start as int } }
}
impl DeepView for ConcreteEntry {
    type V = Entry;
    open spec fn deep_view(&self) -> Entry { self@ }
}
pub struct Entries { pub entries: Vec<ConcreteEntry> }
impl View for Entries {
    type V = Seq<Entry>;
    open spec fn view(&self) -> Seq<Entry> { self.entries.deep_view() }
}`;
    const e = { struct: 'ConcreteEntry', fields: { start: 29 } } as const;
    check(
      journal,
      {
        'after@ == before@.push(e@)': true,
        'after@[0] == Entry { start: 29 }': true,
        'pairs.deep_view() == seq![(Entry { start: 29 }, 1u8)]': true,
        'Some(e).deep_view() == Some(e@)': true,
      },
      {
        values: {
          e,
          before: { struct: 'Entries', fields: { entries: [] } },
          after: { struct: 'Entries', fields: { entries: [e] } },
          pairs: [{ tuple: [e, 1] }],
        },
      },
    );
  });
});

describe('vstd::arithmetic::power2', () => {
  it('is_pow2 (and is_pow2_exists) hold of positive powers of two only; pow2 is 2 to the power', () => {
    check('', {
      'is_pow2(1) && is_pow2(64) && is_pow2(4096) && is_pow2_exists(1024)': true,
      'is_pow2(0) || is_pow2(-4) || is_pow2(96) || is_pow2(4095)': false,
      'vstd::arithmetic::power2::is_pow2(8) && pow2(12) == 4096': true,
    });
  });
});
