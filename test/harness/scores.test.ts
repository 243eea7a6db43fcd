// The score rules of design.md, as specifications: a Verus snippet and its pairs in, scores and evidence out.

import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, summarize } from '../../server/src/harness';
import type { FileReport, FunctionReport } from '../../server/src/harness';

function check(source: string, pairs: unknown, options: Partial<typeof DEFAULT_CHECK_OPTIONS> = {}): FileReport {
  const text = `use vstd::prelude::*;\nverus! {\n${source}\n}\n`;
  return checkFileSync(
    { path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText: JSON.stringify({ version: 1, functions: pairs }) },
    { ...DEFAULT_CHECK_OPTIONS, ...options },
  );
}

function only(report: FileReport): FunctionReport {
  expect(report.functions).toHaveLength(1);
  return report.functions[0] as FunctionReport;
}

const MAX_OF = `
fn max_of(a: &Vec<i32>) -> (r: i32)
    requires a.len() > 0,
    ensures
        forall|i: int| 0 <= i < a.len() ==> a[i] <= r,
        exists|i: int| 0 <= i < a.len() && a[i] == r,
{ a[0] }`;

describe('the four scores', () => {
  it('are all 1 for a contract that pins the result and the domain', () => {
    const fn = only(
      check(MAX_OF, {
        max_of: {
          pairs: [
            { input: { a: [1, 5, 3] }, output: 5 },
            { input: { a: [7] }, output: 7 },
          ],
          invalid: [{ input: { a: [] }, reason: 'index out of bounds' }],
        },
      }),
    );
    expect(fn.status).toBe('scored');
    expect(fn.scores).toEqual({ postCorrectness: 1, postCompleteness: 1, preCorrectness: 1, preCompleteness: 1 });
    expect(fn.counts).toMatchObject({ pairs: 2, validInputs: 2, invalidInputs: 1, indeterminate: 0 });
    const bySource = fn.wrongOutputs?.bySource;
    expect({ value: bySource?.value.decided, swapped: bySource?.swapped.decided }).toEqual({ value: 16, swapped: 2 });
    expect(fn.counts.mutants).toBe(18 + (bySource?.code.decided ?? 0));
    expect(fn.wrongOutputs?.inputShareAccepting).toBe(0);
    expect(fn.warnings).toEqual([]);
  });

  it('are N/A (null), never 0, when their denominator is 0', () => {
    const fn = only(check(MAX_OF, { max_of: { pairs: [{ input: { a: [2] }, output: 2 }] } }));
    expect(fn.scores.preCompleteness).toBeNull();
    const none = only(check(MAX_OF, { max_of: { invalid: [{ input: { a: [] } }] } }));
    expect(none.scores).toEqual({ postCorrectness: null, postCompleteness: null, preCorrectness: null, preCompleteness: 1 });
  });

  it('count PostComp as rejected mutants over decided mutants', () => {
    const source = `fn inc(x: u8) -> (r: u8) requires x < 255, ensures r > x, { x + 1 }`;
    const fn = only(check(source, { inc: { pairs: [{ input: { x: 3 }, output: 4 }] } }, { mutantsPerPair: 8 }));
    // r > 3 accepts every mutant above 4 and rejects those at or below 3.
    const accepted = fn.acceptedMutants.map((m) => m.mutant as number);
    expect(accepted.every((value) => value > 3)).toBe(true);
    expect(fn.scores.postCompleteness).toBeCloseTo(1 - accepted.length / fn.counts.mutants);
    expect(fn.acceptedMutants[0]).toMatchObject({ input: { x: 3 }, output: 4 });
    expect(fn.acceptedMutants[0]?.display).toMatch(/^inc\(3\) = \d+$/);
  });
});

