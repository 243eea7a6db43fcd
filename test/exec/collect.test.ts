// `collect()` makes what the type written where its result lands says: a `Vec` keeps the elements in order, a set
// keeps each once, a map the last value of each key. Where no type is written at the collect (a turbofish), the
// result is not used as a guess: the run says so.

import { describe, expect, it } from 'vitest';
import { run, vec } from './helpers';

describe('collect()', () => {
  it("into a map typed by the let: `get` finds a key's value", () => {
    const src = `fn f(keys: Vec<u64>) -> Option<u64> {
    let m: HashMap<u64, u64> = keys.iter().map(|k: &u64| (*k, *k + 1)).collect();
    match m.get(&1) { Some(v) => Some(*v), None => None }
}`;
    expect(run(src, 'f', { keys: vec([1, 2]) })).toBe('returned Some(2)');
  });

  it('into a set typed by a parameter of the fn it is passed to: duplicates count once', () => {
    const src = `fn g(s: HashSet<u64>) -> usize { s.len() }
fn f(keys: Vec<u64>) -> usize { g(keys.iter().map(|k: &u64| *k % 2).collect()) }`;
    expect(run(src, 'f', { keys: vec([1, 3, 2]) })).toBe('returned 2');
  });

  it('into the return type, a Vec: the elements in order', () => {
    const src = `fn f(keys: Vec<u64>) -> Vec<u64> { keys.iter().map(|k: &u64| *k % 2).collect() }`;
    expect(run(src, 'f', { keys: vec([1, 3, 2]) })).toBe('returned [1, 1, 0]');
  });

  it('with its type in a turbofish only: not run, rather than used as the wrong container', () => {
    const src = `fn f(keys: Vec<u64>) -> usize {
    let s = keys.iter().map(|k: &u64| *k % 2).collect::<HashSet<u64>>();
    s.len()
}`;
    expect(run(src, 'f', { keys: vec([1, 3, 2]) })).toMatch(/^not-runnable: uses what `collect\(\)` made/);
  });
});
