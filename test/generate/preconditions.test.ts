// Preconditions measured from generated data (`spec-harness pairs` then `check`, default options): a clause the code
// does not need is reported as information with a witness, a clause some input needs never is, and every admitted
// panic (an element at its type's edge, a shift, `unwrap` of `None`) is a finding whatever PreComp is and fails the
// gate. Each pattern has a correct twin with nothing to report.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, evaluateGate, generatePairsText } from '../../server/src/harness';
import type { FileReport, ReportDiagnostic } from '../../server/src/harness';

const FIXTURES = join(__dirname, '..', 'fixtures', 'preconditions');

function generateThenCheck(name: string): FileReport {
  const text = readFileSync(join(FIXTURES, name), 'utf8');
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  return checkFileSync(
    { path: name, text, pairsPath: name.replace(/\.rs$/, '.pairs.json'), pairsText: generated.text },
    DEFAULT_CHECK_OPTIONS,
  );
}

/** The requires-side diagnostics of one function. */
function preFindings(report: FileReport, name: string): ReportDiagnostic[] {
  const fn = report.functions.find((candidate) => candidate.qualifiedName === name);
  if (fn === undefined) throw new Error(`no function ${name}`);
  const pre = new Set(['stronger-precondition', 'rejects-valid-input', 'admits-invalid-input', 'reject-all-precondition']);
  return report.diagnostics.filter(
    (d) => pre.has(d.code) && d.file === 'source' && d.range.start.line >= fn.range.start.line && d.range.end.line <= fn.range.end.line,
  );
}

describe('a requires clause stronger than the code needs', () => {
  const report = generateThenCheck('get_or_zero.rs');

  it('is reported on that clause, as information, with a witness the ensures accepts', () => {
    const [finding, ...rest] = preFindings(report, 'get_or_zero');
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'stronger-precondition', severity: 'information', range: { start: { line: 8 } } });
    expect(finding?.message).toMatch(
      /^stronger than the code needs \(clause 1\): get_or_zero\(\[.*\], \d+\) = 0, which the ensures accepts/,
    );
    const fn = report.functions.find((candidate) => candidate.qualifiedName === 'get_or_zero');
    expect(fn?.scores.preCorrectness).toBeLessThan(1);
    expect(fn?.scores.postCorrectness).toBe(1);
  });

  it('is information for the gate: a note, not a failure', () => {
    const outcome = evaluateGate({ files: [report], requestedFunctions: ['get_or_zero'] }, { post: 0.75 });
    if (!outcome.ok) throw new Error(outcome.error);
    const verdict = outcome.verdicts.find((v) => v.qualifiedName === 'get_or_zero');
    expect(verdict?.meets).toBe(true);
    expect(verdict?.notes.join('\n')).toContain('requires clause 1 `i < v.len()` is stronger than the code needs');
  });

  it('is not reported for the twin without the requires', () => {
    expect(preFindings(report, 'get_or_zero_total')).toEqual([]);
  });

  it('is never reported when some input violating it makes the ensures fail (sortedness for a binary search)', () => {
    expect(preFindings(generateThenCheck('needed.rs'), 'find_sorted')).toEqual([]);
  });
});

describe.each([
  ['element-overflow.rs', 'next_at', /attempt to add with overflow/],
  ['shift.rs', 'bit', /shift left with overflow/],
  ['unwrap.rs', 'inner', /unwrap\(\)` on a `None`/],
])('%s: a requires that admits a panic', (file, name, reason) => {
  const report = generateThenCheck(file);

  it(`is found in ${name}, whatever PreComp is, and fails the gate`, () => {
    const admitted = preFindings(report, name).filter((d) => d.code === 'admits-invalid-input');
    expect(admitted).toHaveLength(1);
    expect(admitted[0]?.message).toMatch(reason);
    const outcome = evaluateGate({ files: [report], requestedFunctions: [name] }, { post: 0 });
    if (!outcome.ok) throw new Error(outcome.error);
    const verdict = outcome.verdicts.find((v) => v.qualifiedName === name);
    expect(verdict?.meets).toBe(false);
    expect(verdict?.failures.join('\n')).toMatch(/on which the code panics/);
  });

  it(`is not reported for its guarded twin ${name}_guarded`, () => {
    expect(preFindings(report, `${name}_guarded`).filter((d) => d.code === 'admits-invalid-input')).toEqual([]);
  });
});
