// Bounded work per function, counted rather than timed: once a function's obligations have spent its evaluation
// steps (FUNCTION_STEP_BUDGET, `--function-budget`), the rest of them are indeterminate with a `budget` reason, at
// the same place on every run; the other functions of the file are untouched.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync, generatePairsText } from '../../server/src/harness';
import type { CheckInput, FileReport, FunctionReport } from '../../server/src/harness';
import { FUNCTION_BUDGET_SPENT } from '../../server/src/eval';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'harness', 'function-budget.rs'), 'utf8');
const generated = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 10, invalidCount: 0, seed: 1 });
if (!generated.ok) throw new Error(generated.error);
const INPUT: CheckInput = { path: 'function-budget.rs', text: TEXT, pairsPath: 'function-budget.pairs.json', pairsText: generated.text };

function named(report: FileReport, name: string): FunctionReport {
  const fn = report.functions.find((candidate) => candidate.qualifiedName === name);
  if (fn === undefined) throw new Error(`no report for ${name}`);
  return fn;
}

describe('the work budget of one function', () => {
  const options = { ...DEFAULT_CHECK_OPTIONS, codeMutants: 0 };
  // Three obligations' worth: each correct pair spends the whole per-obligation budget.
  const tight = { ...options, functionStepBudget: 3 * DEFAULT_CHECK_OPTIONS.stepBudget };

  it('by default lets every obligation spend its own step budget', () => {
    const inc = named(checkFileSync(INPUT, options), 'inc');
    expect(inc.counts.pairs).toBe(10);
    expect(inc.indeterminate.every((verdict) => verdict.reason !== FUNCTION_BUDGET_SPENT)).toBe(true);
  });

  it('cuts the rest of the function once spent: indeterminate, reason budget, the same on every run', () => {
    const first = checkFileSync(INPUT, tight);
    const inc = named(first, 'inc');
    const cut = inc.indeterminate.filter((verdict) => verdict.reason === FUNCTION_BUDGET_SPENT);
    expect(cut.length).toBeGreaterThan(0);
    expect(FUNCTION_BUDGET_SPENT.startsWith('budget')).toBe(true);
    // Nothing cut is folded into a score: PostCorr has no decided pair to count.
    expect(inc.scores.postCorrectness).toBeNull();
    expect(checkFileSync(INPUT, tight)).toEqual(first);
  });

  it("leaves the file's other functions as they are", () => {
    expect(named(checkFileSync(INPUT, tight), 'dec')).toEqual(named(checkFileSync(INPUT, options), 'dec'));
  });
});
