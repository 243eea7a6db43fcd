// Inputs for vstd pointers, cells, atomics and their permissions (`PPtr<V>`, `PCell<V>`, `PAtomicU64`, `PointsTo<V>`,
// verus-systems.md §2): addresses (and ids) are nonzero page-aligned and distinct, a permission mostly holds an
// initialized value, and a permission is given the address of the pointer the `requires` ties it to (`perm.pptr() ==
// p`, `perm@.addr() == ptr`), so the usual requires hold by construction; the unlinked row is kept too, so PreComp
// sees inputs that break the tie.

import type { Expr } from '../../syntax';
import type { FunctionContract } from '../../model';
import type { Value, ValueType } from '../../eval';
import {
  atomicId,
  atomicPermissionParts,
  atomicPermissionValue,
  atomicValue,
  isAtomic,
  isAtomicPermission,
  permissionOf,
  PCELL,
  pcellValue,
  pointerAddress,
  pointsToParts,
  pointsToValue,
  pptrValue,
  POINTS_TO,
  PPTR,
  RAW_POINTER,
  rawPointerValue,
} from '../../eval';
import type { TypeContext } from '../../eval';

type Row = readonly (Value | undefined)[];

/** Addresses for generated pointers: 4 KiB pages from 0x1000, aligned for any `V` (and for page-sized permissions). */
export const POINTER_ADDRESSES: readonly bigint[] = Array.from({ length: 8 }, (_, i) => 0x1000n * BigInt(i + 1));

/** Whether `type` is the built-in (vstd) pointer or permission, or a raw pointer, not a file's own datatype of that
 *  name. */
export function isBuiltinPointer(type: ValueType, ctx: TypeContext): type is Extract<ValueType, { kind: 'adt' }> {
  if (type.kind !== 'adt' || ctx.scope.datatype(type.name) !== undefined) return false;
  return BUILTIN_POINTERS.has(type.name) || isAtomic(type.name) || isAtomicPermission(type.name);
}

const BUILTIN_POINTERS: ReadonlySet<string> = new Set([PPTR, PCELL, POINTS_TO, RAW_POINTER]);

/** Values of a pointer or permission type: each address, holding (for a permission) one of `contents`, the first
 *  few also uninitialized. A raw pointer may also be null, which code tests (`is_null()`) and a `PPtr` cannot be. */
export function pointerCandidates(type: Extract<ValueType, { kind: 'adt' }>, contents: readonly Value[]): Value[] {
  if (type.name === PPTR) return POINTER_ADDRESSES.map(pptrValue);
  if (type.name === PCELL) return POINTER_ADDRESSES.map(pcellValue);
  if (isAtomic(type.name)) return POINTER_ADDRESSES.map((id) => atomicValue(type.name, id));
  if (isAtomicPermission(type.name))
    return POINTER_ADDRESSES.flatMap((id, i) =>
      contents.length === 0 ? [] : [atomicPermissionValue(type.name, id, contents[i % contents.length] as Value)],
    );
  if (type.name === RAW_POINTER) return [0n, ...POINTER_ADDRESSES].map(rawPointerValue);
  const values = POINTER_ADDRESSES.map((addr, i) => pointsToValue(addr, contents[i % Math.max(1, contents.length)]));
  return [...values, ...POINTER_ADDRESSES.slice(0, 2).map((addr) => pointsToValue(addr, undefined))];
}

/** Which parameter's address each permission parameter must have: the ties the `requires` states, else (by type)
 *  the n-th `PPtr<V>` for the n-th `PointsTo<V>`. Indices into `names`. */
export function pointerLinks(fn: FunctionContract, names: readonly string[], types: readonly ValueType[]): ReadonlyMap<number, number> {
  const isPermission = (i: number): boolean => {
    const type = types[i];
    return type?.kind === 'adt' && (type.name === POINTS_TO || isAtomicPermission(type.name));
  };
  const links = new Map<number, number>();
  for (const clause of fn.requires) collectTies(clause.clause.expr, names, isPermission, links);
  const taken = new Set(links.values());
  types.forEach((permission, i) => {
    if (!isPermission(i) || links.has(i)) return;
    const pointer = types.findIndex((type, j) => !taken.has(j) && pointerFor(type, permission));
    if (pointer < 0) return;
    links.set(i, pointer);
    taken.add(pointer);
  });
  return links;
}

/** Whether a value of `type` is what a permission of type `permission` is for. */
function pointerFor(type: ValueType, permission: ValueType): boolean {
  if (type.kind !== 'adt' || permission.kind !== 'adt') return false;
  if (isAtomic(type.name)) return permissionOf(type.name) === permission.name;
  return (type.name === PPTR || type.name === PCELL) && sameArgs(type, permission);
}

