// Item parsing: every fn mode and modifier, signatures, clause lists (with `&&&` splitting), data items,
// impls/traits, use/mod/macros, and doc comments and attributes.
import { describe, expect, it } from 'vitest';
import { parseSourceFile, type FnItem, type Item } from '../../server/src/syntax';
import { dumpBlock, dumpClauses, dumpExpr, dumpItem } from './dump';

function items(source: string): Item[] {
  const file = parseSourceFile(source);
  expect(file.diagnostics.map((d) => d.message)).toEqual([]);
  return [...file.items];
}

function fn(source: string): FnItem {
  const item = items(`verus! { ${source} }`)[0];
  if (item?.kind !== 'fn') throw new Error(`expected a fn, got ${item?.kind}`);
  return item;
}

describe('fn headers', () => {
  const HEADERS: readonly (readonly [string, string])[] = [
    ['spec fn f(x: int) -> int { x }', 'fn f spec (x: int) -> int'],
    ['proof fn p(x: nat) {}', 'fn p proof (x: nat)'],
    ['exec fn e() {}', 'fn e exec ()'],
    ['fn e(v: &mut Vec<u8>) {}', 'fn e exec (v: &mut Vec<u8>)'],
    ['pub open spec fn o(s: Seq<int>) -> bool { true }', 'fn o spec open (s: Seq<int>) -> bool'],
    ['pub closed spec fn c() -> bool { true }', 'fn c spec closed () -> bool'],
    ['uninterp spec fn u(x: int) -> int;', 'fn u spec uninterp (x: int) -> int ;'],
    ['pub(crate) open spec fn r() -> int { 1 }', 'fn r spec open () -> int'],
    ['spec(checked) fn sc(a: int) -> int { a }', 'fn sc spec checked (a: int) -> int'],
    ['broadcast proof fn bp(x: int) {}', 'fn bp proof (x: int)'],
    ['const fn cf() -> u8 { 1 }', 'fn cf exec () -> u8'],
    ['fn r(x: u8) -> (r: u8) { x }', 'fn r exec (x: u8) -> r: u8'],
    ['proof fn t(tracked x: u8) -> (tracked r: u8) { x }', 'fn t proof (tracked x: u8) -> r: u8'],
    ['fn tup((a, b): (u8, bool)) {}', 'fn tup exec ((a, b): (u8, bool))'],
    [
      "fn g<T: Copy + Clone, 'a, const N: usize>(x: &'a [T; N]) -> Option<(u8, bool)> where T: Eq { None }",
      'fn g exec (x: &[T; N]) -> Option<(u8, bool)>',
    ],
    [
      'fn m(v: Vec<Vec<u8>>, m: Map<int, Seq<char>>) -> Ghost<int> { Ghost(0) }',
      'fn m exec (v: Vec<Vec<u8>>, m: Map<int, Seq<char>>) -> Ghost<int>',
    ],
    [
      'fn h(f: spec_fn(int) -> bool, g: FnSpec(u8) -> u8, k: fn(u8), j: impl Fn(u8) -> bool) {}',
      'fn h exec (f: spec_fn(int) -> bool, g: FnSpec(u8) -> u8, k: fn(u8), j: Fn(u8) -> bool)',
    ],
    ['fn d(x: dyn Tr, n: !, i: _, s: &[u8]) {}', 'fn d exec (x: dyn Tr, n: !, i: _, s: &[u8])'],
  ];
  for (const [source, expected] of HEADERS) it(source, () => expect(dumpItem(fn(source))).toBe(expected));

  it('records generics with bounds, including where clauses', () => {
    const f = fn("fn g<T: Copy + View<V = int>, 'a, const N: usize>(x: T) where T: Eq {}");
    expect(f.generics.map((g) => [g.name, g.kind, g.bounds])).toEqual([
      ['T', 'type', ['Copy', 'View<V = int>', 'Eq']],
      ["'a", 'lifetime', []],
      ['N', 'const', ['usize']],
    ]);
  });

  it('handles self parameters', () => {
    const item = items('verus! { impl S { fn a(self) {} fn b(&self) {} fn c(&mut self, x: u8) {} fn d(mut self) {} } }')[0];
    if (item?.kind !== 'impl') throw new Error('expected impl');
    const params = item.items.flatMap((i) => (i.kind === 'fn' ? i.params : []));
    expect(params.map((p) => [p.name, p.passing, p.isSelf])).toEqual([
      ['self', 'value', true],
      ['self', 'ref', true],
      ['self', 'mut', true],
      ['x', 'value', false],
      ['self', 'value', true],
    ]);
  });
});