describe('indeterminate verdicts', () => {
  it('are counted and listed apart, never folded into a score', () => {
    const source = `fn get(a: &Vec<u8>, i: usize) -> (r: u8) ensures r == a[i as int], { a[i] }`;
    const fn = only(
      check(source, {
        get: {
          pairs: [
            { input: { a: [1, 2], i: 0 }, output: 1 },
            { input: { a: [1, 2], i: 5 }, output: 0 },
          ],
        },
      }),
    );
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.counts.indeterminate).toBeGreaterThanOrEqual(1);
    // Of those, one is on a correct pair (`get([1, 2], 5)`); the rest are its wrong outputs.
    expect(fn.counts.indeterminatePairs).toBe(1);
    expect(fn.indeterminate[0]).toMatchObject({ obligation: 'post', input: { a: [1, 2], i: 5 } });
    expect(fn.indeterminate[0]?.reason).toMatch(/range|index/);
  });
});

describe('clause attribution', () => {
  const source = `
fn half(x: u32) -> (r: u32)
    requires x % 2 == 0, x < 1000,
    ensures r <= x, r * 2 == x,
{ x / 2 }`;

  it('names the first false ensures clause of a rejected pair, with its range and text', () => {
    const report = check(source, {
      half: {
        pairs: [
          { input: { x: 10 }, output: 6 },
          { input: { x: 4 }, output: 2 },
        ],
      },
    });
    const fn = only(report);
    expect(fn.scores.postCorrectness).toBe(0.5);
    expect(fn.rejectedPairs).toHaveLength(1);
    const rejected = fn.rejectedPairs[0];
    expect(rejected?.clause).toMatchObject({ kind: 'ensures', index: 1, text: 'r * 2 == x' });
    expect(rejected?.clause?.range.start.line).toBe(rejected?.clause?.range.end.line);
    expect(rejected?.preHolds).toBe(true);
    const diagnostic = report.diagnostics.find((d) => d.code === 'rejects-correct-output');
    expect(diagnostic?.message).toBe('rejects the correct output half(10) = 6 (clause 2) (PostCorr 0.50)');
    expect(diagnostic?.range).toEqual(rejected?.clause?.range);
  });

  it('sets a rejected pair apart when the requires rejects its input too', () => {
    const fn = only(check(source, { half: { pairs: [{ input: { x: 7 }, output: 3 }] } }));
    expect(fn.rejectedPairs).toEqual([]);
    expect(fn.pairsOutsideRequires?.[0]?.preHolds).toBe(false);
    expect(fn.rejectedValidInputs[0]?.clause).toMatchObject({ kind: 'requires', index: 0, text: 'x % 2 == 0' });
  });

  it('names the requires clause that rejects a valid input and the reason of an admitted invalid input', () => {
    const fn = only(
      check(source, {
        half: { pairs: [{ input: { x: 2000 }, output: 1000 }], invalid: [{ input: { x: 6 }, reason: 'made-up panic' }] },
      }),
    );
    expect(fn.rejectedValidInputs[0]?.clause?.index).toBe(1);
    expect(fn.admittedInvalidInputs).toEqual([expect.objectContaining({ input: { x: 6 }, reason: 'made-up panic', display: 'half(6)' })]);
    expect(fn.scores.preCorrectness).toBe(0);
    expect(fn.scores.preCompleteness).toBe(0);
  });
});

describe('warnings', () => {
  it('flag a vacuous postcondition (PostComp 0 with mutants present)', () => {
    const source = `fn id(x: u32) -> (r: u32) ensures r >= 0, { x }`;
    const report = check(source, { id: { pairs: [{ input: { x: 4 }, output: 4 }] } });
    const fn = only(report);
    expect(fn.scores.postCompleteness).toBe(0);
    expect(fn.warnings.map((w) => w.code)).toEqual(['vacuous-postcondition']);
    expect(report.diagnostics.map((d) => d.code)).toContain('vacuous-postcondition');
  });

  it('flag a reject-all precondition (PreCorr 0 with valid inputs present)', () => {
    const source = `fn id(x: u32) -> (r: u32) requires x > 5, x < 3, ensures r == x, { x }`;
    const fn = only(check(source, { id: { pairs: [{ input: { x: 4 }, output: 4 }] } }));
    expect(fn.scores.preCorrectness).toBe(0);
    expect(fn.warnings.map((w) => w.code)).toEqual(['reject-all-precondition']);
  });
});

