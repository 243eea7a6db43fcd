// Method calls: user methods (resolved by the model, `&mut self` by place) and the std/vstd methods Verus exec
// code uses on Vec, slices, String/&str, Option, Result, char and the integers.

import type { Expr, Span } from '../../syntax';
import { isStdRange, rangeEdit, rangeMethod } from './ranges';
import type { Value } from '../value';
import { bool, int, UNIT } from '../value';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { chargeWrite, readPlace, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { BOOL, CHAR, receiverTypeName, intType, preferType, STRING_TYPE, UNIT_TYPE, UNKNOWN, USIZE } from './exec-types';
import { evalExpr, evalPlace, tempPlace } from './interpreter';
import { argumentValue, callResolved, evalArgument, minMax, optionValue } from './calls-and-paths';
import { turbofishGenerics } from './call-generics';
import { intMethod } from './int-methods';
import { valuesEqual, compareValues } from './typed-operators';
import { textMethod, charMethod, equalityOrDisplay } from './text-methods';
import { notRunnable, panic } from './signals';
import { formatDebug } from '../format';
import { checkedIntMethod, isCheckedIntType } from './checked-ints';
import { pointerMethodCall } from './pointers';
import { atomicMethodCall, sharedAtomicMethodCall } from './atomic-calls';
import { holdsInteriorState } from '../interior-mutability';
import { iterationOrder, mapMethod, setMethod } from './hash-collections';
import { builtinTypeImplCall } from './builtin-type-impls';
import { closureMethod } from './closures';
import { rwlockMethodCall } from './rwlock-calls';

/** Methods that change their receiver: the receiver is evaluated as a place and written back. */
const MUTATING = new Set([
  'push',
  'pop',
  'insert',
  'remove',
  'clear',
  'truncate',
  'swap',
  'set',
  'extend_from_slice',
  'append',
  'reverse',
  'sort',
  'sort_unstable',
  'push_str',
  'take',
  'dedup',
  'swap_remove',
  'resize',
  'split_off',
  'fill',
  'copy_from_slice',
  'clone_from_slice',
  'extend',
  'push_back',
  'pop_back',
  'push_front',
  'pop_front',
  'next',
]);

export function evalMethodCall(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'method-call' }>): Typed {
  // The receiver is evaluated exactly once: `v.pop().unwrap()` must pop once, whichever method turns out to apply.
  const place = evalPlace(ctx, frame, env, expr.receiver);
  const receiver = place !== undefined ? readPlace(place) : evalExpr(ctx, frame, env, expr.receiver);
  const user = userMethod(ctx, frame, env, expr, place, receiver);
  if (user !== undefined) return user;
  const pointer =
    pointerMethodCall(ctx, frame, env, expr, receiver) ??
    atomicMethodCall(ctx, frame, env, expr, receiver) ??
    sharedAtomicMethodCall(ctx, frame, env, expr, place, receiver);
  if (pointer !== undefined) return pointer;
  const lock = rwlockMethodCall(ctx, frame, env, expr, place, receiver);
  if (lock !== undefined) return lock;
  const edited = rangeEdit(ctx, frame, env, expr, place, receiver);
  if (edited !== undefined) return edited;
  // `Vec::append(&mut other)` moves other's elements: other is taken by place and left empty. vstd's
  // `String::append(&str)` is `push_str`: it only reads its argument.
  const drains = expr.method === 'append' && !(receiver.value.kind === 'seq' && receiver.value.text === true);
  // A `&mut x` argument is taken by place: a crate's method the built-in type lacks may write through it.
  const passed = expr.args.map((arg) => evalArgument(ctx, frame, env, arg, drains || isMutBorrow(arg), UNKNOWN));
  const args = passed.map(argumentValue);
  const result = builtinMethod(ctx, receiver, expr.method, args, expr.span);
  if (result === undefined) return builtinTypeImplCall(ctx, receiver, place, expr.method, passed, expr.span);
  for (const arg of passed) if (drains && arg.kind === 'place') emptySequence(ctx, arg.place);
  if (result.receiver !== undefined) {
    if (place === undefined || !MUTATING.has(expr.method)) return notRunnable(`\`${expr.method}\` on a temporary`, expr.span);
    chargeWrite(ctx, place);
    writePlace(place, result.receiver);
    if (place.path.length === 0) place.root.type = preferType(place.root.type, receiverTypeAfter(receiver.type, expr.method, args));
  }
  return result.value;
}