/** `row` with every linked permission moved to its pointer's address; undefined when nothing changes. */
export function linkPointers(row: Row, links: ReadonlyMap<number, number>): Row | undefined {
  let changed = false;
  const result = row.slice();
  for (const [permission, pointer] of links) {
    const held = row[permission];
    const pointerValue = row[pointer];
    const addr = pointerValue === undefined ? undefined : (atomicId(pointerValue) ?? pointerAddress(pointerValue));
    const moved = held === undefined || addr === undefined ? undefined : movedPermission(held, addr);
    if (moved === undefined) continue;
    result[permission] = moved;
    changed = true;
  }
  return changed ? result : undefined;
}

/** `held` (a `PointsTo` or an atomic's permission) for `addr` instead, or undefined when it is for it already. */
function movedPermission(held: Value, addr: bigint): Value | undefined {
  const atomic = atomicPermissionParts(held);
  if (atomic !== undefined)
    return atomic.id === addr || held.kind !== 'struct' ? undefined : atomicPermissionValue(held.name, addr, atomic.value);
  const parts = pointsToParts(held);
  return parts === undefined || parts.addr === addr ? undefined : pointsToValue(addr, parts.contents);
}

/** `A == B` where one side reads a permission parameter's address (`perm.pptr()`, `perm@.addr()`, `old(perm).ptr()`,
 *  legacy `perm@.pptr`) and the other names a parameter (`p`, `p.addr()`, `p.id()`); also under `&&`. */
function collectTies(expr: Expr, names: readonly string[], isPermission: (i: number) => boolean, links: Map<number, number>): void {
  if (expr.kind === 'paren') return collectTies(expr.inner, names, isPermission, links);
  if (expr.kind !== 'binary') return;
  if (expr.op === '&&') {
    collectTies(expr.left, names, isPermission, links);
    collectTies(expr.right, names, isPermission, links);
    return;
  }
  if (expr.op !== '==' && expr.op !== '===') return;
  for (const [permissionSide, pointerSide] of [
    [expr.left, expr.right],
    [expr.right, expr.left],
  ] as const) {
    const permission = names.indexOf(permissionAddressOf(permissionSide) ?? '');
    const pointer = names.indexOf(pointerNameOf(pointerSide) ?? '');
    if (isPermission(permission) && pointer >= 0 && permission !== pointer && !links.has(permission)) links.set(permission, pointer);
  }
}

const ADDRESS_METHODS: ReadonlySet<string> = new Set(['pptr', 'addr', 'ptr', 'id']);
const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['pptr', 'pcell', 'patomic']);

function permissionAddressOf(expr: Expr): string | undefined {
  const plain = stripParens(expr);
  if (plain.kind === 'method-call' && ADDRESS_METHODS.has(plain.method) && plain.args.length === 0) return parameterName(plain.receiver);
  if (plain.kind === 'field' && ADDRESS_FIELDS.has(plain.field)) return parameterName(plain.receiver);
  return undefined;
}

function pointerNameOf(expr: Expr): string | undefined {
  const plain = stripParens(expr);
  if (plain.kind === 'method-call' && (plain.method === 'addr' || plain.method === 'id') && plain.args.length === 0) {
    return parameterName(plain.receiver);
  }
  return parameterName(plain);
}

/** The parameter `e` names, through `old(e)`, `e@`, `e.view()`, `*e`. */
function parameterName(expr: Expr): string | undefined {
  const plain = stripParens(expr);
  if (plain.kind === 'path') return plain.segments.length === 1 ? plain.segments[0]?.name : undefined;
  if (plain.kind === 'view') return parameterName(plain.operand);
  if (plain.kind === 'unary' && plain.op === '*') return parameterName(plain.operand);
  if (plain.kind === 'method-call' && plain.method === 'view' && plain.args.length === 0) return parameterName(plain.receiver);
  if (plain.kind === 'call' && plain.callee.kind === 'path' && plain.args.length === 1) {
    const callee = plain.callee.segments.map((segment) => segment.name).join('::');
    if (callee === 'old' || callee === 'final') return parameterName(plain.args[0] as Expr);
  }
  return undefined;
}

function stripParens(expr: Expr): Expr {
  return expr.kind === 'paren' ? stripParens(expr.inner) : expr;
}

function sameArgs(a: Extract<ValueType, { kind: 'adt' }>, b: ValueType): boolean {
  return b.kind === 'adt' && JSON.stringify(a.args) === JSON.stringify(b.args);
}
