// Wrong-outputs benchmark (issue 9, item 7): for one typical function (a loop over a vector, two ensures clauses),
// the time to generate its pairs (`spec-harness pairs`) and to check it with all three sources of wrong outputs
// (value mutants, swapped outputs, code mutants run with the interpreter), next to the check without code mutants.
// CPU time (process.cpuUsage), medians over batches: the machine is shared, wall time mostly measures the others.

import { parseSourceFile } from '../server/src/syntax';
import { buildFileModel } from '../server/src/model';
import { DEFAULT_CHECK_OPTIONS, DEFAULT_CODE_MUTANTS, checkFileSync, generatePairsText } from '../server/src/harness';

const TYPICAL = `use vstd::prelude::*;
verus! {
fn max_of(a: &Vec<i32>) -> (r: i32)
    requires
        a.len() > 0,
    ensures
        forall|i: int| 0 <= i < a.len() ==> a[i] <= r,
        exists|i: int| 0 <= i < a.len() && a[i] == r,
{
    let mut r = a[0];
    let mut i: usize = 1;
    while i < a.len()
        invariant
            1 <= i <= a.len(),
        decreases a.len() - i,
    {
        if a[i] > r {
            r = a[i];
        }
        i = i + 1;
    }
    r
}
} // verus!
`;

const PAIRS_TARGET_MS = 50;
const CHECK_TARGET_MS = 5;

export async function runWrongOutputsBench(): Promise<string[]> {
  const model = buildFileModel(parseSourceFile(TYPICAL));
  const generate = (): string => {
    const result = generatePairsText(model, null, { count: 20, invalidCount: 10, seed: 1 });
    if (!result.ok) throw new Error(result.error);
    return result.text;
  };
  const pairsText = generate();
  const check = (codeMutants: number) => () =>
    checkFileSync({ path: 'typical.rs', text: TYPICAL, pairsPath: 'typical.pairs.json', pairsText }, { ...DEFAULT_CHECK_OPTIONS, codeMutants });
  const pairsMs = medianCpuMs(generate);
  const checkMs = medianCpuMs(check(DEFAULT_CODE_MUTANTS));
  const valueOnlyMs = medianCpuMs(check(0));
  const report = check(DEFAULT_CODE_MUTANTS)().functions[0];
  const sources = report?.wrongOutputs?.bySource;
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  return [
    'Wrong outputs (one typical function: max_of, 20 generated pairs; CPU time, medians; from source under tsx)',
    `  pairs (generate)            ${pairsMs.toFixed(2)} ms (target < ${PAIRS_TARGET_MS} ms: ${met(pairsMs < PAIRS_TARGET_MS)})`,
    `  check, all three sources    ${checkMs.toFixed(2)} ms (target < ${CHECK_TARGET_MS} ms: ${met(checkMs < CHECK_TARGET_MS)})`,
    `  check without code mutants  ${valueOnlyMs.toFixed(2)} ms (code mutants cost ${(checkMs / Math.max(1e-9, valueOnlyMs)).toFixed(1)}x)`,
    `  wrong outputs decided       value ${sources?.value.decided ?? 0}, swapped ${sources?.swapped.decided ?? 0}, code ${sources?.code.decided ?? 0}`,
  ];
}

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
