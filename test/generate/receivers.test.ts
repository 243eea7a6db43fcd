// Systems code: const generic structs and fns are measured at one value of `N` (what the requires pins, else the
// smallest its literal bounds allow, at least 3), and receivers that must satisfy `self.wf()` are built the way
// the code builds them: the type's constructor, then short sequences of its `&mut self` methods.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import type { FunctionReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const NAME = 'const-generics.rs';
const TEXT = readFileSync(join(__dirname, '..', 'fixtures', 'systems', NAME), 'utf8');

function generateThenCheck(text: string): { readonly functions: readonly FunctionReport[]; readonly pairsText: string } {
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  const report = checkFileSync({ path: NAME, text, pairsPath: 'f.pairs.json', pairsText: generated.text }, DEFAULT_CHECK_OPTIONS);
  return { functions: report.functions, pairsText: generated.text };
}

const { functions, pairsText } = generateThenCheck(TEXT);

function fn(name: string): FunctionReport {
  const found = functions.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no function ${name}`);
  return found;
}

function selfInputs(name: string): unknown[] {
  const file = JSON.parse(pairsText) as { functions: Record<string, { pairs: { input: { self?: unknown } }[] }> };
  return (file.functions[name]?.pairs ?? []).map((pair) => pair.input.self);
}

describe('const generics', () => {
  it('measure an impl over `const N` at N = 3, where contracts and bodies read N', () => {
    expect(fn('BitSet::capacity')).toMatchObject({
      status: 'scored',
      instantiation: { N: '3' },
      scores: { postCorrectness: 1, postCompleteness: 1 },
    });
    for (const self of selfInputs('BitSet::capacity'))
      expect(self).toMatchObject({ data: [expect.any(Boolean), expect.any(Boolean), expect.any(Boolean)] });
  });

  it('take the value a requires pins, or the least its literal bounds allow', () => {
    const pinned = TEXT.replace('2 <= N,', 'N == 5,');
    expect(generateThenCheck(pinned).functions.find((f) => f.qualifiedName === 'first_set')?.instantiation).toEqual({ N: '5' });
    const bounded = TEXT.replace('2 <= N,', 'N > 6,');
    expect(generateThenCheck(bounded).functions.find((f) => f.qualifiedName === 'first_set')?.instantiation).toEqual({ N: '7' });
  });

  it('let a weak contract over an array show its accepted wrong outputs', () => {
    const first = fn('first_set');
    expect(first.scores.postCorrectness).toBe(1);
    expect(first.scores.postCompleteness).toBeLessThan(1);
  });
});

describe('receivers built by the type’s own constructor and mutators', () => {
  it('give a method that requires self.wf() several distinct valid receivers', () => {
    const len = fn('BitSet::len');
    expect(len.status).toBe('scored');
    expect(len.counts.pairs).toBeGreaterThanOrEqual(4);
    expect(len.scores).toMatchObject({ postCorrectness: 1, postCompleteness: 1, preCorrectness: 1 });
    const lens = selfInputs('BitSet::len').map((self) => (self as { len: number }).len);
    expect(new Set(lens).size).toBeGreaterThanOrEqual(2);
  });

  it('without a constructor, start from a value an `init` method sets up, its requires completed by its equalities', () => {
    for (const name of ['FreeList::take', 'FreeList::give_back']) {
      expect(fn(name)).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
      expect(fn(name).counts.pairs).toBeGreaterThanOrEqual(3);
    }
  });

  it('offer an argument a value the reached receiver holds, where the requires wants one it contains', () => {
    expect(fn('FreeList::index_of')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } });
    expect(fn('FreeList::index_of').counts.pairs).toBeGreaterThanOrEqual(3);
  });
});
