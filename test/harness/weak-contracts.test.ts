// Weak and strong contracts with GENERATED pairs at default options (`spec-harness pairs` then `check`): every
// weak contract gets `weak-postcondition` (or `vacuous-postcondition`), every strong twin scores PostCorr 1.00 and
// PostComp 1.00 with no diagnostic. The fixtures name the weak pattern each function shows.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import type { FileReport, FunctionReport } from '../../server/src/harness';

const FIXTURES = join(__dirname, '..', 'fixtures', 'weak-contracts');

/** Generates pairs for every function of the fixture, then checks it, both at default options. */
function generateThenCheck(name: string, options: Partial<typeof DEFAULT_CHECK_OPTIONS> = {}): FileReport {
  const text = readFileSync(join(FIXTURES, name), 'utf8');
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  return checkFileSync(
    { path: name, text, pairsPath: name.replace(/\.rs$/, '.pairs.json'), pairsText: generated.text },
    { ...DEFAULT_CHECK_OPTIONS, ...options },
  );
}

function codesOf(report: FileReport, fn: FunctionReport): string[] {
  return report.diagnostics
    .filter((d) => d.file === 'source' && d.range.start.line >= fn.range.start.line && d.range.end.line <= fn.range.end.line)
    .map((d) => d.code);
}

describe.each(['weak.rs', 'weak2.rs'])('weak contracts in %s get the diagnostic with generated pairs', (file) => {
  const report = generateThenCheck(file);
  it.each(report.functions.map((fn) => [fn.qualifiedName, fn] as const))('%s', (_, fn) => {
    expect(fn.status).toBe('scored');
    expect(fn.scores.postCorrectness).toBe(1);
    expect(codesOf(report, fn).filter((code) => code === 'weak-postcondition' || code === 'vacuous-postcondition')).not.toEqual([]);
  });
});

/** Strong twins whose requires is a deliberate domain restriction the code does not need (`grade` handles any score
 *  above 100 as its ensures says): that is information, never a warning. */
const RESTRICTED_DOMAIN = new Set(['grade']);

describe.each(['strong.rs', 'strong2.rs'])('strong twins in %s score 1.00 / 1.00 with no warning', (file) => {
  const report = generateThenCheck(file);
  it.each(report.functions.map((fn) => [fn.qualifiedName, fn] as const))('%s', (_, fn) => {
    expect({ corr: fn.scores.postCorrectness, comp: fn.scores.postCompleteness, codes: codesOf(report, fn) }).toEqual({
      corr: 1,
      comp: 1,
      codes: RESTRICTED_DOMAIN.has(fn.qualifiedName) ? ['stronger-precondition'] : [],
    });
  });
});

describe('the three sources of wrong outputs', () => {
  const report = generateThenCheck('weak.rs');
  const fn = (name: string): FunctionReport => report.functions.find((f) => f.qualifiedName === name) as FunctionReport;

  it('clamp_to: generated inputs cover every ordering of x, lo and hi', () => {
    const text = readFileSync(join(FIXTURES, 'weak.rs'), 'utf8');
    const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, {
      count: 20,
      invalidCount: 10,
      seed: 1,
      functions: ['clamp_to'],
    });
    if (!generated.ok) throw new Error(generated.error);
    const pairs = (JSON.parse(generated.text) as { functions: { clamp_to: { pairs: { input: { x: number; lo: number; hi: number } }[] } } })
      .functions.clamp_to.pairs;
    const relation = ({ x, lo, hi }: { x: number; lo: number; hi: number }): string =>
      x < lo ? 'below' : x > hi ? 'above' : lo === hi ? 'pinned' : 'inside';
    expect(new Set(pairs.map((pair) => relation(pair.input)))).toEqual(new Set(['below', 'above', 'pinned', 'inside']));
    expect(pairs.filter((pair) => pair.input.x === pair.input.lo && pair.input.lo === pair.input.hi).length).toBeLessThanOrEqual(3);
  });

  it('counts wrong outputs per source and the share of inputs accepting one', () => {
    const summary = fn('max_of').wrongOutputs;
    expect(summary?.bySource.code.decided).toBeGreaterThan(0);
    expect(summary?.bySource.swapped.decided).toBeGreaterThan(0);
    expect(summary?.bySource.value.decided).toBeGreaterThan(0);
    expect(summary?.inputShareAccepting).toBeGreaterThan(0.5);
  });

  it('names the code change of an accepted code mutant, with its range in the source', () => {
    const accepted = fn('max_of').acceptedMutants.find((mutant) => mutant.source === 'code');
    expect(accepted?.operator).toMatch(/^(changing|replacing|negating|deleting|returning|shifting)/);
    expect(accepted?.effect).toMatch(/^makes `max_of\(\[.*\]\)` return -?\d+$/);
    expect(accepted?.codeRange?.start.line).toBeGreaterThan(fn('max_of').range.start.line);
    const diagnostic = report.diagnostics.find(
      (d) =>
        d.code === 'weak-postcondition' &&
        d.range.start.line >= fn('max_of').range.start.line &&
        d.range.end.line <= fn('max_of').range.end.line,
    );
    expect(diagnostic?.message).toMatch(/which the ensures accepts/);
  });

  it('with the threshold-only rule, a PostComp above the threshold raises nothing', () => {
    const thresholdOnly = generateThenCheck('weak.rs', { weakPostcondition: 'threshold' });
    const sign = thresholdOnly.functions.find((f) => f.qualifiedName === 'sign') as FunctionReport;
    expect(sign.scores.postCompleteness).toBeGreaterThan(0.75);
    expect(codesOf(thresholdOnly, sign)).toEqual([]);
  });
});

describe('per-clause view', () => {
  const report = generateThenCheck('strong.rs');
  const fn = (name: string): FunctionReport => report.functions.find((f) => f.qualifiedName === name) as FunctionReport;

  it('counts the wrong outputs each ensures clause alone rejects, and lists the clauses that add nothing', () => {
    const clamp = fn('clamp_to');
    expect(clamp.clauses?.map((clause) => clause.text)).toEqual([
      'lo <= r <= hi',
      'lo <= x <= hi ==> r == x',
      'x < lo ==> r == lo',
      'x > hi ==> r == hi',
    ]);
    expect(clamp.clauses?.slice(1).every((clause) => clause.rejectsAlone > 0)).toBe(true);
    expect(clamp.redundantClauses).toEqual([0]);
    expect(fn('sign').redundantClauses).toEqual([]);
  });

  it('is information, not a warning', () => {
    expect(codesOf(report, fn('clamp_to'))).toEqual([]);
  });
});
