// Expression parsing: Verus precedence (verus-semantics.md section 1), postfix forms, quantifiers, macros.
import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../server/src/syntax';
import { dumpExpr } from './dump';

function check(source: string, expected: string): void {
  const { expr, diagnostics } = parseExpression(source);
  expect(diagnostics.map((d) => d.message)).toEqual([]);
  expect(dumpExpr(expr)).toBe(expected);
}

const PRECEDENCE: readonly (readonly [string, string])[] = [
  ['a ==> b && c', '(==> a (&& b c))'],
  ['a <==> b && c', '(<==> a (&& b c))'],
  ['&&& a ==> b &&& c', '(&& (==> a b) c)'],
  ['a ==> b ==> c', '(==> a (==> b c))'],
  ['a <== b <== c', '(<== (<== a b) c)'],
  ['a || b && c', '(|| a (&& b c))'],
  ['a && b || c ==> d', '(==> (|| (&& a b) c) d)'],
  ['a <= b < c', '(chain a <= b < c)'],
  ['0 <= i < j < s.len()', '(chain 0 <= i < j < (.len s))'],
  ['a == b', '(== a b)'],
  ['x as int + 1', '(+ (as x int) 1)'],
  ['-x.len()', '(- (.len x))'],
  ['!a && b', '(&& (! a) b)'],
  ['s@.len()', '(.len (@ s))'],
  ['e matches Some(y) && y > 0', '(&& (matches e (Some y)) (> y 0))'],
  ['r is None ==> b', '(==> (is r None) b)'],
  ['r !is None', '(!is r None)'],
  ['x has 3 && y', '(&& (has x 3) y)'],
  ['a + b * c - d / e % f', '(- (+ a (* b c)) (% (/ d e) f))'],
  ['a << 1 + 2', '(<< a (+ 1 2))'],
  ['a & b ^ c | d', '(| (^ (& a b) c) d)'],
  ['a | b == c', '(== (| a b) c)'],
  ['x =~= y && y !~= z', '(&& (=~= x y) (!~= y z))'],
  ['x =~~= y || x !~~= y', '(|| (=~~= x y) (!~~= x y))'],
  ['x === y ==> x !== z', '(==> (=== x y) (!== x z))'],
  ['*old(v) == v', '(== (* (call old v)) v)'],
  ['*final(x) == *old(x) + 1', '(== (* (call final x)) (+ (* (call old x)) 1))'],
  ['&&& a\n&&& b\n&&& c', '(&& a (&& b c))'],
  ['||| a ||| b', '(|| a b)'],
  ['(&&& a &&& b) || c', '(|| (paren (&& a b)) c)'],
  ['forall|i: int| P(i) &&& Q', '(&& (forall (i: int) (call P i)) Q)'],
  ['x as u8 as int', '(as (as x u8) int)'],
  ['-5 as int', '(as (- 5) int)'],
  ['a - b - c', '(- (- a b) c)'],
  ['s[i] + t.0 + u.1.0', '(+ (+ (index s i) (. t 0)) (. (. u 1) 0))'],
];

describe('precedence', () => {
  for (const [source, expected] of PRECEDENCE) it(source, () => check(source, expected));
});

