// Concrete values as Verus spec literals, directed by their types.

import { describe, expect, it } from 'vitest';
import type { Value } from '../../server/src/eval/value';
import type { ValueType } from '../../server/src/eval/value-type';
import { printValueLiteral } from '../../server/src/backends/verus/verus-literals';
import type { LiteralContext } from '../../server/src/backends/verus/verus-literals';

const int = (value: number): Value => ({ kind: 'int', value: BigInt(value) });
const u8: ValueType = { kind: 'int', int: 'u8' };
const nat: ValueType = { kind: 'int', int: 'nat' };

/** `struct Node { v: u8, next: Box<Option<Node>> }`: one boxed field. */
const ctx: LiteralContext = {
  fieldLayout: (adt) =>
    adt.name === 'Node'
      ? {
          kind: 'named',
          fields: [
            { name: 'v', type: u8, boxed: false },
            { name: 'next', type: { kind: 'adt', name: 'Option', args: [{ kind: 'adt', name: 'Node', args: [] }] }, boxed: true },
          ],
        }
      : undefined,
};

function check(value: Value, type: ValueType): string {
  const printed = printValueLiteral(ctx, value, type);
  return printed.ok ? printed.text : `unsupported: ${printed.construct}`;
}

describe('printValueLiteral', () => {
  it.each([
    ['a set', { kind: 'set', elements: [int(1), int(2)] }, { kind: 'set', element: nat }, 'set![1nat, 2nat]'],
    ['an empty set', { kind: 'set', elements: [] }, { kind: 'set', element: u8 }, 'Set::<u8>::empty()'],
    [
      'a map',
      { kind: 'map', entries: [[int(1), { kind: 'bool', value: true }]] },
      { kind: 'map', key: u8, value: { kind: 'bool' } },
      'map![1u8 => true]',
    ],
    ['an empty map', { kind: 'map', entries: [] }, { kind: 'map', key: u8, value: nat }, 'Map::<u8, nat>::empty()'],
    [
      'a multiset',
      { kind: 'multiset', entries: [[int(3), 2n]] },
      { kind: 'multiset', element: u8 },
      'Multiset::<u8>::empty().insert(3u8).insert(3u8)',
    ],
    ['a unit', { kind: 'tuple', elements: [] }, { kind: 'tuple', elements: [] }, '()'],
    ['a 1-tuple', { kind: 'tuple', elements: [int(1)] }, { kind: 'tuple', elements: [u8] }, '(1u8,)'],
    ['a non-printable char', { kind: 'char', codePoint: 7 }, { kind: 'char' }, "'\\u{7}'"],
    [
      'a string',
      {
        kind: 'seq',
        elements: [
          { kind: 'char', codePoint: 104 },
          { kind: 'char', codePoint: 105 },
        ],
        text: true,
      },
      { kind: 'seq', element: { kind: 'char' }, origin: 'String' },
      "seq!['h', 'i']",
    ],
    [
      'a struct with a boxed field',
      {
        kind: 'struct',
        name: 'Node',
        fields: [
          ['v', int(1)],
          ['next', { kind: 'enum', name: 'Option', variant: 'None', fields: [] }],
        ],
      },
      { kind: 'adt', name: 'Node', args: [] },
      'Node { v: 1u8, next: Box::new(Option::<Node>::None) }',
    ],
    [
      'a value of an unknown type',
      { kind: 'struct', name: 'Other', fields: [] },
      { kind: 'adt', name: 'Other', args: [] },
      'unsupported: a value of type Other',
    ],
    ['an int where a bool is declared', int(1), { kind: 'bool' }, 'unsupported: a value of kind int where the type is bool'],
  ] as const)('%s', (_name, value, type, expected) => {
    expect(check(value, type as ValueType)).toBe(expected);
  });
});
