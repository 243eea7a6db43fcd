// Property: random expressions over random values never throw, never hit an internal error, and stop within
// the step budget.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createSpecContext, evaluateClauses, evaluateExpr } from '../../server/src/eval/spec';
import type { BinaryOp, Expr, Pattern, Type } from '../../server/src/syntax';
import { propertyRuns } from '../setup/property-size';
import { envOf, modelOf } from './check';

const span = { start: 0, end: 0 };
const SRC = `
spec fn f(x: int) -> int decreases x { if x <= 0 { 0 } else { x + f(x - 1) } }
spec fn loop_forever(x: int) -> int { loop_forever(x + 1) }
spec fn g(s: Seq<int>, i: int) -> bool { s[i] > 0 }
pub enum E { A(int), B { v: int }, C }
pub struct P { pub x: int, pub y: int }
`;
const NAMES = ['s', 'x', 'y', 'b', 'o', 'm', 'st', 'p', 'e', 'zz', 'None', 'i'];
const METHODS = [
  'len',
  'push',
  'subrange',
  'filter',
  'map',
  'fold_left',
  'contains',
  'insert',
  'remove',
  'dom',
  'index_of',
  'first',
  'to_set',
  'union',
  'get',
  'unwrap',
  'is_Some',
  'count',
  'choose',
  'view',
  'x',
  'take',
  'update',
  'max',
  'reverse',
];
const OPS: BinaryOp[] = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '<<',
  '>>',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '===',
  '=~=',
  '&&',
  '||',
  '==>',
  '<==',
  '<==>',
  'has',
];
const TYPES = ['int', 'nat', 'u8', 'i8', 'u64', 'char', 'bool', 'f64', 'Seq'];

const pathOf = (...names: string[]): Expr => ({ kind: 'path', segments: names.map((name) => ({ name, generics: [], span })), span });
const typeOf = (name: string): Type => ({ kind: 'path', segments: [{ name, generics: [] }], span });
const bind = (name: string): Pattern => ({ kind: 'binding', name, mutable: false, byRef: false, subpattern: undefined, span });

const pattern: fc.Arbitrary<Pattern> = fc.oneof(
  fc.constant<Pattern>({ kind: 'wild', span }),
  fc.constantFrom('i', 'x', 'w').map(bind),
  fc
    .integer({ min: -3, max: 3 })
    .map<Pattern>((n) => ({ kind: 'literal', value: { kind: 'int', value: BigInt(n), suffix: undefined, span }, span })),
  fc.constant<Pattern>({ kind: 'tuple-struct', path: [{ name: 'Some', generics: [], span }], elements: [bind('i')], span }),
  fc.constant<Pattern>({ kind: 'path', path: [{ name: 'None', generics: [], span }], span }),
);