describe('a missing requires is `requires true`', () => {
  it('gives PreCorr 1 and PreComp 0 when there are invalid inputs', () => {
    const source = `fn dec(x: u32) -> (r: u32) ensures r + 1 == x, { x - 1 }`;
    const fn = only(
      check(source, {
        dec: { pairs: [{ input: { x: 4 }, output: 3 }], invalid: [{ input: { x: 0 }, reason: 'attempt to subtract with overflow' }] },
      }),
    );
    expect(fn.scores.preCorrectness).toBe(1);
    expect(fn.scores.preCompleteness).toBe(0);
    expect(fn.admittedInvalidInputs[0]?.reason).toBe('attempt to subtract with overflow');
  });
});

describe('acceptable outputs', () => {
  const source = `
fn argmax(a: &Vec<i32>) -> (i: usize)
    requires a.len() > 0,
    ensures i < a.len(), forall|j: int| 0 <= j < a.len() ==> a[j] <= a[i as int],
{ 0 }`;

  it('are never counted as mutants', () => {
    const without = only(check(source, { argmax: { pairs: [{ input: { a: [5, 5] }, output: 0 }] } }));
    expect(without.acceptedMutants.map((m) => m.mutant)).toContain(1);
    const withAcceptable = only(
      check(source, { argmax: { pairs: [{ input: { a: [5, 5] }, output: 0 }], acceptable: [{ input: { a: [5, 5] }, output: 1 }] } }),
    );
    expect(withAcceptable.acceptedMutants).toEqual([]);
    expect(withAcceptable.scores.postCompleteness).toBe(1);
  });
});

describe('function status', () => {
  it('reports only exec fns with a contract; spec and proof fns are not scored', () => {
    const source = `
spec fn double(x: int) -> int { 2 * x }
proof fn lemma(x: int) ensures double(x) == x + x, {}
fn plain(x: u32) -> u32 { x }
fn twice(x: u32) -> (r: u32) requires x < 100, ensures r == double(x as int), { 2 * x }`;
    const report = check(source, {});
    expect(report.functions.map((fn) => [fn.qualifiedName, fn.status])).toEqual([['twice', 'no-pairs']]);
    expect(report.diagnostics.find((d) => d.code === 'no-pairs')?.severity).toBe('information');
  });

  it('is unsupported, with what and where, for a parameter type the harness cannot represent', () => {
    const fn = only(check(`fn f(x: f64) -> (r: bool) ensures r, { true }`, { f: { pairs: [] } }));
    expect(fn.status).toBe('unsupported');
    expect(fn.reason).toMatch(/parameter `x: f64`/);
    expect(fn.reason).toMatch(/line 3/);
  });

  it('narrows to the requested functions', () => {
    const source = `fn a(x: u8) -> (r: u8) ensures r == x, { x }\nfn b(x: u8) -> (r: u8) ensures r == x, { x }`;
    const report = check(source, {}, { functions: ['b'] });
    expect(report.functions.map((fn) => fn.qualifiedName)).toEqual(['b']);
  });
});

describe('&mut parameters', () => {
  it('check the after-values with old() and mutate them', () => {
    const source = `fn push_one(v: &mut Vec<u8>) ensures v@ == old(v)@.push(1), { v.push(1); }`;
    const fn = only(check(source, { push_one: { pairs: [{ input: { v: [3] }, after: { v: [3, 1] } }] } }));
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.scores.postCompleteness).toBe(1);
    expect(fn.counts.mutants).toBeGreaterThan(0);
  });
});

