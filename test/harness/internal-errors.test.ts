// One function's bug is that function's result: a failpoint makes one stage of one function's work throw, and that
// function is reported `unsupported` with `internal error in <stage>: ...` while every other function scores exactly
// as in a run without the bug. Under `internalErrors: 'throw'` (what the test suites use elsewhere) it propagates.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createZ3Solver } from '../../server/src/backends/z3';
import {
  DEFAULT_CHECK_OPTIONS,
  armFailpoints,
  checkFile,
  checkFileSync,
  generatePairsEntries,
  generatePairsEntriesWithSolver,
  generatePairsText,
} from '../../server/src/harness';
import type { CheckInput, CheckOptions, FileReport, FunctionReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { TEST_BUDGET } from '../solver/budget';

const FIXTURES = join(__dirname, '..', 'fixtures');
const STRONG: CheckInput = {
  path: 'strong.rs',
  text: readFileSync(join(FIXTURES, 'harness', 'internal-errors', 'strong.rs'), 'utf8'),
  pairsPath: 'strong.pairs.json',
  pairsText: readFileSync(join(FIXTURES, 'harness', 'internal-errors', 'strong.pairs.json'), 'utf8'),
};
const USER_OPTIONS: CheckOptions = { ...DEFAULT_CHECK_OPTIONS, internalErrors: 'unsupported' };

afterEach(() => armFailpoints(undefined));

function named(report: FileReport, name: string): FunctionReport {
  const fn = report.functions.find((candidate) => candidate.qualifiedName === name);
  if (fn === undefined) throw new Error(`no report for ${name}`);
  return fn;
}

describe('a bug in one stage of one function', () => {
  const clean = checkFileSync(STRONG, USER_OPTIONS);

  for (const stage of ['planning', 'code mutants', 'scoring'] as const) {
    it(`in ${stage}: that function is unsupported, naming the stage; the other scores as without it`, () => {
      armFailpoints(`${stage}=abs`);
      const report = checkFileSync(STRONG, USER_OPTIONS);
      const abs = named(report, 'abs');
      expect(abs.status).toBe('unsupported');
      expect(abs.reason).toBe(`internal error in ${stage}: failpoint ${stage} armed for abs`);
      expect(abs.internalError).toEqual({ stage, message: `failpoint ${stage} armed for abs` });
      expect(named(report, 'max_of')).toEqual(named(clean, 'max_of'));
      // Its diagnostic says it is our bug, on the function's name.
      const diagnostic = report.diagnostics.find((candidate) => candidate.message.includes('internal error'));
      expect(diagnostic?.severity).toBe('warning');
      expect(diagnostic?.range).toEqual(abs.nameRange);
      expect(diagnostic?.message).toContain('please report it');
    });
  }

  it('in the clause view: the scores stand, the view is left out, and the error is named', () => {
    armFailpoints('clause view=max_of');
    const max = named(checkFileSync(STRONG, USER_OPTIONS), 'max_of');
    const { clauses, redundantClauses: _redundant, ...scored } = named(clean, 'max_of');
    expect(clauses).toBeDefined();
    expect(max).toEqual({ ...scored, internalError: { stage: 'clause view', message: 'failpoint clause view armed for max_of' } });
  });

  it('in the front end: the file is reported as not scored, with one diagnostic and no functions', () => {
    armFailpoints('front end=strong.rs');
    const report = checkFileSync(STRONG, USER_OPTIONS);
    expect(report.functions).toEqual([]);
    expect(report.internalError).toEqual({ stage: 'front end', message: 'failpoint front end armed for strong.rs' });
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]?.message).toContain('internal error in front end');
  });

  it('propagates under internalErrors: throw, so a test meeting a bug fails', () => {
    armFailpoints('scoring=abs');
    expect(() => checkFileSync(STRONG, { ...USER_OPTIONS, internalErrors: 'throw' })).toThrow('failpoint scoring armed for abs');
  });
});

describe('a bug in the solver', () => {
  const source = readFileSync(join(FIXTURES, 'solver', 'quantified.rs'), 'utf8');
  const model = buildFileModel(parseSourceFile(source));
  const generated = generatePairsText(model, null, { functions: ['make_odd', 'triple'], count: 3, invalidCount: 0, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  const input: CheckInput = { path: 'quantified.rs', text: source, pairsPath: 'quantified.pairs.json', pairsText: generated.text };
  const options: CheckOptions = { ...USER_OPTIONS, codeMutants: 0, functions: ['make_odd', 'triple'] };
  const solver = (): ReturnType<typeof createZ3Solver> =>
    createZ3Solver({ ...TEST_BUDGET, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });

  it("fails only the function whose queries met it: the others keep the solver's verdicts", async () => {
    const clean = await checkFile(input, options, undefined, undefined, solver());
    expect(named(clean, 'triple').counts.solverVerdicts).toBeGreaterThan(0);
    armFailpoints('solver=make_odd');
    const report = await checkFile(input, options, undefined, undefined, solver());
    expect(named(report, 'make_odd').reason).toBe('internal error in solver: failpoint solver armed for make_odd');
    expect(named(report, 'triple')).toEqual(named(clean, 'triple'));
  });
});

describe('a bug while generating pairs', () => {
  const model = buildFileModel(parseSourceFile(STRONG.text));
  const options = { count: 5, invalidCount: 2, seed: 1, internalErrors: 'unsupported' } as const;

  it('in the generator: that function gets no entry and names the error; the other gets its pairs', () => {
    const clean = generatePairsEntries(model, options);
    armFailpoints('generation=abs');
    const file = generatePairsEntries(model, options);
    expect(file.generated.has('abs')).toBe(false);
    expect(file.generated.get('max_of')).toEqual(clean.generated.get('max_of'));
    const abs = file.summaries.find((summary) => summary.qualifiedName === 'abs');
    expect(abs?.notRunnable?.reason).toBe('internal error in generation: failpoint generation armed for abs');
    expect(abs?.internalError?.stage).toBe('generation');
  });

  it("in the solver: the evaluator's pairs stand and the error is named", async () => {
    const clean = generatePairsEntries(model, options);
    armFailpoints('solver=abs');
    const z3 = createZ3Solver({ ...TEST_BUDGET, stepBudget: DEFAULT_CHECK_OPTIONS.stepBudget, now: () => performance.now() });
    const file = await generatePairsEntriesWithSolver(model, options, z3, new AbortController().signal);
    expect(file.generated.get('abs')).toEqual(clean.generated.get('abs'));
    const abs = file.summaries.find((summary) => summary.qualifiedName === 'abs');
    expect(abs?.notRunnable).toBeUndefined();
    expect(abs?.internalError).toEqual({ stage: 'solver', message: 'failpoint solver armed for abs' });
  });
});