/** Types whose std methods code also calls by path, the receiver first: `Vec::len(self)`, `<[u8]>::len(self)` (vest's
 *  `impl VestInput for [u8]` forwards so, to std's inherent method and not its own); a slice type as written
 *  (`[u8]`, `<[u8]>`) is matched by its brackets. */
const PATH_CALLED_OWNERS: ReadonlySet<string> = new Set(['Vec', 'VecDeque', 'String', 'str', 'Option', 'Result', 'slice']);
const SLICE_OWNER = /^<?\[.*\]>?$/;

/** `Vec::len(&v)` as `v.len()`; undefined when the path names no such method call. */
export function pathMethodCall(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'call' }>,
  names: readonly string[],
): Typed | undefined {
  const [owner, method] = names;
  const [first, ...rest] = expr.args;
  if (names.length !== 2 || owner === undefined || method === undefined || first === undefined) return undefined;
  if (!PATH_CALLED_OWNERS.has(owner) && !SLICE_OWNER.test(owner)) return undefined;
  const receiver = first.kind === 'unary' && (first.op === '&' || first.op === '&mut') ? first.operand : first;
  const call = { kind: 'method-call' as const, receiver, method, methodSpan: expr.span, generics: [], args: rest, span: expr.span };
  return evalMethodCall(ctx, frame, env, call);
}

interface MethodResult {
  readonly value: Typed;
  /** The receiver's new value, for methods that mutate it. */
  readonly receiver?: Value;
}

function userMethod(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  expr: Extract<Expr, { kind: 'method-call' }>,
  place: Place | undefined,
  receiver: Typed,
): Typed | undefined {
  // An integer's methods from the file are its trait impls (`impl PmCopy for u64`): Rust allows no inherent ones,
  // and a trait method sharing a name with an inherent integer method is rare enough to take the trait's.
  const typeName = receiverTypeName(receiver.type, receiver.value);
  if (typeName === undefined || typeName === 'Option' || typeName === 'Result') return undefined;
  // std's collection under a name the crate gives its own datatype too (IronKV's `HashMap<V>` wraps
  // `collections::HashMap<EndPoint, V>`): the value says which one it is, and the crate type's methods are not its.
  if (COLLECTION_KINDS.has(receiver.value.kind) && ctx.model.scope.datatype(typeName) !== undefined) return undefined;
  // A blanket impl's method (`impl<T: Clone> ClonePlus for T`) is every type's that meets its bounds, as verified
  // code calling it shows.
  const resolved = ctx.model.scope.resolveMethod(typeName, expr.method) ?? ctx.model.scope.blanketMethods(expr.method)[0];
  if (resolved === undefined) return expr.method === 'clone' ? receiver : undefined;
  const selfParam = resolved.item.params[0];
  if (selfParam?.isSelf !== true) return undefined;
  // `&self` on a value with interior state (an atomic field) is its place too: what the method does to it stays.
  const byPlace = selfParam.passing === 'mut' || (selfParam.passing === 'ref' && place !== undefined && holdsInteriorState(receiver.value));
  const arg = byPlace ? { kind: 'place' as const, place: place ?? tempPlace(receiver) } : { kind: 'value' as const, typed: receiver };
  return callResolved(ctx, frame, env, resolved, arg, expr.args, expr.span, undefined, turbofishGenerics(frame, resolved, expr.generics));
}

const COLLECTION_KINDS: ReadonlySet<Value['kind']> = new Set(['seq', 'set', 'map', 'multiset']);

function isMutBorrow(expr: Expr): boolean {
  return expr.kind === 'unary' && expr.op === '&mut';
}

