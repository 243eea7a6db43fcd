// Corpus profile (`npm run bench -- corpus DIR [--limit N] [--cli]`, or `npx tsx bench/corpus.ts DIR ...`): runs
// `pairs` and then `check` over a copy of DIR the way the CLI does (one solver per file, the CLI's options, the
// crate models), and prints where the time goes: the solver's wall time (model search for pairs, verdicts for
// check; Z3 runs on its own thread), the main thread's CPU split by stage (bench/cpu-profile.ts), and the slowest
// files and functions. The core reads no clock: the bench times the solver by wrapping the Solver it passes in,
// and everything else by sampling stacks. `--cli` measures the bin instead (`--jobs 1` against the cores), then the
// typical function's check with and without code mutants (bench/wrong-outputs.ts).

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSolver } from '../server/src/backends';
import { clearQueryCache, loadZ3 } from '../server/src/backends/z3';
import { readEachCheckInput } from '../server/src/cli/check-paths';
import { collectRustFiles, readRustFile } from '../server/src/cli/files';
import type { RustFile } from '../server/src/cli/files';
import {
  DEFAULT_CHECK_OPTIONS,
  DEFAULT_CODE_MUTANTS,
  DEFAULT_GENERATE_OPTIONS,
  FUNCTION_STEP_BUDGET,
  checkFile,
  generatePairsEntriesWithSolver,
  mergePairsText,
  pairsPathFor,
  scorableFunctions,
  summarize,
} from '../server/src/harness';
import type { CheckInput, CheckOptions, FileReport, Solver } from '../server/src/harness';
import { createCrateModels } from '../server/src/host';
import { buildFileModel } from '../server/src/model';
import type { FileModel } from '../server/src/model';
import { parseSourceFile } from '../server/src/syntax';
import { formatSplit, profileStages } from './cpu-profile';
import type { StageSplit } from './cpu-profile';
import { runAlone } from './run-alone';
import { runWrongOutputsBench } from './wrong-outputs';

export async function runCorpusBench(args: readonly string[]): Promise<string[]> {
  const [dir, ...rest] = args;
  if (dir === undefined) throw new Error('usage: corpus DIR [--limit N] [--cli]');
  const limitAt = rest.indexOf('--limit');
  const limit = limitAt < 0 ? Infinity : Number(rest[limitAt + 1]);
  if (rest.includes('--cli')) return [...(await runCliBench(dir, limit)), '', ...(await runWrongOutputsBench(ROOT))];
  const copy = mkdtempSync(join(tmpdir(), 'spec-harness-corpus-'));
  const root = join(copy, basename(dir));
  cpSync(dir, root, { recursive: true });
  const collected = await collectRustFiles([root], copy);
  if (!collected.ok) throw new Error(collected.error);
  const files = collected.files.slice(0, limit);
  const loadStarted = performance.now();
  await loadZ3();
  const loadMs = performance.now() - loadStarted;
  const pairs = await measure(() => generateAll(files));
  const check = await measure(() => checkAll(copy, files));
  const perFunction = await slowestCheckFunctions(copy, check.result.slowest.slice(0, SLOWEST_FILES_BROKEN_DOWN));
  return [
    `Corpus: ${dir} (${files.length} files, copied to ${copy}); from source under tsx (about 2x the bundle's time), this thread's default stack`,
    `  Z3 load (once per process)               ${seconds(loadMs)}`,
    ...phaseLines('pairs', pairs, pairs.result.functions, 'model search (findInputs)'),
    ...phaseLines('check', check, check.result.functions, 'verdicts (decide)'),
    `  slowest functions in pairs (each function's generation, its solver calls included)`,
    ...pairs.result.slowest.slice(0, SLOWEST_SHOWN).map((entry) => `    ${seconds(entry.ms)}  ${entry.name}`),
    `  slowest files in check`,
    ...check.result.slowest.slice(0, SLOWEST_SHOWN).map((entry) => `    ${seconds(entry.ms)}  ${entry.name}`),
    `  slowest functions in check (the ${SLOWEST_FILES_BROKEN_DOWN} slowest files checked again one function at a time)`,
    ...perFunction.slice(0, SLOWEST_SHOWN).map((entry) => `    ${seconds(entry.ms)}  ${entry.name}`),
  ];
}

const SLOWEST_SHOWN = 8;
const ROOT = join(__dirname, '..');
const SLOWEST_FILES_BROKEN_DOWN = 3;

interface Timed {
  readonly name: string;
  readonly ms: number;
}

/** The solver's share of a phase: wall time inside its calls (Z3 runs on its own thread meanwhile). */
interface SolverClock {
  findInputsMs: number;
  findInputsCalls: number;
  decideMs: number;
  decideCalls: number;
}

interface PhaseResult {
  readonly functions: number;
  readonly slowest: readonly Timed[];
  readonly solver: SolverClock;
}

