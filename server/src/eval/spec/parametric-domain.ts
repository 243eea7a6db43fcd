// A binder typed by a type parameter of the spec fn being evaluated, when no bound of that parameter can tell its
// values apart (`spec fn permutes<T>(a: Seq<T>, b: Seq<T>) -> bool { forall|x: T| count(a, x) == count(b, x) }`).
// Generic code can only compare such a value for equality with values it was handed, so the body has the same
// truth value at every value the environment does not hold (parametricity). The binder's domain is then every
// value the environment holds, at any depth, plus one it does not hold: exhaustive whenever such a value exists.

import type { GenericParam } from '../../syntax';
import type { Value } from '../value';
import { valueKey } from '../value-ops';
import { heldValues } from './spec-context';
import type { Env } from './spec-context';

/** Bounds that give no way to tell two values apart beyond `==`, which generic spec code has anyway. */
const INDISTINGUISHING_BOUNDS: ReadonlySet<string> = new Set(['Copy', 'Clone', 'Sized', '?Sized', 'Send', 'Sync', 'PartialEq', 'Eq']);

const NONE: ReadonlySet<string> = new Set();
const byGenerics = new WeakMap<readonly GenericParam[], ReadonlySet<string>>();

/** The type parameters of a spec fn whose values its body can only compare for equality. */
export function parametricTypeParams(generics: readonly GenericParam[]): ReadonlySet<string> {
  if (generics.length === 0) return NONE;
  let names = byGenerics.get(generics);
  if (names === undefined) {
    names = new Set(
      generics
        .filter((param) => param.kind === 'type' && param.bounds.every((bound) => INDISTINGUISHING_BOUNDS.has(bound)))
        .map((param) => param.name),
    );
    byGenerics.set(generics, names);
  }
  return names;
}

/** At most this many values (each is one evaluation of the body); past it the binder stays unbounded. */
const PARAMETRIC_LIMIT = 4_096;

/** Every value bound in `env` and every value inside one, plus one fresh integer; undefined when that is not
 *  certainly exhaustive: a closure is bound (built at a concrete type, it can tell values apart), a value of a
 *  type that may be small is held (bool, a datatype, a tuple: no value outside the environment need exist), the
 *  integers held could be all of a byte type, or there are too many values. */
export function parametricDomain(env: Env): Value[] | undefined {
  const seen = new Set<string>();
  const values: Value[] = [];
  let largest: bigint | undefined;
  let ints = 0;
  const add = (value: Value): boolean => {
    switch (value.kind) {
      case 'closure':
      case 'bool':
      case 'struct':
      case 'enum':
      case 'tuple':
        return false;
      default:
        break;
    }
    const key = valueKey(value);
    if (key === undefined) return false;
    if (!seen.has(key)) {
      seen.add(key);
      values.push(value);
      if (value.kind === 'int') {
        ints += 1;
        if (largest === undefined || value.value > largest) largest = value.value;
      }
      if (values.length > PARAMETRIC_LIMIT) return false;
    }
    return innerValues(value).every(add);
  };
  if (!heldValues(env).every(add)) return undefined;
  if (ints >= 256) return undefined;
  values.push({ kind: 'int', value: largest === undefined ? 0n : largest + 1n });
  return values;
}

function innerValues(value: Value): readonly Value[] {
  switch (value.kind) {
    case 'seq':
    case 'set':
      return value.elements;
    case 'map':
      return value.entries.flatMap(([k, v]) => [k, v]);
    case 'multiset':
      return value.entries.map(([element]) => element);
    default:
      return [];
  }
}
