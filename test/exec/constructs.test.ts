// Exec semantics per construct: a Verus snippet and a call in, the outcome out.

import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../server/src/syntax';
import { createSpecContext, EMPTY_SPEC_ENV, evaluateExpr } from '../../server/src/eval/spec';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { formatDebug } from '../../server/src/eval/exec';
import { ch, i, run, str, vec } from './helpers';

describe('control flow', () => {
  it('if/else, while, loop with break value, labelled break and continue', () => {
    expect(run('fn f(x: i32) -> i32 { if x > 0 { 1 } else if x < 0 { -1 } else { 0 } }', 'f', { x: i(-5) })).toBe('returned -1');
    expect(run('fn f(n: u32) -> u32 { let mut k = n; let r = loop { if k % 7 == 0 { break k; } k += 1; }; r }', 'f', { n: i(15) })).toBe(
      'returned 21',
    );
    const labelled = `fn f(n: u32) -> u32 {
      let mut count: u32 = 0;
      'outer: for a in 0..n { for b in 0..n { if b > a { continue 'outer; } if a + b > 6 { break 'outer; } count += 1; } }
      count }`;
    expect(run(labelled, 'f', { n: i(10) })).toBe('returned 13');
  });
  it('for over ranges, inclusive ranges, reversed ranges and collections', () => {
    expect(run('fn f(a: u32, b: u32) -> u32 { let mut s = 0; for k in a..=b { s += k; } s }', 'f', { a: i(1), b: i(4) })).toBe(
      'returned 10',
    );
    expect(
      run(
        'fn f(v: Vec<u8>) -> Vec<u8> { let mut r = Vec::new(); for x in v.iter() { r.push(*x); } for k in (0..2).rev() { r.push(k); } r }',
        'f',
        { v: vec([7, 8]) },
      ),
    ).toBe('returned [7, 8, 1, 0]');
    expect(
      run('fn f(v: &Vec<i32>) -> usize { let mut c = 0; for (k, x) in v.iter().enumerate() { if *x == k as i32 { c += 1; } } c }', 'f', {
        v: vec([0, 5, 2]),
      }),
    ).toBe('returned 2');
  });
  it('match with guards, or-patterns, ranges and bindings; early return', () => {
    const src = `fn f(x: i32) -> u8 { match x { 0 => 0, 1 | 2 => 1, 3..=9 => 2, n if n < 0 => { return 9; } _ => 3 } }`;
    expect([0, 2, 5, -4, 100].map((x) => run(src, 'f', { x: i(x) }))).toEqual([
      'returned 0',
      'returned 1',
      'returned 2',
      'returned 9',
      'returned 3',
    ]);
  });
  it('a diverging loop is a timeout', () => {
    expect(run('fn f(x: u32) -> u32 { let mut y = x; while y > 0 { y = y + 0; } y }', 'f', { x: i(1) }, 5_000)).toBe('timeout');
  });
});

