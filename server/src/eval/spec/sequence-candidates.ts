// Candidate values for a binder of a sequence type that nothing in the body pins: the sequences the environment
// holds, each also sorted both ways, and the index sequences that sort them (a stable argsort). Permutation
// witnesses are among them (`exists|vs: Seq<i32>| sorted(vs) && vs.to_multiset() == v.to_multiset()`, `exists|r:
// Seq<int>| is_reorder_of(r, nums@, old(nums)@)`). Like every candidate they can prove an `exists` or refute a
// `forall`, never the converse, so each one is a genuine value of the binder's type.

import type { Value } from '../value';
import { compareValues } from '../value-ops';
import { inRange } from '../int-types';
import { asIntType } from './integers';
import { isFailure } from './spec-context';
import type { Env } from './spec-context';

/** The candidates for a binder of type `Seq<element>` (`element` as written; undefined when not a plain name). */
export function sequenceCandidates(env: Env, element: string | undefined): Value[] {
  const held: Value[] = [];
  for (let local = env.locals; local !== undefined; local = local.next) if (!isFailure(local.value)) held.push(local.value);
  held.push(...env.base.values.values());
  for (const { old, final } of env.base.mutables.values()) held.push(old, final);
  const out: Value[] = [];
  for (const value of held) {
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
      if (fits(candidate, element)) out.push({ kind: 'seq', elements: candidate });
    }
  }
  return out;
}

function fits(elements: readonly Value[], element: string | undefined): boolean {
  if (element === undefined) return true;
  if (element === 'bool' || element === 'char') return elements.every((e) => e.kind === element);
  const intType = asIntType(element);
  if (intType === undefined) return true;
  return elements.every((e) => e.kind === 'int' && inRange(e.value, intType));
}
