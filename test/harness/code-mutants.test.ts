// Code mutants: a Verus function in, the code changes made and what each mutant returns on an input out.

import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { Value } from '../../server/src/eval';
import { codeMutations, codeWrongOutcomes, codeMutantLimits } from '../../server/src/harness/mutants/code-mutants';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, functionValueTypes } from '../../server/src/harness';

const SOURCE = `verus! {
fn max_of(a: &Vec<i32>) -> (r: i32)
    requires a.len() > 0,
    ensures exists|i: int| 0 <= i < a.len() && a[i] == r,
{
    let mut r = a[0];
    let mut i: usize = 1;
    while i < a.len()
        invariant 1 <= i <= a.len(),
    {
        if a[i] > r {
            r = a[i];
        }
        assert(r >= a[0]);
        i = i + 1;
    }
    r
}
}`;

const model = buildFileModel(parseSourceFile(SOURCE));
const fn = model.functions[0]!;
const types = functionValueTypes(fn, model.scope);
const returnType = types.kind === 'supported' ? types.returnType : undefined;
const vec = (...items: number[]): Value => ({ kind: 'seq', elements: items.map((n) => ({ kind: 'int', value: BigInt(n) })) });

describe('code mutations', () => {
  const changes = codeMutations(fn, returnType, SOURCE, 100).map((mutation) => mutation.change);

  it('replaces operators by their neighbours, moves constants by one, negates conditions, deletes statements, returns defaults', () => {
    expect(changes).toEqual(
      expect.arrayContaining([
        'changing `<` to `<=` in `i < a.len()`',
        'changing `>` to `>=` in `a[i] > r`',
        'changing `+` to `-` in `i + 1`',
        'replacing the constant `0` with `1`',
        'negating the condition `a[i] > r`',
        'deleting `r = a[i];`',
        'deleting `i = i + 1;`',
        'returning `0` instead of the body',
      ]),
    );
  });

  it('leaves ghost code and loop invariants alone', () => {
    expect(changes.filter((change) => change.includes('r >= a[0]') || change.includes('1 <= i'))).toEqual([]);
  });

  it('spreads a small budget over the kinds of change, in source order', () => {
    const few = codeMutations(fn, returnType, SOURCE, 4).map((mutation) => mutation.change);
    expect(few).toHaveLength(4);
    expect(new Set(few.map((change) => change.split(' ')[0])).size).toBeGreaterThanOrEqual(3);
  });
});

describe('code mutants run on inputs', () => {
  const outcomes = codeWrongOutcomes(
    model,
    fn,
    returnType,
    [new Map([['a', vec(1, 5, 3)]]), new Map([['a', vec(4)]])],
    codeMutantLimits({}),
  );

  it('keep only outputs that differ from the implementation, naming the change', () => {
    const onThree = outcomes(new Map([['a', vec(1, 5, 3)]])).map((outcome) => [
      outcome.change,
      outcome.output?.kind === 'int' ? outcome.output.value : null,
    ]);
    expect(onThree).toContainEqual(['negating the condition `a[i] > r`', 1n]);
    expect(onThree.map(([, output]) => output)).not.toContain(5n);
  });

  it('a mutant that loops forever is cut off by the step budget and gives nothing', () => {
    const all = outcomes(new Map([['a', vec(1, 5, 3)]]));
    expect(all.filter((outcome) => outcome.change === 'deleting `i = i + 1;`')).toEqual([]);
  });

  it('an equivalent mutant on an input gives nothing there', () => {
    const onOne = outcomes(new Map([['a', vec(4)]])).map((outcome) => outcome.change);
    expect(onOne).not.toContain('changing `>` to `>=` in `a[i] > r`');
  });
});

describe('wrong outputs across sources', () => {
  it('tries each wrong outcome of a pair once, whichever source produced it first (code, swapped, value)', () => {
    const clamp = `verus! {
fn clamp(x: i32, lo: i32, hi: i32) -> (r: i32)
    requires lo <= hi,
    ensures lo <= r <= hi,
{
    if x < lo { lo } else if x > hi { hi } else { x }
}
}`;
    const pairs = [
      [5, 0, 10, 5],
      [-4, 0, 10, 0],
      [40, 0, 10, 10],
    ].map(([x, lo, hi, r]) => ({ input: { x, lo, hi }, output: r }));
    const report = checkFileSync(
      {
        path: 'clamp.rs',
        text: clamp,
        pairsPath: 'clamp.pairs.json',
        pairsText: JSON.stringify({ version: 1, functions: { clamp: { pairs } } }),
      },
      DEFAULT_CHECK_OPTIONS,
    );
    const accepted = report.functions[0]!.acceptedMutants;
    const keys = accepted.map((mutant) => JSON.stringify([mutant.input, mutant.mutant]));
    // `clamp(5, 0, 10) = 0` comes from a code mutant (`x < lo` negated) and from pair 2's output: tried once, as code.
    expect(
      accepted.filter((mutant) => JSON.stringify(mutant.input) === '{"x":5,"lo":0,"hi":10}' && mutant.mutant === 0).map((m) => m.source),
    ).toEqual(['code']);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
