// Spec syntax forms as a Verus user writes them: triggers, bullets, turbofish, qualified vstd paths.
import { describe, it } from 'vitest';
import { check } from './check';

describe('written forms', () => {
  it('ignores triggers and reads bullets, turbofish and qualified paths', () => {
    check(
      '',
      {
        'forall|i: int| 0 <= i < s.len() ==> #[trigger] s[i] > 0': true,
        'forall|i: int| #![auto] 0 <= i < s.len() ==> s[i] > 0': true,
        'forall|i: int| #![trigger s[i]] 0 <= i < s.len() ==> s[i] > 0': true,
        '&&& s.len() == 3 &&& s[0] == 3': true,
        '||| s.len() == 0 ||| s[0] == 3': true,
        'vstd::seq::Seq::<int>::empty().len() == 0': true,
        's.subrange(0, 2) =~= seq![3int, 1]': true,
        's@ == s && s.view() == s': true,
      },
      { values: { s: [3, 1, 4] } },
    );
  });

  it('binds an uppercase `let` name that names no constant, variant or type (nrkernel’s `let P = v & MASK == MASK`)', () => {
    check(
      `
const MASK: u8 = 1;
spec fn present(v: u8) -> bool { let P = v & MASK == MASK; P }
spec fn flags(v: u8) -> (bool, bool) { let (P, RW) = (v & 1 == 1, v & 2 == 2); (RW, P) }
spec fn is_mask(v: u8) -> bool { match v { MASK => true, _ => false } }`,
      {
        'present(3u8)': true,
        'present(2u8)': false,
        'flags(2u8) == (true, false)': true,
        'is_mask(1u8) && !is_mask(2u8)': true,
      },
      { values: {} },
    );
  });
});
