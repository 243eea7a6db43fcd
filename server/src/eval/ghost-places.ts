// Places in a set of input values (a parameter, its fields, elements of its sequences), read and written without
// mutating: ghost completion sets the places a contract's equalities pin.

import { RWLOCK_PRED, rwlockParts } from './rwlock';
import type { Value } from './value';
import type { ValueType } from './value-type';
import type { TypeContext } from './type-resolution';
import { adtShape } from './type-resolution';
import type { ModelScope } from '../model';
import type { Block, Expr, Pattern, Type } from '../syntax';
import { wrapperView } from './wrapper-views';
import { isObservationField, observationField } from './observations';

/** A value inside the inputs: a parameter and the fields below it. */
export interface Place {
  readonly root: string;
  /** Field names, and `[k]` for element k of a sequence (`self.arr_seq@[index as int].prev`). */
  readonly fields: readonly string[];
}

export function readPlace(inputs: ReadonlyMap<string, Value>, place: Place): Value | undefined {
  let value = inputs.get(place.root);
  for (const field of place.fields) {
    const index = elementIndex(field);
    if (index !== undefined) value = value?.kind === 'seq' ? value.elements[index] : undefined;
    else if (value?.kind === 'struct' || value?.kind === 'enum') {
      const name = fieldName(value, field);
      value = value.fields.find(([candidate]) => candidate === name)?.[1];
    } else value = undefined;
    if (value === undefined) return undefined;
  }
  return value;
}

/** k of a `[k]` step, within the elements a sequence can have; undefined for a field name. */
export function elementIndex(step: string): number | undefined {
  if (!step.startsWith('[')) return undefined;
  const index = Number(step.slice(1, -1));
  return Number.isSafeInteger(index) && index >= 0 ? index : -1;
}

export function writePlace(inputs: ReadonlyMap<string, Value>, place: Place, value: Value): ReadonlyMap<string, Value> | undefined {
  const root = inputs.get(place.root);
  if (root === undefined) return undefined;
  const written = writeFields(root, place.fields, value);
  if (written === undefined) return undefined;
  const next = new Map(inputs);
  next.set(place.root, written);
  return next;
}

function writeFields(target: Value, fields: readonly string[], value: Value): Value | undefined {
  const [first, ...rest] = fields;
  if (first === undefined) return value;
  const element = elementIndex(first);
  if (element !== undefined) {
    const inner = target.kind === 'seq' ? target.elements[element] : undefined;
    const written = inner === undefined ? undefined : writeFields(inner, rest, value);
    if (target.kind !== 'seq' || written === undefined) return undefined;
    const elements = [...target.elements];
    elements[element] = written;
    return { ...target, elements };
  }
  if (target.kind !== 'struct' && target.kind !== 'enum') return undefined;
  const index = target.fields.findIndex(([name]) => name === fieldName(target, first));
  const inner = target.fields[index]?.[1];
  const written = inner === undefined ? undefined : writeFields(inner, rest, value);
  if (written === undefined) return undefined;
  const copy = [...target.fields];
  copy[index] = [copy[index]?.[0] ?? first, written];
  return { ...target, fields: copy };
}

export function placeType(type: ValueType, fields: readonly string[], ctx: TypeContext): ValueType | undefined {
  let current: ValueType | undefined = type;
  for (const field of fields) {
    if (elementIndex(field) !== undefined) {
      current = current?.kind === 'seq' ? current.element : undefined;
      continue;
    }
    if (current === undefined || current.kind !== 'adt') return undefined;
    const shape = adtShape(current, ctx);
    if (shape === undefined) return undefined;
    // An enum's payload has a type when the step names its variant (`Ok_0`), or one variant alone has a field of
    // that name (`Some`'s `0`).
    const holders = shape.kind === 'struct' ? [shape.fields] : shape.variants.map((variant) => variant.fields);
    const direct = holders.flatMap((holder) => holder.fields.filter((candidate) => candidate.name === field));
    const named = shape.kind === 'enum' && direct.length === 0 ? variantField(field) : undefined;
    const found =
      named === undefined
        ? direct
        : shape.kind === 'enum'
          ? shape.variants
              .filter((variant) => variant.name === named.variant)
              .flatMap((variant) => variant.fields.fields.filter((candidate) => candidate.name === named.field))
          : [];
    current = found.length === 1 ? found[0]?.type : undefined;
  }
  return current;
}

