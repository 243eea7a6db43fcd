// Scoring benchmark (the targets in ARCHITECTURE.md's Performance section): obligations per second, median obligation
// time, and the time to score one typical function (20 pairs, 8 mutants each, pre and post), on the examples and on a
// generated 200-function file; the peer is a plain JS closure computing the same predicate as max_of's ensures.
// Times of whole batches are CPU time (process.cpuUsage), medians over many runs: the machine is shared, and wall
// time there mostly measures the other processes. Single obligations are too short for CPU time; they use wall time.

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

/** `root` is the repository (examples/ is read from it); the bench may run from a bundle elsewhere. */
export async function runScoringBench(root: string = join(__dirname, '..')): Promise<string[]> {
  const examples = exampleInputs(root);
  const generated = generatedFile(200);
  const onExamples = obligationTimes(examples);
  const onGenerated = obligationTimes([generated]);
  const typical = typicalFunction();
  const whole = wholeFile(generated);
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  const lines: string[] = [
    'Scoring (embedded backend; CPU time unless marked wall; medians)',
    `  per-obligation median       ${onGenerated.medianUs.toFixed(2)} us (examples ${onExamples.medianUs.toFixed(2)} us; target < 20 us: ${met(onGenerated.medianUs < 20 && onExamples.medianUs < 20)})`,
    `  obligations per second      ${thousands(onGenerated.perSecond)} (examples ${thousands(onExamples.perSecond)})`,
    `  typical function            ${typical.totalMs.toFixed(3)} ms to plan + decide + score ${typical.obligations} obligations (target < 1 ms: ${met(typical.totalMs < 1)});` +
      ` ${typical.withPairsMs.toFixed(3)} ms with reading its pairs file`,
    `  200-function file           ${whole.totalMs.toFixed(1)} ms whole check (${whole.perFunctionUs.toFixed(0)} us per function, parse and model included)`,
    `  ratio vs plain-JS peer      ${typical.peerRatio.toFixed(0)}x (${typical.postUs.toFixed(2)} us per post obligation vs ${typical.peerUs.toFixed(3)} us for a closure computing the same ensures)`,
    '  details',
    ...obligationLines('examples', onExamples),
    ...obligationLines('generated, 200 fns', onGenerated),
    `    typical function: mutants/plan ${typical.planMs.toFixed(3)} ms, decide ${typical.decideMs.toFixed(3)} ms, score ${typical.scoreMs.toFixed(3)} ms,` +
      ` read pairs file ${typical.pairsMs.toFixed(3)} ms; whole file incl. parse/model ${typical.fileMs.toFixed(3)} ms; wall time of the score ${typical.wallMs.toFixed(3)} ms`,
  ];
  return lines;
}

interface ObligationTimes {
  readonly obligations: number;
  readonly rounds: number;
  readonly perSecond: number;
  readonly medianUs: number;
  readonly p95Us: number;
}

/** Per-obligation timings over every obligation of the inputs (each decided alone, as a backend may). */
function obligationTimes(inputs: readonly CheckInput[]): ObligationTimes {
  const plans = inputs.map((input) => planFile(input, OPTIONS));
  const work = plans.flatMap((plan) => pendingObligations(plan).map((obligation) => ({ model: plan.model, obligation })));
  const decide = (model: FileModel, obligation: Obligation): void => {
    decideObligation(model, obligation, { stepBudget: OPTIONS.stepBudget });
  };
  for (const { model, obligation } of work) decide(model, obligation); // warm-up
  const samples: number[] = [];
  const rounds = Math.max(1, Math.ceil(20_000 / Math.max(1, work.length)));
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    for (const { model, obligation } of work) {
      const t0 = performance.now();
      decide(model, obligation);
      samples.push((performance.now() - t0) * 1000);
    }
  }
  const usedUs = cpuMicroseconds(cpu);
  return {
    obligations: work.length,
    rounds,
    perSecond: (samples.length / usedUs) * 1e6,
    medianUs: percentile(samples, 0.5),
    p95Us: percentile(samples, 0.95),
  };
}

function obligationLines(label: string, times: ObligationTimes): string[] {
  return [
    `    ${label}: ${times.obligations} obligations x ${times.rounds} rounds: ${thousands(times.perSecond)} obligations/s (CPU),` +
      ` median ${times.medianUs.toFixed(2)} us, p95 ${times.p95Us.toFixed(2)} us (wall, each timed alone)`,
  ];
}

function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

