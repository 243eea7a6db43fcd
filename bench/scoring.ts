// Scoring benchmark (issue 3, item 9): obligations per second, median obligation time, and the time to score one
// typical function (20 pairs, 8 mutants each, pre and post), on the examples and on a generated 200-function
// file; the peer is a plain JS closure computing the same predicate as max_of's ensures.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_CHECK_OPTIONS,
  checkFileSync,
  decideObligation,
  decideObligations,
  parsePairsFile,
  pendingObligations,
  planFile,
  planObligations,
  scoreFunction,
  functionValueTypes,
} from '../server/src/harness';
import type { CheckInput, Obligation, ObligationResult, PlannedObligation } from '../server/src/harness';
import type { FileModel } from '../server/src/model';

const OPTIONS = DEFAULT_CHECK_OPTIONS;

export async function runScoringBench(): Promise<string[]> {
  const lines: string[] = ['Scoring (embedded backend)'];
  const examples = exampleInputs();
  lines.push(...obligationLines('examples', examples));
  const generated = generatedFile(200);
  lines.push(...obligationLines('generated, 200 fns', [generated]));
  lines.push(...typicalFunctionLines());
  lines.push(...wholeFileLines(generated, 200));
  return lines;
}

/** Per-obligation timings over every obligation of the inputs, with the peer ratio. */
function obligationLines(label: string, inputs: readonly CheckInput[]): string[] {
  const plans = inputs.map((input) => planFile(input, OPTIONS));
  const work = plans.flatMap((plan) => pendingObligations(plan).map((obligation) => ({ model: plan.model, obligation })));
  const decide = (model: FileModel, obligation: Obligation): void => {
    decideObligation(model, obligation, { stepBudget: OPTIONS.stepBudget });
  };
  for (const { model, obligation } of work) decide(model, obligation); // warm-up
  const samples: number[] = [];
  const rounds = Math.max(1, Math.ceil(20_000 / Math.max(1, work.length)));
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const { model, obligation } of work) {
      const t0 = performance.now();
      decide(model, obligation);
      samples.push((performance.now() - t0) * 1000);
    }
  }
  const elapsedMs = performance.now() - started;
  const perSecond = (samples.length / elapsedMs) * 1000;
  const median = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  return [
    `  ${label}: ${work.length} obligations x ${rounds} rounds`,
    `    obligations/s            ${Math.round(perSecond).toLocaleString('en-US')}`,
    `    median obligation        ${median.toFixed(2)} us (p95 ${p95.toFixed(2)} us; target < 20 us: ${median < 20 ? 'met' : 'MISSED'})`,
  ];
}

/** One typical function: 20 pairs, 8 mutants each, pre and post; plan + decide + score, model built once. */
function typicalFunctionLines(): string[] {
  const input = typicalInput();
  const plan = planFile(input, OPTIONS);
  const fn = plan.model.functions.find((candidate) => candidate.qualifiedName === 'max_of');
  const entry = plan.pairs.file.functions.get('max_of');
  if (fn === undefined || entry === undefined) return ['  typical function: could not be planned'];
  const types = functionValueTypes(fn, plan.model.scope);
  if (types.kind !== 'supported') return ['  typical function: unsupported'];
  const plannedOnce = (): PlannedObligation[] =>
    planObligations(fn, entry, types, { mutantsPerPair: OPTIONS.mutantsPerPair, seed: OPTIONS.seed });
  const planned = plannedOnce();
  const obligations = planned.map((item) => item.obligation);
  const decideAll = (): ObligationResult[] => decideObligations(plan.model, obligations, { stepBudget: OPTIONS.stepBudget });
  const results = decideAll();
  const scoreOnce = (): void => {
    const fresh = plannedOnce();
    scoreFunction({ lineIndex: plan.lineIndex }, fn, types, fresh, decideObligations(plan.model, fresh.map((item) => item.obligation), { stepBudget: OPTIONS.stepBudget }));
  };
  const ms = (action: () => unknown, count: number): number => percentile(timeRepeatedly(action, count), 0.5) / 1000;
  const total = ms(scoreOnce, 100);
  const posts = obligations.filter((obligation) => obligation.kind === 'post');
  const evaluatorUs = medianPerCall(() => posts.forEach((o) => decideObligation(plan.model, o, { stepBudget: OPTIONS.stepBudget })), posts.length);
  const peerUs = peerMicroseconds(posts);
  return [
    `  typical function (20 pairs x 8 mutants, pre and post: ${obligations.length} obligations)`,
    `    score (plan + decide + score)  ${total.toFixed(3)} ms median (target < 1 ms: ${total < 1 ? 'met' : 'MISSED'})`,
    `      of which: read pairs file ${ms(() => parsePairsFile(input.pairsText ?? '', plan.model), 100).toFixed(3)} ms (not in the total),` +
      ` mutants/plan ${ms(plannedOnce, 100).toFixed(3)} ms, decide ${ms(decideAll, 100).toFixed(3)} ms,` +
      ` score ${ms(() => scoreFunction({ lineIndex: plan.lineIndex }, fn, types, planned, results), 100).toFixed(3)} ms`,
    `    whole file incl. parse/model   ${ms(() => checkFileSync(input, OPTIONS), 50).toFixed(3)} ms median`,
    `    its post obligations           ${evaluatorUs.toFixed(2)} us each; peer (a JS closure computing the same ensures) ${peerUs.toFixed(3)} us: ratio ${(evaluatorUs / peerUs).toFixed(0)}x`,
  ];
}