const { expr } = fc.letrec<{ expr: Expr }>((tie) => {
  const sub = tie('expr');
  const leaf = fc.oneof(
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map<Expr>((value) => ({ kind: 'int', value, suffix: undefined, span })),
    fc.integer({ min: -5, max: 10 }).map<Expr>((n) => ({ kind: 'int', value: BigInt(n), suffix: undefined, span })),
    fc
      .tuple(fc.integer({ min: 0, max: 300 }), fc.constantFrom('u8', 'i8', 'u32', 'int'))
      .map<Expr>(([n, suffix]) => ({ kind: 'int', value: BigInt(n), suffix, span })),
    fc.boolean().map<Expr>((value) => ({ kind: 'bool', value, span })),
    fc.constantFrom('a', 'Z', '0').map<Expr>((value) => ({ kind: 'char', value, byte: false, span })),
    fc.string({ maxLength: 3 }).map<Expr>((value) => ({ kind: 'str', value, byte: false, span })),
    fc.constantFrom(...NAMES).map((name) => pathOf(name)),
    fc.constantFrom(['u8', 'MAX'], ['i64', 'MIN'], ['E', 'C'], ['Seq', 'empty'], ['Self', 'x']).map((names) => pathOf(...names)),
  );
  const node = fc.oneof(
    { depthSize: 'small' },
    fc.tuple(fc.constantFrom(...OPS), sub, sub).map<Expr>(([op, left, right]) => ({ kind: 'binary', op, left, right, span })),
    fc.tuple(fc.constantFrom('-', '!', '*', '&'), sub).map<Expr>(([op, operand]) => ({ kind: 'unary', op: op as '-', operand, span })),
    fc.tuple(sub, sub, sub).map<Expr>(([a, b, c]) => ({ kind: 'chain', operands: [a, b, c], ops: ['<=', '<'], span })),
    fc
      .tuple(
        fc.constantFrom('f', 'g', 'loop_forever', 'Some', 'old', 'E::A', 'arbitrary', 'Seq::new', 'P'),
        fc.array(sub, { maxLength: 2 }),
      )
      .map<Expr>(([name, args]) => ({ kind: 'call', callee: pathOf(...name.split('::')), args, span })),
    fc.tuple(sub, fc.constantFrom(...METHODS), fc.array(sub, { maxLength: 2 })).map<Expr>(([receiver, method, args]) => ({
      kind: 'method-call',
      receiver,
      method,
      methodSpan: span,
      generics: [],
      args,
      span,
    })),
    fc.tuple(sub, sub).map<Expr>(([receiver, index]) => ({ kind: 'index', receiver, index, span })),
    fc.tuple(sub, fc.constantFrom('x', '0', 'v', 'Some_0')).map<Expr>(([receiver, field]) => ({ kind: 'field', receiver, field, span })),
    fc.tuple(sub, fc.constantFrom('0', 'v', 'A_0')).map<Expr>(([receiver, field]) => ({ kind: 'arrow', receiver, field, span })),
    sub.map<Expr>((operand) => ({ kind: 'view', operand, span })),
    fc.tuple(sub, fc.constantFrom(...TYPES)).map<Expr>(([operand, t]) => ({ kind: 'cast', operand, type: typeOf(t), span })),
    fc
      .tuple(sub, fc.constantFrom('Some', 'None', 'A'), fc.boolean())
      .map<Expr>(([operand, variant, negated]) => ({ kind: 'is', operand, variant, negated, span })),
    fc.tuple(sub, pattern).map<Expr>(([operand, p]) => ({ kind: 'matches', operand, pattern: p, span })),
    fc.tuple(sub, sub, sub).map<Expr>(([condition, a, b]) => ({
      kind: 'if',
      condition,
      then: { stmts: [], tail: a, span },
      else: { kind: 'block', block: { stmts: [], tail: b, span }, span },
      span,
    })),
    fc.tuple(sub, fc.array(fc.tuple(pattern, sub), { minLength: 1, maxLength: 3 })).map<Expr>(([scrutinee, arms]) => ({
      kind: 'match',
      scrutinee,
      arms: arms.map(([p, body]) => ({ pattern: p, guard: undefined, body, span })),
      span,
    })),
    fc.tuple(pattern, sub, sub).map<Expr>(([p, init, tail]) => ({
      kind: 'block',
      block: { stmts: [{ kind: 'let', pattern: p, type: undefined, init, else: undefined, ghostMode: 'exec', span }], tail, span },
      span,
    })),
    sub.map<Expr>((body) => ({ kind: 'closure', params: [{ pattern: bind('i'), type: undefined, span }], ret: undefined, body, span })),
    fc
      .tuple(fc.constantFrom('forall', 'exists', 'choose'), fc.constantFrom('int', 'u8', 'bool', 'nat'), sub, sub)
      .map<Expr>(([quantifier, t, bound, body]) => ({
        kind: 'quantifier',
        quantifier: quantifier as 'forall',
        binders: [{ name: 'i', type: typeOf(t), span }],
        triggers: [],
        body: {
          kind: 'binary',
          op: quantifier === 'forall' ? '==>' : '&&',
          left: {
            kind: 'chain',
            operands: [{ kind: 'int', value: 0n, suffix: undefined, span }, pathOf('i'), bound],
            ops: ['<=', '<'],
            span,
          },
          right: body,
          span,
        },
        span,
      })),
    fc.tuple(fc.constantFrom('seq', 'set', 'multiset', 'vec'), fc.array(sub, { maxLength: 3 })).map<Expr>(([macro, elements]) => ({
      kind: 'collection-macro',
      macro: macro as 'seq',
      elements,
      entries: [],
      repeat: undefined,
      span,
    })),
    fc.tuple(sub, sub).map<Expr>(([value, count]) => ({ kind: 'array-repeat', value, count, span })),
    fc.array(sub, { maxLength: 3 }).map<Expr>((elements) => ({ kind: 'tuple', elements, span })),
    fc.tuple(sub, sub).map<Expr>(([x, y]) => ({
      kind: 'struct-literal',
      path: [{ name: 'P', generics: [], span }],
      fields: [
        { name: 'x', value: x, span },
        { name: 'y', value: y, span },
      ],
      base: undefined,
      span,
    })),
  );
  return { expr: fc.oneof({ maxDepth: 6 }, leaf, node) };
});

const values = fc.record({
  s: fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 6 }),
  x: fc.integer({ min: -1_000, max: 1_000 }),
  y: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
  b: fc.boolean(),
  o: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
  st: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
  i: fc.integer({ min: -2, max: 8 }),
});

it('random expressions over random values never throw, never hit an internal error, and respect the budget', () => {
  const model = modelOf(SRC);
  fc.assert(
    fc.property(expr, values, (e, vals) => {
      const env = envOf({
        values: {
          s: vals.s,
          x: vals.x,
          y: vals.y,
          b: vals.b,
          i: vals.i,
          o: vals.o === undefined ? { none: true } : { some: vals.o },
          st: { set: vals.st },
          m: {
            map: [
              [1, 2],
              [vals.x, 3],
            ],
          },
          p: { struct: 'P', fields: { x: vals.x, y: 2 } },
          e: { enum: 'E', variant: 'A', fields: { '0': vals.i } },
        },
        mutables: { mv: [vals.s, [...vals.s, 1]] },
      });
      // An internal error throws and fails the property, whatever its message says.
      const ctx = createSpecContext(model.scope, { stepBudget: 5_000, internalErrors: 'throw' });
      const res = evaluateExpr(ctx, e, env);
      expect(['value', 'indeterminate', 'unsupported']).toContain(res.kind);
      // Bulk work is charged before it is done, so the overshoot is bounded by one bulk charge.
      expect(ctx.steps).toBeLessThan(5_000 + 70_000);
      const outcome = evaluateClauses(ctx, [{ expr: e, span }], env);
      expect(['holds', 'fails', 'indeterminate', 'unsupported']).toContain(outcome.verdict.kind);
      expect(outcome.steps).toBeLessThan(5_000 + 70_000);
    }),
    { numRuns: Number(process.env['PROP_RUNS'] ?? propertyRuns(3_000)), seed: Number(process.env['PROP_SEED'] ?? 20_261_130) },
  );
});
