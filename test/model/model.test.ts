// The model as a specification: Verus snippets in, qualified names, parameters, clauses and resolved names out.

import { describe, expect, it } from 'vitest';
import { fn, modelOf, verus } from './helpers';

describe('qualified names', () => {
  it('names free fns, methods, trait impl methods and module members by their pairs-file key', () => {
    const model = modelOf(
      verus(`
fn f() {}
pub struct Solution;
impl Solution { pub fn two_sum(nums: &Vec<i32>, target: i32) -> (result: (usize, usize)) { (0, 1) } }
mod m {
    fn f() {}
    pub struct Stack<T> { items: Vec<T> }
    impl<T: Copy> Stack<T> { fn push(&mut self, x: T) {} }
}
pub struct Point { x: int }
impl View for Point { type V = int; open spec fn view(&self) -> int { self.x } }
trait Measure { spec fn measure(&self) -> nat; }`),
    );
    expect(model.functions.map((contract) => contract.qualifiedName)).toEqual([
      'f',
      'Solution::two_sum',
      'm::f',
      'm::Stack::push',
      'Point::view',
      'Measure::measure',
    ]);
    expect(fn(model, 'm::Stack::push')).toMatchObject({ name: 'push', modulePath: ['m'], selfTypeName: 'Stack' });
    expect(fn(model, 'Measure::measure').hasBody).toBe(false);
  });

  it('includes fns outside verus! and in nested modules, but not under a false #[cfg] such as cfg(test)', () => {
    const model = modelOf(
      `${verus('fn g() {}')}\nfn main() {}\n#[cfg(feature = "x")]\nmod tests {\n    mod inner { fn deep() {} }\n    #[test]\n    fn t() {}\n}\n#[cfg(test)]\nmod dead { fn d() {} }\n`,
    );
    expect(model.functions.map((contract) => [contract.qualifiedName, contract.item.inVerus])).toEqual([
      ['g', true],
      ['main', false],
      ['tests::inner::deep', false],
      ['tests::t', false],
    ]);
  });

  it('warns about a duplicate qualified name at the second definition', () => {
    const text = verus('impl S { fn go(&self) {} }\nimpl S { fn go(&self) {} }\nstruct S;');
    const model = modelOf(text);
    const warnings = model.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning');
    expect(warnings.map((warning) => warning.message)).toEqual([
      "duplicate function name 'S::go': only the first definition is used for pairs and calls",
    ]);
    expect(warnings[0]?.span.start).toBe(text.lastIndexOf('go'));
  });
});

describe('parameters and returns', () => {
  it('records passing mode, strips the reference in type, and keeps the written type text', () => {
    const model = modelOf(verus('fn f(a: &Vec<i32>, b: &mut Vec<u8>, c: u64, d: &[i32]) -> (r: (usize, bool)) { (0, true) }'));
    const contract = fn(model, 'f');
    expect(contract.params.map((param) => [param.name, param.passing, param.typeText, param.type.kind])).toEqual([
      ['a', 'ref', '&Vec<i32>', 'path'],
      ['b', 'mut', '&mut Vec<u8>', 'path'],
      ['c', 'value', 'u64', 'path'],
      ['d', 'ref', '&[i32]', 'slice'],
    ]);
    expect(contract.params[1]?.declaredType.kind).toBe('ref');
    expect(contract.returnName).toBe('r');
    expect(contract.returnType?.kind).toBe('tuple');
  });

  it('models self receivers as params named self', () => {
    const model = modelOf(verus('struct C { n: u32 }\nimpl C { fn a(&self) {} fn b(&mut self) {} fn c(self) -> u32 { self.n } }'));
    const receivers = ['C::a', 'C::b', 'C::c'].map((name) => fn(model, name).params[0]);
    expect(receivers.map((param) => [param?.name, param?.isSelf, param?.passing, param?.typeText])).toEqual([
      ['self', true, 'ref', '&Self'],
      ['self', true, 'mut', '&mut Self'],
      ['self', true, 'value', 'Self'],
    ]);
    expect(fn(model, 'C::c').returnName).toBeUndefined();
  });

  it('has no return type for unit returns', () => {
    const model = modelOf(verus('fn f() {}\nfn g() -> () {}'));
    expect([fn(model, 'f').returnType, fn(model, 'g').returnType]).toEqual([undefined, undefined]);
  });

  it('appends `returns e` to ensures as `r == e`, spanning the returns clause', () => {
    const text = verus('fn twice(x: u16) -> (r: u32)\n    ensures r >= x,\n    returns (2 * x) as u32,\n{ 2 * (x as u32) }');
    const contract = fn(modelOf(text), 'twice');
    expect(contract.ensures.map((clause) => [clause.index, clause.text])).toEqual([
      [0, 'r >= x'],
      [1, 'returns (2 * x) as u32'],
    ]);
    const expr = contract.ensures[1]?.clause.expr;
    expect(expr?.kind === 'binary' && expr.op).toBe('==');
    expect(expr?.kind === 'binary' && expr.left.kind === 'path' && expr.left.segments[0]?.name).toBe('r');
    expect(expr?.kind === 'binary' && expr.right.kind).toBe('cast');
  });

  it('compares `returns e` against `result` when the return is unnamed', () => {
    const contract = fn(modelOf(verus('fn five() -> u8 returns 5u8, { 5 }')), 'five');
    const expr = contract.ensures[0]?.clause.expr;
    expect(contract.returnName).toBeUndefined();
    expect(expr?.kind === 'binary' && expr.left.kind === 'path' && expr.left.segments[0]?.name).toBe('result');
  });
});

