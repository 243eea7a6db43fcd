// vstd's simple_pptr at run time: a `PPtr<V>` (or a `PCell<V>`, whose id is its address) is an address and the
// `PointsTo<V>` passed beside it (`Tracked(&perm)`, `Tracked(&mut perm)`) holds the value stored there, so the shadow execution reads and writes memory through the
// permission. A vstd precondition the call breaks (another address, uninitialized memory) is a panic: Verus would
// have rejected the caller on that input. A raw pointer made from an address (`ptr as *mut T`) is dereferenced
// through the permission in scope for that address.

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import { bool, int, UNIT } from '../value';
import {
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
} from '../permissions';
import type { Ctx, Env, Frame, PathStep, Place, Typed } from './interpreter-state';
import { placeOfBinding, readPlace, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { BOOL, UNIT_TYPE, UNKNOWN, USIZE } from './exec-types';
import { evalExpr, evalPlace, tempPlace } from './interpreter';
import { notRunnable, panic } from './signals';

/** A method of a `PPtr` receiver, or undefined when `receiver` is no built-in pointer. */
export function pointerMethodCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  receiver: Typed,
): Typed | undefined {
  if (receiver.value.kind === 'struct' && receiver.value.name === RAW_POINTER)
    return rawPointerMethodCall(expr, receiver, () => evalExpr(ctx, frame, env, expr.args[0] ?? expr).value);
  const owner =
    receiver.value.kind === 'struct' && (receiver.value.name === PPTR || receiver.value.name === PCELL) ? receiver.value.name : undefined;
  const addr = owner === undefined ? undefined : pointerAddress(receiver.value);
  if (owner === undefined || addr === undefined) return undefined;
  if (expr.method === 'addr' || expr.method === 'to_usize') return { value: int(addr), type: USIZE };
  if (expr.method === 'clone') return receiver;
  const call = `${owner}::${expr.method}`;
  const permExpr = expr.args[0];
  if (permExpr === undefined) return notRunnable(`\`${call}\` without a permission`, expr.span);
  const { perm, stored, store } = memoryAccess(ctx, frame, env, call, addr, elementType(receiver.type), permExpr, expr.span);
  const newValue = (): Value => evalExpr(ctx, frame, env, expr.args[1] ?? notRunnable(`\`${call}\` without a value`, expr.span)).value;
  switch (expr.method) {
    case 'borrow':
    case 'read':
    case 'into_inner':
      return stored();
    case 'write':
      store(newValue());
      return { value: UNIT, type: UNIT_TYPE };
    case 'put':
      if (perm.contents !== undefined) panic(`${call}: the memory is initialized`, expr.span);
      store(newValue());
      return { value: UNIT, type: UNIT_TYPE };
    case 'take': {
      const taken = stored();
      store(undefined);
      return taken;
    }
    case 'replace': {
      const old = stored();
      store(newValue());
      return old;
    }
    case 'free':
      if (perm.contents !== undefined) panic(`${call}: the memory is initialized`, expr.span);
      return { value: UNIT, type: UNIT_TYPE };
    default:
      // `borrow_mut` hands out a reference into the permission; writes through it are not modelled.
      return notRunnable(`\`${call}\``, expr.span);
  }
}

/** vstd::raw_ptr's exec access through a permission: `ptr_ref(p, Tracked(&perm))` (the value stored there),
 *  `ptr_mut_read(p, Tracked(&mut perm))` (moves it out: the memory is uninitialized after) and
 *  `ptr_mut_write(p, Tracked(&mut perm), v)` (stores `v`). Undefined for any other function. As for `PPtr`, a
 *  permission for another address or reading uninitialized memory breaks vstd's requires: a panic. */
