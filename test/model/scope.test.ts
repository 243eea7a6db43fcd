// ModelScope as a specification: which item a name written in a spec resolves to.

import { describe, expect, it } from 'vitest';
import { modelOf, verus } from './helpers';

const SOURCE = verus(`
pub const MAX: u64 = 10;
pub spec const LIMIT: int = 1000;
pub type Coord = i64;
pub type Pos = Point;
pub type Alias2 = Pos;
spec fn helper(x: int) -> int { x }
pub struct Point { x: Coord }
impl Point {
    pub const MAX: i64 = 99;
    spec fn norm(&self) -> int { self.x }
    fn uses_self(&self) -> (r: bool) ensures r == (Self::norm(self) > 0) { true }
}
pub trait Shape {
    spec fn area(&self) -> int;
    fn describe(&self) -> u8 { 0 }
}
impl Shape for Point { open spec fn area(&self) -> int { 0 } }
pub enum Color { Red, Green(u8) }
pub enum MyOption { Some(u8), Nothing }
mod m {
    pub const MAX: u8 = 1;
    spec fn helper(x: int) -> int { x + 1 }
    spec fn only_here() -> bool { true }
    pub struct Stack { n: nat }
    impl Stack { fn push(&mut self) {} }
    mod inner { spec fn leaf() -> bool { true } }
}`);

const scope = modelOf(SOURCE).scope;

describe('resolveFunction', () => {
  it('resolves free fns, Self::, Type:: and module paths', () => {
    expect(scope.resolveFunction(['helper'], undefined)?.qualifiedName).toBe('helper');
    expect(scope.resolveFunction(['Self', 'norm'], 'Point')?.qualifiedName).toBe('Point::norm');
    expect(scope.resolveFunction(['Point', 'norm'], undefined)?.qualifiedName).toBe('Point::norm');
    expect(scope.resolveFunction(['Point', 'area'], undefined)?.qualifiedName).toBe('Point::area');
    expect(scope.resolveFunction(['m', 'helper'], undefined)?.qualifiedName).toBe('m::helper');
    expect(scope.resolveFunction(['m', 'Stack', 'push'], undefined)?.selfTypeName).toBe('Stack');
    expect(scope.resolveFunction(['m', 'inner', 'leaf'], undefined)?.modulePath).toEqual(['m', 'inner']);
  });

  it('prefers the innermost module, then falls back outwards to the crate root', () => {
    expect(scope.resolveFunction(['helper'], undefined, ['m'])?.qualifiedName).toBe('m::helper');
    expect(scope.resolveFunction(['helper'], undefined, ['m', 'inner'])?.qualifiedName).toBe('m::helper');
    expect(scope.resolveFunction(['only_here'], undefined, ['m', 'inner'])?.qualifiedName).toBe('m::only_here');
    expect(scope.resolveFunction(['Self', 'push'], 'Stack', ['m'])?.qualifiedName).toBe('m::Stack::push');
    expect(scope.resolveFunction(['crate', 'helper'], undefined, ['m'])?.qualifiedName).toBe('helper');
    expect(scope.resolveFunction(['super', 'helper'], undefined, ['m', 'inner'])?.qualifiedName).toBe('m::helper');
  });

  it('gives undefined for unknown names and for Self outside an impl', () => {
    expect(scope.resolveFunction(['nope'], undefined)).toBeUndefined();
    expect(scope.resolveFunction(['only_here'], undefined, [])).toBeUndefined();
    expect(scope.resolveFunction(['Self', 'norm'], undefined)).toBeUndefined();
    expect(scope.resolveFunction([], undefined)).toBeUndefined();
  });
});

describe('resolveMethod', () => {
  it('finds inherent methods, trait impl methods, and trait default methods with Self bound to the type', () => {
    expect(scope.resolveMethod('Point', 'norm')?.qualifiedName).toBe('Point::norm');
    expect(scope.resolveMethod('Point', 'area')?.qualifiedName).toBe('Point::area');
    expect(scope.resolveMethod('Point', 'describe')).toMatchObject({ qualifiedName: 'Shape::describe', selfTypeName: 'Point' });
    expect(scope.resolveMethod('Stack', 'push')?.qualifiedName).toBe('m::Stack::push');
    expect(scope.resolveMethod('Pos', 'norm')?.qualifiedName).toBe('Point::norm');
    expect(scope.resolveMethod('Point', 'missing')).toBeUndefined();
  });
});

