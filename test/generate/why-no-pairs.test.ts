// A function that gets no pair says why, specifically, with where to look: the requires clause that rejected the
// inputs (and what share), an `unimplemented!()` stub, the step budget, the part of a parameter's type that has no
// values. `check` gives the same reason for a function whose entry holds nothing usable.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync, generatePairsText } from '../../server/src/harness';
import type { FunctionSummary } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { createLineIndex, parseSourceFile } from '../../server/src/syntax';

const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'generate', 'no-pairs.rs'), 'utf8');
const MODEL = buildFileModel(parseSourceFile(TEXT));
const GENERATED = generatePairsText(MODEL, null, { count: 5, invalidCount: 2, seed: 1 });
const LINES = createLineIndex(TEXT);

function summary(name: string): FunctionSummary {
  const found = GENERATED.summaries.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no summary for ${name}`);
  return found;
}

/** The 1-based line where the reason points. */
function lineOf(found: FunctionSummary): number {
  return LINES.positionAt(found.noPairs?.span.start ?? -1).line + 1;
}

describe('why a function got no pair', () => {
  it('names the requires clause that rejected the inputs, with its share, at the clause', () => {
    const strict = summary('strict');
    expect(strict.pairs).toBe(0);
    expect(strict.noPairs?.message).toMatch(
      /^no generated input satisfied `requires`: clause 2 \(`a \* 3 == b \+ 7 && b % 17 == 3`\) rejected (\d+% of the \d+ inputs tried|all \d+ of the \d+ inputs tried that met the clauses before it)$/,
    );
    expect(lineOf(strict)).toBe(TEXT.split('\n').findIndex((line) => line.includes('a * 3 == b + 7')) + 1);
  });

  it('blames the clause no input got past, even behind a looser clause that rejected more', () => {
    expect(summary('first_of').noPairs?.message).toMatch(
      /^no generated input satisfied `requires`: clause 3 \(`forall\|i: int, j: int\| 0 <= i < a.len\(\) && 0 <= j < a.len\(\)…`\) rejected all \d+ of the \d+ inputs tried that met the clauses before it$/,
    );
  });

  it('says an assume in the body was false on every input the requires admitted', () => {
    expect(summary('havoc').noPairs?.message).toMatch(
      /^an `assume\(..\)` in the body was false on every input `requires` admitted \(\d+ of the \d+ tried\)$/,
    );
  });

  it('says the body reached vstd’s `unreached()` on every input the requires admitted', () => {
    expect(summary('wrongly_unreached').noPairs?.message).toMatch(
      /^the body reached `unreached\(\)` on every input `requires` admitted \(\d+ of the \d+ tried\)$/,
    );
  });

  it('says an unimplemented!() stub has nothing to run', () => {
    expect(summary('stub').noPairs?.message).toBe(
      'its body is `unimplemented!()`: there is no implementation to take pairs from (write them by hand to score it)',
    );
  });

  it('says the implementation did not finish within its step budget', () => {
    expect(summary('spin').noPairs?.message).toMatch(/^the implementation did not finish within its step budget on \d+ inputs?$/);
  });

  it('names the part of a parameter type that has no values', () => {
    expect(summary('Callback::seed').noPairs?.message).toBe(
      'no input could be built for its parameters: parameter `self` holds `Fn` (executable closures are not supported)',
    );
  });

  it('names the innermost part of a parameter the generator builds no value of', () => {
    expect(summary('guarded').noPairs?.message).toBe(
      'no input could be built for its parameters: parameter `p` holds `spec_fn(u8) -> (u8, bool)`, of which the generator builds no value',
    );
  });

  it('names the clause that left the requires undecided, and what left it open, at the clause', () => {
    const header = summary('read_header');
    expect(header.noPairs?.message).toMatch(
      /^`requires` could not be decided on the \d+ inputs? the implementation returned on: clause 2 \(`header_ok\(v@\)`\): subrange\(0, 8\) out of range for length \d$/,
    );
    expect(lineOf(header)).toBe(TEXT.split('\n').findIndex((line) => line.includes('        header_ok(v@),')) + 1);
  });

  it('says what the inputs a clause let through met, when that clause rejected most of them', () => {
    expect(summary('read_tagged').noPairs?.message).toMatch(
      /^no generated input satisfied `requires`: clause 1 \(`a % 16 == 3`\) rejected \d+% of the \d+ inputs tried; on the \d+ inputs? it let through, `requires` could not be decided on the \d+ inputs? the implementation returned on: clause 3 \(`header_ok\(v@\)`\): subrange\(0, 8\) out of range for length \d$/,
    );
  });

  it('names the type invariant no generated value met', () => {
    expect(summary('Root::value').noPairs?.message).toMatch(
      /^no generated value of `Root` satisfied its type invariant `squared` \((\d+) of the \1 inputs tried violated it\)$/,
    );
  });

  it('is what check says of an entry with nothing usable', () => {
    if (!GENERATED.ok) throw new Error(GENERATED.error);
    const input = { path: 'no-pairs.rs', text: TEXT, pairsPath: 'no-pairs.pairs.json', pairsText: GENERATED.text };
    const report = checkFileSync(input, { ...DEFAULT_CHECK_OPTIONS, explainNoPairs: true });
    const strict = report.functions.find((fn) => fn.qualifiedName === 'strict');
    expect(strict?.status).toBe('no-pairs');
    expect(strict?.reason).toContain(`: ${summary('strict').noPairs?.message ?? ''} (line ${lineOf(summary('strict'))})`);
  });
});
