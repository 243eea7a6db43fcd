// Generation under narrow preconditions: inputs are rewritten toward common requires shapes (a key taken from the
// sequence, a target summing two elements, equal lengths, sorted), and no pair is kept outside the requires.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { DEFAULT_GENERATE_OPTIONS, ensuresVerdict, generateForFunction, requiresVerdict } from '../../server/src/harness/generate';

const FIXTURE = path.join(__dirname, '../fixtures/generate/preconditions.rs');
const model = buildFileModel(parseSourceFile(readFileSync(FIXTURE, 'utf8')));

function generate(name: string) {
  const fn = model.functions.find((f) => f.name === name);
  if (fn === undefined) throw new Error(`no fn ${name}`);
  return { fn, generated: generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS) };
}

describe('narrow preconditions', () => {
  for (const name of ['search_sorted', 'pair_summing_to', 'sum_pointwise', 'first_n_squares']) {
    it(`${name}: a full set of pairs, every one inside the requires and accepted by the ensures`, () => {
      const { fn, generated } = generate(name);
      expect(generated.notRunnable).toBeUndefined();
      expect(generated.pairs.length).toBe(DEFAULT_GENERATE_OPTIONS.count);
      for (const pair of generated.pairs) {
        expect({ input: pair.json, requires: requiresVerdict(model.scope, fn, pair.inputs, 100_000).kind }).toEqual({
          input: pair.json,
          requires: 'holds',
        });
        expect({ input: pair.json, ensures: ensuresVerdict(model.scope, fn, pair, 100_000).kind }).toEqual({
          input: pair.json,
          ensures: 'holds',
        });
      }
    });
  }
  it('counts the inputs outside the requires it skipped', () => {
    // `first_n_squares(0)` returns [0, 1]: a correct run, but outside `n >= 2`, so it is no pair.
    const { generated } = generate('first_n_squares');
    expect(generated.pairsOutsideRequires).toBeGreaterThan(0);
    expect(generated.pairs.map((p) => p.json)).not.toContainEqual({ input: { n: 0 }, output: [0, 1], origin: 'generated' });
  });
});