interface TypicalTimes {
  readonly obligations: number;
  readonly totalMs: number;
  readonly withPairsMs: number;
  readonly wallMs: number;
  readonly planMs: number;
  readonly decideMs: number;
  readonly scoreMs: number;
  readonly pairsMs: number;
  readonly fileMs: number;
  readonly postUs: number;
  readonly peerUs: number;
  readonly peerRatio: number;
}

/** One typical function: 20 pairs, 8 mutants each, pre and post; plan + decide + score, model built once. */
function typicalFunction(): TypicalTimes {
  const input = typicalInput();
  const plan = planFile(input, OPTIONS);
  const fn = plan.model.functions.find((candidate) => candidate.qualifiedName === 'max_of');
  const entry = plan.pairs.file.functions.get('max_of');
  if (fn === undefined || entry === undefined) throw new Error('typical function: could not be planned');
  const types = functionValueTypes(fn, plan.model.scope);
  if (types.kind !== 'supported') throw new Error('typical function: unsupported');
  const plannedOnce = (): PlannedObligation[] =>
    planObligations(fn, entry, types, { mutantsPerPair: OPTIONS.mutantsPerPair, seed: OPTIONS.seed });
  const planned = plannedOnce();
  const obligations = planned.map((item) => item.obligation);
  const decideAll = (): ObligationResult[] => decideObligations(plan.model, obligations, { stepBudget: OPTIONS.stepBudget });
  const results = decideAll();
  const scoreOnce = (): void => {
    const fresh = plannedOnce();
    scoreFunction(
      { lineIndex: plan.lineIndex, model: plan.model },
      fn,
      types,
      fresh,
      decideObligations(
        plan.model,
        fresh.map((item) => item.obligation),
        { stepBudget: OPTIONS.stepBudget },
      ),
    );
  };
  const readPairs = (): void => {
    parsePairsFile(input.pairsText ?? '', plan.model);
  };
  const ms = (action: () => unknown, count = 200): number => medianCpuMs(action, count);
  const totalMs = ms(scoreOnce);
  const pairsMs = ms(readPairs);
  const posts = obligations.filter((obligation) => obligation.kind === 'post');
  const postUs = (ms(() => decideObligations(plan.model, posts, { stepBudget: OPTIONS.stepBudget })) * 1000) / Math.max(1, posts.length);
  const peerUs = peerMicroseconds(posts);
  return {
    obligations: obligations.length,
    totalMs,
    withPairsMs: ms(() => {
      readPairs();
      scoreOnce();
    }),
    wallMs: percentile(timeRepeatedly(scoreOnce, 200), 0.5) / 1000,
    planMs: ms(plannedOnce),
    decideMs: ms(decideAll),
    scoreMs: ms(() => scoreFunction({ lineIndex: plan.lineIndex, model: plan.model }, fn, types, planned, results)),
    pairsMs,
    fileMs: ms(() => checkFileSync(input, OPTIONS), 50),
    postUs,
    peerUs,
    peerRatio: postUs / peerUs,
  };
}

function wholeFile(input: CheckInput): { totalMs: number; perFunctionUs: number } {
  checkFileSync(input, OPTIONS);
  const totalMs = medianCpuMs(() => checkFileSync(input, OPTIONS), 5);
  return { totalMs, perFunctionUs: (totalMs / 200) * 1000 };
}

/** Median CPU milliseconds of one `action`, timed in batches long enough for the CPU clock (about 2 ms). */
function medianCpuMs(action: () => unknown, count: number): number {
  action();
  const probe = process.cpuUsage();
  action();
  const once = Math.max(1, cpuMicroseconds(probe));
  const batch = Math.max(1, Math.min(50, Math.ceil(2000 / once)));
  const samples: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(count / batch)); i++) {
    const start = process.cpuUsage();
    for (let j = 0; j < batch; j++) action();
    samples.push(cpuMicroseconds(start) / batch);
  }
  return percentile(samples, 0.5) / 1000;
}

function cpuMicroseconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
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

/** Median CPU microseconds per call of `round`, which makes `callsPerRound` calls. */
function medianPerCall(round: () => void, callsPerRound: number): number {
  return (medianCpuMs(round, 100) * 1000) / Math.max(1, callsPerRound);
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

function exampleInputs(root: string): CheckInput[] {
  const directory = join(root, 'examples');
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
export function generatedFile(count: number): CheckInput {
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
      parts.push(
        `fn ${name}(x: i32) -> (r: i32) requires x != i32::MIN, ensures r >= 0, r == x || r == -x, { if x < 0 { -x } else { x } }`,
      );
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
