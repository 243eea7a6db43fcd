// A trait's bodiless method declaration promises its contract for every impl: it is measured at one impl (here the
// only one), under its own name, with that impl's type as `Self`; the impl method is scored as any other fn.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, scorableFunctions } from '../../server/src/harness';
import { generatePairsText } from '../../server/src/harness/generate';

const text = readFileSync(join(__dirname, '..', 'fixtures', 'harness', 'trait-declaration.rs'), 'utf8');
const model = buildFileModel(parseSourceFile(text));

describe('a trait method declaration without a body', () => {
  it('is in the model, marked bodiless and declared in its trait, beside its impl', () => {
    expect(model.functions.map((fn) => [fn.qualifiedName, fn.hasBody, fn.declaredInTrait])).toEqual([
      ['T::f', false, 'T'],
      ['S::f', true, undefined],
    ]);
  });

  it("is given pairs by its impl's body and scored under its own name, at `Self = S`", () => {
    expect(scorableFunctions(model, {}).map((fn) => fn.qualifiedName)).toEqual(['T::f', 'S::f']);
    const generated = generatePairsText(model, null, { count: 5, invalidCount: 2, seed: 1 });
    expect(generated.summaries.map((s) => [s.qualifiedName, s.pairs])).toEqual([
      ['S::f', 5],
      ['T::f', 5],
    ]);
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync({ path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText: generated.text }, DEFAULT_CHECK_OPTIONS);
    const declaration = report.functions.find((fn) => fn.qualifiedName === 'T::f');
    // `r <= x` lets a smaller result through; the impl's own `r == x / 2` does not.
    expect(declaration).toMatchObject({ status: 'scored', instantiation: { Self: 'S' }, scores: { postCorrectness: 1 } });
    expect(declaration?.scores.postCompleteness).toBeLessThan(1);
    expect(report.functions.find((fn) => fn.qualifiedName === 'S::f')?.scores.postCompleteness).toBe(1);
  });
});

describe("a trait impl method held to its declaration's contract", () => {
  const source = readFileSync(join(__dirname, '..', 'fixtures', 'harness', 'trait-contract.rs'), 'utf8');
  const ringModel = buildFileModel(parseSourceFile(source));

  it('takes the requires it does not write, and adds the ensures to its own', () => {
    const impl = ringModel.functions.find((fn) => fn.qualifiedName === 'Ring::is_full');
    expect(impl?.requires.map((clause) => clause.text)).toEqual(['self.inv()']);
    expect(impl?.ensures.map((clause) => clause.text)).toEqual([
      'self.inv()',
      'ret == (self.head == (self.tail + 1) % (self.ring.len() as int))',
    ]);
  });

  it('is run only inside that requires: every correct pair is accepted, and an empty ring is an invalid input', () => {
    const generated = generatePairsText(ringModel, null, { count: 20, invalidCount: 10, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync(
      { path: 'r.rs', text: source, pairsPath: 'r.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const ring = report.functions.find((fn) => fn.qualifiedName === 'Ring::is_full');
    expect(ring?.scores.postCorrectness).toBe(1);
    expect(ring?.scores.preCompleteness).toBe(1);
  });

  it("an impl that leaves its result unnamed is read under the declaration's name, and scored by its ensures", () => {
    const capacity = ringModel.functions.find((fn) => fn.qualifiedName === 'Ring::capacity');
    expect(capacity?.returnName).toBe('cap');
    expect(capacity?.ensures.map((clause) => clause.text)).toEqual(['cap + 1 == self.slots()']);
    const generated = generatePairsText(ringModel, null, { count: 20, invalidCount: 10, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync(
      { path: 'r.rs', text: source, pairsPath: 'r.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    expect(report.functions.find((fn) => fn.qualifiedName === 'Ring::capacity')).toMatchObject({
      status: 'scored',
      scores: { postCorrectness: 1, postCompleteness: 1 },
    });
  });

  it('an override takes the ensures but not the default_ensures, so its own correct pairs are accepted', () => {
    const halve = ringModel.functions.find((fn) => fn.qualifiedName === 'Ring::halve');
    expect(halve?.ensures.map((clause) => clause.text)).toEqual(['output <= input', 'output == input / 3']);
  });
});

describe('a trait declaration typed by an associated type', () => {
  const source = readFileSync(join(__dirname, '..', 'fixtures', 'harness', 'trait-associated-types.rs'), 'utf8');
  const codecModel = buildFileModel(parseSourceFile(source));

  it('reads `Self::Item` as the impl it is measured at writes it, skipping the boxed impl, binds its renamed parameter by position, and finds the weak ensures', () => {
    const generated = generatePairsText(codecModel, null, { count: 10, invalidCount: 2, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync(
      { path: 'c.rs', text: source, pairsPath: 'c.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const encode = report.functions.find((fn) => fn.qualifiedName === 'Codec::encode');
    expect(encode).toMatchObject({ status: 'scored', instantiation: { Self: 'ByteCodec' }, scores: { postCorrectness: 1 } });
    // `out@.len() > 0` says nothing of the byte written: a changed byte is accepted.
    expect(encode?.scores.postCompleteness).toBeLessThan(1);
    expect(encode?.acceptedMutants.some((mutant) => Array.isArray(mutant.mutant) && mutant.mutant.length === 1)).toBe(true);
  });
});