/** `Ok_0` as Verus writes a variant's field after `->`: the variant and the field. */
function variantField(step: string): { readonly variant: string; readonly field: string } | undefined {
  const named = /^(\w+)_(\d+)$/.exec(step);
  return named === null ? undefined : { variant: named[1] ?? '', field: named[2] ?? '' };
}

/** The name a step reads in a struct or enum value: a field of that name, else for an enum `Ok_0` is its field
 *  `0` when it holds `Ok`, and no field otherwise. */
function fieldName(value: Extract<Value, { kind: 'struct' | 'enum' }>, step: string): string | undefined {
  if (value.kind === 'struct' || value.fields.some(([name]) => name === step)) return step;
  const named = variantField(step);
  if (named === undefined) return step;
  return value.variant === named.variant ? named.field : undefined;
}

/** `value` with the sequences its type declares as `String`/`&str` marked as text: a view (`Seq<char>`) set into an
 *  exec place (`Option<String>` by `self@.name == name.deep_view()`) must be a string there, for `as_str()` and
 *  the output. */
export function withTextOf(value: Value, type: ValueType, ctx: TypeContext, depth: number): Value {
  if (depth > MAX_TEXT_DEPTH) return value;
  const inner = (part: Value, partType: ValueType | undefined): Value =>
    partType === undefined ? part : withTextOf(part, partType, ctx, depth + 1);
  if (type.kind === 'seq' && value.kind === 'seq') {
    const elements = value.elements.map((element) => inner(element, type.element));
    return type.origin === 'String' || type.origin === 'str' ? { kind: 'seq', elements, text: true } : { ...value, elements };
  }
  if (type.kind === 'tuple' && value.kind === 'tuple')
    return { kind: 'tuple', elements: value.elements.map((element, i) => inner(element, type.elements[i])) };
  if (type.kind === 'map' && value.kind === 'map')
    return { kind: 'map', entries: value.entries.map(([key, entry]) => [inner(key, type.key), inner(entry, type.value)] as const) };
  if (type.kind === 'set' && value.kind === 'set')
    return { kind: 'set', elements: value.elements.map((element) => inner(element, type.element)) };
  if (type.kind !== 'adt' || (value.kind !== 'struct' && value.kind !== 'enum')) return value;
  const shape = adtShape(type, ctx);
  const fields =
    shape?.kind === 'struct'
      ? shape.fields
      : shape?.variants.find((variant) => value.kind === 'enum' && variant.name === value.variant)?.fields;
  if (fields === undefined) return value;
  return {
    ...value,
    fields: value.fields.map(([name, part]) => [name, inner(part, fields.fields.find((field) => field.name === name)?.type)] as const),
  };
}

const MAX_TEXT_DEPTH = 16;

/** The collection field that `x@` is, for a value of a trusted wrapper around one std collection (wrapper-views.ts:
 *  anvil's `StringMap { inner: BTreeMap<String, String> }` viewed as `Map<Seq<char>, Seq<char>>`). */
export function wrappedCollectionPlace(scope: ModelScope, inputs: ReadonlyMap<string, Value>, receiver: Place): Place | undefined {
  const value = readPlace(inputs, receiver);
  if (value?.kind !== 'struct') return undefined;
  const item = scope.resolveMethod(value.name, 'view')?.item;
  const wrapper = item === undefined ? undefined : wrapperView(scope, value.name, item);
  return wrapper === undefined ? undefined : { root: receiver.root, fields: [...receiver.fields, wrapper.field] };
}

/** The place an expression names: a bound name, its fields, and `@` of a place (which is the place itself when
 *  the view is transparent, checked where it is used). With the values at hand, `x@` and `x.f()` of a value that
 *  holds them as uninterpreted observations (`observations.ts`) name the hidden field, and `x.f()` of an accessor
 *  spec fn (`spec fn page_id(&self) -> PageId { self.data@.page_id }`) the place its body names. */
