// vstd's HashSetWithView and HashMapWithView as results: exec code builds them as sets and maps (their views), so
// their pairs are written and compared through the views the ensures reads.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { DEFAULT_GENERATE_OPTIONS, ensuresVerdict, generateForFunction } from '../../server/src/harness/generate';
import { int, makeMap, makeSet, valueEquals } from '../../server/src/eval';
import type { Value } from '../../server/src/eval';

const FIXTURE = path.join(__dirname, '../fixtures/generate/shapes/hash-collections.rs');
const model = buildFileModel(parseSourceFile(readFileSync(FIXTURE, 'utf8')));

function generate(name: string) {
  const fn = model.functions.find((f) => f.name === name);
  if (fn === undefined) throw new Error(`no fn ${name}`);
  const generated = generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS);
  expect(generated.notRunnable).toBeUndefined();
  expect(generated.pairs.length).toBe(DEFAULT_GENERATE_OPTIONS.count);
  for (const pair of generated.pairs) expect(ensuresVerdict(model.scope, fn, pair, 100_000).kind).toBe('holds');
  return generated.pairs.map((pair) => ({ s: elementsOf(pair.inputs.get('s')), output: pair.output }));
}

function elementsOf(value: Value | undefined): readonly Value[] {
  return value?.kind === 'seq' ? value.elements : [];
}

describe('hash collections as results', () => {
  it('HashSetWithView: the set of the elements, which the ensures accepts', () => {
    for (const { s, output } of generate('hash_set_from')) expect(output).toEqual(makeSet(s));
  });
  it('HashMapWithView: each element at its first position, which the ensures accepts', () => {
    for (const { s, output } of generate('first_positions')) {
      const firsts = s.flatMap((element, i) =>
        s.findIndex((other) => valueEquals(other, element)) === i ? [[element, int(i)] as const] : [],
      );
      expect(output).toEqual(makeMap(firsts));
    }
  });
});
