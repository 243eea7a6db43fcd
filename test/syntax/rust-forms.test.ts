// Forms that rustc (and syn, which reads a `verus!` body) accept and that verified kernel, controller and textbook code
// writes: visibilities on variants, foreign blocks and unsafe impls in bodies, inline const blocks, braced macro calls
// by path, paths from the crate root, async blocks, coroutine yields, closure contracts ending in a comma, and
// destructured tracked results. Each snippet (wrapped in `verus!`) must parse with no diagnostic into the tree shown:
// one line per item, a fn's body dumped after its signature.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile, type Item } from '../../server/src/syntax';
import { dumpBlock, dumpClauses, dumpItem } from './dump';

/** The items of `source` (wrapped in `verus!`), after checking it parses cleanly. */
function parseClean(source: string): readonly Item[] {
  const file = parseSourceFile(`verus! {\n${source}\n}`);
  expect(file.diagnostics.map((d) => d.message)).toEqual([]);
  return file.items;
}

function check(source: string, expected: readonly string[]): void {
  const dumped = parseClean(source).map((item) =>
    item.kind === 'fn' && item.body !== undefined ? `${dumpItem(item)} ${dumpBlock(item.body)}` : dumpItem(item),
  );
  expect(dumped).toEqual(expected);
}

describe('Rust forms the parser accepts', () => {
  const CASES: readonly (readonly [string, string, readonly string[]])[] = [
    ['a visibility on enum variants', 'pub enum E { pub A, pub(crate) B(u8), pub C { x: u8 } }', ['enum E [A B C]']],
    [
      'foreign blocks and a foreign fn in a body',
      'fn f() { extern "C" { fn g(); } unsafe extern "C" { static X: u8; } extern "C" fn cb(x: u8) -> u8 { x } g(); }',
      ['fn f exec () {<item macro> <item macro> <item fn> (call g);}'],
    ],
    ['an unsafe foreign block as an item', 'unsafe extern "C" { fn h(); }', ['macro extern']],
    [
      'unsafe impls in a body',
      'fn f() { struct S<T>(T); unsafe impl<T> Sync for S<T> {} unsafe impl<T> Send for S<T> {} }',
      ['fn f exec () {<item struct> <item impl> <item impl>}'],
    ],
    [
      'inline const blocks as statements (with or without `;`) and array elements',
      'fn f() -> [Option<u8>; 4] { const { assert!(N % 2 == 0) }; const { assert!(true); } let a = [const { None }; 4]; a }',
      ['fn f exec () -> [Option<u8>; 4] {{(assert! (== (% N 2) 0))}; {(assert! true);} (let a (array {None} ; 4)); a}'],
    ],
    [
      'a braced macro call by path as a statement of its own',
      'fn f() { crate::cpu_local_cell! { static X: bool = false; } let g = 1; if X.load() { } }',
      ['fn f exec () {(cpu_local_cell! " static X: bool = false; ") (let g 1); (if (.load X) {})}'],
    ],
    [
      'paths from the crate root in bounds and types',
      "fn w<'a, T: 'a, I: ::vstd::std_specs::iter::IteratorSpec<Item = &'a T> + Iterator<Item = &'a T>>(v: ::std::vec::Vec<u8>) where I: ::core::marker::Send {}",
      ['fn w exec (v: std::vec::Vec<u8>) {}'],
    ],
    [
      'async blocks and async closures, kept as calls of an `async` macro',
      'fn f(rt: R) { let r = rt.block_on(async { g().await }); let c = |x: u8| async move { x }; let d = async move |y: u8| y; }',
      [
        'fn f exec (rt: R) {(let r (.block_on rt (async! {(. (call g) await)}))); (let c (closure (x: u8) (async! {x}))); (let d (closure (y: u8) (async! y)));}',
      ],
    ],
    [
      'coroutine yields, kept as calls of a `yield` macro',
      'fn f() { let co = #[coroutine] || { yield 1; yield; }; }',
      ['fn f exec () {(let co (closure () {(yield! 1); (yield! "");}));}'],
    ],
    [
      'closure contracts whose last clause ends in a comma before the body',
      'fn f(v: u8) { join(move || -> (r: u8) ensures r == v, { v }, move || -> (r: u8) requires v > 0, ensures r == 1, { 1 }); }',
      ['fn f exec (v: u8) {(call join (closure () {v}) (closure () {1}));}'],
    ],
    [
      'a where clause on assume_specification',
      'pub assume_specification<T, S> [<HashSet<T, S> as Clone>::clone] (s: &HashSet<T, S>) -> HashSet<T, S> where S: Clone, T: Clone;',
      ['macro assume_specification'],
    ],
  ];
  for (const [name, source, expected] of CASES) it(name, () => check(source, expected));

  it('keeps bounds written from the crate root', () => {
    const [w] = parseClean("fn w<'a, T: 'a, I: ::vstd::iter::Spec<Item = &'a T> + Iterator<Item = &'a T>>(it: I) {}");
    expect(w?.kind === 'fn' ? w.generics.map((g) => [g.name, g.bounds]) : []).toEqual([
      ["'a", []],
      ['T', ["'a"]],
      ['I', ["::vstd::iter::Spec<Item = &'a T>", "Iterator<Item = &'a T>"]],
    ]);
  });

  it('reads a tracked result destructured by a tuple pattern, and binds its names in ensures', () => {
    const [f] = parseClean('proof fn into_parts(tracked self) -> (tracked (a, b): (A, B)) ensures a == self.a() { self.parts() }');
    if (f?.kind !== 'fn') throw new Error('expected a fn');
    expect([f.ret?.ghostMode, f.ret?.name, f.ret?.pattern?.kind]).toEqual(['tracked', undefined, 'tuple']);
    expect(dumpClauses(f.ensures)).toEqual(['{(let (tuple a b) result); (== a (.a self))}']);
  });

  it('parses the kernel-code fixture without a diagnostic', () => {
    const text = readFileSync(join(__dirname, '..', 'fixtures', 'syntax', 'kernel_code.rs'), 'utf8');
    expect(parseSourceFile(text).diagnostics).toEqual([]);
  });
});
