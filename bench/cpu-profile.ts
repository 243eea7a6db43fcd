// Where the main thread's CPU time goes, without a clock in the core: V8's sampling profiler (node:inspector) records
// stacks while the bench runs the harness, and each sample is put in one stage by the files on its stack (the
// innermost frame in one of our folders names the stage; code mutants and the solver's JS claim their whole subtree).
// Runs from source (under tsx), so frames carry their source file; tsx makes everything about 2x slower, evenly.

import { Session } from 'node:inspector/promises';
import type { Profiler, Runtime } from 'node:inspector';

export interface StageSplit {
  /** Milliseconds of samples per stage, largest first. */
  readonly stages: readonly { readonly stage: string; readonly ms: number }[];
  readonly totalMs: number;
}

/** Runs `work` under the sampling profiler and splits its samples into stages. */
export async function profileStages<T>(work: () => Promise<T>): Promise<{ readonly result: T; readonly split: StageSplit }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await session.post('Profiler.start');
  try {
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    return { result, split: splitByStage(profile) };
  } finally {
    session.disconnect();
  }
}

export function formatSplit(split: StageSplit, indent: string): string[] {
  return split.stages
    .filter((entry) => entry.ms >= split.totalMs * 0.005)
    .map(
      (entry) =>
        `${indent}${entry.stage.padEnd(44)} ${(entry.ms / 1000).toFixed(2).padStart(8)} s  ${((100 * entry.ms) / Math.max(split.totalMs, 1e-9)).toFixed(1).padStart(5)}%`,
    );
}

const SAMPLING_INTERVAL_US = 500;

function splitByStage(profile: Profiler.Profile): StageSplit {
  const parents = new Map<number, Profiler.ProfileNode>();
  const byId = new Map<number, Profiler.ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parents.set(child, node);
  }
  const stageOfNode = new Map<number, string>();
  const stageOf = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known !== undefined) return known;
    const stack: Runtime.CallFrame[] = [];
    for (let node = byId.get(id); node !== undefined; node = parents.get(node.id)) stack.push(node.callFrame);
    const stage = classify(stack);
    stageOfNode.set(id, stage);
    return stage;
  };
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's delta is the time since the previous one: it belongs to the previous sample's stack.
  for (let i = 0; i < samples.length; i += 1) {
    const ms = (deltas[i + 1] ?? SAMPLING_INTERVAL_US) / 1000;
    const stage = stageOf(samples[i] as number);
    totals.set(stage, (totals.get(stage) ?? 0) + ms);
  }
  const stages = [...totals].map(([stage, ms]) => ({ stage, ms })).sort((a, b) => b.ms - a.ms);
  return { stages, totalMs: stages.reduce((sum, entry) => sum + entry.ms, 0) };
}

/** The stage of one stack, leaf first. */
function classify(stack: readonly Runtime.CallFrame[]): string {
  const leaf = stack[0]?.functionName ?? '';
  if (leaf === '(garbage collector)') return 'GC';
  if (leaf === '(idle)') return 'idle (waiting for Z3 or the disk)';
  if (leaf === '(program)') return 'V8 (compiling, runtime)';
  // Whole subtrees: the solver's JS (translation, model reading) and code mutants (their interpreter runs included).
  if (stack.some((frame) => frame.url.includes('/backends/z3/'))) return 'solver JS (translate, read models)';
  if (stack.some((frame) => frame.url.includes('/harness/mutants/code-mutants'))) return 'code mutants (interpreter runs)';
  for (const frame of stack) {
    const stage = stageOfFrame(frame);
    if (stage !== undefined) return stage;
  }
  return 'other';
}

/** The stage a frame names, or undefined when it is shared by several (values, the PRNG, builtins). */
function stageOfFrame(frame: Runtime.CallFrame): string | undefined {
  const url = frame.url;
  if (url === '') return frame.functionName === 'stringify' || frame.functionName === 'parse' ? 'JSON' : undefined;
  for (const [part, stage] of FOLDER_STAGES) if (url.includes(part)) return stage;
  return url.includes('/server/src/') ? undefined : url.startsWith('node:') ? 'node (fs, modules)' : 'other';
}

/** First match wins: more specific folders first. Values and stdx are shared helpers, charged to their caller. */
const FOLDER_STAGES: readonly (readonly [string, string])[] = [
  ['/server/src/syntax/', 'parse'],
  ['/node_modules/tree-sitter', 'parse'],
  ['/server/src/model/', 'model'],
  ['/server/src/eval/exec/', 'interpreter'],
  ['/server/src/eval/spec/', 'spec evaluator'],
  ['/server/src/harness/pairs/', 'pairs file (read, validate, merge)'],
  ['/node_modules/jsonc-parser', 'pairs file (read, validate, merge)'],
  ['/node_modules/ajv', 'pairs file (read, validate, merge)'],
  ['/server/src/harness/generate/', 'generation (candidates, bookkeeping)'],
  ['/server/src/harness/mutants/', 'value mutants'],
  ['/server/src/harness/score/', 'planning, scoring'],
  ['/server/src/harness/report/', 'report, diagnostics'],
  ['/server/src/harness/', 'harness (other)'],
  ['/server/src/host/', 'files (host)'],
  ['/server/src/cli/', 'files (host)'],
  ['/bench/', 'bench'],
];