const FORMS: readonly (readonly [string, string])[] = [
  ['5u8 + 7int + 3nat + 0x1F + 1_000', '(+ (+ (+ (+ 5u8 7int) 3nat) 31) 1000)'],
  ["'a' != '\\n'", "(!= 'a' '\n')"],
  ["b'x'", "b'x'"],
  ['"a\\tb"', '"a\\tb"'],
  ['r#"raw "x""#', '"raw \\"x\\""'],
  ['1.5f64', '1.5f64'],
  ['true && !false', '(&& true (! false))'],
  ['Seq::<int>::empty()', '(call Seq::<int>::empty)'],
  ['Set::<<T as View>::V>::empty()', '(call Set::<<T as View>::V>::empty)'],
  ['u32::MAX', 'u32::MAX'],
  ['Self::f(x)', '(call Self::f x)'],
  ['v.map_values::<int>(f)', '(.map_values::<int> v f)'],
  ['e->f + e->0 + e->Some_0', '(+ (+ (-> e f) (-> e 0)) (-> e Some_0))'],
  ['x?', '(? x)'],
  ['&mut v', '(&mut v)'],
  ['&&x', '(& (& x))'],
  ['if a { 1 } else if b { 2 } else { 3 }', '(if a {1} (if b {2} {3}))'],
  ['if let Some(x) = o { x } else { 0 }', '(if (let (Some x) o) {x} {0})'],
  ['match x { Some(y) if y > 0 => y, None => 0, _ => 1 }', '(match x (arm (Some y) if (> y 0) y) (arm None 0) (arm _ 1))'],
  ['forall|i: int, j| #![trigger f(i), g(j)] f(i) ==> g(j)', '(forall (i: int, j) #[(call f i), (call g j)] (==> (call f i) (call g j)))'],
  ['exists|x: nat| #![auto] x > 0', '(exists (x: nat) (> x 0))'],
  ['forall|i| #[trigger] s[i] > 0', '(forall (i) #[(index s i)] (> (index s i) 0))'],
  ['forall|i| #[trigger(1)] f(i) == #[trigger] g(i)', '(forall (i) #[(call f i), (call g i)] (== (call f i) (call g i)))'],
  ['choose|i: int, j: int| i < j', '(choose (i: int, j: int) (< i j))'],
  ['|x: int| x + 1', '(closure (x: int) (+ x 1))'],
  ['|| 5', '(closure () 5)'],
  ['seq![1, 2, 3]', '(seq! 1 2 3)'],
  ['set![]', '(set!)'],
  ['map![1 => true, 2 => false]', '(map! 1 => true 2 => false)'],
  ['vec![0u8; n]', '(vec! 0u8 ; n)'],
  ['assert_eq!(f(1), 2)', '(assert_eq! (call f 1) 2)'],
  ['println!("{}", x)', '(println! "{}" x)'],
  ['panic!()', '(panic! "")'],
  ['Point { x: 1, y }', '(struct Point x: 1 y: y)'],
  ['S { a: 1, ..s }', '(struct S a: 1 .. s)'],
  ['(1, true)', '(tuple 1 true)'],
  ['()', '(tuple)'],
  ['(x,)', '(tuple x)'],
  ['[1, 2]', '(array 1 2)'],
  ['[0; 4]', '(array 0 ; 4)'],
  ['0..n', '(.. 0 n)'],
  ['1..=5', '(..= 1 5)'],
  ['s.subrange(0, i as int)', '(.subrange s 0 (as i int))'],
  ['{ let x = 1; x + 1 }', '{(let x 1); (+ x 1)}'],
  ['f(|x| { x })', '(call f (closure (x) {x}))'],
  ['x matches Shape::Rect(w, _) && w > 0', '(&& (matches x (Shape::Rect w _)) (> w 0))'],
  ['x matches 1..=5 | 9', '(matches x (| (..= 1 5) 9))'],
];

describe('expression forms', () => {
  for (const [source, expected] of FORMS) it(source, () => check(source, expected));
});

describe('malformed expressions', () => {
  it('report a diagnostic and keep the parsed part', () => {
    const { expr, diagnostics } = parseExpression('a + ');
    expect(dumpExpr(expr)).toBe('(+ a <error>)');
    expect(diagnostics).toHaveLength(1);
  });
  it('report trailing text', () => {
    const { diagnostics } = parseExpression('a b');
    expect(diagnostics.map((d) => d.message)).toEqual(['unexpected text after the expression, found `b`']);
  });
  it('survive unbalanced delimiters', () => {
    const { expr, diagnostics } = parseExpression('f(a, (b');
    expect(dumpExpr(expr)).toBe('(call f a (paren b))');
    expect(diagnostics.length).toBeGreaterThan(0);
  });
  it('survive very deep nesting', () => {
    const source = `${'('.repeat(2000)}x${')'.repeat(2000)}`;
    const { diagnostics } = parseExpression(source);
    expect(diagnostics.some((d) => d.message.includes('nested too deeply'))).toBe(true);
  });
  it('parse moderately deep nesting exactly', () => {
    const source = `${'('.repeat(100)}x${')'.repeat(100)}`;
    expect(parseExpression(source).diagnostics).toEqual([]);
  });
});
