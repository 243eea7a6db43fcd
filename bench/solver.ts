// Solver benchmark (the solver must cost nothing where it is not asked): Z3 queries per function, median and p95 wall
// time per query, and the whole file with and without the solver on a file whose contracts use unbounded quantifiers;
// then the examples (no unbounded quantifier left to the solver) with and without it, which must cost the same: the
// solver is not asked.
// Wall time: a Z3 query runs on Z3's own thread, which CPU time of this one does not see. Cold answers: the query
// cache is cleared before each measured run.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkFile, checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../server/src/harness';
import type { CheckInput } from '../server/src/harness';
import { buildFileModel } from '../server/src/model';
import { parseSourceFile } from '../server/src/syntax';
import { clearQueryCache, createZ3Solver, loadZ3, Z3_DEFAULTS } from '../server/src/backends/z3';

const QUANTIFIED_FUNCTIONS = ['make_odd', 'triple', 'smallest', 'not_member'];

export async function runSolverBench(root: string): Promise<string[]> {
  const quantified = quantifiedInput(root);
  const loadStarted = performance.now();
  await loadZ3();
  const loadMs = performance.now() - loadStarted;
  const perFunction: string[] = [];
  const allQueries: number[] = [];
  for (const name of QUANTIFIED_FUNCTIONS) {
    clearQueryCache();
    const solver = newSolver();
    await checkFile(quantified, { ...DEFAULT_CHECK_OPTIONS, functions: [name] }, undefined, undefined, solver);
    allQueries.push(...solver.stats.queryMs);
    perFunction.push(
      `    ${name.padEnd(12)} ${String(solver.stats.queries).padStart(4)} queries, ${String(solver.stats.decided).padStart(4)} verdicts decided, median ${ms(median(solver.stats.queryMs))}, p95 ${ms(percentile(solver.stats.queryMs, 0.95))}`,
    );
  }
  clearQueryCache();
  const withSolver = await wallMs(() => checkFile(quantified, DEFAULT_CHECK_OPTIONS, undefined, undefined, newSolver()));
  const without = await wallMs(async () => checkFileSync(quantified, DEFAULT_CHECK_OPTIONS));
  const examples = exampleInputs(root);
  const examplesRuns = await alternatingWall(
    () => Promise.all(examples.map((input) => checkFile(input, DEFAULT_CHECK_OPTIONS, undefined, undefined, newSolver()))),
    async () => examples.map((input) => checkFileSync(input, DEFAULT_CHECK_OPTIONS)),
  );
  return [
    'Solver (z3-solver WASM; wall time; cold query cache)',
    `  load once per process        ${ms(loadMs)}`,
    `  per query                    median ${ms(median(allQueries))}, p95 ${ms(percentile(allQueries, 0.95))} over ${allQueries.length} queries (resource limit ${Z3_DEFAULTS.rlimit} per query)`,
    '  queries per function (test/fixtures/solver/quantified.rs, generated pairs)',
    ...perFunction,
    `  whole file, ${QUANTIFIED_FUNCTIONS.length} quantified fns  ${ms(withSolver)} with the solver vs ${ms(without)} without (${(withSolver / Math.max(without, 1e-9)).toFixed(1)}x)`,
    `  examples/ (nothing for Z3)   ${ms(examplesRuns.first)} with the solver vs ${ms(examplesRuns.second)} without (median of per-run ratios ${examplesRuns.ratio.toFixed(2)}x; target ~1x)`,
  ];
}

function newSolver() {
  return createZ3Solver({ ...Z3_DEFAULTS, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
}

/** The fixture with pairs generated for it (by the evaluator alone, as `pairs --solver none` would). */
function quantifiedInput(root: string): CheckInput {
  const text = readFileSync(join(root, 'test', 'fixtures', 'solver', 'quantified.rs'), 'utf8');
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, {
    functions: QUANTIFIED_FUNCTIONS,
    count: 20,
    invalidCount: 10,
    seed: 1,
  });
  if (!generated.ok) throw new Error(generated.error);
  return { path: 'quantified.rs', text, pairsPath: 'quantified.pairs.json', pairsText: generated.text };
}

function exampleInputs(root: string): CheckInput[] {
  const dir = join(root, 'examples');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.rs'))
    .sort()
    .map((name) => ({
      path: name,
      text: readFileSync(join(dir, name), 'utf8'),
      pairsPath: name.replace(/\.rs$/, '.pairs.json'),
      pairsText: readFileSync(join(dir, name.replace(/\.rs$/, '.pairs.json')), 'utf8'),
    }));
}

async function wallMs(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Medians of `first` and `second` run alternately (the machine is shared: load shifts between runs), and the
 *  median of the per-run ratios first/second. */
async function alternatingWall(
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<{ first: number; second: number; ratio: number }> {
  await first();
  await second();
  const firsts: number[] = [];
  const seconds: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < 21; i++) {
    const a = await wallMs(first);
    const b = await wallMs(second);
    firsts.push(a);
    seconds.push(b);
    ratios.push(a / Math.max(b, 1e-9));
  }
  return { first: median(firsts), second: median(seconds), ratio: median(ratios) };
}

function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
