// std's `ops::Range<T>` (`start..end`) as a built-in struct: systems code keeps address ranges in fields and
// constants (Asterinas' `KVirtArea { range: Range<Vaddr> }`, `const FRAME_METADATA_RANGE: Range<Vaddr> = a..b`) and
// reads `.start`/`.end`. A file's own datatype of the same name wins, as for `Option`.

import type { ValueType } from './value-type';
import type { AdtShape } from './type-resolution';
import type { Value } from './value';

export const RANGE = 'Range';

/** `Range<T>`: the fields `start` and `end`, both `T`. */
export function rangeShape(element: ValueType): AdtShape {
  return {
    kind: 'struct',
    name: RANGE,
    fields: {
      kind: 'named',
      fields: [
        { name: 'start', type: element },
        { name: 'end', type: element },
      ],
    },
  };
}

export function rangeValue(start: Value, end: Value): Value {
  return {
    kind: 'struct',
    name: RANGE,
    fields: [
      ['start', start],
      ['end', end],
    ],
  };
}

/** The integer bounds of a range value; undefined for any other value. */
export function rangeBounds(value: Value): { readonly start: bigint; readonly end: bigint } | undefined {
  if (value.kind !== 'struct' || value.name !== RANGE) return undefined;
  const start = value.fields.find(([name]) => name === 'start')?.[1];
  const end = value.fields.find(([name]) => name === 'end')?.[1];
  return start?.kind === 'int' && end?.kind === 'int' ? { start: start.value, end: end.value } : undefined;
}
