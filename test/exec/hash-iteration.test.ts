// Iterating a hash collection: its order is not the program's to know, so a run that iterates one is checked by a
// second run in the reversed order. A result that does not depend on the order is an output; one that does is left
// open (no correct pair can be made of it), and says why.

import { describe, expect, it } from 'vitest';
import { run, vec } from './helpers';

const BUILD = `let mut m: HashMap<u64, u64> = HashMap::new();
    let mut k: usize = 0;
    while k < keys.len() { m.insert(keys[k], keys[k] * 2); k = k + 1; }`;

describe('iterating a HashMap or HashSet', () => {
  it('a sum over its values, the same in every order, is returned', () => {
    const src = `fn total(keys: Vec<u64>) -> u64 {
    ${BUILD}
    let mut sum: u64 = 0;
    for (_, v) in m.iter() { sum = sum + *v; }
    sum
}`;
    expect(run(src, 'total', { keys: vec([1, 2, 5]) })).toBe('returned 16');
  });

  it('its keys in iteration order are left open, with the reason', () => {
    const src = `fn listed(keys: Vec<u64>) -> Vec<u64> {
    ${BUILD}
    let mut out: Vec<u64> = Vec::new();
    for k in m.keys() { out.push(*k); }
    out
}`;
    expect(run(src, 'listed', { keys: vec([1, 2]) })).toBe(
      'unspecified: the result depends on the order a hash collection iterates in, which the program cannot know',
    );
    // One key has one order.
    expect(run(src, 'listed', { keys: vec([7]) })).toBe('returned [7]');
  });

  it('values mapped by a closure, collected and counted, do not depend on the order', () => {
    const src = `fn doubled(keys: Vec<u64>) -> usize {
    ${BUILD}
    let v: Vec<u64> = m.values().map(|x: &u64| *x + 1).collect();
    v.len()
}`;
    expect(run(src, 'doubled', { keys: vec([3, 4, 3]) })).toBe('returned 2');
    expect(run(src, 'doubled', { keys: vec([]) })).toBe('returned 0');
  });
});