describe('Post-Harness@t and Harness@t', () => {
  const scored = (name: string, post: [number | null, number | null], pre: [number | null, number | null]): FunctionReport => ({
    ...only(check(`fn ${name}(x: u8) -> (r: u8) ensures r == x, { x }`, {})),
    status: 'scored',
    scores: { postCorrectness: post[0], postCompleteness: post[1], preCorrectness: pre[0], preCompleteness: pre[1] },
  });
  const file = (functions: FunctionReport[]): FileReport => ({ path: 'f.rs', pairsFile: null, diagnostics: [], functions });

  it('are shares of scored functions meeting each threshold', () => {
    const summary = summarize(
      [file([scored('a', [1, 1], [1, null]), scored('b', [1, 0.5], [1, 1]), scored('c', [1, 0.8], [0.2, null])])],
      0.75,
    );
    expect(summary.functions).toBe(3);
    expect(summary.scored).toBe(3);
    expect(summary.postHarnessAt).toEqual({ '0.25': 1, '0.5': 1, '0.75': 2 / 3, '1': 1 / 3 });
    expect(summary.harnessAt).toEqual({ '0.25': 2 / 3, '0.5': 2 / 3, '0.75': 1 / 3, '1': 1 / 3 });
  });

  it('count a function that could not be scored as meeting no t (the denominator is every function with a contract)', () => {
    const unscored = only(check(`fn a(x: u8) -> (r: u8) ensures r == x, { x }`, {}));
    const summary = summarize([file([unscored])], 0.75);
    expect(summary).toMatchObject({ functions: 1, scored: 0, unscored: 1, postHarnessAt: { '0.25': 0, '1': 0 }, harnessAt: { '0.5': 0 } });
    expect(summarize([file([])], 0.75)).toMatchObject({ functions: 0, postHarnessAt: { '0.25': null }, harnessAt: { '1': null } });
  });

  it('count an undecided N/A score (mutants tried, none decided) as meeting neither', () => {
    const undecided = {
      ...scored('a', [1, null], [1, 1]),
      counts: { pairs: 2, mutants: 16, validInputs: 2, invalidInputs: 1, indeterminate: 16, indeterminatePairs: 0 },
    };
    const summary = summarize([file([undecided])], 0.75);
    expect(summary.postHarnessAt['0.25']).toBe(0);
    expect(summary.harnessAt['0.25']).toBe(0);
  });

  it('count a nothing-to-measure N/A score (no invalid inputs exist) as meeting both', () => {
    const nothing = {
      ...scored('a', [1, 1], [1, null]),
      counts: { pairs: 2, mutants: 16, validInputs: 2, invalidInputs: 0, indeterminate: 0, indeterminatePairs: 0 },
    };
    const summary = summarize([file([nothing])], 0.75);
    expect(summary.postHarnessAt['1']).toBe(1);
    expect(summary.harnessAt['1']).toBe(1);
  });
});

describe('name resolution in contracts', () => {
  it('resolves a spec fn named in a contract inside a module from that module first', () => {
    const source = `
mod a {
    pub open spec fn limit() -> int { 10 }
    pub fn clamp(x: u32) -> (r: u32) ensures r <= limit(), { if x > 10 { 10 } else { x } }
}
mod b {
    pub open spec fn limit() -> int { 0 }
}`;
    const report = check(source, {
      'a::clamp': {
        pairs: [
          { input: { x: 4 }, output: 4 },
          { input: { x: 40 }, output: 10 },
        ],
      },
    });
    const fn = report.functions.find((candidate) => candidate.qualifiedName === 'a::clamp');
    expect(fn?.status).toBe('scored');
    // With b::limit (0) or no resolution, the correct pairs would be rejected or undecided.
    expect(fn?.status === 'scored' ? fn.scores.postCorrectness : undefined).toBe(1);
  });
});

describe('`returns` on an unnamed return', () => {
  it('compares the output with the returned expression (bound as `result`)', () => {
    const fn = only(
      check('fn double(x: u8) -> u16\n    returns 2 * x as u16,\n{ 2 * x as u16 }', {
        double: { pairs: [{ input: { x: 3 }, output: 6 }] },
      }),
    );
    expect(fn.status).toBe('scored');
    expect(fn.unsupported).toEqual([]);
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.scores.postCompleteness).toBe(1);
  });

  it('leaves a parameter named `result` alone when the return is unnamed', () => {
    const fn = only(
      check('fn f(result: u8) -> u8\n    ensures result < 10,\n{ 0 }', { f: { pairs: [{ input: { result: 3 }, output: 200 }] } }),
    );
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.scores.postCompleteness).toBe(0);
  });
});