export function rawPointerAccessCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  names: readonly string[],
  expr: Extract<Expr, { kind: 'call' }>,
): Typed | undefined {
  const name = names[names.length - 1] ?? '';
  const owner = names[names.length - 2];
  if (!RAW_ACCESS_FNS.has(name) || (owner !== undefined && owner !== 'raw_ptr')) return undefined;
  const [pointerExpr, permExpr, valueExpr] = expr.args;
  if (pointerExpr === undefined || permExpr === undefined) return notRunnable(`\`${name}\` without a pointer and a permission`, expr.span);
  const pointer = evalExpr(ctx, frame, env, pointerExpr);
  const addr = pointerAddress(pointer.value);
  if (addr === undefined) return notRunnable(`\`${name}\` of a pointer the run does not know`, pointerExpr.span);
  const { stored, store } = memoryAccess(ctx, frame, env, name, addr, elementType(pointer.type), permExpr, expr.span);
  switch (name) {
    case 'ptr_ref':
      return stored();
    case 'ptr_mut_read': {
      const moved = stored();
      store(undefined);
      return moved;
    }
    default:
      store(evalExpr(ctx, frame, env, valueExpr ?? notRunnable(`\`${name}\` without a value`, expr.span)).value);
      return { value: UNIT, type: UNIT_TYPE };
  }
}

/** The memory at `addr` through the permission `permExpr` names, for the vstd call `call`: not runnable when the
 *  run does not know the permission, a panic (vstd's requires broken) when it is for another address; `stored()`
 *  panics on uninitialized memory, `store(undefined)` uninitializes it. */
function memoryAccess(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  call: string,
  addr: bigint,
  element: ExecType,
  permExpr: Expr,
  span: Span,
): {
  readonly perm: NonNullable<ReturnType<typeof pointsToParts>>;
  readonly stored: () => Typed;
  readonly store: (contents: Value | undefined) => void;
} {
  const place = permissionPlace(ctx, frame, env, permExpr);
  const perm = pointsToParts(readPlace(place).value);
  if (perm === undefined) return notRunnable(`\`${call}\` with a permission the run does not know`, permExpr.span);
  if (perm.addr !== addr) panic(`${call}: the permission is for address ${perm.addr}, not ${addr}`, span);
  return {
    perm,
    stored: () => ({ value: perm.contents ?? panic(`${call}: the memory is uninitialized`, span), type: element }),
    store: (contents) => writePlace(place, pointsToValue(addr, contents)),
  };
}

const RAW_ACCESS_FNS: ReadonlySet<string> = new Set(['ptr_ref', 'ptr_mut_read', 'ptr_mut_write']);

/** `PPtr::new(v)`, `PPtr::empty()`, `PCell::new(v)`, `PCell::empty()` (a fresh allocation or cell with its
 *  permission) and `PPtr::from_addr(u)`. */
export function pointerStaticCall(
  ctx: Ctx,
  owner: typeof PPTR | typeof PCELL,
  method: string,
  args: () => readonly Typed[],
  span: Span,
): Typed | undefined {
  switch (method) {
    case 'new':
    case 'empty': {
      const addr = freshAddress(ctx);
      const contents = method === 'new' ? (args()[0] ?? notRunnable(`\`${owner}::new\` without a value`, span)) : undefined;
      const element = contents?.type ?? UNKNOWN;
      return {
        value: { kind: 'tuple', elements: [owner === PCELL ? pcellValue(addr) : pptrValue(addr), pointsToValue(addr, contents?.value)] },
        type: { kind: 'tuple', elements: [pointerType(owner, element), pointerType(POINTS_TO, element)] },
      };
    }
    case 'from_addr':
    case 'from_usize': {
      if (owner !== PPTR) return undefined;
      const addr = args()[0]?.value;
      if (addr?.kind !== 'int') return notRunnable(`\`PPtr::${method}\` of a non-integer`, span);
      return { value: pptrValue(addr.value), type: pointerType(PPTR, UNKNOWN) };
    }
    default:
      return undefined;
  }
}

/** Allocations made by the run start at 1 MiB, above the generated inputs' addresses (pointer-inputs.ts), so they never alias. */
const FRESH_BASE = 0x10_0000n;
const FRESH_STRIDE = 0x1000n;

function freshAddress(ctx: Ctx): bigint {
  ctx.counter.allocations += 1;
  return FRESH_BASE + FRESH_STRIDE * BigInt(ctx.counter.allocations);
}

/** The permission a `Tracked(&mut perm)` / `Tracked(&*perm)` / `Tracked(perm)` argument names. */
export function permissionPlace(ctx: Ctx, frame: Frame, env: Env, expr: Expr): Place {
  const inner = trackedOperand(expr);
  return evalPlace(ctx, frame, env, inner) ?? tempPlace(evalExpr(ctx, frame, env, inner));
}

