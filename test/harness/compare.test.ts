// `--backend both`: scores come from the evaluator; the solver gap counts mutants the evaluator rejects that
// Verus cannot refute, and determinate verdicts that differ are listed. Verus's answers here are written out by
// hand (what a run would report), so the comparison is tested without a verus binary.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHECK_OPTIONS,
  decideObligations,
  finishFileWithBoth,
  pendingObligations,
  planFile,
  summarize,
} from '../../server/src/harness';
import type { ObligationResult } from '../../server/src/harness';

const SOURCE = `verus! {
fn id(x: u8) -> (r: u8)
    requires x < 200,
    ensures r == x,
{ x }
}`;
const PAIRS = JSON.stringify({
  version: 1,
  functions: {
    id: {
      pairs: [
        { input: { x: 3 }, output: 3 },
        { input: { x: 9 }, output: 9 },
      ],
    },
  },
});

describe('comparing the embedded evaluator with Verus', () => {
  const plan = planFile({ path: 'id.rs', text: SOURCE, pairsPath: 'id.pairs.json', pairsText: PAIRS }, DEFAULT_CHECK_OPTIONS);
  const pending = pendingObligations(plan);
  const embedded = decideObligations(plan.model, pending, { stepBudget: 10_000 });
  const cannotRefute: ObligationResult = {
    verdict: { kind: 'indeterminate', reason: 'both probes failed' },
    failingClause: undefined,
    recursionDepth: 0,
  };

  it('counts the solver gap and lists disagreements, keeping the evaluator scores', () => {
    const mutantIndices = pending.flatMap((obligation, i) => (obligation.id.includes('/mutant') ? [i] : []));
    expect(mutantIndices.length).toBeGreaterThan(3);
    const preIndex = pending.findIndex((obligation) => obligation.kind === 'pre');
    const verus = embedded.map((result, i): ObligationResult => {
      if (i === mutantIndices[0] || i === mutantIndices[1]) return cannotRefute;
      if (i === preIndex) return { verdict: { kind: 'fails' }, failingClause: 0, recursionDepth: 0 };
      return result;
    });
    const report = finishFileWithBoth(plan, embedded, verus);
    const fn = report.functions[0];
    expect(fn?.scores).toEqual({ postCorrectness: 1, postCompleteness: 1, preCorrectness: 1, preCompleteness: null });
    expect(fn?.backend).toBe('both');
    expect(fn?.solverGap).toBe(2);
    expect(fn?.disagreements).toEqual([{ obligation: pending[preIndex]?.id, embedded: 'holds', verus: 'fails' }]);
    expect(summarize([report], 0.75).solverGap).toBe(2);
  });

  it('reports no gap when Verus agrees everywhere', () => {
    const fn = finishFileWithBoth(plan, embedded, embedded).functions[0];
    expect(fn?.solverGap).toBe(0);
    expect(fn?.disagreements).toEqual([]);
  });
});
