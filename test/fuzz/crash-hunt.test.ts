// Fast tier of the crash hunt: a few dozen damaged variants of the examples and fixtures, seeded, through parse,
// model, pair generation and the check (test/fuzz/crash-hunt.ts says what must hold). The mutators themselves are
// specified first, since a mutator that silently left the text alone would make the hunt prove nothing.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeMutations } from '../../server/src/harness/mutants/code-mutants';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import fc from 'fast-check';
import { assertPipelineSurvives } from './crash-hunt';
import { REPLACEMENT_TYPES, fuzzFixtures, variantArbitrary, variantText } from './variants';
import type { FuzzFixture, Mutation } from './variants';

const TINY: FuzzFixture = {
  path: 'tiny.rs',
  pairsText: null,
  text: 'struct P { x: u8 }\nfn f(a: u8, b: &Vec<i32>) -> (r: u8)\n    ensures r == a,\n{ a }\nfn g() -> (r: u8) { 7 }\n',
};

const mutated = (mutations: readonly Mutation[]): string => variantText({ fixture: TINY, mutations });

describe('the mutators', () => {
  it.each<[string, Mutation, string]>([
    ['delete a token', { kind: 'delete-token', at: 0 }, ' P { x: u8 }'],
    ['duplicate a token', { kind: 'duplicate-token', at: 1 }, 'struct P P { x: u8 }'],
    ['swap two tokens', { kind: 'swap-tokens', at: 0, with: 1 }, 'P struct { x: u8 }'],
    [
      'retype a parameter (the second type of the list)',
      { kind: 'retype-param', at: 1, type: 1 },
      'fn f(a: u8, b: (i32, (u64, char))) -> (r: u8)',
    ],
    [
      'retype a parameter to a struct of the file',
      { kind: 'retype-param', at: 0, type: REPLACEMENT_TYPES.length + 1 },
      'fn f(a: Vec<P>, b',
    ],
    ['truncate', { kind: 'truncate', at: 10 }, 'struct P {'],
    ['graft a body', { kind: 'graft-body', from: 1, into: 0 }, 'ensures r == a,\n{ 7 }\nfn g'],
    ['splice two fns at the same share', { kind: 'splice-fns', first: 0, second: 1, cut: 0 }, 'fn g() -> (r: u8) { 7 }\nfn g()'],
    ['insert text', { kind: 'insert', at: 0, text: '\u{1F600}' }, '\u{1F600}struct'],
  ])('%s', (_, mutation, expected) => {
    const text = mutated([mutation]);
    expect(text).not.toBe(TINY.text);
    expect(text).toContain(expected);
  });

  it('changes the text of nearly every generated variant', () => {
    // Some are no-ops by nature (grafting a body into itself in a one-fn file): under a tenth of a large sample, so
    // adding a fixture does not tip the figure across the bound.
    const variants = fc.sample(variantArbitrary(fuzzFixtures()), { seed: 5, numRuns: 200 });
    const unchanged = variants.filter((variant) => variantText(variant) === variant.fixture.text);
    expect(unchanged.length).toBeLessThan(20);
  });
});

describe('the crash hunt, fast tier', () => {
  it('survives 40 variants: nothing throws and every scorable function is reported', () => assertPipelineSurvives(40, 20_260_601), 300_000);
});

describe('crashes the hunt found, kept as fixtures', () => {
  it('a body 10,000 levels deep: code mutants are planned without overflowing the stack', () => {
    const text = readFileSync(join(__dirname, '..', 'fixtures', 'fuzz', 'deep-body.rs'), 'utf8');
    const model = buildFileModel(parseSourceFile(text));
    const fn = model.functions.find((candidate) => candidate.name === 'deep');
    if (fn === undefined) throw new Error('no fn deep');
    const mutations = codeMutations(fn, { kind: 'int', int: 'u64' }, text, 24);
    expect(mutations.length).toBeGreaterThan(1);
    expect(mutations.some((mutation) => mutation.change.includes('`+`'))).toBe(true);
  });
});
