// Generation benchmarks: the time to generate pairs (`spec-harness pairs`, evaluator only) per function, beside the
// typical function (`max_of` of examples/strong.rs), with how many pairs each got inside its requires.
// - Shaped inputs (issue 23): functions whose requires fixes their inputs' shape (exact and related lengths, rows of
//   one length, index relations, a permutation grid).
// - Systems code (issue 21): receivers built by the type's own constructor and `&mut self` methods (`len` requires
//   `self.wf()`), ghost fields completed from the requires, a trusted callee's ghost effects, a derived bound.
// CPU time (process.cpuUsage), medians over batches: the machine is shared, wall time mostly measures the others.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSourceFile } from '../server/src/syntax';
import { buildFileModel } from '../server/src/model';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction } from '../server/src/harness/generate';

const TYPICAL: readonly [string, string] = [join('examples', 'strong.rs'), 'max_of'];

const SHAPED: readonly (readonly [string, string])[] = [
  TYPICAL,
  [join('test', 'fixtures', 'generate', 'shapes', 'exact-lengths.rs'), 'count_marked'],
  [join('test', 'fixtures', 'generate', 'shapes', 'related-lengths.rs'), 'max_adjacent_sum'],
  [join('test', 'fixtures', 'generate', 'shapes', 'nested.rs'), 'count_ones'],
  [join('test', 'fixtures', 'generate', 'shapes', 'index-relations.rs'), 'range_sums'],
  [join('test', 'fixtures', 'generate', 'shapes', 'const-arrays.rs'), 'find_one'],
];

const SYSTEMS: readonly (readonly [string, string])[] = [
  TYPICAL,
  [join('test', 'fixtures', 'systems', 'const-generics.rs'), 'BitSet::len'],
  [join('test', 'fixtures', 'systems', 'ghost-state.rs'), 'Array::get'],
  [join('test', 'fixtures', 'systems', 'ghost-state.rs'), 'Log::append'],
  [join('test', 'fixtures', 'systems', 'ghost-state.rs'), 'Table::init2zero'],
  [join('test', 'fixtures', 'systems', 'idioms.rs'), 'first_start'],
];

/** `root` is the repository. */
export async function runShapedInputsBench(root: string): Promise<string[]> {
  return generationBench(root, 'Shaped inputs', SHAPED);
}

/** `root` is the repository. */
export async function runSystemsGenerationBench(root: string): Promise<string[]> {
  return generationBench(root, 'Systems code', SYSTEMS);
}

function generationBench(root: string, title: string, functions: readonly (readonly [string, string])[]): string[] {
  const lines = functions.map(([file, name]) => {
    const model = buildFileModel(parseSourceFile(readFileSync(join(root, file), 'utf8')));
    const fn = model.functions.find((f) => f.qualifiedName === name);
    if (fn === undefined) throw new Error(`no fn ${name} in ${file}`);
    const generate = () => generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS);
    const inside = generate().pairs.filter((pair) => pair.requiresHolds === true).length;
    const label = name === 'max_of' ? `${name} (typical)` : name;
    return `  ${label.padEnd(22)} ${medianCpuMs(generate).toFixed(1).padStart(7)} ms, ${String(inside).padStart(2)} pairs inside the requires`;
  });
  return [`${title} (pairs generated per function, evaluator only; CPU time, medians; from source under tsx)`, ...lines];
}

function medianCpuMs(action: () => unknown): number {
  action();
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = process.cpuUsage();
    action();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}