/** A std method on the receiver; undefined for a sequence's or tuple's method std does not have. */
function builtinMethod(ctx: Ctx, receiver: Typed, method: string, args: readonly Typed[], span: Span): MethodResult | undefined {
  const value = receiver.value;
  const common = closureMethod(ctx, receiver, method, args, span) ?? equalityOrDisplay(receiver, method, args);
  if (common !== undefined) return { value: common };
  if (value.kind === 'int') {
    const res =
      intMethod(ctx, receiver, method, args, span) ??
      charMethod({ value: { kind: 'char', codePoint: Number(value.value) }, type: CHAR }, method, span, true);
    return { value: res };
  }
  if (value.kind === 'char') return { value: charMethod(receiver, method, span, false) };
  if (value.kind === 'bool' && method === 'clone') return { value: receiver };
  if (value.kind === 'enum' && (value.name === 'Option' || value.name === 'Result')) return optionMethod(ctx, receiver, method, args, span);
  if (value.kind === 'seq') {
    if (value.text === true) {
      const text = textMethod(receiver, method, args, span);
      if (text !== undefined) return text;
    }
    return seqMethod(ctx, receiver, method, args, span);
  }
  const ordered = iterationOrder(ctx, receiver.type);
  if (value.kind === 'set') return setMethod(value, method, args, span, ordered);
  if (value.kind === 'map') return mapMethod(value, method, args, span, ordered);
  if (value.kind === 'struct' && isCheckedIntType(value.name)) return { value: checkedIntMethod(value, method, args, span) };
  if (isStdRange(ctx, value) && method !== 'clone') return { value: rangeMethod(receiver, method, args, span) };
  if ((value.kind === 'tuple' || value.kind === 'struct' || value.kind === 'enum') && method === 'clone') return { value: receiver };
  if (value.kind === 'tuple') return undefined;
  // A placeholder (a generic parameter's stand-in, a callback pointer): what it is says why it cannot be called.
  if (value.kind === 'opaque') return notRunnable(`calls ${method} on <${value.text}>`, span);
  const named = value.kind === 'struct' || value.kind === 'enum' ? ` \`${value.name}\`` : '';
  return notRunnable(`calls ${method} on a ${value.kind}${named}`, span);
}

