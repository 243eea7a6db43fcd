// evaluateClauses: Kleene conjunction over a contract's clauses, the first false clause, `matches` bindings
// threaded through `&&&` bullets, both `&mut` notations, and the counters it reports.
import { describe, expect, it } from 'vitest';
import { createSpecContext, evaluateClauses } from '../../server/src/eval/spec';
import type { ClausesOutcome } from '../../server/src/eval/spec';
import { envOf, modelOf } from './check';
import type { Bindings } from './check';

function outcomeOf(source: string, fnName: string, kind: 'requires' | 'ensures', bindings: Bindings): ClausesOutcome {
  const model = modelOf(source);
  const fn = model.functions.find((f) => f.name === fnName);
  if (fn === undefined) throw new Error(`no fn ${fnName}`);
  const ctx = createSpecContext(model.scope, { internalErrors: 'throw', ...bindings.options, selfTypeName: fn.selfTypeName });
  return evaluateClauses(
    ctx,
    fn[kind].map((c) => c.clause),
    envOf(bindings),
  );
}

const SRC = `
spec fn tri(n: nat) -> nat decreases n { if n == 0 { 0 } else { n + tri((n - 1) as nat) } }
fn max_of(s: &Vec<i32>) -> (r: i32)
    requires s.len() > 0,
    ensures
        forall|i: int| 0 <= i < s.len() ==> r >= s[i],
        exists|i: int| 0 <= i < s.len() && r == s[i],
{ s[0] }
fn clauses(s: Seq<int>, k: int) -> (r: int)
    ensures
        s[k] > 0,
        r > 100,
        r == 7,
        r as f64 == 1.0,
{ 0 }
fn undecided(s: Seq<int>, k: int) -> (r: int)
    ensures s[k] > 0, r as f64 == 1.0, r == 7,
{ 0 }
fn find(s: Seq<int>) -> (r: Option<int>)
    ensures
        &&& r matches Some(i)
        &&& 0 <= i < s.len()
        &&& s[i] == 3,
{ None }
fn push_two(v: &mut Vec<u8>)
    ensures
        v@.len() == old(v)@.len() + 2,
        final(v)@.len() == old(v)@.len() + 2,
        (*final(v))@ == (*old(v))@.push(1).push(2),
        v@.subrange(0, old(v)@.len() as int) == old(v)@,
{ }
fn deep(n: nat) -> (r: nat) ensures r == tri(n) { 0 }
`;

describe('evaluateClauses', () => {
  it('holds when every clause is true and fails at a false clause', () => {
    const values = { s: [3, 9, 2], r: 9 };
    expect(outcomeOf(SRC, 'max_of', 'requires', { values }).verdict).toEqual({ kind: 'holds' });
    expect(outcomeOf(SRC, 'max_of', 'ensures', { values })).toMatchObject({ verdict: { kind: 'holds' }, failingClause: undefined });
    expect(outcomeOf(SRC, 'max_of', 'ensures', { values: { s: [3, 9, 2], r: 10 } })).toMatchObject({
      verdict: { kind: 'fails' },
      failingClause: 1,
    });
    expect(outcomeOf(SRC, 'max_of', 'ensures', { values: { s: [3, 9, 2], r: 3 } })).toMatchObject({
      verdict: { kind: 'fails' },
      failingClause: 0,
    });
    expect(outcomeOf(SRC, 'max_of', 'requires', { values: { s: [] } })).toMatchObject({ verdict: { kind: 'fails' }, failingClause: 0 });
  });

  it('reports the first false clause even after an undecided one', () => {
    const out = outcomeOf(SRC, 'clauses', 'ensures', { values: { s: [1], k: 5, r: 0 } });
    expect(out).toMatchObject({ verdict: { kind: 'fails' }, failingClause: 1 });
  });

  it('prefers unsupported over indeterminate when nothing is false, and reports spans', () => {
    const out = outcomeOf(SRC, 'undecided', 'ensures', { values: { s: [1], k: 5, r: 7 } });
    expect(out.verdict).toMatchObject({ kind: 'unsupported', construct: 'cast to f64' });
    const model = modelOf(SRC);
    const fn = model.functions.find((f) => f.name === 'undecided');
    const ctx = createSpecContext(model.scope);
    const first = fn?.ensures[0];
    if (fn === undefined || first === undefined) throw new Error('fixture');
    const res = evaluateClauses(ctx, [first.clause], envOf({ values: { s: [1], k: 5, r: 7 } }));
    expect(res.verdict).toMatchObject({ kind: 'indeterminate', reason: 'index 5 out of range for length 1' });
    if (res.verdict.kind !== 'indeterminate' || res.verdict.span === undefined) throw new Error('span');
    expect(model.source.text.slice(res.verdict.span.start, res.verdict.span.end)).toBe('s[k]');
  });

  it('threads matches bindings through &&& bullets', () => {
    expect(outcomeOf(SRC, 'find', 'ensures', { values: { s: [1, 3], r: { some: 1 } } }).verdict).toEqual({ kind: 'holds' });
    expect(outcomeOf(SRC, 'find', 'ensures', { values: { s: [1, 3], r: { some: 0 } } })).toMatchObject({
      verdict: { kind: 'fails' },
      failingClause: 2,
    });
    expect(outcomeOf(SRC, 'find', 'ensures', { values: { s: [1, 3], r: { none: true } } })).toMatchObject({
      verdict: { kind: 'fails' },
      failingClause: 0,
    });
    expect(outcomeOf(SRC, 'find', 'ensures', { values: { s: [1, 3], r: { some: 5 } } })).toMatchObject({
      verdict: { kind: 'fails' },
      failingClause: 1,
    });
  });

  it('reads &mut parameters in both notations: old(x)/x and *old(x)/*final(x)', () => {
    const good = outcomeOf(SRC, 'push_two', 'ensures', { mutables: { v: [[5], [5, 1, 2]] } });
    expect(good.verdict).toEqual({ kind: 'holds' });
    const wrong = outcomeOf(SRC, 'push_two', 'ensures', { mutables: { v: [[5], [5, 2, 1]] } });
    expect(wrong).toMatchObject({ verdict: { kind: 'fails' }, failingClause: 2 });
    const short = outcomeOf(SRC, 'push_two', 'ensures', { mutables: { v: [[5], [5, 1]] } });
    expect(short).toMatchObject({ verdict: { kind: 'fails' }, failingClause: 0 });
  });

  it('reports recursion depth and steps, with a fresh budget per call', () => {
    const out = outcomeOf(SRC, 'deep', 'ensures', { values: { n: 20, r: 210 } });
    expect(out.verdict).toEqual({ kind: 'holds' });
    expect(out.recursionDepth).toBe(21);
    expect(out.steps).toBeGreaterThan(20);
    const model = modelOf(SRC);
    const fn = model.functions.find((f) => f.name === 'deep');
    const ctx = createSpecContext(model.scope, { stepBudget: 500 });
    const clauses = (fn?.ensures ?? []).map((c) => c.clause);
    for (let round = 0; round < 3; round++) {
      expect(evaluateClauses(ctx, clauses, envOf({ values: { n: 20, r: 210 } })).verdict).toEqual({ kind: 'holds' });
    }
    expect(evaluateClauses(ctx, clauses, envOf({ values: { n: 300, r: 0 } })).verdict).toMatchObject({
      kind: 'indeterminate',
      reason: 'step budget exhausted',
    });
  });

  it('treats an empty clause list as holding', () => {
    expect(evaluateClauses(createSpecContext(modelOf('').scope), [], envOf({})).verdict).toEqual({ kind: 'holds' });
  });
});
