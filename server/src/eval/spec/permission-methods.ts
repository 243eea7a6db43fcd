// The spec functions of vstd's `PPtr` / `PointsTo` / `MemContents` on the built-in values (../permissions.ts):
// simple_pptr's `pptr()`, raw_ptr's `ptr()`, `addr()`, a cell's `id()`, `mem_contents()`, `opt_value()`, `is_init()`, `is_uninit()`,
// `value()`, and the legacy `perm@.pptr` / `perm@.value` fields (PointsToData, where `value` is an `Option`).

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int } from '../value';
import { MEM_CONTENTS, memContentsValue, PCELL, pointerAddress, pointsToParts, PPTR, pptrValue, rawPointerValue } from '../permissions';
import type { Res } from './spec-context';
import { isSharedAtomic } from '../atomics';
import { indeterminate } from './spec-context';

/** Undefined when `receiver` is no built-in permission value or `method` is none of its spec fns. */
export function permissionMethod(receiver: Value, method: string, span: Span): Res | undefined {
  if (receiver.kind === 'struct' && (receiver.name === PPTR || receiver.name === PCELL)) {
    const addr = pointerAddress(receiver);
    // `id()` is the legacy ptr module's name for the address, and a cell's.
    return addr !== undefined && (method === 'addr' || method === 'id' || method === 'spec_addr') ? int(addr) : undefined;
  }
  if (receiver.kind === 'enum' && receiver.name === MEM_CONTENTS) return contentsMethod(receiver.fields[0]?.[1], method, span);
  const parts = pointsToParts(receiver);
  if (parts === undefined) return undefined;
  switch (method) {
    case 'pptr':
      return pptrValue(parts.addr);
    // raw_ptr's `PointsTo<V>::ptr()` is the `*mut V` it is for.
    case 'ptr':
      return rawPointerValue(parts.addr);
    // A cell's permission names its cell by id.
    case 'addr':
    case 'id':
      return int(parts.addr);
    case 'mem_contents':
    case 'opt_value':
      return memContentsValue(parts.contents);
    default:
      return contentsMethod(parts.contents, method, span);
  }
}

/** The spec fns of std's and atomic_ghost's atomics (../atomics.ts `sharedAtomicType`): atomic_ghost's
 *  `well_formed()`, `constant()` and the `invariant on` clause a `struct_with_invariants!` expansion reads
 *  (model/builtin-item-macros.ts) are about its invariant's ghost state, which the harness does not model. */
export function sharedAtomicMethod(receiver: Value, method: string, span: Span): Res | undefined {
  if (!isSharedAtomic(receiver) || !ATOMIC_GHOST_SPEC_FNS.has(method)) return undefined;
  return indeterminate(`\`${method}()\` of an atomic_ghost atomic reads its ghost state, which the harness does not model`, span);
}

const ATOMIC_GHOST_SPEC_FNS: ReadonlySet<string> = new Set(['well_formed', 'constant', 'atomic_ghost_invariant']);

/** The legacy `perm@.pptr` / `perm@.pcell` fields: the address (the cell's id) as an integer. */
export function permissionField(receiver: Value, field: string): Value | undefined {
  const parts = field === 'pptr' || field === 'pcell' ? pointsToParts(receiver) : undefined;
  return parts === undefined ? undefined : int(parts.addr);
}

function contentsMethod(contents: Value | undefined, method: string, span: Span): Res | undefined {
  switch (method) {
    case 'is_init':
      return bool(contents !== undefined);
    case 'is_uninit':
      return bool(contents === undefined);
    case 'value':
      // vstd leaves `value()` of uninitialized memory unspecified (it only `recommends is_init()`).
      return contents ?? indeterminate('`value()` of an uninitialized PointsTo', span);
    default:
      return undefined;
  }
}
