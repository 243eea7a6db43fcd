// A binary operator with no right operand is reported at the operator, and a `{ .. }` that is the fn body is never
// taken for that operand; a block that really is an operand (followed by the body or a comma) still parses as one.
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';

/** Each diagnostic as `message @ covered text`. */
function errors(source: string): string[] {
  return parseSourceFile(source).diagnostics.map((d) => `${d.message} @ ${source.slice(d.span.start, d.span.end)}`);
}

describe('missing right operand', () => {
  it.each([
    [
      'the body after a dangling && in ensures',
      'verus! { fn f(x: u8) -> (r: u8) ensures r >= x && { x } fn g() {} }',
      ['expected an expression after `&&` @ &&'],
    ],
    [
      'the macro end after the body',
      'verus! { fn f(x: u8) -> (r: u8) ensures r >= x && { x } }',
      ['expected an expression after `&&` @ &&'],
    ],
    ['a comma after ||', 'verus! { fn f(x: u8) -> (r: u8) ensures r >= x ||, { x } }', ['expected an expression after `||` @ ||']],
    [
      'the next spec keyword',
      'verus! { fn f(x: u8) -> (r: u8) requires x > 0 && ensures r == x, { x } }',
      ['expected an expression after `&&` @ &&'],
    ],
    ['a closing parenthesis', 'fn f(x: u8) -> u8 { (x +) }', ['expected an expression after `+` @ +']],
  ])('%s', (_label, source, expected) => expect(errors(source)).toEqual(expected));

  it.each([
    ['a block clause followed by a comma', 'verus! { fn f(x: u8) -> (r: u8) ensures r >= x && { true }, { x } }'],
    ['a block operand in an if condition', 'fn f(a: bool, b: bool) -> bool { if a && { b } { true } else { false } }'],
    ['a block clause followed by the body', 'verus! { fn f(x: u8) -> (r: u8) ensures r >= x && { true } { x } }'],
  ])('%s is still an operand', (_label, source) => {
    expect(errors(source)).toEqual([]);
    const fns = parseSourceFile(source).items.flatMap((item) => (item.kind === 'fn' ? [item] : []));
    expect(fns.map((fn) => [fn.name, fn.body !== undefined])).toEqual([['f', true]]);
  });
});
