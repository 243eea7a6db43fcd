// Suggestion benchmark: the cost of `check --suggest` per weak function (the weak-contract detection fixtures, pairs
// generated at default options), against its budget (SUGGEST_BUDGET: candidates, counted steps, sample size), and
// how often the top suggestion alone makes the function strong. CPU time (process.cpuUsage), one run per function:
// the work is counted in steps, so the time only says what the step budget costs on this machine.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSourceFile } from '../server/src/syntax';
import { buildFileModel } from '../server/src/model';
import { DEFAULT_CHECK_OPTIONS, SUGGEST_BUDGET, generatePairsText, suggestClauses } from '../server/src/harness';
import type { CheckInput } from '../server/src/harness';
import { runAlone } from './run-alone';

const FILES = ['weak.rs', 'weak2.rs'].map((name) => join('test', 'fixtures', 'weak-contracts', name));
const PER_FUNCTION_TARGET_MS = 500;

/** `root` is the repository. */
export async function runSuggestBench(root: string): Promise<string[]> {
  const cpuMs: number[] = [];
  const steps: number[] = [];
  let functions = 0;
  let suggested = 0;
  for (const file of FILES) {
    const input = inputOf(root, file);
    const names = buildFileModel(parseSourceFile(input.text))
      .functions.filter((fn) => fn.mode === 'exec')
      .map((fn) => fn.qualifiedName);
    for (const name of names) {
      const start = process.cpuUsage();
      const [result] = suggestClauses(input, { ...DEFAULT_CHECK_OPTIONS, functions: [name] });
      const used = process.cpuUsage(start);
      if (result === undefined) continue;
      functions += 1;
      if (result.suggestions.length > 0) suggested += 1;
      cpuMs.push((used.user + used.system) / 1000);
      steps.push(result.steps);
    }
  }
  const sorted = [...cpuMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  return [
    `Suggestions (check --suggest on ${functions} weak functions of the detection fixtures; CPU time, one run each; from source under tsx)`,
    `  budget per function         ${SUGGEST_BUDGET.candidates} candidates, ${SUGGEST_BUDGET.stepsPerFunction} steps (${SUGGEST_BUDGET.stepsPerEvaluation} per evaluation), a sample of ${SUGGEST_BUDGET.sampleSize} inputs`,
    `  time per function           median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms (target max < ${PER_FUNCTION_TARGET_MS} ms: ${met(max < PER_FUNCTION_TARGET_MS)})`,
    `  steps per function          max ${Math.max(0, ...steps)} of ${SUGGEST_BUDGET.stepsPerFunction}`,
    `  functions with a suggestion ${suggested} of ${functions}`,
  ];
}

function inputOf(root: string, file: string): CheckInput {
  const text = readFileSync(join(root, file), 'utf8');
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  return { path: file, text, pairsPath: file.replace(/\.rs$/, '.pairs.json'), pairsText: generated.text };
}

if (require.main === module) runAlone(() => runSuggestBench(join(__dirname, '..')));
