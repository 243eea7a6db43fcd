// Values held inside a reached receiver, by type (harness/generate/inner-values.ts): what a method's argument is
// drawn from when its requires wants one the receiver contains.

import { describe, expect, it } from 'vitest';
import { decodeJson, valueTypeText } from '../../server/src/eval';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { functionValueTypes } from '../../server/src/harness/score/function-types';
import { innerValuesByType } from '../../server/src/harness/generate/inner-values';

const SOURCE = `
use vstd::prelude::*;
verus! {
pub struct Node { pub value: Option<i64>, pub next: i32 }
pub struct List { pub ar: [Node; 2], pub spec_seq: Ghost<Seq<i64>>, pub owners: Ghost<Map<u8, bool>> }
impl List {
    pub fn holds(&self, v: i64) -> (r: bool) requires self.spec_seq@.contains(v) ensures r { true }
}
}`;

describe('values inside a receiver', () => {
  it('are found by type through fields, arrays, Option, ghost sequences and map entries', () => {
    const model = buildFileModel(parseSourceFile(SOURCE));
    const fn = model.functions.find((candidate) => candidate.name === 'holds');
    const types = fn === undefined ? undefined : functionValueTypes(fn, model.scope);
    if (types?.kind !== 'supported') throw new Error('holds is not supported');
    const selfType = types.params.get('self');
    if (selfType === undefined) throw new Error('no self');
    const decoded = decodeJson(
      {
        ar: [
          { value: 5, next: 1 },
          { value: null, next: -1 },
        ],
        spec_seq: [7, 9],
        owners: [[3, true]],
      },
      selfType,
      types.typeContext,
    );
    if (!decoded.ok) throw new Error(JSON.stringify(decoded));
    const held = innerValuesByType(decoded.value, selfType, types.typeContext);
    const ints = (held.get('i64') ?? []).map((value) => (value.kind === 'int' ? value.value : undefined));
    expect(ints.sort()).toEqual([5n, 7n, 9n]);
    expect((held.get('i32') ?? []).length).toBe(2);
    expect((held.get('u8') ?? []).map((value) => (value.kind === 'int' ? value.value : undefined))).toEqual([3n]);
    expect(held.has(valueTypeText(selfType))).toBe(false);
  });
});
