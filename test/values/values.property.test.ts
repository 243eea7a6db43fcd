// Properties over arbitrary value types and values: the codec round-trips, and mutants are in range, distinct,
// and never equal to the output or a forbidden outcome.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeJson, encodeJson } from '../../server/src/eval/codec';
import { adtShape, valueTypeText } from '../../server/src/eval/type-resolution';
import type { Value } from '../../server/src/eval/value';
import type { IntType, ValueType } from '../../server/src/eval/value-type';
import { intRange, makeMap, makeMultiset, makeSet, valueEquals, valueKey } from '../../server/src/eval/value-ops';
import { mutateValue } from '../../server/src/harness/mutants/operators';
import { generateMutants } from '../../server/src/harness/mutants/value-mutants';
import { formatValue } from '../../server/src/eval/format';
import { propertyRuns } from '../setup/property-size';
import { CTX, T } from './helpers';

const INT_TYPES: IntType[] = ['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'int', 'nat'];
const BIG = 2n ** 70n;

/** Types that serde writes as `null`: as `Option`'s argument they would be ambiguous (as in serde itself). */
function encodesAsNull(type: ValueType): boolean {
  return (
    (type.kind === 'tuple' && type.elements.length === 0) || (type.kind === 'adt' && (type.name === 'Option' || type.name === 'Marker'))
  );
}

function typeArbitraries(maxDepth: number): fc.Arbitrary<ValueType>[] {
  const leaf: fc.Arbitrary<ValueType> = fc.oneof(
    fc.constantFrom(...INT_TYPES).map((int) => T.int(int)),
    fc.constantFrom(T.bool, T.char, T.string, T.adt('Point'), T.adt('Meters'), T.adt('Pair'), T.adt('Marker'), T.adt('Empty')),
    fc.constantFrom(T.adt('Color'), T.adt('Shape'), T.adt('List'), T.tuple()),
  );
  const byDepth: fc.Arbitrary<ValueType>[] = [leaf];
  for (let depth = 1; depth <= maxDepth; depth++) {
    const inner = byDepth[depth - 1] as fc.Arbitrary<ValueType>;
    byDepth.push(
      fc.oneof(
        { arbitrary: leaf, weight: 3 },
        {
          arbitrary: fc
            .tuple(inner, fc.constantFrom('Vec', 'Seq', 'slice') as fc.Arbitrary<'Vec' | 'Seq' | 'slice'>)
            .map(([element, origin]) => T.seq(element, origin)),
          weight: 2,
        },
        {
          arbitrary: fc.tuple(inner, fc.integer({ min: 0, max: 3 })).map(([element, length]) => T.seq(element, 'array', length)),
          weight: 1,
        },
        { arbitrary: inner.map((element) => T.set(element)), weight: 1 },
        { arbitrary: inner.map((element) => T.multiset(element)), weight: 1 },
        { arbitrary: fc.tuple(inner, inner).map(([key, value]) => T.map(key, value)), weight: 1 },
        { arbitrary: fc.array(inner, { minLength: 1, maxLength: 3 }).map((elements) => T.tuple(...elements)), weight: 1 },
        { arbitrary: inner.filter((arg) => !encodesAsNull(arg)).map((arg) => T.adt('Option', arg)), weight: 1 },
        { arbitrary: fc.tuple(inner, inner).map(([ok, err]) => T.adt('Result', ok, err)), weight: 1 },
        { arbitrary: inner.map((arg) => T.adt('Wrapper', arg)), weight: 1 },
      ),
    );
  }
  return byDepth;
}

const TYPE = typeArbitraries(3)[3] as fc.Arbitrary<ValueType>;

function valueOf(type: ValueType, depth = 0): fc.Arbitrary<Value> {
  switch (type.kind) {
    case 'int': {
      const range = intRange(type.int);
      return fc.bigInt({ min: range.min ?? -BIG, max: range.max ?? BIG }).map((value) => ({ kind: 'int', value }));
    }
    case 'bool':
      return fc.boolean().map((value) => ({ kind: 'bool', value }));
    case 'char':
      return fc
        .integer({ min: 0, max: 0x10ffff })
        .filter((cp) => cp < 0xd800 || cp > 0xdfff)
        .map((codePoint) => ({ kind: 'char', codePoint }));
    case 'seq': {
      const elements =
        type.length === undefined
          ? fc.array(valueOf(type.element, depth + 1), { maxLength: 3 })
          : fc.array(valueOf(type.element, depth + 1), { minLength: type.length, maxLength: type.length });
      const text = type.origin === 'String' || type.origin === 'str';
      return elements.map((items) => (text ? { kind: 'seq', elements: items, text: true } : { kind: 'seq', elements: items }));
    }
    case 'set':
      return fc.array(valueOf(type.element, depth + 1), { maxLength: 3 }).map(makeSet);
    case 'multiset':
      return fc.array(valueOf(type.element, depth + 1), { maxLength: 3 }).map(makeMultiset);
    case 'map':
      return fc.array(fc.tuple(valueOf(type.key, depth + 1), valueOf(type.value, depth + 1)), { maxLength: 3 }).map(makeMap);
    case 'tuple':
      return fc.tuple(...type.elements.map((element) => valueOf(element, depth + 1))).map((elements) => ({ kind: 'tuple', elements }));
    case 'adt':
      return adtValue(type, depth);
    default:
      throw new Error(`no values for ${valueTypeText(type)}`);
  }
}

function adtValue(type: Extract<ValueType, { kind: 'adt' }>, depth: number): fc.Arbitrary<Value> {
  const shape = adtShape(type, CTX);
  if (shape === undefined) throw new Error(`unknown ${type.name}`);
  const fieldsOf = (fields: readonly { name: string; type: ValueType }[]) =>
    fc.tuple(...fields.map((field) => valueOf(field.type, depth + 1).map((value) => [field.name, value] as const)));
  if (shape.kind === 'struct') {
    return fieldsOf(shape.fields.fields).map((fields) => ({ kind: 'struct', name: shape.name, fields }));
  }
  // Deep values take only field-less variants, so recursive enums stay finite.
  const variants = depth > 4 ? shape.variants.filter((variant) => variant.fields.fields.length === 0) : shape.variants;
  return fc.oneof(
    ...(variants.length > 0 ? variants : shape.variants).map((variant) =>
      fieldsOf(variant.fields.fields).map((fields): Value => ({ kind: 'enum', name: shape.name, variant: variant.name, fields })),
    ),
  );
}

const TYPED_VALUE = TYPE.chain((type) => valueOf(type).map((value) => ({ type, value })));

describe('codec properties', () => {
  it('decode(encode(v)) equals v for every supported type', () => {
    fc.assert(
      fc.property(TYPED_VALUE, ({ type, value }) => {
        const json: unknown = JSON.parse(JSON.stringify(encodeJson(value, type, CTX)));
        const res = decodeJson(json, type, CTX);
        if (!res.ok) throw new Error(`${valueTypeText(type)} ${formatValue(value)}: ${res.error.message}`);
        expect(valueEquals(res.value, value)).toBe(true);
      }),
      { numRuns: propertyRuns(400), seed: 20260101 },
    );
  });
});

describe('mutant properties', () => {
  it('mutants are well-typed and in range, distinct, and never the output or a forbidden outcome', () => {
    const input = TYPE.chain((type) =>
      fc.record({
        type: fc.constant(type),
        output: valueOf(type),
        forbidden: fc.array(valueOf(type), { maxLength: 2 }),
        seed: fc.integer(),
      }),
    );
    fc.assert(
      fc.property(input, ({ type, output, forbidden, seed }) => {
        const all = generateMutants({
          ctx: CTX,
          outputType: type,
          output,
          after: new Map(),
          inputs: new Map(),
          forbidden: forbidden.map((value) => ({ output: value })),
          seed,
        });
        expect(all.length).toBeLessThanOrEqual(8);
        all.forEach((mutant, idx) => {
          const mutated = mutant.output as Value;
          // Decoding the encoded mutant checks its shape, integer ranges and fixed array lengths.
          const res = decodeJson(JSON.parse(JSON.stringify(encodeJson(mutated, type, CTX))), type, CTX);
          if (!res.ok) throw new Error(`${mutant.operator} gave ${formatValue(mutated)}: ${res.error.message}`);
          expect(valueEquals(mutated, output)).toBe(false);
          expect(forbidden.some((value) => valueEquals(value, mutated))).toBe(false);
          expect(all.slice(0, idx).some((earlier) => valueEquals(earlier.output as Value, mutated))).toBe(false);
        });
      }),
      { numRuns: propertyRuns(300), seed: 20260102 },
    );
  });
});

describe('value key properties', () => {
  it('two values share a key exactly when they are equal (checked against decoded copies and near-miss mutants)', () => {
    const input = TYPE.chain((type) => fc.record({ type: fc.constant(type), a: valueOf(type), b: valueOf(type), seed: fc.integer() }));
    fc.assert(
      fc.property(input, ({ type, a, b }) => {
        const copy = decodeJson(JSON.parse(JSON.stringify(encodeJson(a, type, CTX))), type, CTX);
        if (!copy.ok) throw new Error(copy.error.message);
        const near = mutateValue(a, type, { ctx: CTX, inputLengths: [], random: () => 0.5 }).map((candidate) => candidate.value);
        for (const other of [copy.value, b, a, ...near]) {
          expect(valueKey(a) === valueKey(other)).toBe(valueEquals(a, other));
        }
        expect(valueKey(a)).toBeDefined();
      }),
      { numRuns: propertyRuns(300), seed: 20260103 },
    );
  });

  it('a String and a Seq<char> with the same characters share a key, as they are equal', () => {
    const chars = [0x61, 0x62].map((codePoint): Value => ({ kind: 'char', codePoint }));
    expect(valueKey({ kind: 'seq', elements: chars, text: true })).toBe(valueKey({ kind: 'seq', elements: chars }));
    expect(valueKey({ kind: 'seq', elements: chars })).not.toBe(valueKey({ kind: 'set', elements: chars }));
  });
});