describe('clauses', () => {
  it('splits requires/ensures on commas and on &&& bullets, keeping each clause source text', () => {
    const contract = fn(
      modelOf(
        verus(`fn f(s: &[i32]) -> (idx: usize)
    requires
        s.len() > 0,
        s.len() < 100,
    ensures
        &&& idx < s.len()
        &&& forall|j: int| 0 <= j < s.len() ==> s[idx as int] <= #[trigger] s[j]
{ 0 }`),
      ),
      'f',
    );
    expect(contract.requires.map((clause) => clause.text)).toEqual(['s.len() > 0', 's.len() < 100']);
    expect(contract.ensures.map((clause) => clause.text)).toEqual([
      'idx < s.len()',
      'forall|j: int| 0 <= j < s.len() ==> s[idx as int] <= #[trigger] s[j]',
    ]);
    expect(contract.ensures.map((clause) => clause.index)).toEqual([0, 1]);
  });

  it('keeps old/final clauses of &mut parameters verbatim', () => {
    const contract = fn(
      modelOf(verus('fn f(v: &mut Vec<u32>)\n    ensures (*final(v)).len() == (*old(v)).len(), v@ == old(v)@,\n{ }')),
      'f',
    );
    expect(contract.ensures.map((clause) => clause.text)).toEqual(['(*final(v)).len() == (*old(v)).len()', 'v@ == old(v)@']);
    expect(contract.hasBody).toBe(true);
  });
});

describe('trait contracts', () => {
  const trait = verus(`pub trait Entry { fn paddr(&self) -> (res: u64) ensures res < 4096; }
pub struct X86(u64);
impl Entry for X86 { fn paddr(&self) -> u64 { self.0 % 4096 } }`);
  it('holds a trait impl method Verus checks to its declaration, and not one outside verus! (plain Rust)', () => {
    const model = modelOf(`${trait}
pub struct Riscv(u64);
impl Entry for Riscv { fn paddr(&self) -> u64 { self.0 << 12 } }
pub struct Marked(u64);
#[verus_verify]
impl Entry for Marked { fn paddr(&self) -> u64 { self.0 % 4096 } }
`);
    expect(fn(model, 'X86::paddr').ensures.map((clause) => clause.text)).toEqual(['res < 4096']);
    expect(fn(model, 'Riscv::paddr').ensures).toEqual([]);
    expect(fn(model, 'Marked::paddr').ensures.map((clause) => clause.text)).toEqual(['res < 4096']);
  });
});

describe('a trait declaration that leaves its result unnamed', () => {
  it('reads its `returns` under the name an impl gives the result', () => {
    const model = modelOf(
      verus(`pub trait Config { fn index_range() -> core::ops::Range<usize> returns 256..512usize; }
pub struct Kernel;
impl Config for Kernel { fn index_range() -> (r: core::ops::Range<usize>) { 256..512 } }`),
    );
    const clause = fn(model, 'Kernel::index_range').ensures[0];
    expect(fn(model, 'Kernel::index_range').returnName).toBe('r');
    expect(clause?.clause.expr).toMatchObject({
      kind: 'block',
      block: { stmts: [{ kind: 'let', pattern: { name: 'result' }, init: { segments: [{ name: 'r' }] } }] },
    });
  });
});
