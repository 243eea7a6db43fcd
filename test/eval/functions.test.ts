// User spec fns (recursion, mutual recursion, methods, generics, opaque/closed, uninterp, exec), constants,
// closures, the step budget and the recursion cap.
import { describe, expect, it } from 'vitest';
import { check, evalText, modelOf } from './check';

const FNS = `
spec fn triangle(n: nat) -> nat decreases n { if n == 0 { 0 } else { n + triangle((n - 1) as nat) } }
spec fn is_even(n: nat) -> bool decreases n { if n == 0 { true } else { is_odd((n - 1) as nat) } }
spec fn is_odd(n: nat) -> bool decreases n { if n == 0 { false } else { is_even((n - 1) as nat) } }
spec fn sum(s: Seq<int>) -> int decreases s.len() { if s.len() == 0 { 0 } else { s.last() + sum(s.drop_last()) } }
spec fn first_or<T>(s: Seq<T>, d: T) -> T { if s.len() > 0 { s[0] } else { d } }
#[verifier::opaque]
pub open spec fn hidden(x: int) -> int { x + 1 }
pub closed spec fn closed_fn(x: int) -> int { x * 3 }
pub uninterp spec fn mystery(x: int) -> int;
spec fn bodiless(x: int) -> int;
fn exec_fn(x: u8) -> u8 { x }
proof fn lemma(x: int) {}
spec fn forever(x: int) -> int { forever(x) }
spec fn countdown(x: int) -> int decreases x { if x <= 0 { 0 } else { countdown(x - 1) } }
spec fn apply(f: spec_fn(int) -> int, x: int) -> int { f(x) }
spec fn adder(k: int) -> spec_fn(int) -> int { |x: int| x + k }
spec const LIMIT: int = 10;
const MAXLEN: usize = 5;
spec const DOUBLE_LIMIT: int = LIMIT * 2;
struct Counter { n: int }
impl Counter {
    spec const STEP: int = 2;
    spec fn next(self) -> Counter { Counter { n: self.n + Self::STEP } }
    spec fn view(&self) -> int { self.n }
}
`;

describe('user spec functions', () => {
  it('call by value, recursively and mutually recursively', () => {
    check(FNS, {
      'triangle(0) == 0 && triangle(10) == 55': true,
      'triangle(100) == 5050': true,
      'is_even(10) && is_odd(7) && !is_even(7)': true,
      'sum(seq![1, 2, 3, 4]) == 10': true,
      'first_or(seq![4int, 5], 0) == 4 && first_or(Seq::<int>::empty(), 9) == 9': true,
      "first_or(seq!['a'], 'b') == 'a'": true,
    });
  });

  it('evaluate opaque and closed definitions; refuse uninterpreted, exec and proof fns', () => {
    check(FNS, {
      'hidden(1) == 2 && closed_fn(2) == 6': true,
      'mystery(1) == 1': 'unsupported: uninterpreted function mystery',
      'bodiless(1) == 1': 'unsupported: uninterpreted function bodiless',
      'exec_fn(1) == 1': 'unsupported: call to exec fn exec_fn',
      'false && exec_fn(1) == 1': false,
      'nosuch(1) == 1': 'unsupported: call to unknown function nosuch',
    });
  });

  it('resolve constants, associated constants, methods and views of user types', () => {
    check(FNS, {
      'LIMIT == 10 && MAXLEN == 5 && DOUBLE_LIMIT == 20': true,
      'Counter { n: 1 }.next().n == 3': true,
      'Counter { n: 1 }@ == 1 && Counter { n: 4 }.next()@ == 6': true,
    });
  });

  it('apply closures, capturing their environment, and spec_fn parameters', () => {
    check(
      FNS,
      {
        'apply(|x: int| x * k, 3) == 21': true,
        'adder(5)(1) == 6': true,
        '{ let f = |x: int| x + k; f(1) } == 8': true,
        '{ let g = adder(k); apply(g, 1) } == 8': true,
        '(|x: int, y: int| x - y)(5, 2) == 3': true,
      },
      { values: { k: 7 } },
    );
  });

  it('stop a non-terminating spec fn with the step budget', () => {
    check(FNS, { 'forever(1) == 1': 'indeterminate: recursion too deep' });
    check(FNS, { 'forever(1) == 1': 'indeterminate: step budget exhausted' }, { options: { stepBudget: 300 } });
    check(FNS, { 'countdown(50) == 0': 'indeterminate: step budget exhausted' }, { options: { stepBudget: 100 } });
    check(FNS, { 'countdown(50) == 0': true }, { options: { stepBudget: 10_000 } });
  });

  it('cap recursion depth instead of overflowing the JS stack', () => {
    // countdown's body nests 5 expressions deep: 1,200 stack units allow 240 nested calls.
    check(FNS, { 'countdown(230) == 0': true }, { options: { stepBudget: 1_000_000 } });
    check(FNS, { 'countdown(250) == 0': 'indeterminate: recursion too deep' }, { options: { stepBudget: 1_000_000 } });
    check(FNS, { 'countdown(60) == 0': 'indeterminate: recursion too deep' }, { options: { maxRecursionDepth: 50 } });
    check(FNS, { 'countdown(60) == 0': 'indeterminate: recursion too deep' }, { options: { maxStackUnits: 100 } });
    // Without the caps, an overflow of the JS stack is still caught and reported the same way.
    check(
      FNS,
      { 'countdown(100000) == 0': 'indeterminate: recursion too deep' },
      {
        options: { stepBudget: 10_000_000, maxRecursionDepth: 1_000_000, maxStackUnits: 100_000_000 },
      },
    );
  });

  it('never reports an unresolved name as a value', () => {
    const result = evalText(modelOf(FNS), 'zzz + 1 == 2');
    expect(result).toMatchObject({ kind: 'unsupported', construct: 'unresolved name zzz', span: { start: 0, end: 3 } });
  });
});

describe('decreases when', () => {
  it('leaves a call outside the when condition unspecified', () => {
    const src = 'spec fn down(x: int) -> int decreases x when x >= 0 { if x == 0 { 0 } else { down(x - 1) } }';
    check(src, {
      'down(3) == 0': true,
      'down(-1) == 0': 'indeterminate: `down` called outside its `decreases .. when` condition',
    });
  });
});

describe('memoized pure calls', () => {
  it('evaluates exponential recursion on scalars in linear steps', () => {
    const src = 'spec fn fib(n: nat) -> nat decreases n { if n < 2 { n } else { fib((n - 1) as nat) + fib((n - 2) as nat) } }';
    check(src, { 'fib(90) == 2880067194370816120': true, 'fib(20) == 6765': true }, { options: { stepBudget: 10_000 } });
  });
});

describe('vstd::math', () => {
  it('computes min, max, max3, abs, clip and the qualified add/sub/div', () => {
    check('', {
      'min(3, -2) == -2 && max(3, -2) == 3 && max3(1, 7, 2) == 7': true,
      'abs(-4) == 4 && clip(-4) == 0 && clip(4) == 4': true,
      'vstd::math::add(2, 3) == 5 && math::sub(2, 3) == -1 && math::div(-7, 3) == -3': true,
      'math::div(1, 0) == 0': 'indeterminate: division by zero',
      'add(2, 3) == 5': 'unsupported: call to unknown function add',
    });
  });
  it('prefers a user fn of the same name', () => {
    check('spec fn min(a: int, b: int) -> int { 42 }', { 'min(1, 2) == 42': true });
  });
});
