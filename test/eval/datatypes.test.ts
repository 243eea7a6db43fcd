// Option, Result, user structs and enums: construction, field access, `is`, `matches`, `match` and patterns.
import { describe, it } from 'vitest';
import { check } from './check';

const TYPES = `
pub enum Shape { Circle(int), Rect { w: int, h: int }, Empty }
pub struct Point { pub x: int, pub y: int }
pub struct Pair(int, int);
pub enum Color { Red, Green, Blue }
pub enum Tree { Leaf, Node(Box<Tree>, int, Box<Tree>) }
impl Point {
    pub open spec fn sum(&self) -> int { self.x + self.y }
    pub open spec fn origin() -> Self { Point { x: 0, y: 0 } }
    pub open spec fn is_origin(self) -> bool { self == Self::origin() }
}
`;

const values = {
  values: {
    o: { some: 5 },
    n: { none: true },
    ok: { enum: 'Result', variant: 'Ok', fields: { '0': 1 } },
    err: { enum: 'Result', variant: 'Err', fields: { '0': 2 } },
    c: { enum: 'Shape', variant: 'Circle', fields: { '0': 3 } },
    r: { enum: 'Shape', variant: 'Rect', fields: { w: 2, h: 4 } },
    p: { struct: 'Point', fields: { x: 1, y: 2 } },
    t: { tuple: [1, true, [7]] },
  },
} as const;

describe('Option and Result', () => {
  it('constructs, tests variants and reads fields', () => {
    check(
      TYPES,
      {
        'o == Some(5int) && n == None::<int> && n == Option::None': true,
        'o is Some && n is None && o !is None && !(o is None)': true,
        'o->0 == 5 && o->Some_0 == 5': true,
        'n->0 == 0': 'indeterminate: field of wrong variant: `0` of None',
        'n->Some_0 == 0': 'indeterminate: wrong variant',
        'o.is_Some() && n.is_None() && o.get_Some_0() == 5': true,
        'n.get_Some_0() == 5': 'indeterminate: wrong variant',
        'o.unwrap() == 5 && o.is_some() && n.is_none() && !n.is_some()': true,
        'n.unwrap() == 5': 'indeterminate: `unwrap` of None',
        'n.unwrap_or(3) == 3 && o.unwrap_or(3) == 5': true,
        'ok.is_ok() && err.is_err() && ok is Ok && err->0 == 2 && ok.get_Ok_0() == 1': true,
        'err.unwrap() == 1': 'indeterminate: `unwrap` of Err',
        'ok == Ok::<int, int>(1) && err == Err::<int, int>(2)': true,
      },
      values,
    );
  });
});

describe('user datatypes', () => {
  it('constructs enums and structs by path, call and literal', () => {
    check(
      TYPES,
      {
        'c == Shape::Circle(3)': true,
        'r == Shape::Rect { w: 2, h: 4 }': true,
        'Shape::Empty is Empty && Color::Red != Color::Blue': true,
        'p == Point { x: 1, y: 2 } && p == Point { y: 2, x: 1 }': true,
        'Point { x: 5, ..p } == Point { x: 5, y: 2 }': true,
        // A module-qualified struct path (`model::State { .. }` in a view): the datatype of that last name.
        'geometry::Point { x: 1, y: 2 } == p && crate::geometry::Point { x: 0, y: 0 } == Point::origin()': true,
        'Pair(1, 2).0 == 1 && Pair(1, 2).1 == 2': true,
        'p.x == 1 && p.y == 2 && t.0 == 1 && t.1 && t.2[0] == 7': true,
        'Tree::Node(Box::new(Tree::Leaf), 1, Box::new(Tree::Leaf))->1 == 1': true,
        'Tree::Node(Box::new(Tree::Leaf), 1, Box::new(Tree::Leaf))->0 is Leaf': true,
      },
      values,
    );
  });

  it('reads variant fields with -> and reports the wrong variant as unspecified', () => {
    check(
      TYPES,
      {
        'c->0 == 3 && r->w == 2 && r->Rect_h == 4': true,
        'c is Circle && r !is Circle && r is Rect': true,
        'c->w == 0': 'indeterminate: field of wrong variant: `w` of Circle',
        'r->Circle_0 == 0': 'indeterminate: wrong variant',
        'r->zz == 0': 'unsupported: unknown field `zz`',
        'c.is_Circle() && c.get_Circle_0() == 3 && !r.is_Circle()': true,
      },
      values,
    );
  });

  it('calls methods, associated fns and Self', () => {
    check(
      TYPES,
      {
        'p.sum() == 3 && Point::origin().sum() == 0': true,
        '!p.is_origin() && Point::origin().is_origin()': true,
      },
      values,
    );
  });

  it("a bare Some/None is the prelude's even inside the impl of an enum with variants of that name", () => {
    const optionDeep = `
pub enum OptionDeep<T> { Some(T), None }
impl<T> OptionDeep<T> {
    pub open spec fn spec_to_opt(self) -> Option<T> {
        match self { OptionDeep::Some(t) => Some(t), OptionDeep::None => None }
    }
}`;
    check(
      optionDeep,
      { 'd.spec_to_opt() == Some(7int)': true, 'd.spec_to_opt() is Some': true, 'd == OptionDeep::Some(7int)': true },
      { values: { d: { enum: 'OptionDeep', variant: 'Some', fields: { '0': 7 } } } },
    );
  });
});