export function placeOf(
  expr: Expr,
  bindings: ReadonlyMap<string, Place>,
  oldIsPlace = true,
  inputs?: ReadonlyMap<string, Value>,
  indexOf?: (index: Expr) => bigint | undefined,
  accessor?: (receiver: Place, method: string) => Place | undefined,
  wrapperPlace?: (receiver: Place) => Place | undefined,
): Place | undefined {
  const inner = (operand: Expr): Place | undefined => placeOf(operand, bindings, oldIsPlace, inputs, indexOf, accessor, wrapperPlace);
  switch (expr.kind) {
    case 'index': {
      const receiver = inner(expr.receiver);
      const index = receiver === undefined ? undefined : indexOf?.(expr.index);
      return receiver === undefined || index === undefined
        ? undefined
        : { root: receiver.root, fields: [...receiver.fields, `[${index}]`] };
    }
    case 'paren':
      return inner(expr.inner);
    case 'path':
      return expr.segments.length === 1 ? bindings.get(expr.segments[0]?.name ?? '') : undefined;
    case 'field':
    case 'arrow': {
      // `r->0`, `r->Ok_0`: the payload of the variant `r` holds (ghost-places.ts reads it only from that variant).
      const receiver = inner(expr.receiver);
      return receiver === undefined ? undefined : { root: receiver.root, fields: [...receiver.fields, expr.field] };
    }
    case 'view': {
      const receiver = inner(expr.operand);
      if (receiver === undefined) return undefined;
      return observationPlace(receiver, 'view', inputs) ?? wrapperPlace?.(receiver) ?? receiver;
    }
    case 'method-call': {
      // `x.deep_view()` is `x@` all the way down: the place itself where the views are transparent (an
      // `Option<String>`'s is its `Option<Seq<char>>`), checked where it is used, as `@` is.
      if (expr.method === 'deep_view' && expr.args.length === 0) {
        const receiver = inner(expr.receiver);
        return receiver === undefined ? undefined : (observationPlace(receiver, 'deep_view', inputs) ?? receiver);
      }
      // `x.unwrap_or(d)` of an `x` holding `Some(v)` is `v`'s place (a `None` is the default, no place).
      if (expr.method === 'unwrap_or' && expr.args.length === 1) {
        const option = inner(expr.receiver);
        const held = option === undefined || inputs === undefined ? undefined : readPlace(inputs, option);
        return held?.kind === 'enum' && held.variant === 'Some' && option !== undefined
          ? { root: option.root, fields: [...option.fields, '0'] }
          : undefined;
      }
      const receiver = expr.args.length === 0 ? inner(expr.receiver) : undefined;
      return receiver === undefined ? undefined : (observationPlace(receiver, expr.method, inputs) ?? accessor?.(receiver, expr.method));
    }
    case 'call': {
      // `old(self)` in a requires is the input itself; in an ensures, the entry value, which is read, never set.
      // `final(self)` is the value after the call: the place itself.
      const callee = expr.callee.kind === 'path' && expr.callee.segments.length === 1 ? expr.callee.segments[0]?.name : undefined;
      const wrapped = (callee === 'old' || callee === 'final') && expr.args.length === 1 ? inner(expr.args[0] as Expr) : undefined;
      return wrapped === undefined || callee === 'final' || oldIsPlace
        ? wrapped
        : { root: entryRoot(wrapped.root), fields: wrapped.fields };
    }
    case 'unary':
      return expr.op === '*' ? inner(expr.operand) : undefined;
    case 'cast':
      // `n as int` is `n` itself, for an integer the place's type can hold (checked where it is set).
      return isSpecIntegerType(expr.type) ? inner(expr.operand) : undefined;
    default:
      return undefined;
  }
}

function isSpecIntegerType(type: Type): boolean {
  return type.kind === 'path' && type.segments.length === 1 && (type.segments[0]?.name === 'int' || type.segments[0]?.name === 'nat');
}

/** The place `receiver.method()` names when `method` is a spec fn of the receiver's type whose body is a place
 *  of `self` (an accessor: `self.data@.len`); one level deep. */
export function accessorPlace(scope: ModelScope, inputs: ReadonlyMap<string, Value>, receiver: Place, method: string): Place | undefined {
  const value = readPlace(inputs, receiver);
  if (value?.kind !== 'struct' && value?.kind !== 'enum') return undefined;
  // vstd's `lock.pred()` is the built-in lock's predicate field (rwlock.ts).
  if (method === RWLOCK_PRED && rwlockParts(scope, value) !== undefined)
    return { root: receiver.root, fields: [...receiver.fields, RWLOCK_PRED] };
  const item = scope.resolveMethod(value.name, method)?.item;
  const body = item?.body;
  if (item?.mode !== 'spec' || body === undefined || body.stmts.length > 0 || body.tail === undefined || item.params.length !== 1)
    return undefined;
  return placeOf(body.tail, new Map([['self', receiver]]), true, inputs);
}

/** The name an ensures' `old(x)` is read under among the values. */
export function entryRoot(name: string): string {
  return `old(${name})`;
}