function seqMethod(ctx: Ctx, receiver: Typed, method: string, args: readonly Typed[], span: Span): MethodResult | undefined {
  const elements = receiver.value.kind === 'seq' ? receiver.value.elements : [];
  const elementType = receiver.type.kind === 'seq' ? receiver.type.element : UNKNOWN;
  const seq = (items: readonly Value[]): Value => ({
    kind: 'seq',
    elements: items,
    ...(receiver.value.kind === 'seq' && receiver.value.text === true ? { text: true } : {}),
  });
  const argInt = (i: number): bigint =>
    args[i]?.value.kind === 'int'
      ? (args[i]?.value as { value: bigint }).value
      : notRunnable(`\`${method}\` needs an integer argument`, span);
  const arg = (i: number): Value => args[i]?.value ?? notRunnable(`\`${method}\` needs an argument`, span);
  const len = BigInt(elements.length);
  const unit: Typed = { value: UNIT, type: UNIT_TYPE };
  const element = (i: number): Typed => ({ value: elements[i] as Value, type: elementType });
  switch (method) {
    case 'len':
      return { value: { value: int(len), type: USIZE } };
    case 'is_empty':
      return { value: { value: bool(len === 0n), type: BOOL } };
    case 'clone':
    case 'to_vec':
    case 'as_slice':
    case 'as_mut_slice':
    case 'iter':
    case 'into_iter':
    case 'cloned':
    case 'copied':
    case 'view':
      return { value: { value: seq(elements), type: receiver.type } };
    case 'push':
    case 'push_back':
      return { value: unit, receiver: seq([...elements, arg(0)]) };
    case 'push_front':
      return { value: unit, receiver: seq([arg(0), ...elements]) };
    // An iterator over a sequence (`let mut it = v.iter(); it.next()`) is the sequence of what it has yet to yield.
    case 'next':
    case 'pop_front':
      return { value: optionValue(elements.length === 0 ? undefined : element(0), elementType), receiver: seq(elements.slice(1)) };
    case 'pop':
    case 'pop_back':
      return {
        value: optionValue(elements.length === 0 ? undefined : element(elements.length - 1), elementType),
        receiver: seq(elements.slice(0, -1)),
      };
    case 'insert': {
      const index = argInt(0);
      if (index > len) panic(`insertion index (is ${index}) should be <= len (is ${len})`, span);
      return { value: unit, receiver: seq([...elements.slice(0, Number(index)), arg(1), ...elements.slice(Number(index))]) };
    }
    case 'remove': {
      const index = argInt(0);
      if (index >= len) panic(`removal index (is ${index}) should be < len (is ${len})`, span);
      return { value: element(Number(index)), receiver: seq(elements.filter((_, i) => i !== Number(index))) };
    }
    case 'swap_remove': {
      const index = argInt(0);
      if (index >= len) panic(`swap_remove index (is ${index}) should be < len (is ${len})`, span);
      const rest = elements.slice();
      const last = rest.pop() as Value;
      if (Number(index) < rest.length) rest[Number(index)] = last;
      return { value: element(Number(index)), receiver: seq(rest) };
    }
    case 'set': {
      const index = checkIndex(argInt(0), len, span);
      const next = elements.slice();
      next[index] = arg(1);
      return { value: unit, receiver: seq(next) };
    }
    case 'swap': {
      const i = checkIndex(argInt(0), len, span);
      const j = checkIndex(argInt(1), len, span);
      const next = elements.slice();
      [next[i], next[j]] = [elements[j] as Value, elements[i] as Value];
      return { value: unit, receiver: seq(next) };
    }
    case 'clear':
      return { value: unit, receiver: seq([]) };
    case 'truncate':
      return { value: unit, receiver: seq(elements.slice(0, Number(argInt(0) < len ? argInt(0) : len))) };
    case 'resize': {
      const size = Number(argInt(0));
      return {
        value: unit,
        receiver: seq(
          size <= elements.length ? elements.slice(0, size) : [...elements, ...new Array<Value>(size - elements.length).fill(arg(1))],
        ),
      };
    }
    case 'split_off': {
      const at = argInt(0);
      if (at > len) panic(`\`at\` split index (is ${at}) should be <= len (is ${len})`, span);
      return { value: { value: seq(elements.slice(Number(at))), type: receiver.type }, receiver: seq(elements.slice(0, Number(at))) };
    }
    case 'split_at': {
      const mid = argInt(0);
      if (mid > len) panic('mid > len', span);
      const halves = [seq(elements.slice(0, Number(mid))), seq(elements.slice(Number(mid)))];
      return { value: { value: { kind: 'tuple', elements: halves }, type: { kind: 'tuple', elements: [receiver.type, receiver.type] } } };
    }
    case 'fill':
      return { value: unit, receiver: seq(elements.map(() => arg(0))) };
    case 'copy_from_slice':
    case 'clone_from_slice': {
      const source = arg(0);
      if (source.kind !== 'seq') return notRunnable(`\`${method}\` from a ${source.kind}`, span);
      if (source.elements.length !== elements.length)
        panic(`source slice length (${source.elements.length}) does not match destination slice length (${elements.length})`, span);
      return { value: unit, receiver: seq(source.elements) };
    }
    case 'extend':
    case 'extend_from_slice':
    case 'append': {
      const other = arg(0);
      return { value: unit, receiver: seq([...elements, ...(other.kind === 'seq' ? other.elements : [])]) };
    }
    case 'reverse':
      return { value: unit, receiver: seq(elements.slice().reverse()) };
    case 'sort':
    case 'sort_unstable':
      return { value: unit, receiver: seq(elements.slice().sort((a, b) => compareValues(ctx, a, b))) };
    case 'dedup':
      return { value: unit, receiver: seq(elements.filter((e, i) => i === 0 || !valuesEqual(e, elements[i - 1] as Value))) };
    case 'contains':
      return { value: { value: bool(elements.some((e) => valuesEqual(e, arg(0)))), type: BOOL } };
    case 'first':
    case 'front':
      return { value: optionValue(elements.length === 0 ? undefined : element(0), elementType) };
    case 'last':
    case 'back':
      return { value: optionValue(elements.length === 0 ? undefined : element(elements.length - 1), elementType) };
    case 'get': {
      const index = argInt(0);
      return { value: optionValue(index >= 0n && index < len ? element(Number(index)) : undefined, elementType) };
    }
    case 'max':
    case 'min': {
      if (elements.length === 0) return { value: optionValue(undefined, elementType) };
      const best = elements.reduce(
        (acc, e) =>
          minMax(ctx, method, [
            { value: acc, type: elementType },
            { value: e, type: elementType },
          ])?.value ?? acc,
      );
      return { value: optionValue({ value: best, type: elementType }, elementType) };
    }
    case 'count':
      return { value: { value: int(len), type: USIZE } };
    case 'rev':
      return { value: { value: seq(elements.slice().reverse()), type: receiver.type } };
    case 'concat':
      // `[[a], [b]].concat()`; a `String`'s `concat(&str)` is text-methods.ts's, and any other call is not this one.
      if (args.length > 0 || elements.some((element) => element.kind !== 'seq')) return undefined;
      return { value: { value: seq(elements.flatMap((e) => (e.kind === 'seq' ? e.elements : []))), type: elementType } };
    default:
      return undefined;
  }
}

