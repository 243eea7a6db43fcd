// Candidate values for a binder of a sequence type that nothing in the body pins: the sequences the environment
// holds, each also sorted both ways, and the index sequences that sort them (a stable argsort). Permutation
// witnesses are among them (`exists|vs: Seq<i32>| sorted(vs) && vs.to_multiset() == v.to_multiset()`, `exists|r:
// Seq<int>| is_reorder_of(r, nums@, old(nums)@)`). Like every candidate they can prove an `exists` or refute a
// `forall`, never the converse, so each one is a genuine value of the binder's type.

import type { Type } from '../../syntax';
import type { Value } from '../value';
import { compareValues } from '../value-ops';
import { inRange } from '../int-types';
import { asIntType } from './integers';
import { heldValues } from './spec-context';
import type { Env } from './spec-context';

/** The candidates for a binder of type `Seq<element>` (`element` undefined when not written). */
export function sequenceCandidates(env: Env, element: Type | undefined): Value[] {
  const out: Value[] = [];
  for (const value of heldValues(env)) {
    if (value.kind !== 'seq') continue;
    const elements = value.elements;
    const order = elements.map((_, i) => i).sort((a, b) => compareValues(elements[a] as Value, elements[b] as Value) || a - b);
    const ascending = order.map((i) => elements[i] as Value);
    for (const candidate of [
      elements,
      ascending,
      [...ascending].reverse(),
      order.map((i) => ({ kind: 'int', value: BigInt(i) }) as const),
    ]) {
      if (element === undefined || candidate.every((e) => fits(e, element))) out.push({ kind: 'seq', elements: candidate });
    }
  }
  return out;
}

/** Whether a value can be of the written type: integers within an integer type's range, bools, chars, tuples and
 *  sequences by their parts; a named type (a datatype, a type parameter) takes any value but those. */
function fits(value: Value, type: Type): boolean {
  switch (type.kind) {
    case 'tuple':
      return (
        value.kind === 'tuple' &&
        value.elements.length === type.elements.length &&
        value.elements.every((e, i) => fits(e, type.elements[i] as Type))
      );
    case 'path': {
      const last = type.segments[type.segments.length - 1];
      const name = type.segments.length === 1 ? last?.name : undefined;
      if (name === 'bool' || name === 'char') return value.kind === name;
      const intType = asIntType(name);
      if (intType !== undefined) return value.kind === 'int' && inRange(value.value, intType);
      const inner = last?.generics[0];
      if (last?.name === 'Seq' && inner !== undefined && inner.kind !== 'binding')
        return value.kind === 'seq' && value.elements.every((e) => fits(e, inner));
      return value.kind !== 'int' && value.kind !== 'bool' && value.kind !== 'char' && value.kind !== 'tuple';
    }
    default:
      return true;
  }
}
