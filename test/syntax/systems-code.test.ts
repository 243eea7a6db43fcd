// Verified systems code (page tables, storage, parsers, distributed key-value stores) uses forms that benchmark files
// rarely do. Each snippet here is valid Verus (reduced from such code) and must parse into the items shown with no
// diagnostic.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { dumpItem } from './dump';

/** The items of `source` (wrapped in `verus!`), one dump line each, after checking it parses cleanly. */
function check(source: string, expected: readonly string[]): void {
  const file = parseSourceFile(`verus! {\n${source}\n}`);
  expect(file.diagnostics.map((d) => d.message)).toEqual([]);
  expect(file.items.map(dumpItem)).toEqual(expected);
}

describe('items of systems code', () => {
  const CASES: readonly (readonly [string, readonly string[]])[] = [
    [
      'pub exec const MASK: usize ensures MASK == MASK_SPEC { proof { lemma(); } bitmask_inc!(12usize, W - 1) }',
      ['const MASK exec: usize ensures (== MASK MASK_SPEC) {..}'],
    ],
    ['exec const C: u64 ensures C == 8, C > 0, { 4 + 4 }', ['const C exec: u64 ensures (== C 8), (> C 0) {..}']],
    ['proof const P: int = 3;', ['const P proof: int']],
    ['pub const proof fn bits() ensures 1u64 & 1u64 == 1u64, {} const spec: u8 = 1;', ['fn bits proof ()', 'const spec exec: u8']],
    [
      '#[cfg(feature = "m")] extern "C" { fn to_phys(va: usize) -> usize; static X: u8; } extern { fn f(); } unsafe extern "C" fn g() {}',
      ['macro extern', 'macro extern', 'fn g exec ()'],
    ],
    ['pub axiom fn ax(x: int) ensures x + 0 == x;', ['fn ax axiom (x: int) ;']],
    ['pub broadcast axiom fn bx(x: int) ensures #[trigger] f(x) == 0;', ['fn bx axiom (x: int) ;']],
    ['proof fn l(m: M, va: usize) ensures #![trigger m.walk(va)] #![auto] m.walk(va) == 0, {}', ['fn l proof (m: M, va: usize)']],
    ['struct H { send: extern "C" fn(u64, *const u8) -> bool, time: extern "C" fn() -> u64, u: unsafe fn(i32) }', ['struct H named']],
    [
      'spec fn p<S: Tr>(b: Seq<u8>) -> bool { <S as Tr>::parseable(b) && <<S as Tr>::T as View>::ok() }',
      ['fn p spec (b: Seq<u8>) -> bool'],
    ],
    ['impl<C: View> View for R<C> { type V = R<<C as View>::V>; }', ['impl View for R<C> [V]']],
    [
      'impl<C1> Combinator for Default<<C1 as Combinator<Vec<u8>>>::Type> where C1::V: Spec<T = <<C1 as View>::V as Spec>::T> {}',
      ['impl Combinator for Default<<C1 as Combinator<Vec<u8>>>::Type> []'],
    ],
    [
      'fn f(n: u64) { let mut closed: u64 = 0; while closed < n invariant closed as nat <= n, { closed = closed + 1; } }',
      ['fn f exec (n: u64)'],
    ],
    ['proof fn g(closed: nat) requires closed as int >= 0, ensures closed + 1 > closed {}', ['fn g proof (closed: nat)']],
    [
      'spec fn e(a: (int, int), b: (int, int)) -> bool { a =~= b == false && 0 <= a.0 < 512 }',
      ['fn e spec (a: (int, int), b: (int, int)) -> bool'],
    ],
    ['proof fn q() { vstd::seq_lib::assert_seqs_equal!(s1, s2, i => { lemma(i); }); }', ['fn q proof ()']],
    [
      'fn c() { let d = |x: u8| -> (r: u8) requires x < 128 ensures r == 2 * x { 2 * x }; let t = move || -> (t: Tracked<T>) ensures t@ == 1, { g() }; }',
      ['fn c exec ()'],
    ],
    [
      'fn m(a: Option<u8>) -> u8 { match (a, a) { (None, None) => {} (Some(_), None) | (None, Some(_)) => {} _ => {} } 0 }',
      ['fn m exec (a: Option<u8>) -> u8'],
    ],
    ['fn u(s: &S) -> u8 { unsafe { &*(s as *const S as *const T) }.encode() }', ['fn u exec (s: &S) -> u8']],
    ['fn t(r: R) -> Result<u8, E> { match r { A => Ok(1), _ => Err(E) }?; Ok(0) }', ['fn t exec (r: R) -> Result<u8, E>']],
    [
      'pub fn inc(v: &A) -> (out: u64) atomically (au) { (p: P) -> (r: P), requires p.id() == v.id(), outer_mask any, }, ensures out == 1, { 1 }',
      ['fn inc exec (v: &A) -> out: u64'],
    ],
    [
      'fn use_inc(v: &A) { let r = inc(v) atomically |upd| -> IncAU { t = upd(t); }; inc(v) atomically loop |upd| invariant t.ok(), { break }; }',
      ['fn use_inc exec (v: &A)'],
    ],
    ['fn o() opens_invariants any, ensures true, {}', ['fn o exec ()']],
    ['proof fn a() -> (tracked r: R) ensures r.fraction() == 1real, { R::new(1real) }', ['fn a proof () -> r: R']],
    ['assume_specification[EXTERNAL_C] -> u8 returns 7u8, ;', ['macro assume_specification']],
    ['assume_specification<T>[ Vec::<T>::len ](v: &Vec<T>) -> (r: usize) ensures r == v@.len();', ['macro assume_specification']],
    ['pub struct OptThen<F, S>(pub (Opt<F>, S), pub(crate) u8);', ['struct OptThen tuple']],
    [
      'pub type M = ord_choice_result!(A, B); fn p(x: E) -> u8 { match x { inj_ord_choice_pat!(x, *, *) => 1, _ => 2 } }',
      ['type M = ord_choice_result!(A, B)', 'fn p exec (x: E) -> u8'],
    ],
  ];
  for (const [source, expected] of CASES) it(source, () => check(source, expected));

  it('reads braced macro calls as statements of their own, as attribute-style Verus writes proof blocks', () => {
    const file = parseSourceFile(
      'fn f(x: u32) -> u32 {\n    proof_decl! { let ghost mut i = 0int; }\n    g(10);\n    proof! { assert(i == 0); }\n    x\n}',
    );
    expect(file.diagnostics).toEqual([]);
  });

  it('reads a path macro call at the top level as a macro item named by its last segment', () => {
    const file = parseSourceFile('syn::custom_keyword!(discriminant);');
    expect(file.diagnostics).toEqual([]);
    expect(file.items.map(dumpItem)).toEqual(['macro custom_keyword']);
  });

  it('reads `extern crate` before the verus! block as an item', () => {
    const file = parseSourceFile('extern crate verus_builtin_macros as builtin_macros;\nverus! { fn f() {} }');
    expect(file.diagnostics).toEqual([]);
    expect(file.items.map(dumpItem)).toEqual(['macro extern', 'fn f exec ()']);
  });

  it('parses the systems-code fixture without a diagnostic', () => {
    const text = readFileSync(join(__dirname, '..', 'fixtures', 'syntax', 'systems_code.rs'), 'utf8');
    expect(parseSourceFile(text).diagnostics).toEqual([]);
  });
});
