// Systems code guards most methods with a struct invariant (`requires old(self).wf()`) that random values almost
// never meet: a ghost sequence whose length is the type's const generic, a length bounded by the capacity, a ghost
// set tied to a bitmap by quantifiers. Generation reads those invariants through the methods they call (another
// type's `wf`, exec fns used as spec through `when_used_as_spec`) and builds ghost fields from the exec data beside
// them, so such methods get pairs and their ensures is measured.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import type { FunctionReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

function generateThenCheck(name: string): readonly FunctionReport[] {
  const text = readFileSync(join(__dirname, '..', 'fixtures', 'generate', 'invariants', name), 'utf8');
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  return checkFileSync({ path: name, text, pairsPath: 'f.pairs.json', pairsText: generated.text }, DEFAULT_CHECK_OPTIONS).functions;
}

function fn(functions: readonly FunctionReport[], name: string): FunctionReport {
  const found = functions.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no function ${name}`);
  return found;
}

describe('inputs inside a struct invariant', () => {
  const vector = generateThenCheck('array-vec.rs');

  it('meet a wf that calls another type’s wf, at the const generic, with len() read as its spec twin', () => {
    const push = fn(vector, 'ArrayVec::push');
    expect(push.status).toBe('scored');
    expect(push.counts.pairs).toBeGreaterThanOrEqual(10);
    expect(push.scores.postCorrectness).toBe(1);
    expect(push.scores.postCompleteness).not.toBeNull();
  });

  it('give the ghost sequence the exec array’s elements, so a trusted getter’s result agrees with its contract', () => {
    const get = fn(vector, 'ArrayVec::get');
    expect(get.counts.pairs).toBeGreaterThanOrEqual(10);
    expect(get.scores).toMatchObject({ postCorrectness: 1, postCompleteness: 1 });
  });

  it('build a ghost set from the bitmap it is tied to by quantifiers', () => {
    const insert = fn(generateThenCheck('array-set.rs'), 'ArraySet::insert');
    expect(insert.counts.pairs).toBeGreaterThanOrEqual(4);
    expect(insert.scores.postCorrectness).toBe(1);
    expect(insert.scores.postCompleteness).not.toBeNull();
  });

  it('fit the other arguments to a receiver the constructors reached, whose ghost map no shaped row can build', () => {
    const agree = fn(generateThenCheck('ordered-map.rs'), 'OrderedMap::values_agree');
    expect(agree.counts.pairs).toBeGreaterThanOrEqual(10);
    expect(agree.scores).toMatchObject({ postCorrectness: 1, postCompleteness: 1 });
  });
});
