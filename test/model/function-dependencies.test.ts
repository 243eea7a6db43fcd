// What a function's scores depend on (the editor's memo keys, `check --changed-since`): an edit changes a function's
// dependencies exactly when it touches the function or an item it reaches by name, including the impl headers of the
// types it names and the methods the evaluator calls unnamed (`@` calls `view`).

import { describe, expect, it } from 'vitest';
import { buildFileModel, functionDependencies } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const FILE = `use vstd::prelude::*;
verus! {
pub struct Pt { pub x: i64, pub y: i64 }
impl View for Pt {
    type V = (int, int);
    closed spec fn view(&self) -> (int, int) { (self.x as int, self.y as int) }
}
spec fn total(p: (int, int)) -> int { p.0 + p.1 }
fn sum(p: Pt) -> (r: i64)
    requires -1000 < p.x < 1000, -1000 < p.y < 1000,
    ensures r == total(p@),
{ p.x + p.y }
impl Pt {
    fn norm1(&self) -> (r: i64)
        requires -1000 < self.x < 1000, -1000 < self.y < 1000,
        ensures r == self.x + self.y,
    { self.x + self.y }
}
fn inc(x: u8) -> (r: u8)
    requires x < 255,
    ensures r == x + 1,
{ x + 1 }
}
`;

/** The names whose dependencies differ between FILE and FILE with `from` replaced by `to`. */
function changedBy(from: string, to: string): string[] {
  expect(FILE).toContain(from);
  const before = functionDependencies(buildFileModel(parseSourceFile(FILE)));
  const after = functionDependencies(buildFileModel(parseSourceFile(FILE.replace(from, to))));
  expect(after.shared).toBe(before.shared);
  return [...after.functions].filter(([name, text]) => before.functions.get(name) !== text).map(([name]) => name);
}

describe('function dependencies', () => {
  it('follows spec fns a clause calls', () => {
    expect(changedBy('p.0 + p.1', 'p.0 - p.1')).toEqual(['sum']);
  });

  it('follows the impls of a type in the signature, whose methods `@` calls unnamed', () => {
    expect(changedBy('(self.x as int, self.y as int)', '(self.y as int, self.x as int)')).toEqual(['sum']);
    expect(changedBy('pub struct Pt { pub x: i64, pub y: i64 }', 'pub struct Pt { pub x: i64, pub y: i64, pub z: i64 }')).toEqual([
      'sum',
      'Pt::norm1',
    ]);
  });

  it("follows a method's impl header: its type's fields, the impl's attributes, an empty impl of the type", () => {
    expect(changedBy('impl Pt {', '#[cfg(not(test))]\nimpl Pt {')).toEqual(['sum', 'Pt::norm1']);
    expect(changedBy('spec fn total', 'impl Copy for Pt {}\nspec fn total')).toEqual(['sum', 'Pt::norm1']);
  });

  it("reaches a type's methods by their names, not by the type's: a method's body is its callers' business", () => {
    expect(changedBy('{ self.x + self.y }', '{ self.y + self.x }')).toEqual(['Pt::norm1']);
  });

  it('matches names written in any script', () => {
    const text = 'verus! {\nspec fn größe(x: int) -> int { x }\nfn f(x: u8) -> (r: u8)\n    ensures r == größe(x as int),\n{ x }\n}\n';
    const before = functionDependencies(buildFileModel(parseSourceFile(text)));
    const after = functionDependencies(buildFileModel(parseSourceFile(text.replace('{ x }\nfn', '{ x + 0 }\nfn'))));
    expect(after.functions.get('f')).not.toBe(before.functions.get('f'));
  });

  it('changes nothing for an edit between items, and only the function for its own body', () => {
    expect(changedBy('verus! {\n', 'verus! {\n// a comment\n')).toEqual([]);
    expect(changedBy('{ x + 1 }', '{ x + 2 }')).toEqual(['inc']);
  });

  it("carries a syntax error a neighbour's edit puts inside the function", () => {
    // Without its `;`, the constant's error is reported at the next item's first token: inside `inc`.
    expect(changedBy('}\nfn inc', '}\nconst LIMIT: u8 = 9\nfn inc')).toEqual(['inc']);
  });

  it('puts what no name reaches in the part every function shares', () => {
    const before = functionDependencies(buildFileModel(parseSourceFile(FILE)));
    const after = functionDependencies(
      buildFileModel(parseSourceFile(FILE.replace('use vstd::prelude::*;', 'use vstd::prelude::*;\nuse vstd::seq::*;'))),
    );
    expect(after.shared).not.toBe(before.shared);
  });

  it('shares item-level macro calls and the definitions they expand by: the items they write are reached by no name', () => {
    const text = [
      'macro_rules! tagged_enum { ($name:ident { $($v:ident),* }) => { ::vstd::prelude::verus! { pub enum $name { $($v),* } } }; }',
      'verus! {',
      'tagged_enum!(Dir { North, South });',
      'fn is_north(d: Dir) -> (b: bool) ensures b == (d is North) { match d { Dir::North => true, _ => false } }',
      '}',
    ].join('\n');
    const shared = (source: string): string => functionDependencies(buildFileModel(parseSourceFile(source))).shared;
    expect(shared(text.replace('North, South', 'North, South, East'))).not.toBe(shared(text));
    expect(shared(text.replace('pub enum $name', 'pub(crate) enum $name'))).not.toBe(shared(text));
  });
});