function wholeFileLines(input: CheckInput, functions: number): string[] {
  checkFileSync(input, OPTIONS);
  const samples = timeRepeatedly(() => checkFileSync(input, OPTIONS), 5);
  const median = percentile(samples, 0.5) / 1000;
  return [`  generated file, ${functions} fns, whole check: ${median.toFixed(1)} ms (${((median / functions) * 1000).toFixed(0)} us per function)`];
}

function timeRepeatedly(action: () => unknown, count: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    action();
    samples.push((performance.now() - t0) * 1000);
  }
  return samples;
}

/** Median microseconds per call of `round`, which makes `callsPerRound` calls. */
function medianPerCall(round: () => void, callsPerRound: number): number {
  round();
  return percentile(timeRepeatedly(round, 100), 0.5) / Math.max(1, callsPerRound);
}

/** The same predicate as max_of's ensures, as a plain closure over the same (input, output) numbers: the floor
 *  any evaluator is measured against. */
function peerMicroseconds(posts: readonly Obligation[]): number {
  const cases = posts.map((obligation) => {
    const a = obligation.inputs.get('a');
    const r = obligation.output;
    const numbers = a?.kind === 'seq' ? a.elements.map((e) => (e.kind === 'int' ? Number(e.value) : NaN)) : [];
    return { a: numbers, r: r?.kind === 'int' ? Number(r.value) : NaN };
  });
  const post = (a: readonly number[], r: number): boolean => a.every((x) => x <= r) && a.some((x) => x === r);
  let holds = 0;
  const perCall = medianPerCall(() => {
    for (let repeat = 0; repeat < 100; repeat++) for (const c of cases) if (post(c.a, c.r)) holds++;
  }, cases.length * 100);
  return holds >= 0 ? perCall : perCall;
}

function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function exampleInputs(): CheckInput[] {
  const directory = join(__dirname, '..', 'examples');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.rs'))
    .sort()
    .map((name) => {
      const pairsName = name.replace(/\.rs$/, '.pairs.json');
      let pairsText: string | null = null;
      try {
        pairsText = readFileSync(join(directory, pairsName), 'utf8');
      } catch {
        pairsText = null;
      }
      return { path: name, text: readFileSync(join(directory, name), 'utf8'), pairsPath: pairsName, pairsText };
    });
}

const MAX_OF_SOURCE = (name: string): string => `
fn ${name}(a: &Vec<i32>) -> (r: i32)
    requires
        a.len() > 0,
    ensures
        forall|i: int| 0 <= i < a.len() ==> a[i] <= r,
        exists|i: int| 0 <= i < a.len() && a[i] == r,
{
    a[0]
}
`;

function maxOfEntry(seed: number): unknown {
  const pairs = Array.from({ length: 20 }, (_, i) => {
    const a = Array.from({ length: 1 + ((i + seed) % 8) }, (_, j) => ((i * 31 + j * 17 + seed) % 200) - 100);
    return { input: { a }, output: Math.max(...a) };
  });
  return { pairs, invalid: [{ input: { a: [] }, reason: 'index out of bounds' }] };
}

function typicalInput(): CheckInput {
  const text = `use vstd::prelude::*;\nverus! {\n${MAX_OF_SOURCE('max_of')}\n}\n`;
  const pairsText = JSON.stringify({ version: 1, functions: { max_of: maxOfEntry(0) } });
  return { path: 'typical.rs', text, pairsPath: 'typical.pairs.json', pairsText };
}

/** A file of `count` functions in four shapes (sequences, integers, &mut, recursive spec fn), with pairs. */
function generatedFile(count: number): CheckInput {
  const parts: string[] = [
    'spec fn sum(s: Seq<u32>) -> int decreases s.len(), { if s.len() == 0 { 0 } else { sum(s.drop_last()) + s.last() } }',
  ];
  const functions: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const shape = i % 4;
    const name = `f${i}`;
    if (shape === 0) {
      parts.push(MAX_OF_SOURCE(name));
      functions[name] = maxOfEntry(i);
    } else if (shape === 1) {
      parts.push(`fn ${name}(x: i32) -> (r: i32) requires x != i32::MIN, ensures r >= 0, r == x || r == -x, { if x < 0 { -x } else { x } }`);
      const pairs = Array.from({ length: 20 }, (_, k) => ({ input: { x: k * 37 - 300 + i }, output: Math.abs(k * 37 - 300 + i) }));
      functions[name] = { pairs, invalid: [{ input: { x: -2147483648 }, reason: 'attempt to negate with overflow' }] };
    } else if (shape === 2) {
      parts.push(`fn ${name}(v: &mut Vec<u32>, x: u32) ensures v@ == old(v)@.push(x), { v.push(x); }`);
      const pairs = Array.from({ length: 20 }, (_, k) => {
        const v = Array.from({ length: k % 6 }, (_, j) => (j * 11 + k) % 90);
        return { input: { v, x: k }, after: { v: [...v, k] } };
      });
      functions[name] = { pairs };
    } else {
      parts.push(`fn ${name}(v: &Vec<u32>) -> (r: u32) requires sum(v@) <= u32::MAX, ensures r == sum(v@), { 0 }`);
      const pairs = Array.from({ length: 20 }, (_, k) => {
        const v = Array.from({ length: k % 7 }, (_, j) => (j * 13 + k * 3) % 1000);
        return { input: { v }, output: v.reduce((s, x) => s + x, 0) };
      });
      functions[name] = { pairs, invalid: [{ input: { v: [4294967295, 1] }, reason: 'attempt to add with overflow' }] };
    }
  }
  const text = `use vstd::prelude::*;\nverus! {\n${parts.join('\n')}\n}\n`;
  return { path: 'generated.rs', text, pairsPath: 'generated.pairs.json', pairsText: JSON.stringify({ version: 1, functions }) };
}
