// Wrong-outputs benchmark (code mutants must stay cheap enough to run on every check): for one typical function (a loop
// over a vector, two ensures clauses), the time to generate its pairs (`spec-harness pairs`) and to check it with all
// three sources of wrong outputs (value mutants, swapped outputs, code mutants run with the interpreter), next to the
// check without code mutants.
// Two regimes. Cold: the first checks after generation, as a short CLI run sees them; most of that time is V8
// compiling our code (its compiler threads count in the CPU time), so whichever configuration is timed first pays
// it. Warm: both configurations run alternately until the JIT has settled, then each is timed; this is what every
// function after the first few of a project costs.
// CPU time (process.cpuUsage), medians over batches: the machine is shared, wall time mostly measures the others.
// `npm run bench` runs it on an esbuild bundle like dist/ (bench/run.ts), as it does the scoring benchmark.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSourceFile } from '../server/src/syntax';
import { buildFileModel } from '../server/src/model';
import { DEFAULT_CHECK_OPTIONS, DEFAULT_CODE_MUTANTS, checkFileSync, generatePairsText } from '../server/src/harness';

/** The typical function: `max_of` of examples/strong.rs (a loop over a vector, two ensures clauses). */
const TYPICAL_FILE = join('examples', 'strong.rs');
const TYPICAL_FN = 'max_of';

const PAIRS_TARGET_MS = 50;
const CHECK_TARGET_MS = 5;

/** `root` is the repository (examples/ is read from it). */
export async function runWrongOutputsBench(root: string): Promise<string[]> {
  const text = readFileSync(join(root, TYPICAL_FILE), 'utf8');
  const model = buildFileModel(parseSourceFile(text));
  const generate = (): string => {
    const result = generatePairsText(model, null, { count: 20, invalidCount: 10, seed: 1, functions: [TYPICAL_FN] });
    if (!result.ok) throw new Error(result.error);
    return result.text;
  };
  const pairsText = generate();
  const check = (codeMutants: number) => () =>
    checkFileSync(
      { path: TYPICAL_FILE, text, pairsPath: 'typical.pairs.json', pairsText },
      { ...DEFAULT_CHECK_OPTIONS, codeMutants, functions: [TYPICAL_FN] },
    );
  const pairsMs = medianCpuMs(generate);
  const coldMs = medianCpuMs(check(DEFAULT_CODE_MUTANTS));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    check(DEFAULT_CODE_MUTANTS)();
    check(0)();
  }
  const checkMs = medianCpuMs(check(DEFAULT_CODE_MUTANTS));
  const valueOnlyMs = medianCpuMs(check(0));
  const report = check(DEFAULT_CODE_MUTANTS)().functions[0];
  const sources = report?.wrongOutputs?.bySource;
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  return [
    'Wrong outputs (one typical function: max_of, 20 generated pairs; CPU time, medians)',
    `  pairs (generate)            ${pairsMs.toFixed(2)} ms (target < ${PAIRS_TARGET_MS} ms: ${met(pairsMs < PAIRS_TARGET_MS)})`,
    `  check, all three sources    ${checkMs.toFixed(2)} ms warm (target < ${CHECK_TARGET_MS} ms: ${met(checkMs < CHECK_TARGET_MS)});` +
      ` ${coldMs.toFixed(2)} ms cold (the first checks, JIT compilation included)`,
    `  check without code mutants  ${valueOnlyMs.toFixed(2)} ms warm (code mutants cost ${(checkMs / Math.max(1e-9, valueOnlyMs)).toFixed(1)}x)`,
    `  wrong outputs decided       value ${sources?.value.decided ?? 0}, swapped ${sources?.swapped.decided ?? 0}, code ${sources?.code.decided ?? 0}`,
  ];
}

/** Checks of each configuration before the warm ones are timed: past about a hundred, the time per check no longer
 *  falls on this machine. */
const WARM_UP_ROUNDS = 150;

function medianCpuMs(action: () => unknown): number {
  action();
  const samples: number[] = [];
  for (let round = 0; round < 9; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 5; i++) action();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000 / 5);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}
