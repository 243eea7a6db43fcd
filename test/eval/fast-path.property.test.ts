// The fast path (server/src/eval/spec/fast-path.ts) against the tree walk: random clauses in and around its subset,
// on random values (ints near 2^53 and beyond, empty seqs, negative indices, values of the wrong kind) and random
// step budgets, give the same verdict, failing clause and step count with the fast path on and off.
import fc from 'fast-check';
import { describe as group, expect, it } from 'vitest';
import { createSpecContext, evaluateClauses } from '../../server/src/eval/spec';
import type { Clause } from '../../server/src/syntax';
import { parseExpression } from '../../server/src/syntax';
import { propertyRuns } from '../setup/property-size';
import type { Js } from './check';
import { envOf, modelOf } from './check';

const MODEL = modelOf('spec fn id(x: int) -> int { x }');
const BIG = 2 ** 53;

const intLiteral = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom(String(BIG - 1), String(BIG), String(BIG + 2), '4294967295', 'i32::MAX', 'u64::MAX', 'i8::MIN'),
);

function clauseText(binders: readonly string[]): fc.Arbitrary<string> {
  const { bool } = fc.letrec<{ int: string; bool: string; seq: string }>((tie) => ({
    seq: fc.constantFrom('a', 'b', 'a@', 'b@', '(a)', 'x', 'p'),
    int: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      intLiteral,
      fc.constantFrom('x', 'y', 'old(m)', 'm', 'p', ...binders),
      tie('seq').map((s) => `${s}.len()`),
      fc.tuple(tie('seq'), tie('int')).map(([s, i]) => `${s}[${i}]`),
      fc.tuple(tie('seq'), tie('int')).map(([s, i]) => `${s}.index(${i})`),
      fc.tuple(tie('int'), fc.constantFrom('+', '-', '*', '/', '%'), tie('int')).map(([l, op, r]) => `(${l} ${op} ${r})`),
      tie('int').map((e) => `-${e}`),
      fc.tuple(tie('int'), fc.constantFrom('int', 'nat', 'u8', 'i32', 'u64')).map(([e, t]) => `(${e} as ${t})`),
    ),
    bool: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('true', 'false', 'p', 'x'),
      fc.tuple(tie('int'), fc.constantFrom('<', '<=', '>', '>=', '==', '!='), tie('int')).map(([l, op, r]) => `${l} ${op} ${r}`),
      fc.tuple(tie('int'), tie('int'), tie('int')).map(([l, m, r]) => `${l} <= ${m} < ${r}`),
      fc.tuple(tie('bool'), fc.constantFrom('&&', '||', '==>', '<==', '<==>', '=='), tie('bool')).map(([l, op, r]) => `(${l} ${op} ${r})`),
      tie('bool').map((e) => `!(${e})`),
      tie('seq').map((s) => `${s}.is_empty()`),
      fc
        .tuple(fc.constantFrom('forall', 'exists'), fc.constantFrom('int', 'nat', 'u8', 'i8'), tie('seq'), tie('int'), tie('int'))
        .map(([q, t, s, i, j]) =>
          q === 'forall'
            ? `forall|i: ${t}| 0 <= i < ${s}.len() ==> ${s}[i] <= ${j}`
            : `exists|i: ${t}| ${i} <= i && i < ${j} && ${s}[i] == ${i}`,
        ),
      fc.constantFrom(
        'forall|i: int, j: int| 0 <= i < j < a.len() ==> a[i] <= a[j]',
        'exists|i: int| 0 <= i < a.len() && a[i] == x',
        'forall|i: u8| i < 3 ==> i >= 0',
        'forall|i: i8| (i as int) < 200',
        'forall|i: int| 0 <= i < y ==> i < 1000',
        'forall|i: int| i < a.len() ==> a[i] >= 0',
        'forall|i: int| 0 <= i <= a.len() ==> a[i] >= -20',
        'a[a.len() - 1] == x || a[a.len()] == x',
        'a[-1] <= a[0]',
      ),
    ),
  }));
  return bool;
}

const intValue = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(BigInt),
  fc.constantFrom(BigInt(BIG - 1), BigInt(BIG), -BigInt(BIG - 1), BigInt(BIG) * 4n, 0n),
);
const seqValue = fc.oneof(
  fc.array(intValue, { maxLength: 6 }),
  fc.constant<readonly bigint[]>([]),
  fc.array(fc.integer({ min: 0, max: 3 }).map(BigInt), { maxLength: 4 }),
);
const anyValue: fc.Arbitrary<Js> = fc.oneof(intValue, intValue, seqValue, fc.boolean(), fc.constant<Js>('ab'));

const bindings = fc.record({
  a: fc.oneof(seqValue, seqValue, seqValue, anyValue),
  b: seqValue,
  x: fc.oneof(intValue, intValue, anyValue),
  y: fc.oneof(intValue, fc.constant(3n)),
  p: fc.oneof(fc.boolean(), anyValue),
  m: fc.tuple(intValue, intValue),
});

type Bound = typeof bindings extends fc.Arbitrary<infer T> ? T : never;

function outcome(texts: readonly string[], values: Bound, budget: number, fastPath: boolean) {
  const clauses: Clause[] = texts.map((text) => {
    const parsed = parseExpression(text);
    expect(parsed.diagnostics, text).toEqual([]);
    return { expr: parsed.expr, span: parsed.expr.span };
  });
  const ctx = createSpecContext(MODEL.scope, { internalErrors: 'throw', stepBudget: budget, fastPath });
  const { m, ...plain } = values;
  const env = envOf({ values: plain as Record<string, Js>, mutables: { m } });
  return { clauses, ctx, result: evaluateClauses(ctx, clauses, env) };
}

group('fast path', () => {
  it('gives the tree walk verdict, failing clause and steps', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.array(clauseText(['i']), { minLength: 1, maxLength: 3 }),
        bindings,
        fc.oneof(fc.constant(200_000), fc.integer({ min: 1, max: 60 })),
        (texts, values, budget) => {
          // The same AST for both runs: the compiled form is cached by node.
          const walked = outcome(texts, values, budget, false);
          const ctx = createSpecContext(MODEL.scope, { internalErrors: 'throw', stepBudget: budget });
          const { m, ...plain } = values;
          const fast = evaluateClauses(ctx, walked.clauses, envOf({ values: plain as Record<string, Js>, mutables: { m } }));
          taken += ctx.fastClauses;
          expect(fast).toEqual(walked.result);
        },
      ),
      { numRuns: propertyRuns(3000), seed: 26 },
    );
    expect(taken).toBeGreaterThan(0);
  });

  it('is taken on max_of-style ensures, and not when switched off', () => {
    const texts = ['forall|i: int| 0 <= i < a.len() ==> a[i] <= r', 'exists|i: int| 0 <= i < a.len() && a[i] == r', 'old(m) + 1 == m'];
    const values = { a: [3n, 9n, -2n], b: [], x: 0n, y: 0n, p: true, r: 9n, m: [1n, 2n] as [bigint, bigint] };
    const on = outcome(texts, values, 200_000, true);
    expect(on.result.verdict).toEqual({ kind: 'holds' });
    expect(on.ctx.fastClauses).toBe(3);
    const off = outcome(texts, values, 200_000, false);
    expect(off.ctx.fastClauses).toBe(0);
    expect(off.result).toEqual(on.result);
  });
});
