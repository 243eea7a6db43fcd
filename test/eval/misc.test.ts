// References, old() of by-value parameters, unsupported constructs, and span reporting.
import { describe, expect, it } from 'vitest';
import { check, evalText, modelOf } from './check';

describe('references and old/final', () => {
  it('treats &x and *x as the value and old() of a by-value parameter as the parameter', () => {
    check(
      '',
      {
        '*(&x) == 3 && &x == 3': true,
        'old(x) == 3 && final(x) == 3': true,
        'old(v)@ == seq![1int] && v@ == seq![1int, 2] && *old(v) == seq![1int] && *final(v) == seq![1int, 2]': true,
        '(*v)@.len() == 2 && old(v).len() == 1 && v.spec_len() == 2': true,
        'forall|i: int| 0 <= i < old(v).len() ==> v[i] == old(v)[i]': true,
        '{ let f = |i: int| v[i] + old(v)[i]; f(0) } == 2': true,
      },
      { values: { x: 3 }, mutables: { v: [[1], [1, 2]] } },
    );
  });
});

describe('unsupported constructs', () => {
  it('names the construct instead of guessing', () => {
    check(
      '',
      {
        '1.5 > 1.0': 'unsupported: float literal',
        'assert!(true) == ()': 'unsupported: macro assert!',
        'x? == 1': 'unsupported: `?` operator',
        '(0..=3) == (0..=3)': 'unsupported: range expression',
        's.frobnicate() == 1': 'unsupported: method .frobnicate() on a seq value',
        'x.frobnicate() == 1': 'unsupported: method .frobnicate() on a int value',
        's && true': 'unsupported: logical operator on a seq value',
        's + 1 == 1': 'unsupported: `+` on seq and int',
        'x[0] == 1': 'unsupported: indexing a int value',
        'x is Some': 'unsupported: `is` on a int value',
      },
      { values: { x: 3, s: [1] } },
    );
  });

  it('reports the span of the construct', () => {
    const text = 'x > 0 && s[7] == 1';
    const result = evalText(modelOf(''), text, { values: { x: 3, s: [1] } });
    if (result.kind !== 'indeterminate') throw new Error(result.kind);
    expect(text.slice(result.span.start, result.span.end)).toBe('s[7]');
  });
});
