// Places inside enum values, as a contract names them: `r->0`, `r->Ok_0`, and a struct variant's own field whose
// name looks like the `Variant_N` form (`slot_1`), which is that field, not variant `slot`'s.

import { describe, expect, it } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { placeType, readPlace, writePlace } from '../../server/src/eval/ghost-places';
import { resolveValueType } from '../../server/src/eval/type-resolution';
import type { Value, ValueType } from '../../server/src/eval';

const model = buildFileModel(
  parseSourceFile(`use vstd::prelude::*;
verus! {
pub enum Entry { Free { slot_1: u64 }, Used(u64) }
pub fn f(e: Entry, r: Result<u8, u64>) {}
}
`),
);
const fn = model.functions.find((candidate) => candidate.qualifiedName === 'f');
const ctx = { scope: model.scope };
function typeOf(name: string): ValueType {
  const param = fn?.params.find((candidate) => candidate.name === name);
  if (param === undefined) throw new Error(`no parameter ${name}`);
  return resolveValueType(param.type, ctx);
}

const int = (value: bigint): Value => ({ kind: 'int', value });
const enumValue = (name: string, variant: string, fields: [string, Value][]): Value => ({ kind: 'enum', name, variant, fields });

describe('places inside enum values', () => {
  const inputs = new Map<string, Value>([
    ['e', enumValue('Entry', 'Free', [['slot_1', int(7n)]])],
    ['r', enumValue('Result', 'Ok', [['0', int(3n)]])],
  ]);

  it('`r->Ok_0` reads and writes the payload only while `r` holds `Ok`', () => {
    expect(readPlace(inputs, { root: 'r', fields: ['Ok_0'] })).toEqual(int(3n));
    expect(readPlace(inputs, { root: 'r', fields: ['Err_0'] })).toBeUndefined();
    expect(writePlace(inputs, { root: 'r', fields: ['Ok_0'] }, int(4n))?.get('r')).toEqual(enumValue('Result', 'Ok', [['0', int(4n)]]));
    expect(placeType(typeOf('r'), ['Ok_0'], ctx)).toEqual({ kind: 'int', int: 'u8' });
    expect(placeType(typeOf('r'), ['Err_0'], ctx)).toEqual({ kind: 'int', int: 'u64' });
  });

  it('a struct variant field named like `slot_1` is that field', () => {
    expect(readPlace(inputs, { root: 'e', fields: ['slot_1'] })).toEqual(int(7n));
    expect(placeType(typeOf('e'), ['slot_1'], ctx)).toEqual({ kind: 'int', int: 'u64' });
  });
});