/** The operand of a `Tracked(e)` call, through the tracked value's own `borrow()`/`borrow_mut()` (the wrapper is
 *  transparent, so they name the same place); other expressions stand for themselves. */
export function trackedOperand(expr: Expr): Expr {
  const plain = expr.kind === 'paren' ? expr.inner : expr;
  if (plain.kind === 'method-call' && TRACKED_ACCESSORS.has(plain.method) && plain.args.length === 0) return trackedOperand(plain.receiver);
  if (plain.kind !== 'call' || plain.callee.kind !== 'path' || plain.args.length !== 1) return plain;
  const segments = plain.callee.segments;
  return segments[segments.length - 1]?.name === 'Tracked' ? trackedOperand(plain.args[0] ?? plain) : plain;
}

const TRACKED_ACCESSORS: ReadonlySet<string> = new Set(['borrow', 'borrow_mut']);

function elementType(type: ExecType): ExecType {
  return type.kind === 'adt' ? (type.args[0] ?? UNKNOWN) : UNKNOWN;
}

function pointerType(name: string, element: ExecType): ExecType {
  return { kind: 'adt', name, args: [element] };
}

/** `MaybeUninit<T>` accessors that hand out its `T` in place. */
export const MAYBE_UNINIT_ACCESSORS: ReadonlySet<string> = new Set(['assume_init_mut', 'assume_init_ref']);

/** `addr as *mut T` (or `*const T`, or `*mut MaybeUninit<T>`, which holds a `T` once initialized). */
export function rawPointerCast(operand: Typed, pointee: ExecType, span: Span): Typed {
  const addr = pointerAddress(operand.value);
  if (addr === undefined) return notRunnable(`cast of a ${operand.value.kind} value to a raw pointer`, span);
  const element = pointee.kind === 'adt' && pointee.name === 'MaybeUninit' ? (pointee.args[0] ?? UNKNOWN) : pointee;
  return { value: rawPointerValue(addr), type: pointerType(RAW_POINTER, element) };
}

/** `p as usize` (and any integer type) of a raw pointer: its address, truncated as every integer cast is; undefined
 *  when `operand` is no raw pointer. */
export function rawPointerAddress(operand: Typed): Typed | undefined {
  if (operand.value.kind !== 'struct' || operand.value.name !== RAW_POINTER) return undefined;
  const addr = pointerAddress(operand.value);
  return addr === undefined ? undefined : { value: int(addr), type: USIZE };
}

/** std's and vstd's null pointers (`core::ptr::null_mut()`, `null()`, vstd's `ptr_null_mut()`, `ptr_null()`):
 *  address 0; undefined for any other function. */
export function nullPointerCall(names: readonly string[]): Typed | undefined {
  const last = names[names.length - 1] ?? '';
  const owner = names[names.length - 2];
  const std = (last === 'null_mut' || last === 'null') && (owner === 'ptr' || names.length === 1);
  const vstd = last === 'ptr_null_mut' || last === 'ptr_null';
  return std || vstd ? { value: rawPointerValue(0n), type: pointerType(RAW_POINTER, UNKNOWN) } : undefined;
}

/** The exec methods of a raw pointer that read only its address (`addr`, `is_null`), retype it (`cast`) or move it
 *  within its allocation (`with_addr`, which keeps the provenance, so the result is this pointer's kind of value);
 *  any other (`offset`, `add` and the rest of pointer arithmetic) is not modelled. */
function rawPointerMethodCall(expr: Extract<Expr, { kind: 'method-call' }>, receiver: Typed, firstArg: () => Value): Typed {
  const addr = pointerAddress(receiver.value) ?? 0n;
  switch (expr.method) {
    case 'with_addr': {
      const target = expr.args.length === 1 ? firstArg() : undefined;
      if (target?.kind !== 'int') return notRunnable('`with_addr` of a value that is not an address', expr.span);
      return { value: rawPointerValue(target.value), type: receiver.type };
    }
    case 'addr':
      return { value: int(addr), type: USIZE };
    case 'is_null':
      return { value: bool(addr === 0n), type: BOOL };
    case 'cast':
    case 'cast_mut':
    case 'cast_const':
      return { value: receiver.value, type: expr.method === 'cast' ? pointerType(RAW_POINTER, UNKNOWN) : receiver.type };
    case 'clone':
      return receiver;
    default:
      return notRunnable(`\`${expr.method}\` of a raw pointer`, expr.span);
  }
}

