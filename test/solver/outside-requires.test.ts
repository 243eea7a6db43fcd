// A correct pair the ensures rejects is an error on the ensures only when the requires holds on its input: outside
// the requires it is reported as such (information), with the requires undecided it is indeterminate. And the
// solver is loaded only when something is left to it.

import { describe, expect, it } from 'vitest';
import { checkFile, checkFileSync, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import type { FileReport, FunctionReport } from '../../server/src/harness';
import { createZ3Solver } from '../../server/src/backends/z3';
import { TEST_BUDGET } from './budget';

function input(source: string, pairs: unknown) {
  const text = `use vstd::prelude::*;\nverus! {\n${source}\n}\n`;
  return { path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText: JSON.stringify({ version: 1, functions: pairs }) };
}

function only(report: FileReport): FunctionReport {
  expect(report.functions).toHaveLength(1);
  return report.functions[0] as FunctionReport;
}

const CLIP = `
fn clip(x: u32) -> (r: u32)
    requires x < 100,
    ensures r == x, r < 100,
{ if x < 100 { x } else { 99 } }`;

const ODD = `
fn half_down(n: u32) -> (r: u32)
    requires forall|k: int| 2 * k != n,
    ensures 2 * r + 1 == n,
{ n / 2 }`;

describe('pairs outside the requires', () => {
  it('are no rejects-correct-output error, and keep the note', () => {
    const report = checkFileSync(
      input(CLIP, {
        clip: {
          pairs: [
            { input: { x: 5 }, output: 5 },
            { input: { x: 150 }, output: 99 },
          ],
        },
      }),
      DEFAULT_CHECK_OPTIONS,
    );
    const fn = only(report);
    expect(report.diagnostics.map((d) => d.code)).not.toContain('rejects-correct-output');
    const outside = report.diagnostics.find((d) => d.code === 'outside-requires');
    expect(outside?.severity).toBe('information');
    expect(outside?.message).toBe(
      'outside requires: the ensures rejects clip(150) = 99 (clause 1); note: the requires also rejects this input',
    );
    expect(fn.scores.postCorrectness).toBe(1);
    expect(fn.pairsOutsideRequires).toHaveLength(1);
  });

  it('with an undecided requires, are indeterminate', () => {
    const fn = only(checkFileSync(input(ODD, { half_down: { pairs: [{ input: { n: 4 }, output: 2 }] } }), DEFAULT_CHECK_OPTIONS));
    expect(fn.rejectedPairs).toHaveLength(0);
    expect(fn.indeterminate.map((v) => v.reason)).toContain('the ensures rejects this pair, and the requires is undecided on its input');
  });

  it('once the solver decides the requires is false, are outside it', async () => {
    const solver = createZ3Solver({ ...TEST_BUDGET, stepBudget: 100_000, now: () => performance.now() });
    const report = await checkFile(
      input(ODD, { half_down: { pairs: [{ input: { n: 4 }, output: 2 }] } }),
      DEFAULT_CHECK_OPTIONS,
      undefined,
      undefined,
      solver,
    );
    expect(report.diagnostics.map((d) => d.code)).toContain('outside-requires');
    expect(report.diagnostics.map((d) => d.code)).not.toContain('rejects-correct-output');
  });
});
