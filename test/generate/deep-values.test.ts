// Values drawn for a receiver whose sets and maps lie deep inside it (test/fixtures/systems/deep-maps.rs, reduced
// from IronKV's HostState): far down, a collection is empty, so every draw builds the receiver. Before, a map
// there drew a size, failed for any but zero, and took the whole receiver with it. And enums deep inside a value
// (deep-options.rs): only one in a cycle is cut short.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { createRng } from '../../server/src/stdx';
import { functionValueTypes } from '../../server/src/harness/score/function-types';
import { randomValue } from '../../server/src/harness/generate/candidates';
import { EXACT, scoreSystemsFixture } from '../harness/systems-fixture';

const SOURCE = readFileSync(join(__dirname, '..', 'fixtures', 'systems', 'deep-maps.rs'), 'utf8');

function receiverDraws() {
  const model = buildFileModel(parseSourceFile(SOURCE));
  const fn = model.functions.find((candidate) => candidate.qualifiedName === 'Host::count');
  const types = fn === undefined ? undefined : functionValueTypes(fn, model.scope);
  if (types?.kind !== 'supported') throw new Error('Host::count is not supported');
  const self = types.params.get('self');
  if (self === undefined) throw new Error('no self');
  const ctx = { typeContext: types.typeContext, rng: createRng(7), literals: { ints: [], strings: [] }, breadth: 1, maxLength: 4 };
  return { self, ctx };
}

describe('values with collections deep inside', () => {
  it('every random draw builds one', () => {
    const { self, ctx } = receiverDraws();
    const draws = Array.from({ length: 50 }, () => randomValue(ctx, self, 0));
    expect(draws.filter((draw) => draw === undefined)).toHaveLength(0);
  });
});

describe('enums deep inside a value', () => {
  const { fn } = scoreSystemsFixture('deep-options.rs');

  it('an Option three structs down draws `Some` too, so a requires on it is met', () => {
    expect(fn('name_of')).toMatchObject(EXACT);
  });

  it('a recursive list still ends', () => {
    expect(fn('head')).toMatchObject(EXACT);
  });
});
