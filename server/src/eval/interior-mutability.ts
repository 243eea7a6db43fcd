// Values whose state exec code changes through a shared reference (interior mutability: std's and vstd's atomics,
// `self.count.fetch_add(1)` in a `&self` method, and vstd's `RwLock`, `release_write` through `&self`). The interpreter
// passes a shared reference to such a value by place, so what the callee does to it is what the caller then reads;
// other shared references are passed by value, as nothing can change through them.
// Invariant: bounded (a fixed depth, and a few elements of a sequence).

import type { Value } from './value';
import { isSharedAtomic } from './atomics';
import { isLockShaped } from './rwlock';

const MAX_DEPTH = 6;
const SEQ_SAMPLE = 4;

export function holdsInteriorState(value: Value, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (value.kind) {
    case 'struct':
      return isLockShaped(value) || value.fields.some(([, field]) => holdsInteriorState(field, depth + 1)) || isSharedAtomic(value);
    case 'enum':
      return value.fields.some(([, field]) => holdsInteriorState(field, depth + 1));
    case 'tuple':
      return value.elements.some((element) => holdsInteriorState(element, depth + 1));
    case 'seq':
      return value.elements.slice(0, SEQ_SAMPLE).some((element) => holdsInteriorState(element, depth + 1));
    default:
      return false;
  }
}
