// A scored function whose PostComp has no value says why, in the report's `reason`: an entry with invalid inputs
// only (and then why generation got no pair), or no wrong output to offer.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import type { FunctionReport } from '../../server/src/harness';

const DIR = join(__dirname, '..', 'fixtures', 'harness', 'no-postcomp');

function report(name: string): FunctionReport {
  const input = {
    path: 'invalid-only.rs',
    text: readFileSync(join(DIR, 'invalid-only.rs'), 'utf8'),
    pairsPath: 'invalid-only.pairs.json',
    pairsText: readFileSync(join(DIR, 'invalid-only.pairs.json'), 'utf8'),
  };
  const found = checkFileSync(input, { ...DEFAULT_CHECK_OPTIONS, explainNoPairs: true }).functions.find((fn) => fn.qualifiedName === name);
  if (found === undefined) throw new Error(`no report for ${name}`);
  return found;
}

describe('why a scored function has no PostComp', () => {
  it('names an entry with invalid inputs only, and why generation got no pair when it did not', () => {
    const sum = report('sum_pair');
    expect(sum.status).toBe('scored');
    expect(sum.scores.preCompleteness).toBe(1);
    expect(sum.scores.postCompleteness).toBeNull();
    expect(sum.reason).toBe(
      'PostComp not measured: the entry for `sum_pair` in invalid-only.pairs.json has invalid inputs but no correct pairs',
    );
  });

  it('says no wrong output could be made when the return type has one value', () => {
    const touch = report('touch');
    expect(touch.scores.postCompleteness).toBeNull();
    expect(touch.status).toBe('scored');
    expect(touch.reason).toBe('PostComp not measured: no wrong output could be made for the return type on these pairs');
  });
});
