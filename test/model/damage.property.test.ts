// Error tolerance as a property: damaging a fixture (truncating it, deleting one token, or inserting one token)
// never makes parseSourceFile + buildFileModel throw, and every fn that ends before the damage point is still
// there with the same qualified name and the same requires/ensures texts.
//
// Tokens here are maximal runs of identifier characters ([A-Za-z0-9_]) or single non-whitespace characters;
// insertions put one token from INSERTED_TOKENS, padded with spaces, at a token start (or the end of the file).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileModel, FunctionContract } from '../../server/src/model';
import { propertyRuns } from '../setup/property-size';
import { fixtureNames, modelOf, readFixture } from './helpers';

// About 200 damaged variants per fixture in all at full size (the slow tier); the fast tier runs a tenth.
const RUNS_PER_KIND = 70;
const SEED = 20_261_130;

const INSERTED_TOKENS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '<',
  '>',
  '|',
  '#',
  '!',
  '@',
  '"',
  "'",
  '\\',
  '/*',
  '//',
  '*/',
  '::',
  '->',
  '=>',
  '==>',
  '&&&',
  'fn',
  'spec',
  'ensures',
  'requires',
  'returns',
  'impl',
  'mod',
  'verus!',
  'forall|i: int|',
  'r#"',
  'x',
  '0',
];

interface Damage {
  readonly text: string;
  /** Offset in the original text before which nothing changed. */
  readonly point: number;
  readonly description: string;
}

describe.each(fixtureNames())('damaged %s', (name) => {
  const original = readFixture(name);
  const before = modelOf(original);
  const tokens = tokenize(original);

  it('survives any truncation', () => {
    const damage = fc.integer({ min: 0, max: original.length }).map((point) => truncate(original, point));
    // The untruncated file is always among the cases, so every fn is compared at least once.
    checkDamage(before, damage, [truncate(original, original.length)]);
  });

  it('survives any single-token deletion', () => {
    const damage = fc.integer({ min: 0, max: tokens.length - 1 }).map((idx) => deleteToken(original, tokens, idx));
    checkDamage(before, damage);
  });

  it('survives any single-token insertion', () => {
    const damage = fc
      .tuple(fc.integer({ min: 0, max: tokens.length }), fc.constantFrom(...INSERTED_TOKENS))
      .map(([idx, token]) => insertToken(original, tokens, idx, token));
    checkDamage(before, damage);
  });
});

function checkDamage(before: FileModel, damage: fc.Arbitrary<Damage>, examples: readonly Damage[] = []): void {
  expect(before.functions.length).toBeGreaterThan(0);
  fc.assert(
    fc.property(damage, (damaged) => {
      const after = modelOf(damaged.text);
      for (const contract of before.functions) {
        if (contract.span.end > damaged.point) continue;
        expect(summary(findSame(after, contract)), damaged.description).toEqual(summary(contract));
      }
    }),
    { numRuns: propertyRuns(RUNS_PER_KIND), seed: SEED, examples: examples.map((example) => [example] as [Damage]) },
  );
}

function findSame(model: FileModel, contract: FunctionContract): FunctionContract | undefined {
  return model.functions.find((candidate) => candidate.span.start === contract.span.start);
}

function summary(contract: FunctionContract | undefined): unknown {
  if (contract === undefined) return 'missing';
  return {
    qualifiedName: contract.qualifiedName,
    requires: contract.requires.map((clause) => clause.text),
    ensures: contract.ensures.map((clause) => clause.text),
  };
}

interface Token {
  readonly start: number;
  readonly end: number;
}

function tokenize(text: string): readonly Token[] {
  return [...text.matchAll(/[A-Za-z0-9_]+|\S/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

function truncate(text: string, point: number): Damage {
  return { text: text.slice(0, point), point, description: `truncated at offset ${point}` };
}

function deleteToken(text: string, tokens: readonly Token[], idx: number): Damage {
  const token = tokens[idx] ?? { start: text.length, end: text.length };
  return {
    text: text.slice(0, token.start) + text.slice(token.end),
    point: token.start,
    description: `deleted '${text.slice(token.start, token.end)}' at offset ${token.start}`,
  };
}

function insertToken(text: string, tokens: readonly Token[], idx: number, inserted: string): Damage {
  const point = tokens[idx]?.start ?? text.length;
  return {
    text: `${text.slice(0, point)} ${inserted} ${text.slice(point)}`,
    point,
    description: `inserted '${inserted}' at offset ${point}`,
  };
}