function optionMethod(ctx: Ctx, receiver: Typed, method: string, args: readonly Typed[], span: Span): MethodResult {
  void ctx;
  const value = receiver.value as Extract<Value, { kind: 'enum' }>;
  const inner = value.fields[0]?.[1];
  const isOption = value.name === 'Option';
  const present = value.variant === 'Some' || value.variant === 'Ok';
  const okType = receiver.type.kind === 'adt' ? (receiver.type.args[0] ?? UNKNOWN) : UNKNOWN;
  const errType = receiver.type.kind === 'adt' ? (receiver.type.args[1] ?? UNKNOWN) : UNKNOWN;
  const payload = (type: ExecType): Typed => ({ value: inner ?? UNIT, type });
  const message = (): string => {
    const text = args[0]?.value;
    return text?.kind === 'seq' ? String.fromCodePoint(...text.elements.map((c) => (c.kind === 'char' ? c.codePoint : 63))) : '';
  };
  switch (method) {
    case 'unwrap':
      if (present) return { value: payload(okType) };
      return panic(
        isOption
          ? 'called `Option::unwrap()` on a `None` value'
          : `called \`Result::unwrap()\` on an \`Err\` value: ${formatDebug(inner ?? UNIT)}`,
        span,
      );
    case 'expect':
      if (present) return { value: payload(okType) };
      return panic(isOption ? message() : `${message()}: ${formatDebug(inner ?? UNIT)}`, span);
    case 'unwrap_err':
      if (!present) return { value: payload(errType) };
      return panic(`called \`Result::unwrap_err()\` on an \`Ok\` value: ${formatDebug(inner ?? UNIT)}`, span);
    case 'unwrap_or':
      return { value: present ? payload(okType) : (args[0] ?? notRunnable('unwrap_or without an argument', span)) };
    case 'is_some':
    case 'is_ok':
      return { value: { value: bool(present), type: BOOL } };
    case 'is_none':
    case 'is_err':
      return { value: { value: bool(!present), type: BOOL } };
    case 'ok':
      return { value: optionValue(present ? payload(okType) : undefined, okType) };
    case 'err':
      return { value: optionValue(!present ? payload(errType) : undefined, errType) };
    case 'clone':
    case 'as_ref':
    case 'as_mut':
    case 'cloned':
    case 'copied':
      return { value: receiver };
    case 'take':
      return { value: receiver, receiver: { kind: 'enum', name: 'Option', variant: 'None', fields: [] } };
    default:
      return notRunnable(`calls ${value.name}::${method}`, span);
  }
}

function emptySequence(ctx: Ctx, place: Place): void {
  const value = readPlace(place).value;
  if (value.kind !== 'seq') return;
  chargeWrite(ctx, place);
  writePlace(place, { ...value, elements: [] });
}

function checkIndex(index: bigint, len: bigint, span: Span): number {
  if (index < 0n || index >= len) panic(`index out of bounds: the len is ${len} but the index is ${index}`, span);
  return Number(index);
}

function receiverTypeAfter(type: ExecType, method: string, args: readonly Typed[]): ExecType {
  if ((method === 'push' || method === 'insert' || method === 'set') && type.kind === 'seq') {
    const pushed = args[method === 'push' ? 0 : 1]?.type ?? UNKNOWN;
    return { ...type, element: preferType(type.element, pushed) };
  }
  return type;
}

export { STRING_TYPE, intType };
