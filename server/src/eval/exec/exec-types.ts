// Static types the interpreter carries beside run-time values, so that every integer operation knows the exact
// width it runs at (declarations, literal suffixes, and inference from the other operand, as rustc would).

import type { GenericArg, Pattern, Type } from '../../syntax';
import type { IntType, ValueType } from '../value-type';
import type { Value } from '../value';
import { isIntTypeName } from './int-ops';
import { RAW_POINTER, unwrappedModePattern } from '../permissions';

export type ExecType =
  | { readonly kind: 'int'; readonly int: IntType }
  /** An unsuffixed integer literal whose type is not pinned yet; it takes the type of what it meets. */
  | { readonly kind: 'flex' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'char' }
  /** `Vec<T>`, arrays, slices; `String`/`&str` are seqs of char with `text`. */
  | { readonly kind: 'seq'; readonly element: ExecType; readonly text: boolean }
  | { readonly kind: 'tuple'; readonly elements: readonly ExecType[] }
  /** User structs and enums, `Option`, `Result`, by name with generic arguments. */
  | { readonly kind: 'adt'; readonly name: string; readonly args: readonly ExecType[] }
  | { readonly kind: 'unknown' };

export const UNKNOWN: ExecType = { kind: 'unknown' };
export const FLEX: ExecType = { kind: 'flex' };
export const BOOL: ExecType = { kind: 'bool' };
export const CHAR: ExecType = { kind: 'char' };
export const USIZE: ExecType = { kind: 'int', int: 'usize' };
export const UNIT_TYPE: ExecType = { kind: 'tuple', elements: [] };
export const STRING_TYPE: ExecType = { kind: 'seq', element: CHAR, text: true };

export function intType(int: IntType): ExecType {
  return { kind: 'int', int };
}

export function seqOf(element: ExecType): ExecType {
  return { kind: 'seq', element, text: false };
}

export function optionOf(inner: ExecType): ExecType {
  return { kind: 'adt', name: 'Option', args: [inner] };
}

/** Generic parameters in scope (a struct's `T`) map to the concrete argument types. */
export type TypeSubstitution = ReadonlyMap<string, ExecType>;

/** The exec type of a declared syntax type; references are transparent (`&mut Vec<u8>` is a seq of u8). */
export function execTypeOf(type: Type, subst: TypeSubstitution, selfType: ExecType | undefined): ExecType {
  switch (type.kind) {
    case 'path':
      return pathType(type, subst, selfType);
    case 'ref':
      return execTypeOf(type.inner, subst, selfType);
    case 'tuple':
      return { kind: 'tuple', elements: type.elements.map((element) => execTypeOf(element, subst, selfType)) };
    case 'array':
    case 'slice':
      return seqOf(execTypeOf(type.element, subst, selfType));
    case 'opaque':
      return type.pointee === undefined ? UNKNOWN : { kind: 'adt', name: RAW_POINTER, args: [execTypeOf(type.pointee, subst, selfType)] };
    default:
      return UNKNOWN;
  }
}

/** `Self` of an impl at the substitution `subst` of its generics. The header says it when the impl is generic
 *  (`instantiated`) or is for a built-in type (`impl Marshalable for (u64, u64)`, `for u64`), which no datatype
 *  name stands for; otherwise the datatype's name. */
export function implSelfType(
  selfTypeName: string,
  header: { readonly selfType: Type } | undefined,
  subst: TypeSubstitution,
  instantiated: boolean,
): ExecType {
  const named: ExecType = { kind: 'adt', name: selfTypeName, args: [] };
  const declared = header === undefined ? undefined : execTypeOf(header.selfType, subst, undefined);
  if (declared === undefined || declared.kind === 'unknown') return named;
  if (declared.kind === 'adt') return instantiated && declared.name === selfTypeName ? declared : named;
  return declared;
}

/** The exec type of a resolved value type (the instantiation of a generic parameter): what the interpreter tracks
 *  of it, everything else unknown. */
export function execTypeOfValueType(type: ValueType): ExecType {
  switch (type.kind) {
    case 'int':
      return intType(type.int);
    case 'bool':
      return BOOL;
    case 'char':
      return CHAR;
    case 'seq':
      return type.origin === 'String' || type.origin === 'str' ? STRING_TYPE : seqOf(execTypeOfValueType(type.element));
    case 'tuple':
      return { kind: 'tuple', elements: type.elements.map(execTypeOfValueType) };
    case 'adt':
      return { kind: 'adt', name: type.name, args: type.args.map(execTypeOfValueType) };
    default:
      return UNKNOWN;
  }
}

/** The name a type's impls are indexed by (`SHTKey`, `u64`), for dispatching calls on a generic parameter. */
export function implTypeName(type: ExecType): string | undefined {
  if (type.kind === 'int') return type.int;
  return type.kind === 'adt' ? type.name : undefined;
}

