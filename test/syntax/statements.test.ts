// Statement boundaries: as in Rust, a statement that starts with a block-like expression (if, match, loops, blocks,
// `proof { }`, `assert(..) by { }`) ends at its closing brace, so the next line is a statement of its own.
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { dumpBlock } from './dump';

function body(source: string): string {
  const file = parseSourceFile(`verus! { fn f(n: u32, s: &mut u32) -> (u32, u32) {\n${source}\n} }`);
  expect(file.diagnostics.map((d) => d.message)).toEqual([]);
  const item = file.items[0];
  if (item?.kind !== 'fn' || item.body === undefined) throw new Error('expected a fn with a body');
  return dumpBlock(item.body);
}

describe('statements that end at a closing brace', () => {
  it.each([
    ['a while loop, then a tuple tail', 'let mut x = 0;\nwhile x < n { x += 1; }\n(x, 0)'],
    ['an assert with a proof block, then a deref assignment', 'assert(n == n) by { }\n*s = *s + n;\n(0, 0)'],
    ['an if without else, then a negative tail', 'if n > 0 { }\n-1'],
    ['a proof block, then a parenthesised tail', 'proof { }\n(n, n)'],
    ['a match, then a tuple tail', 'match n { 0 => {}, _ => {} }\n(n, 1)'],
    ['a labelled loop, then a block', "'outer: loop { break 'outer; }\n{ (n, 2) }"],
    ['a block, then a unary tail', '{ }\n*s'],
  ])('%s', (_name, source) => {
    expect(body(source)).toMatchSnapshot();
  });

  it('still continues an expression that merely contains a block', () => {
    expect(body('let y = if n > 0 { 1 } else { 2 } + 3;\n(y, 0)')).toMatch(/\+/);
  });
});

describe('for loops with a named iterator', () => {
  it('reads `for x in it: range invariant ..` as a loop over the range', () => {
    expect(body('let mut m: u32 = 0;\nfor x in it: 0..10 invariant m == x * 3, { m += 3; }\n(m, 0)')).toMatchSnapshot();
  });
});