describe('datatypes, variants, constants, aliases', () => {
  it('finds structs and enums by name, also through type aliases', () => {
    expect(scope.datatype('Point')?.kind).toBe('struct');
    expect(scope.datatype('Color')?.kind).toBe('enum');
    expect(scope.datatype('Pos')?.name).toBe('Point');
    expect(scope.datatype('Alias2')?.name).toBe('Point');
    expect(scope.datatype('m::Stack')?.name).toBe('Stack');
    expect(scope.datatype('Coord')).toBeUndefined();
  });

  it('maps unqualified variants to user enums only', () => {
    expect(scope.enumOfVariant('Red')?.name).toBe('Color');
    expect(scope.enumOfVariant('Green')?.name).toBe('Color');
    expect(scope.enumOfVariant('Some')?.name).toBe('MyOption');
    expect(scope.enumOfVariant('None')).toBeUndefined();
    expect(scope.enumOfVariant('Ok')).toBeUndefined();
  });

  it('resolves constants: free, Self::, Type::, module paths and module-relative', () => {
    expect(scope.constant(['MAX'], undefined)?.type).toMatchObject({ kind: 'path', segments: [{ name: 'u64' }] });
    expect(scope.constant(['LIMIT'], undefined)?.mode).toBe('spec');
    expect(scope.constant(['Self', 'MAX'], 'Point')?.value).toMatchObject({ kind: 'int', value: 99n });
    expect(scope.constant(['Point', 'MAX'], undefined)?.value).toMatchObject({ kind: 'int', value: 99n });
    expect(scope.constant(['m', 'MAX'], undefined)?.value).toMatchObject({ kind: 'int', value: 1n });
    expect(scope.constant(['MAX'], undefined, ['m'])?.value).toMatchObject({ kind: 'int', value: 1n });
    expect(scope.constant(['MIN'], undefined)).toBeUndefined();
  });

  it('finds type aliases by name, and associated types only qualified', () => {
    expect(scope.typeAlias('Coord')?.type).toMatchObject({ kind: 'path', segments: [{ name: 'i64' }] });
    expect(scope.typeAlias('Pos')?.name).toBe('Pos');
    expect(scope.typeAlias('Missing')).toBeUndefined();
  });
});

describe('lookups without a module path', () => {
  it('fall back to the one item whose qualified name ends with the path', () => {
    expect(scope.resolveFunction(['only_here'], undefined)?.qualifiedName).toBe('m::only_here');
    expect(scope.resolveFunction(['leaf'], undefined)?.qualifiedName).toBe('m::inner::leaf');
    expect(scope.constant(['CAP'], 'Stack')).toBeUndefined();
    expect(scope.resolveFunction(['Self', 'push'], 'Stack')?.qualifiedName).toBe('m::Stack::push');
    expect(scope.resolveFunction(['inner', 'leaf'], undefined)?.qualifiedName).toBe('m::inner::leaf');
    // Two candidates end with `helper`; the crate root's wins because it matches exactly.
    expect(scope.resolveFunction(['helper'], undefined)?.qualifiedName).toBe('helper');
  });

  it('do not guess when the module path is given or the name is ambiguous', () => {
    expect(scope.resolveFunction(['leaf'], undefined, [])).toBeUndefined();
    const ambiguous = modelOf(verus('mod a { spec fn g() -> int { 1 } }\nmod b { spec fn g() -> int { 2 } }')).scope;
    expect(ambiguous.resolveFunction(['g'], undefined)).toBeUndefined();
    expect(ambiguous.resolveFunction(['g'], undefined, ['b'])?.qualifiedName).toBe('b::g');
  });
});

describe('traitImpls', () => {
  const impls = modelOf(
    verus(`
pub trait Key {}
pub struct A {}
pub struct B<T> { t: T }
impl Key for A {}
impl A {}
mod m { impl<T: super::Key> crate::Key for super::B<T> {} }
impl Key for u64 {}`),
  ).scope;
  const selfTypes = (trait: string): string[] =>
    impls.traitImpls(trait).map((impl) => (impl.selfType.kind === 'path' ? impl.selfType.segments.map((s) => s.name).join('::') : '?'));

  it('lists a trait’s impls in source order, in modules too, by the trait’s last path segment', () => {
    expect(selfTypes('Key')).toEqual(['A', 'super::B', 'u64']);
    expect(selfTypes('crate::Key')).toEqual(['A', 'super::B', 'u64']);
  });

  it('is empty for a trait without impls, and never lists inherent impls', () => {
    expect(selfTypes('Other')).toEqual([]);
  });
});