/** The type whose impls a receiver's methods come from: its integer or datatype name as typed, else the name its
 *  struct or enum value carries. */
export function receiverTypeName(type: ExecType, value: Value): string | undefined {
  if (type.kind === 'adt' || type.kind === 'int') return implTypeName(type);
  return value.kind === 'struct' || value.kind === 'enum' ? value.name : undefined;
}

/** The int type of a type, or undefined when it is not a (pinned) integer. */
export function intOf(type: ExecType): IntType | undefined {
  return type.kind === 'int' ? type.int : undefined;
}

/** Prefers the more precise of two types for the same value (pinned over flex, known over unknown). */
export function preferType(a: ExecType, b: ExecType): ExecType {
  if (a.kind === 'unknown' || a.kind === 'flex') return b.kind === 'unknown' ? a : b;
  if (a.kind === 'seq' && b.kind === 'seq') return { kind: 'seq', element: preferType(a.element, b.element), text: a.text || b.text };
  return a;
}

function pathType(type: Extract<Type, { kind: 'path' }>, subst: TypeSubstitution, selfType: ExecType | undefined): ExecType {
  const last = type.segments[type.segments.length - 1];
  if (last === undefined) return UNKNOWN;
  const name = last.name;
  const args = last.generics.map((arg) => genericArgType(arg, subst, selfType));
  if (type.segments.length === 1) {
    const bound = subst.get(name);
    if (bound !== undefined) return bound;
  }
  if (isIntTypeName(name)) return intType(name);
  switch (name) {
    case 'bool':
      return BOOL;
    case 'char':
      return CHAR;
    case 'String':
    case 'str':
      return STRING_TYPE;
    case 'Vec':
    case 'Seq':
    case 'VecDeque':
      return seqOf(args[0] ?? UNKNOWN);
    case 'Box':
    case 'Rc':
    case 'Arc':
    case 'ManuallyDrop':
    case 'Ghost':
    case 'Tracked':
      return args[0] ?? UNKNOWN;
    case 'Self':
      return selfType ?? UNKNOWN;
    default:
      return { kind: 'adt', name, args };
  }
}

function genericArgType(arg: GenericArg, subst: TypeSubstitution, selfType: ExecType | undefined): ExecType {
  return arg.kind === 'binding' ? UNKNOWN : execTypeOf(arg, subst, selfType);
}

/** Ghost parameters (`ghost x: int`, `Ghost(g): Ghost<int>`, `g: Ghost<Seq<u8>>`) are erased: exec code cannot read
 *  them. Tracked ones (`Tracked(p): Tracked<&mut PointsTo<V>>`) stay for the shadow execution, which reads and
 *  writes memory through the permissions they carry (pointers.ts). */
export function isErasedParam(param: ModeParam): boolean {
  return param.ghostMode !== 'exec' || wrapperArg(param.type, 'Ghost') !== undefined;
}

/** `&mut T` and `Tracked<&mut T>` parameters take a place: the caller sees what the callee wrote. */
export function passesByPlace(param: ModeParam): boolean {
  return param.passing === 'mut' || isMutableBorrowType(param.type);
}

/** `&mut T`, also as a tracked token is passed (`Tracked<&mut T>`). */
export function isMutableBorrowType(type: Type): boolean {
  const tracked = wrapperArg(type, 'Tracked');
  return (type.kind === 'ref' && type.mutable) || (tracked?.kind === 'ref' && tracked.mutable);
}

/** The variable a parameter binds, also inside `Tracked(p)` / `Ghost(g)`; the model and the inputs use this name. */
export function paramBindingName(param: ModeParam): string | undefined {
  const pattern = unwrappedModePattern(param.pattern) ?? param.pattern;
  return pattern.kind === 'binding' ? pattern.name : undefined;
}

export function isTrackedParam(param: ModeParam): boolean {
  return wrapperArg(param.type, 'Tracked') !== undefined;
}

interface ModeParam {
  readonly ghostMode: string;
  readonly type: Type;
  readonly pattern: Pattern;
  readonly passing: string;
}

/** The type argument of a `Ghost<T>` / `Tracked<T>` type (behind one reference: `&mut Tracked<T>`). */
function wrapperArg(type: Type, wrapper: 'Ghost' | 'Tracked'): Type | undefined {
  const plain = type.kind === 'ref' ? type.inner : type;
  const last = plain.kind === 'path' ? plain.segments[plain.segments.length - 1] : undefined;
  const arg = last?.name === wrapper ? last.generics[0] : undefined;
  return arg === undefined || arg.kind === 'binding' ? undefined : arg;
}
