// An `external_body` fn's body is never checked against its contract, so what it returns is not known to be
// correct: generation keeps an output as a pair only when the trusted ensures accepts it, and when the body
// contradicts the ensures, that is the finding (the contract Verus assumes may be wrong), never a rejected pair.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync, generatePairsText } from '../../server/src/harness';
import type { FunctionSummary } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'external-body.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'generate', NAME), 'utf8');
const GENERATED = generatePairsText(buildFileModel(parseSourceFile(TEXT)), null, { count: 8, invalidCount: 2, seed: 1 });

function summary(name: string): FunctionSummary {
  const found = GENERATED.summaries.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no summary for ${name}`);
  return found;
}

describe('an external_body fn', () => {
  it('whose body contradicts its trusted ensures says so with an example, and keeps only the outputs it accepts', () => {
    const fast = summary('Registers::set_self_fast');
    expect(fast.contradictsTrustedContract).toMatch(
      /^it is `external_body` \(Verus never checks its body\) and the trusted `ensures` rejects what the body does on \d+ inputs \(e\.g\. `set_self_fast\(Registers \{ rbx: \d+, rbp: \d+, rax: \d+ \}, .*\) leaves self = .*`\)/,
    );
  });

  it('quotes its example cut short when the values are large', () => {
    const reason = summary('clear_frame').contradictsTrustedContract ?? '';
    expect(reason).toMatch(/^it is `external_body` .* \(e\.g\. `clear_frame\(Frame \{ words: \[.*…`\)/);
    expect(reason.length).toBeLessThan(500);
  });

  it('whose body meets its ensures is measured as any other fn', () => {
    const all = summary('Registers::copy_all_fast');
    expect(all.pairs).toBe(8);
    expect(all.noPairs).toBeUndefined();
    expect(all.contradictsTrustedContract).toBeUndefined();
  });

  it('never turns into a correct pair the ensures rejects', () => {
    if (!GENERATED.ok) throw new Error(GENERATED.error);
    const report = checkFileSync(
      { path: NAME, text: TEXT, pairsPath: 'external-body.pairs.json', pairsText: GENERATED.text },
      DEFAULT_CHECK_OPTIONS,
    );
    for (const fn of report.functions) expect(fn.rejectedPairs, fn.qualifiedName).toEqual([]);
    const verified = report.functions.find((fn) => fn.qualifiedName === 'Registers::set_self');
    expect(verified?.scores.postCorrectness).toBe(1);
    // The pairs it keeps are the inputs where the body happens to agree (equal `rax`): real evidence still.
    expect(report.functions.find((fn) => fn.qualifiedName === 'Registers::set_self_fast')?.scores.postCorrectness).toBe(1);
  });
});

describe('a panic inside an external_body callee', () => {
  it('is an admitted invalid input of the callee, not of the verified caller that trusted it', () => {
    if (!GENERATED.ok) throw new Error(GENERATED.error);
    const report = checkFileSync(
      { path: NAME, text: TEXT, pairsPath: 'external-body.pairs.json', pairsText: GENERATED.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const admitted = (name: string): number => report.functions.find((fn) => fn.qualifiedName === name)?.admittedInvalidInputs.length ?? -1;
    expect(admitted('add')).toBeGreaterThan(0);
    expect(admitted('add_twice')).toBe(0);
    expect(summary('add_twice').pairs).toBe(8);
  });
});