describe('places, &mut and calls', () => {
  it('evaluates a method receiver once: `v.pop().unwrap()` pops one element, `o.take().unwrap()` takes once', () => {
    const popping = `fn f(v: Vec<u32>) -> usize { let mut s = v.clone(); let mut n: usize = 0; while s.len() > 0 { let x = s.pop().unwrap(); n += 1; } n }`;
    expect(run(popping, 'f', { v: vec([1, 2, 3, 4, 5, 6]) })).toBe('returned 6');
    const taking = `fn f(x: u32) -> u32 { let mut o = Some(x); let y = o.take().unwrap(); if o.is_none() { y } else { 0 } }`;
    expect(run(taking, 'f', { x: i(7) })).toBe('returned 7');
  });
  it('assigns through fields, indices and &mut parameters (write-back)', () => {
    const src = `struct P { x: u8, ys: Vec<u8> }
      fn bump(p: &mut P, k: usize) { p.x = p.x + 1; p.ys[k] = 9; }
      fn f(v: &mut Vec<u8>) -> u8 { let mut p = P { x: 1, ys: vec![0, 0] }; bump(&mut p, 1); v.set(0, p.ys[1]); v[1] += p.x; p.x }`;
    expect(run(src, 'f', { v: vec([1, 2, 3]) })).toBe('returned 2; v = [9, 4, 3]');
  });
  it('let r = &mut x; *r = ..', () => {
    expect(run('fn f(a: u32) -> u32 { let mut x = a; let r = &mut x; *r = *r * 2; x }', 'f', { a: i(21) })).toBe('returned 42');
  });
  it('methods with &mut self, Self::f, recursion', () => {
    const src = `struct Counter { n: u64 }
      impl Counter {
        fn add(&mut self, k: u64) { self.n = self.n + k; }
        fn get(&self) -> u64 { self.n }
        fn fib(n: u64) -> u64 { if n < 2 { n } else { Self::fib(n - 1) + Self::fib(n - 2) } }
      }
      fn f(k: u64) -> u64 { let mut c = Counter { n: 1 }; c.add(k); c.add(Counter::fib(10)); c.get() }`;
    expect(run(src, 'f', { k: i(5) })).toBe('returned 61');
  });
  it('ghost code is erased: proof blocks, asserts, let ghost, ghost params, loop specs', () => {
    const src = `proof fn lemma(x: int) ensures x == x {}
      fn f(x: u8, Ghost(g): Ghost<int>) -> (r: u8) ensures r == x {
        let ghost y = x + 1000;
        proof { lemma(y); }
        assert(x == x);
        let mut i: u8 = 0;
        while i < x invariant i <= x decreases x - i { i += 1; }
        i }`;
    expect(run(src, 'f', { x: i(4), g: i(0) })).toBe('returned 4');
  });
  it('runs the body of an external_body fn (it is what executes); unknown calls are not runnable, never guessed', () => {
    expect(
      run('#[verifier::external_body]\nfn g(x: u8) -> (r: u8) ensures r == x + 1 { x + 1 }\nfn f(x: u8) -> u8 { g(x) }', 'f', { x: i(1) }),
    ).toBe('returned 2');
    expect(
      run('#[verifier::external_body]\nfn g(x: u8) -> (r: u8) ensures r == x + 1 { x + 1 }\nfn f(x: u8) -> u8 { g(x) }', 'f', {
        x: i(255),
      }),
    ).toBe('panicked: attempt to add with overflow');
    expect(run('fn f(x: u8) -> u8 { mystery(x) }', 'f', { x: i(1) })).toBe('not-runnable: calls mystery');
  });
});

