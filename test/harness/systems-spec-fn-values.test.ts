// `spec_fn` inputs (test/fixtures/systems/spec-fn-values.rs): a predicate held in a ghost field and one passed as a
// permission are generated as closures, written to the pairs file as Verus text, and read back from it, hand-written
// ones included.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import { formatValue, simpleSpecFns } from '../../server/src/eval';
import type { ValueType } from '../../server/src/eval';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const NAME = 'spec-fn-values.rs';
const { fn, pairsText } = scoreSystemsFixture(NAME);

describe('spec_fn values', () => {
  it('functions whose inputs hold a spec_fn are scored', () => {
    expect(fn('WriteRestrictedRegion::write')).toMatchObject(EXACT);
    expect(fn('WriteRestrictedRegion::len')).toMatchObject(EXACT);
    expect(fn('append_permitted')).toMatchObject(EXACT);
    expect(fn('weigh')).toMatchObject(EXACT);
  });

  it('a predicate the requires applies tells valid inputs from invalid ones', () => {
    expect(fn('WriteRestrictedRegion::write').counts.invalidInputs).toBeGreaterThan(0);
    expect(fn('WriteRestrictedRegion::write').scores.preCompleteness).toBe(1);
  });

  it('the pairs file holds the generated closures as Verus text', () => {
    expect(pairsText).toContain('"closure": "|a0| true"');
    expect(pairsText).toContain('"closure": "|a0| false"');
    expect(pairsText).toContain('"closure": "|a0| 0"');
  });

  it('the generator offers constant results of scalar and collection types, and arguments of the result type', () => {
    const offered = (type: ValueType): string[] => simpleSpecFns(type as Extract<ValueType, { kind: 'fn' }>).map((v) => formatValue(v));
    const seqOfU8: ValueType = { kind: 'seq', element: { kind: 'int', int: 'u8' }, origin: 'Seq' };
    const int: ValueType = { kind: 'int', int: 'int' };
    expect(offered({ kind: 'fn', params: [int], ret: seqOfU8 })).toEqual(['|a0| Seq::empty()']);
    expect(offered({ kind: 'fn', params: [seqOfU8, int], ret: int })).toEqual(['|a0, a1| 0', '|a0, a1| 1', '|a0, a1| a1']);
    expect(offered({ kind: 'fn', params: [int], ret: { kind: 'tuple', elements: [int, int] } })).toEqual([]);
  });

  it('a hand-written closure is read back and applied by the contract', () => {
    const text = readFileSync(join(__dirname, '..', 'fixtures', 'systems', NAME), 'utf8');
    const region = (writable: string) => ({ bytes: [1, 2, 3, 4], is_writable: { closure: writable } });
    const pairs = {
      version: 1,
      functions: {
        'WriteRestrictedRegion::write': {
          pairs: [
            {
              input: { self: region('|i: int| i < 2'), addr: 1, byte: 9 },
              after: { self: { ...region('|i: int| i < 2'), bytes: [1, 9, 3, 4] } },
            },
          ],
          invalid: [{ input: { self: region('|i: int| i < 2'), addr: 3, byte: 9 } }],
        },
      },
    };
    const report = checkFileSync(
      { path: NAME, text, pairsPath: 'spec-fn-values.pairs.json', pairsText: JSON.stringify(pairs) },
      DEFAULT_CHECK_OPTIONS,
    );
    const write = report.functions.find((candidate) => candidate.qualifiedName === 'WriteRestrictedRegion::write');
    expect(write).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, preCorrectness: 1, preCompleteness: 1 } });
  });
});