/** The place `*p` names when `p` is a raw pointer: the value the permission for its address holds (a
 *  `Tracked<&mut PointsTo<T>>` parameter, a local, or a field of one), as a run of the compiled code would find
 *  there; undefined when `pointer` is no raw pointer. With no permission for the address anywhere in scope, the
 *  dereference is a panic, as a vstd pointer call with the wrong permission is: Verus would have rejected the
 *  caller on that input. */
export function rawPointee(env: Env, pointer: Typed, span: Span): Place | undefined {
  if (pointer.type.kind !== 'adt' || pointer.type.name !== RAW_POINTER) return undefined;
  const addr = pointerAddress(pointer.value);
  if (addr === undefined) return undefined;
  const found = permissionFor(env, addr);
  if (found === 'unreachable') return notRunnable(`dereferences a raw pointer whose permission is held inside a map`, span);
  if (found === undefined) return panic(`dereferences a raw pointer to address ${addr} with no permission for it`, span);
  const contents = pointsToParts(readPlace(found).value)?.contents;
  if (contents === undefined) return panic(`dereferences a raw pointer to uninitialized memory at address ${addr}`, span);
  const element = elementType(pointer.type);
  // Memory reinterpreted as another type (a page of bytes cast to a struct) has no value the model can give.
  if (
    element.kind === 'adt' &&
    (contents.kind === 'struct' || contents.kind === 'enum' || contents.kind === 'seq') &&
    !holdsAdt(contents, element.name)
  )
    return notRunnable(`reads the memory at address ${addr} as \`${element.name}\`, which holds another type`, span);
  const path = [...found.path, { kind: 'field', name: 'value' } as const, { kind: 'field', name: '0' } as const];
  return { root: found.root, path, type: element };
}

function holdsAdt(contents: Value, name: string): boolean {
  return (contents.kind === 'struct' || contents.kind === 'enum') && contents.name === name;
}

/** Values nest permissions no deeper than this (a struct of maps of permissions). */
const MAX_PERMISSION_DEPTH = 6;

/** The place of the permission for `addr` among the bindings in scope (and their fields, tuple parts and elements);
 *  `unreachable` when one is found only as a map's value, which no place path reaches. */
function permissionFor(env: Env, addr: bigint): Place | 'unreachable' | undefined {
  let unreachable = false;
  for (let scope: Env | undefined = env; scope !== undefined; scope = scope.parent) {
    for (const binding of scope.vars.values()) {
      const place = placeOfBinding(binding);
      const found = permissionPath(readPlace(place).value, addr, 0);
      if (found === 'unreachable') unreachable = true;
      else if (found !== undefined) return { root: place.root, path: [...place.path, ...found], type: UNKNOWN };
    }
  }
  return unreachable ? 'unreachable' : undefined;
}

function permissionPath(value: Value, addr: bigint, depth: number): PathStep[] | 'unreachable' | undefined {
  if (pointsToParts(value)?.addr === addr) return [];
  if (depth >= MAX_PERMISSION_DEPTH) return undefined;
  const inside = (child: Value, step: PathStep): PathStep[] | 'unreachable' | undefined => {
    const found = permissionPath(child, addr, depth + 1);
    return found === undefined || found === 'unreachable' ? found : [step, ...found];
  };
  let unreachable = false;
  const parts: [Value, PathStep | undefined][] =
    value.kind === 'struct' || value.kind === 'enum'
      ? value.fields.map(([name, child]) => [child, { kind: 'field', name }])
      : value.kind === 'tuple'
        ? value.elements.map((child, index) => [child, { kind: 'field', name: String(index) }])
        : value.kind === 'seq'
          ? value.elements.map((child, index) => [child, { kind: 'index', index }])
          : value.kind === 'map'
            ? value.entries.map(([, child]) => [child, undefined])
            : [];
  for (const [child, step] of parts) {
    const found =
      step === undefined ? (permissionPath(child, addr, depth + 1) === undefined ? undefined : 'unreachable') : inside(child, step);
    if (found === 'unreachable') unreachable = true;
    else if (found !== undefined) return found;
  }
  return unreachable ? 'unreachable' : undefined;
}
