// Micro-benchmark of the spec evaluator on typical obligations (CPU microseconds per obligation).
// Run: npx tsx bench/spec-eval.ts. CPU time (not wall time) so a loaded machine distorts it less.
import { buildFileModel } from '../server/src/model';
import { parseExpression, parseSourceFile } from '../server/src/syntax';
import { createSpecContext, evaluateClauses } from '../server/src/eval/spec';
import type { Value } from '../server/src/eval/value';

const model = buildFileModel(
  parseSourceFile('verus! { spec fn tri(n: nat) -> nat decreases n { if n == 0 { 0 } else { n + tri((n - 1) as nat) } } }'),
);
const CLAUSES = [
  'forall|i: int| 0 <= i < s.len() ==> r >= s[i]',
  'exists|i: int| 0 <= i < s.len() && r == s[i]',
  'forall|i: int, j: int| 0 <= i < j < s.len() ==> s[i] <= s[j]',
  'r == tri(10)',
  'r >= 0 && r < 100',
];
const int = (n: number): Value => ({ kind: 'int', value: BigInt(n) });
const env = {
  values: new Map<string, Value>([
    ['s', { kind: 'seq', elements: [3, 1, 4, 1, 5].map(int) }],
    ['r', int(5)],
  ]),
  mutables: new Map(),
};
const ctx = createSpecContext(model.scope);
const RUNS = 50_000;
for (const text of CLAUSES) {
  const clause = { expr: parseExpression(text).expr, span: { start: 0, end: text.length } };
  for (let i = 0; i < RUNS / 5; i++) evaluateClauses(ctx, [clause], env);
  const start = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) evaluateClauses(ctx, [clause], env);
  const used = process.cpuUsage(start);
  const verdict = evaluateClauses(ctx, [clause], env).verdict.kind;
  console.log(`${((used.user + used.system) / RUNS).toFixed(2).padStart(7)} us  ${verdict.padEnd(6)} ${text}`);
}