/** The hidden field of `receiver`'s value that holds its observation `name`, when the value has one. */
function observationPlace(receiver: Place, name: string, inputs: ReadonlyMap<string, Value> | undefined): Place | undefined {
  const value = inputs === undefined ? undefined : readPlace(inputs, receiver);
  const field = observationField(name);
  if (value?.kind !== 'struct' || !value.fields.some(([fieldName]) => fieldName === field)) return undefined;
  return { root: receiver.root, fields: [...receiver.fields, field] };
}

/** Binds each name `pattern` binds to its place inside the scrutinee: a tuple expression element by element, a
 *  place by its fields (`Some(x)` at `p` is `p.0`). False when some binding has no place. */
export function bindPatternPlaces(
  pattern: Pattern,
  scrutinee: Expr,
  place: (operand: Expr) => Place | undefined,
  out: Map<string, Place>,
): boolean {
  if (pattern.kind === 'tuple' && scrutinee.kind === 'tuple' && pattern.elements.length === scrutinee.elements.length)
    return pattern.elements.every((element, i) => bindPatternPlaces(element, scrutinee.elements[i] as Expr, place, out));
  if (patternBindsNothing(pattern)) return true;
  const at = place(scrutinee);
  return at !== undefined && bindAt(pattern, at, out);
}

function bindAt(pattern: Pattern, at: Place, out: Map<string, Place>): boolean {
  const inner = (sub: Pattern, step: string): boolean => bindAt(sub, { root: at.root, fields: [...at.fields, step] }, out);
  switch (pattern.kind) {
    case 'binding':
      out.set(pattern.name, at);
      return pattern.subpattern === undefined || bindAt(pattern.subpattern, at, out);
    case 'tuple':
    case 'tuple-struct':
      return pattern.elements.every((element, i) => element.kind === 'rest' || inner(element, String(i)));
    case 'struct':
      return pattern.fields.every((field) => inner(field.pattern, field.name));
    case 'ref':
      return bindAt(pattern.pattern, at, out);
    default:
      return patternBindsNothing(pattern);
  }
}

function patternBindsNothing(pattern: Pattern): boolean {
  return (
    pattern.kind === 'wild' || pattern.kind === 'rest' || pattern.kind === 'literal' || pattern.kind === 'path' || pattern.kind === 'range'
  );
}

/** A block's tail with each `let x = place;` before it bound to that place; undefined when a statement is anything
 *  else (a `let` of a computed value binds no place). */
export function blockBindings(
  block: Block,
  bound: ReadonlyMap<string, Place>,
  inputs: ReadonlyMap<string, Value>,
  oldIsPlace: boolean,
): { readonly expr: Expr; readonly bindings: ReadonlyMap<string, Place> } | undefined {
  if (block.tail === undefined) return undefined;
  let bindings = bound;
  for (const stmt of block.stmts) {
    if (stmt.kind !== 'let' || stmt.init === undefined || stmt.else !== undefined) return undefined;
    if (stmt.pattern.kind !== 'binding' || stmt.pattern.subpattern !== undefined) return undefined;
    const place = placeOf(stmt.init, bindings, oldIsPlace, inputs);
    if (place === undefined) return undefined;
    bindings = new Map([...bindings, [stmt.pattern.name, place]]);
  }
  return { expr: block.tail, bindings };
}

/** A parameter declared `Ghost<..>`/`Tracked<..>`, a struct field of such a type, or a part of an uninterpreted
 *  observation (ghost by nature: the value's exec state is what it is tied to). */
export function isGhostPlace(
  scope: ModelScope,
  ghostRoots: ReadonlySet<string>,
  inputs: ReadonlyMap<string, Value>,
  place: Place,
): boolean {
  if (place.fields.some(isObservationField) || ghostRoots.has(place.root)) return true;
  // Inside a ghost field is ghost too (an element of `self.arr_seq@`).
  return place.fields.some((step, at) => {
    if (elementIndex(step) !== undefined) return false;
    const owner = readPlace(inputs, { root: place.root, fields: place.fields.slice(0, at) });
    if (owner === undefined || owner.kind !== 'struct') return false;
    // A vstd lock's predicate is ghost (`Ghost(pred)` made it).
    if (step === RWLOCK_PRED && rwlockParts(scope, owner) !== undefined) return true;
    const datatype = scope.datatype(owner.name);
    if (datatype?.kind !== 'struct' || datatype.fields.kind === 'unit') return false;
    const field = datatype.fields.fields.find((candidate) => candidate.name === step);
    return field !== undefined && isGhostType(field.type);
  });
}

export function isGhostType(type: Type): boolean {
  const head = type.kind === 'path' ? type.segments[type.segments.length - 1]?.name : undefined;
  return head === 'Ghost' || head === 'Tracked';
}
