// What an edit re-scores: a function's results are kept while its own text, the items it reaches by name and the
// file's `use`s are unchanged, wherever they moved; every report still equals a cold check.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../server/src/engine';
import type { ScoreDocument, Scorer } from '../../server/src/engine';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';

const FIXTURES = join(__dirname, '..', 'fixtures', 'engine');
const OPTIONS = DEFAULT_CHECK_OPTIONS;
const scorer: Scorer = (input, options) => Promise.resolve(checkFileSync(input, options));

function fixture(name: string): ScoreDocument {
  const pairsPath = name.replace(/\.rs$/, '.pairs.json');
  return {
    uri: `file:///${name}`,
    path: name,
    text: readFileSync(join(FIXTURES, name), 'utf8'),
    pairsPath,
    pairsText: readFileSync(join(FIXTURES, pairsPath), 'utf8'),
  };
}

/** The functions a session re-scores when `from` becomes `to` in the fixture, after a run on the fixture. */
async function rescoredBy(name: string, from: string, to: string): Promise<readonly string[]> {
  const start = fixture(name);
  expect(start.text.split(from)).toHaveLength(2);
  const session = new EngineSession();
  await session.score(start, OPTIONS, 'embedded', scorer);
  const edited = { ...start, text: start.text.replace(from, to) };
  const run = await session.score(edited, OPTIONS, 'embedded', scorer);
  const { pairsPath, pairsText, path, text } = edited;
  expect(JSON.stringify(run?.report)).toBe(JSON.stringify(checkFileSync({ path, text, pairsPath, pairsText }, OPTIONS)));
  return run?.evaluated ?? [];
}

describe('memo keys', () => {
  it.each([
    { what: 'a spec fn: the function whose ensures calls it', from: 'int {\n    2 * x', to: 'int {\n    x + x', rescored: ['double'] },
    { what: 'the other spec fn: the other function', from: 'int {\n    x / 2', to: 'int {\n    (x - x % 2) / 2', rescored: ['halve'] },
    { what: "an exec fn's body: that function", from: 'int),\n{\n    2 * x', to: 'int),\n{\n    x * 2', rescored: ['double'] },
    {
      what: 'the datatype both take',
      from: 'pub lo: i32,\n    pub hi: i32,',
      to: 'pub hi: i32,\n    pub lo: i32,',
      rescored: ['double', 'halve'],
    },
    { what: 'the constant both requires use', from: 'LIMIT: i32 = 1000', to: 'LIMIT: i32 = 2000', rescored: ['double', 'halve'] },
    {
      what: 'a `use` (what no name reaches)',
      from: 'use vstd::prelude::*;',
      to: 'use vstd::prelude::*;\nuse vstd::seq::*;',
      rescored: ['double', 'halve'],
    },
    {
      what: 'a comment between items: nothing',
      from: 'const LIMIT: i32 = 1000;\n',
      to: 'const LIMIT: i32 = 1000;\n// The largest input.\n',
      rescored: [],
    },
    { what: 'a comment above a function: nothing', from: '// Rounds toward zero', to: '// Rounds toward zero (truncates)', rescored: [] },
  ])('editing $what re-scores $rescored', async ({ from, to, rescored }) => {
    expect(await rescoredBy('two-specs.rs', from, to)).toEqual(rescored);
  });

  it.each([
    { what: 'the view', from: 'self.cents as int\n', to: 'self.cents as int + 0\n', rescored: ['Wallet::total'] },
    { what: "one method's body", from: 'self.cents * 2', to: '2 * self.cents', rescored: ['Wallet::doubled'] },
    { what: 'the enum', from: '    Dime,\n}', to: '    Dime,\n    Nickel,\n}', rescored: ['value_of'] },
    { what: "the alias the struct's field has", from: 'Amount = u32', to: 'Amount = u16', rescored: ['Wallet::total', 'Wallet::doubled'] },
  ])('in an impl: editing $what re-scores $rescored (a method is reached by its name, the view by `@`)', async ({ from, to, rescored }) => {
    expect(await rescoredBy('methods.rs', from, to)).toEqual(rescored);
  });

  it('half-typed code in an item re-scores only the functions that reach it', async () => {
    expect(await rescoredBy('two-specs.rs', 'int {\n    x / 2', 'int {\n    x / ')).toEqual(['halve']);
    expect(await rescoredBy('two-specs.rs', 'LIMIT: i32 = 1000;', 'LIMIT: i32 = 1000')).toEqual(['double', 'halve']);
  });

  it('a result that points into a spec fn is re-scored when lines move between them', async () => {
    expect(await rescoredBy('spec-unsupported.rs', '}\n\nfn cap', '}\n\n\nfn cap')).toEqual(['cap']);
  });
});