describe('Vec, slices, strings, Option and Result', () => {
  it('Vec operations and their panics', () => {
    const src =
      'fn f(v: Vec<i32>) -> Vec<i32> { let mut w = v.clone(); w.insert(0, 5); w.remove(1); w.push(w.len() as i32); w.truncate(3); w.swap(0, 1); w }';
    expect(run(src, 'f', { v: vec([1, 2, 3]) })).toBe('returned [2, 5, 3]');
    expect(run('fn f(v: Vec<i32>, k: usize) -> i32 { v[k] }', 'f', { v: vec([1, 2, 3]), k: i(5) })).toBe(
      'panicked: index out of bounds: the len is 3 but the index is 5',
    );
    expect(run('fn f(v: Vec<i32>) -> i32 { let mut w = v; w.remove(3) }', 'f', { v: vec([1, 2, 3]) })).toBe(
      'panicked: removal index (is 3) should be < len (is 3)',
    );
    expect(run('fn f(v: Vec<u8>) -> Option<u8> { let mut w = v; w.pop() }', 'f', { v: vec([]) })).toBe('returned None');
    expect(run('fn f(n: usize) -> Vec<u8> { vec![7; n] }', 'f', { n: i(3) })).toBe('returned [7, 7, 7]');
    // More elements than the step budget allows is that input's time-out; the fn still runs on small sizes.
    expect(run('fn f(n: u64) -> Vec<u8> { vec![0; n as usize] }', 'f', { n: i(18446744073709551615n) })).toBe('timeout');
  });
  it('slices &v[a..b] and their panics', () => {
    expect(run('fn f(v: &[u8]) -> Vec<u8> { v[1..3].to_vec() }', 'f', { v: vec([1, 2, 3, 4]) })).toBe('returned [2, 3]');
    expect(run('fn f(v: &[u8]) -> usize { v[2..5].len() }', 'f', { v: vec([1, 2, 3]) })).toBe(
      'panicked: range end index 5 out of range for slice of length 3',
    );
  });
  it('strings: unicode_len, get_char, as_bytes, len in bytes, chars', () => {
    expect(run('fn f(s: &str) -> (usize, usize) { (s.unicode_len(), s.len()) }', 'f', { s: str('héllo') })).toBe('returned (5, 6)');
    expect(run('fn f(s: &str) -> char { s.get_char(1) }', 'f', { s: str('abc') })).toBe("returned 'b'");
    expect(run('fn f(s: &str) -> u8 { s.as_bytes()[0] }', 'f', { s: str('A') })).toBe('returned 65');
    expect(
      run('fn f(s: String) -> String { let mut r = String::new(); for c in s.chars() { r.push(c.to_ascii_uppercase()); } r }', 'f', {
        s: str('aB1'),
      }),
    ).toBe('returned "AB1"');
    expect(run("fn f(c: char) -> bool { c.is_ascii_digit() || c == 'x' }", 'f', { c: ch('x') })).toBe('returned true');
  });
  it('Option/Result: unwrap, expect, ?, is_some', () => {
    expect(run('fn f(x: Option<u8>) -> u8 { x.unwrap() }', 'f', { x: { kind: 'enum', name: 'Option', variant: 'None', fields: [] } })).toBe(
      'panicked: called `Option::unwrap()` on a `None` value',
    );
    expect(
      run('fn f(x: Option<u8>) -> u8 { x.expect("need a value") }', 'f', {
        x: { kind: 'enum', name: 'Option', variant: 'None', fields: [] },
      }),
    ).toBe('panicked: need a value');
    const question = 'fn g(x: u8) -> Option<u8> { x.checked_mul(2) }\nfn f(x: u8) -> Option<u8> { let y = g(x)?; Some(y + 1) }';
    expect(run(question, 'f', { x: i(200) })).toBe('returned None');
    expect(run(question, 'f', { x: i(20) })).toBe('returned Some(41)');
    expect(
      run('fn f(x: u8) -> Result<u8, u8> { if x > 3 { Err(x) } else { Ok(x) } }\nfn g(x: u8) -> u8 { f(x).unwrap() }', 'g', { x: i(7) }),
    ).toBe('panicked: called `Result::unwrap()` on an `Err` value: 7');
  });
  it('enums and structs with match on variants', () => {
    const src = `enum Shape { Circle(u32), Rect { w: u32, h: u32 }, Dot }
      fn area(s: Shape) -> u32 { match s { Shape::Circle(r) => 3 * r * r, Shape::Rect { w, h } => w * h, Shape::Dot => 0 } }`;
    expect(
      run(src, 'area', {
        s: {
          kind: 'enum',
          name: 'Shape',
          variant: 'Rect',
          fields: [
            ['w', i(3)],
            ['h', i(4)],
          ],
        },
      }),
    ).toBe('returned 12');
    expect(run(src, 'area', { s: { kind: 'enum', name: 'Shape', variant: 'Circle', fields: [['0', i(65536)]] } })).toBe(
      'panicked: attempt to multiply with overflow',
    );
  });
  it('assert!, assert_eq!, panic!, unreachable!', () => {
    expect(run('fn f(x: u8) { assert!(x < 3); }', 'f', { x: i(5) })).toBe('panicked: assertion failed: x < 3');
    expect(run('fn f(x: u8) { assert_eq!(x, 3); }', 'f', { x: i(5) })).toBe(
      'panicked: assertion `left == right` failed\n  left: 5\n right: 3',
    );
    expect(run('fn f(x: u8) { panic!("bad {}", x); }', 'f', { x: i(5) })).toBe('panicked: bad 5');
    expect(run('fn f(x: u8) { unreachable!(); }', 'f', { x: i(5) })).toBe('panicked: internal error: entered unreachable code');
  });
});

describe('exec division truncates where spec division is Euclidean', () => {
  const cases: [number, number][] = [
    [-7, 2],
    [7, -2],
    [-7, -2],
    [7, 2],
  ];
  for (const [a, b] of cases) {
    it(`${a} / ${b} and ${a} % ${b}`, () => {
      const exec = run('fn f(a: i32, b: i32) -> (i32, i32) { (a / b, a % b) }', 'f', { a: i(a), b: i(b) });
      expect(exec).toBe(`returned (${Math.trunc(a / b)}, ${a % b})`);
      const model = buildFileModel(parseSourceFile('verus! {}'));
      const ctx = createSpecContext(model.scope, {});
      const spec = [`(${a}) / (${b})`, `(${a}) % (${b})`].map((text) => {
        const result = evaluateExpr(ctx, parseExpression(text).expr, EMPTY_SPEC_ENV);
        return result.kind === 'value' ? formatDebug(result.value) : result.kind;
      });
      const q = b > 0 ? Math.floor(a / b) : -Math.floor(a / -b);
      expect(spec).toEqual([String(q), String(a - b * q)]);
    });
  }
  it('-7/2: exec -3 and -1, spec -4 and 1', () => {
    expect(run('fn f(a: i32) -> (i32, i32) { (a / 2, a % 2) }', 'f', { a: i(-7) })).toBe('returned (-3, -1)');
    const ctx = createSpecContext(buildFileModel(parseSourceFile('')).scope, {});
    const spec = ['-7 / 2', '-7 % 2'].map((t) => evaluateExpr(ctx, parseExpression(t).expr, EMPTY_SPEC_ENV));
    expect(spec.map((r) => (r.kind === 'value' ? formatDebug(r.value) : r.kind))).toEqual(['-4', '1']);
  });
});