interface Measured<T> {
  readonly result: T;
  readonly split: StageSplit;
  readonly wallMs: number;
  readonly cpuMs: number;
}

async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const { result, split } = await profileStages(work);
  const cpu = process.cpuUsage(cpuStart);
  return { result, split, wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function phaseLines(name: string, phase: Measured<PhaseResult>, functions: number, solverWork: string): string[] {
  const solver = phase.result.solver;
  return [
    `  ${name}: wall ${seconds(phase.wallMs)}, process CPU ${seconds(phase.cpuMs)} (all threads, Z3's included), ${functions} functions`,
    `    solver ${solverWork.padEnd(34)} ${seconds(name === 'pairs' ? solver.findInputsMs : solver.decideMs)} wall in ${name === 'pairs' ? solver.findInputsCalls : solver.decideCalls} calls` +
      (name === 'pairs' && solver.decideCalls > 0
        ? `; requires decided by the solver ${seconds(solver.decideMs)} in ${solver.decideCalls} calls`
        : ''),
    `    main thread, by stage (CPU samples; idle is time spent waiting, mostly for Z3):`,
    ...formatSplit(phase.split, '      '),
  ];
}

function timedSolver(solver: Solver | undefined, clock: SolverClock): Solver | undefined {
  if (solver === undefined) return undefined;
  return {
    name: solver.name,
    decide: async (model, obligations, results, signal) => {
      const started = performance.now();
      try {
        return await solver.decide(model, obligations, results, signal);
      } finally {
        clock.decideMs += performance.now() - started;
        clock.decideCalls += 1;
      }
    },
    findInputs: async (model, fn, wanted, seed, signal) => {
      const started = performance.now();
      try {
        return await solver.findInputs(model, fn, wanted, seed, signal);
      } finally {
        clock.findInputsMs += performance.now() - started;
        clock.findInputsCalls += 1;
      }
    },
  };
}

function newClock(): SolverClock {
  return { findInputsMs: 0, findInputsCalls: 0, decideMs: 0, decideCalls: 0 };
}

/** `spec-harness pairs` over the files: each function generated apart (the same solver for the whole file, asked
 *  in the same order as one call would), merged and written beside its source. */
async function generateAll(files: readonly RustFile[]): Promise<PhaseResult> {
  const crates = createCrateModels();
  const clock = newClock();
  const timings: Timed[] = [];
  const signal = new AbortController().signal;
  for (const file of files) {
    const source = await readRustFile(file);
    if (!source.ok) continue;
    const model = (await crates.fileModel(file.absolutePath, source.text)) ?? buildFileModel(parseSourceFile(source.text));
    const solver = timedSolver(newSolver(DEFAULT_GENERATE_OPTIONS.specStepBudget), clock) as Solver;
    const generated = new Map();
    for (const name of generationTargets(model)) {
      const started = performance.now();
      const options = { functions: [name], count: 20, invalidCount: 10, seed: 1, stackAllowance: 'default' as const };
      const one = await generatePairsEntriesWithSolver(model, options, solver, signal);
      timings.push({ name: `${file.displayPath}::${name}`, ms: performance.now() - started });
      for (const [key, entries] of one.generated) generated.set(key, entries);
    }
    const merged = mergePairsText(null, generated);
    if (merged.ok) writeFileSync(pairsPathFor(file.absolutePath), merged.text);
  }
  return { functions: timings.length, slowest: byTime(timings), solver: clock };
}

/** The fns `pairs` runs (generate/index.ts `generationTargets`). */
function generationTargets(model: FileModel): string[] {
  return model.functions
    .filter((fn) => fn.mode === 'exec' && fn.hasBody && !(fn.name === 'main' && fn.params.length === 0))
    .map((fn) => fn.qualifiedName);
}

/** `spec-harness check --json` over the files. */
async function checkAll(cwd: string, files: readonly RustFile[]): Promise<PhaseResult> {
  const inputs = await readInputs(
    cwd,
    files.map((file) => file.displayPath),
  );
  const clock = newClock();
  const timings: Timed[] = [];
  const reports: FileReport[] = [];
  let functions = 0;
  for (const input of inputs) {
    const started = performance.now();
    reports.push(
      await checkFile(input, CLI_CHECK_OPTIONS, undefined, undefined, timedSolver(newSolver(CLI_CHECK_OPTIONS.stepBudget), clock)),
    );
    timings.push({ name: input.path, ms: performance.now() - started });
    functions += reports[reports.length - 1]?.functions.length ?? 0;
  }
  // What `--json` prints (its own stage in the split).
  JSON.stringify({ files: reports, summary: summarize(reports, CLI_CHECK_OPTIONS.threshold) }, null, 2);
  return { functions, slowest: byTime(timings), solver: clock };
}

async function slowestCheckFunctions(cwd: string, slowestFiles: readonly Timed[]): Promise<Timed[]> {
  const timings: Timed[] = [];
  for (const input of await readInputs(
    cwd,
    slowestFiles.map((entry) => entry.name),
  )) {
    const model = buildFileModel(parseSourceFile(input.text));
    for (const fn of scorableFunctions(model, {})) {
      // Cold answers, as in the whole-file run.
      clearQueryCache();
      const started = performance.now();
      const options = { ...CLI_CHECK_OPTIONS, functions: [fn.qualifiedName] };
      await checkFile({ ...input, model }, options, undefined, undefined, newSolver(CLI_CHECK_OPTIONS.stepBudget));
      timings.push({ name: `${input.path}::${fn.qualifiedName}`, ms: performance.now() - started });
    }
  }
  return byTime(timings);
}

async function readInputs(cwd: string, displayPaths: readonly string[]): Promise<readonly CheckInput[]> {
  if (displayPaths.length === 0) return [];
  const read = await readEachCheckInput(cwd, displayPaths, undefined);
  if (!read.ok) throw new Error(read.error);
  return read.value.inputs;
}

/** `check`'s options with no flags given (cli/check-command.ts), on this thread's stack. */
const CLI_CHECK_OPTIONS: CheckOptions = {
  ...DEFAULT_CHECK_OPTIONS,
  functionStepBudget: FUNCTION_STEP_BUDGET,
  explainNoPairs: true,
  codeMutants: DEFAULT_CODE_MUTANTS,
  weakPostcondition: 'realistic',
  stackAllowance: 'default',
};

function newSolver(stepBudget: number): Solver | undefined {
  return createSolver('z3', { stepBudget, stackAllowance: 'default' });
}

function byTime(timings: readonly Timed[]): Timed[] {
  return [...timings].sort((a, b) => b.ms - a.ms);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** `--cli`: the bundled bin as users run it, `pairs` then `check --json` over a fresh copy with `--jobs 1` and with
 *  `--jobs <cores>`: wall and CPU time (the children's, from /proc: Linux only) and whether the outputs agree. */
async function runCliBench(dir: string, limit: number): Promise<string[]> {
  const jobs = [1, availableParallelism()];
  const runs = jobs.map((count) => {
    const copy = copyOf(dir, limit);
    return {
      count,
      pairs: timedChild(['pairs', copy.root, '--jobs', String(count)], copy.cwd),
      check: timedChild(['check', copy.root, '--json', '--jobs', String(count)], copy.cwd),
      files: copy.files,
    };
  });
  const [one, many] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const ratio = (a: number, b: number): string => `${(a / Math.max(b, 1e-9)).toFixed(2)}x`;
  const line = (name: 'pairs' | 'check'): string =>
    `  ${name}  --jobs 1: wall ${seconds(one[name].wallMs)}, CPU ${seconds(one[name].cpuMs)};  --jobs ${many.count}: wall ${seconds(many[name].wallMs)} (${ratio(many[name].wallMs, one[name].wallMs)}), CPU ${seconds(many[name].cpuMs)} (${ratio(many[name].cpuMs, one[name].cpuMs)})`;
  const same = (name: 'pairs' | 'check'): boolean => one[name].out === many[name].out && one[name].code === many[name].code;
  return [
    `Corpus through the bin (bundle, big-stack worker): ${dir}, ${one.files} files; wall and CPU (all threads, children's)`,
    line('pairs'),
    line('check'),
    `  outputs identical with --jobs 1 and --jobs ${many.count}: pairs ${same('pairs') ? 'yes' : 'NO'}, check ${same('check') ? 'yes' : 'NO'}; exit codes ${one.pairs.code}/${one.check.code}`,
  ];
}

/** A fresh copy of DIR's first `limit` Rust files (their folders kept), named alike so outputs compare. */
function copyOf(dir: string, limit: number): { readonly cwd: string; readonly root: string; readonly files: number } {
  const cwd = mkdtempSync(join(tmpdir(), 'spec-harness-corpus-cli-'));
  const root = basename(dir);
  const rust = (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((entry) => entry.endsWith('.rs')).sort();
  const chosen = rust.slice(0, limit);
  for (const entry of chosen) cpSync(join(dir, entry), join(cwd, root, entry));
  return { cwd, root, files: chosen.length };
}

function timedChild(
  args: readonly string[],
  cwd: string,
): { readonly wallMs: number; readonly cpuMs: number; readonly out: string; readonly code: number | null } {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawnSync(process.execPath, [join(ROOT, 'bin', 'spec-harness.js'), ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  return { wallMs: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore, out: child.stdout, code: child.status };
}

/** CPU time of this process's waited-for children (cutime + cstime in /proc/self/stat, at 100 ticks a second). */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

if (require.main === module) runAlone(() => runCorpusBench(process.argv.slice(2)));