describe('patterns', () => {
  it('matches with bindings scoped over && and ==>', () => {
    check(
      TYPES,
      {
        'o matches Some(x) && x > 3': true,
        'o matches Some(x) && x > 7': false,
        'n matches Some(x) && x > 3': false,
        'n matches Some(x) ==> x > 100': true,
        'o matches Some(x) ==> x > 100': false,
        'r matches Shape::Rect { w, h } && w * h == 8': true,
        'r matches Shape::Rect { w: 2, .. }': true,
        'c matches Shape::Circle(0..=5)': true,
        'c matches Shape::Circle(4..)': false,
        '(o matches Some(x)) && x == 5': true,
      },
      values,
    );
  });

  it('evaluates match with literals, ranges, tuples, or-patterns, bindings, @, guards and rest', () => {
    check(
      TYPES,
      {
        'match c { Shape::Circle(r) => r == 3, _ => false }': true,
        'match r { Shape::Circle(_) => 0int, Shape::Rect { w, h } => w * h, Shape::Empty => -1 } == 8': true,
        'match 5int { 0 => 0int, 1 | 2 | 3 => 1, 4..=9 => 2, _ => 3 } == 2': true,
        'match 12int { 0 => 0int, 1 | 2 | 3 => 1, 4..=9 => 2, _ => 3 } == 3': true,
        "match 'q' { 'a'..='m' => 1int, 'n'..='z' => 2, _ => 3 } == 2": true,
        'match t { (1, b, s) => b && s.len() == 1, _ => false }': true,
        'match t { (0, ..) => false, (x, ..) => x == 1 }': true,
        'match p { Point { x: 0, .. } => 0int, Point { x, y } if x > y => 1, Point { x, y } => 2 } == 2': true,
        'match o { Some(v @ 0..=9) => v == 5, _ => false }': true,
        'match o { Some(v) if v > 9 => 0int, Some(v) => v, None => -1 } == 5': true,
        'match seq![1int, 2, 3] { [first, .., last] => first + last, _ => 0 } == 4': true,
        'match seq![1int, 2, 3] { [a, rest @ ..] => rest.len() == 2 && a == 1, _ => false }': true,
        'match Color::Green { Color::Red => 0int, Color::Green | Color::Blue => 1 } == 1': true,
        'match 7int { 0 => true }': 'indeterminate: no `match` arm matched',
        'match o { Some(v) if v > s[5] => true, _ => false }': 'unsupported: unresolved name s',
      },
      values,
    );
  });

  it('evaluates if, if let and let blocks', () => {
    check(
      TYPES,
      {
        'if o is Some { 1int } else { 2 } == 1': true,
        '(if let Some(v) = o { v } else { 0 }) == 5': true,
        '(if let Some(v) = n { v } else { 0 }) == 0': true,
        '(if let Some(v) = o && v > 6 { 1int } else { 2 }) == 2': true,
        '{ let a = 3int; let (b, c) = (a + 1, a * 2); a + b + c } == 13': true,
        '{ let Point { x, y } = p; x + y } == 3': true,
      },
      values,
    );
  });
});