describe('clauses', () => {
  it('splits comma items and &&& bullets, trailing comma optional', () => {
    const f = fn(`fn f(x: u8) -> (r: u8)
        requires x > 0, x < 10
        ensures
            &&& r > x
            &&& r < 20,
            r != 15,
        { x + 1 }`);
    expect(dumpClauses(f.requires)).toEqual(['(> x 0)', '(< x 10)']);
    expect(dumpClauses(f.ensures)).toEqual(['(> r x)', '(< r 20)', '(!= r 15)']);
  });

  it('does not take the body for a struct literal', () => {
    const f = fn('fn f(x: u8) -> u8 requires x == MAX { x }');
    expect(dumpClauses(f.requires)).toEqual(['(== x MAX)']);
    expect(f.body?.tail === undefined ? '' : dumpExpr(f.body.tail)).toBe('x');
  });

  it('reads recommends, decreases with when/via, returns, and skips opens_invariants/no_unwind', () => {
    const f = fn(`spec fn f(i: int) -> int recommends i >= 0 decreases i, 0int when i > 0 via f_proof { i }`);
    expect(dumpClauses(f.recommends)).toEqual(['(>= i 0)']);
    expect(f.decreases?.exprs.map(dumpExpr)).toEqual(['i', '0int']);
    expect(f.decreases?.when && dumpExpr(f.decreases.when)).toBe('(> i 0)');
    expect(f.decreases?.via && dumpExpr(f.decreases.via)).toBe('f_proof');
    const g = fn('fn g(x: u8) -> u8 requires x < 5 returns x + 1 opens_invariants any no_unwind { x + 1 }');
    expect(g.returns && dumpExpr(g.returns.expr)).toBe('(+ x 1)');
    expect(dumpClauses(g.requires)).toEqual(['(< x 5)']);
  });
});

describe('other items', () => {
  it('parses data, impl, trait, use, mod and macro items', () => {
    const source = `
      use vstd::prelude::*;
      macro_rules! m { () => {} }
      verus! {
        broadcast use vstd::seq_lib::group_seq_properties;
        pub struct Named { pub a: u8, b: Vec<u8> }
        struct Tup(u8, pub bool);
        struct Unit;
        enum E { A, B(u8), C { x: int } }
        type Alias<T> = Seq<T>;
        const C: u8 = 5;
        static S: u8 = 6;
        spec const SC: int = 7;
        impl<T> Tr for Named where T: Copy { type V = int; fn f(&self) {} }
        trait Tr { type V; spec fn g(&self) -> int; }
        mod inner { fn z() {} }
        mod outer;
        foo!(1, 2);
      }`;
    expect(items(source).map(dumpItem)).toEqual([
      'use vstd::prelude::*',
      'macro macro_rules',
      'use broadcast vstd::seq_lib::group_seq_properties',
      'struct Named named',
      'struct Tup tuple',
      'struct Unit unit',
      'enum E [A B C]',
      'type Alias = Seq<T>',
      'const C exec: u8',
      'const S exec: u8',
      'const SC spec: int',
      'impl Tr for Named [V f]',
      'trait Tr [V g]',
      'mod inner [1]',
      'mod outer;',
      'macro foo',
    ]);
  });

  it('marks items inside verus! and attaches docs and attributes', () => {
    const source = `/// outside\nfn a() {}\nverus! {\n/// Line one.\n/// Line two.\n#[verifier::external_body]\n#[verifier(opaque)]\npub fn b() {}\n}`;
    const [a, b] = items(source);
    expect([a?.inVerus, a?.docs]).toEqual([false, 'outside']);
    expect([b?.inVerus, b?.docs, b?.visibility]).toEqual([true, 'Line one.\nLine two.', 'pub']);
    expect(b?.attributes.map((x) => [x.path, x.text])).toEqual([
      ['verifier::external_body', 'verifier::external_body'],
      ['verifier', 'verifier(opaque)'],
    ]);
  });
});

describe('outer attributes inside bodies and data items', () => {
  /** The body of the first fn in `source` (wrapped in `verus!`), with no diagnostics allowed. */
  function body(source: string): string {
    const f = fn(`fn f(x: u8) -> u8 { ${source} }`);
    return f.body === undefined ? '<none>' : dumpBlock(f.body);
  }

  const STATEMENTS: readonly (readonly [string, string])[] = [
    ['#[verifier::custom_err("X")] assert(p(1));', '{(assert (call p 1));}'],
    ['#[allow(unused)] let y = 1; y', '{(let y 1); y}'],
    ['#[allow(unused_variables)] #[allow(dead_code)] x + 1;', '{(+ x 1);}'],
    ['#[verifier::spinoff_prover] proof { assert(true); } x', '{(proof-block) x}'],
    ['#[cfg(feature = "x")] fn inner() {} x', '{<item fn> x}'],
    ['#![allow(unused)] x', '{x}'],
  ];
  for (const [source, expected] of STATEMENTS) it(source, () => expect(body(source)).toBe(expected));

  it('keeps the attributes of an item declared in a body', () => {
    const stmt = fn('fn f() { #[verifier::external_body] fn g() {} }').body?.stmts[0];
    expect(stmt?.kind === 'item' ? stmt.item.attributes.map((a) => a.path) : []).toEqual(['verifier::external_body']);
  });

  it('accepts attributes on match arms, fields and variants', () => {
    const source = `verus! {
      fn f(x: u8) -> u8 { match x { #[allow(x)] 0 => 1, _ => 2 } }
      struct S { #[allow(x)] a: u8, #[verifier::spec] pub b: u8 }
      struct T(#[allow(x)] u8);
      enum E { #[allow(x)] A, #[doc = "b"] B(u8) }
    }`;
    expect(items(source).map(dumpItem)).toEqual(['fn f exec (x: u8) -> u8', 'struct S named', 'struct T tuple', 'enum E [A B]']);
  });

  it('reports an attribute that ends a block, and keeps the following fn', () => {
    const file = parseSourceFile('verus! {\nfn f() {\n    assert(true);\n    #[allow(x)]\n}\nfn g() {}\n}');
    expect(file.diagnostics.map((d) => d.message)).toEqual(['expected an expression']);
    expect(file.items.map((i) => ('name' in i ? i.name : i.kind))).toEqual(['f', 'g']);
  });
});
