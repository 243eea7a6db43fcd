// Resolves declared (syntax) types to `ValueType`s, the shapes values take, and gives the fields/variants of
// structs and enums on demand. Unrepresentable types become `unsupported` with a reason; nothing here throws.

import type { Expr, Fields, GenericArg, GenericParam, PathType, Type } from '../syntax';
import { hasTrustedBody, type ModelScope } from '../model';
import type { SeqOrigin, ValueType } from './value-type';
import { assertNever } from '../stdx';
import { isIntTypeName } from './int-types';
import { printType } from '../syntax';
import { PERMISSION_TYPES, permissionShape, RAW_POINTER } from './permissions';
import { atomicShape, atomicValueType, sharedAtomicShape, sharedAtomicType } from './atomics';
import { checkedIntShape, isCheckedIntType } from './checked-ints';
import { ORDERING, ORDERING_VARIANTS } from './std-enums';
import { RANGE, rangeShape } from './std-ranges';
import { typeObservations } from './observations';
import { associatedType } from './associated-types';
import { rwlockShape, rwlockType } from './rwlock';
import { deepUnsupported } from './deep-support';

export interface TypeContext {
  readonly scope: ModelScope;
  /** Generic parameters in scope, by name, with their concrete types. An unbound parameter is unsupported. */
  readonly generics?: ReadonlyMap<string, ValueType>;
  /** What `Self` stands for, inside an impl. */
  readonly selfType?: ValueType;
  /** Const generic parameters in scope (`const N: usize`), by name, with their values. */
  readonly consts?: ReadonlyMap<string, bigint>;
}

/** The fields of a struct or of one enum variant, generic arguments substituted. */
export interface FieldsShape {
  readonly kind: 'named' | 'tuple' | 'unit';
  readonly fields: readonly { readonly name: string; readonly type: ValueType }[];
}

export type AdtShape =
  | { readonly kind: 'struct'; readonly name: string; readonly fields: FieldsShape }
  | {
      readonly kind: 'enum';
      readonly name: string;
      readonly variants: readonly { readonly name: string; readonly fields: FieldsShape }[];
    };

export function resolveValueType(type: Type, ctx: TypeContext): ValueType {
  return resolve(type, ctx, 0);
}

/** The struct's fields or the enum's variants of an `adt` type; built in for `Option` and `Result`. Undefined when
 *  the name is not a datatype of the file. Remembered per scope and type object (the shape is a function of the
 *  two alone): generation builds thousands of values of one type, and each would resolve its fields again. */
export function adtShape(type: Extract<ValueType, { kind: 'adt' }>, ctx: TypeContext): AdtShape | undefined {
  let byType = SHAPES.get(ctx.scope);
  if (byType === undefined) {
    byType = new WeakMap();
    SHAPES.set(ctx.scope, byType);
  }
  const known = byType.get(type);
  if (known !== undefined) return known ?? undefined;
  const shape = resolveAdtShape(type, ctx);
  byType.set(type, shape ?? null);
  return shape;
}

/** `null`: the type has no shape (remembered too). Weak on both levels: a scope and its types go with their model. */
const SHAPES = new WeakMap<ModelScope, WeakMap<ValueType, AdtShape | null>>();

function resolveAdtShape(type: Extract<ValueType, { kind: 'adt' }>, ctx: TypeContext): AdtShape | undefined {
  const first = type.args[0] ?? UNSUPPORTED_ARG;
  if (type.name === 'Option' && ctx.scope.datatype('Option') === undefined) {
    return enumShape('Option', [unitVariant('None'), tupleVariant('Some', [first])]);
  }
  if (type.name === 'Result' && ctx.scope.datatype('Result') === undefined) {
    return enumShape('Result', [tupleVariant('Ok', [first]), tupleVariant('Err', [type.args[1] ?? UNSUPPORTED_ARG])]);
  }
  if (type.name === ORDERING && ctx.scope.datatype(ORDERING) === undefined) {
    return enumShape(ORDERING, ORDERING_VARIANTS.map(unitVariant));
  }
  if (type.name === RANGE && ctx.scope.datatype(RANGE) === undefined) return rangeShape(first);
  const datatype = ctx.scope.datatype(type.name);
  if (datatype === undefined)
    return (
      permissionShape(type.name, first) ??
      atomicShape(type.name) ??
      sharedAtomicShape(type, rawPointerType) ??
      checkedIntShape(type.name) ??
      rwlockShape(type)
    );
  const generics = bindGenerics(datatype.generics, type.args);
  const consts = bindConsts(datatype.generics, type.consts ?? []);
  const inner: TypeContext = { scope: ctx.scope, generics, selfType: type, ...(consts.size === 0 ? {} : { consts }) };
  if (datatype.kind === 'struct') {
    return {
      kind: 'struct',
      name: datatype.name,
      fields: withObservations(
        fieldsShape(datatype.fields, inner, datatype.name, hasTrustedBody(datatype.attributes)),
        datatype.name,
        inner,
      ),
    };
  }
  return enumShape(
    datatype.name,
    datatype.variants.map((variant) => ({ name: variant.name, fields: fieldsShape(variant.fields, inner, datatype.name) })),
  );
}

/** Rust-like text for messages: `Vec<i32>`, `Option<u8>`, `[u8; 4]`, `(int, bool)`. */
export function valueTypeText(type: ValueType): string {
  switch (type.kind) {
    case 'int':
      return type.int;
    case 'bool':
      return 'bool';
    case 'char':
      return 'char';
    case 'seq':
      return seqTypeText(type.origin, valueTypeText(type.element), type.length);
    case 'set':
      return `Set<${valueTypeText(type.element)}>`;
    case 'map':
      return `Map<${valueTypeText(type.key)}, ${valueTypeText(type.value)}>`;
    case 'multiset':
      return `Multiset<${valueTypeText(type.element)}>`;
    case 'tuple':
      if (type.elements.length === 1) return `(${valueTypeText(type.elements[0] as ValueType)},)`;
      return `(${type.elements.map(valueTypeText).join(', ')})`;
    case 'adt': {
      if (type.name === RAW_POINTER) return `*mut ${type.args.map(valueTypeText).join('') || '_'}`;
      const args = [...type.args.map(valueTypeText), ...(type.consts ?? []).map(String)];
      return args.length === 0 ? type.name : `${type.name}<${args.join(', ')}>`;
    }
    case 'fn':
      return `spec_fn(${type.params.map(valueTypeText).join(', ')}) -> ${valueTypeText(type.ret)}`;
    case 'unsupported':
    case 'opaque':
      return type.text;
    default:
      return assertNever(type);
  }
}

const SEQ_ORIGINS: Readonly<Record<string, SeqOrigin>> = { Vec: 'Vec', Seq: 'Seq', VecDeque: 'VecDeque' };
// vstd's hash collections are their views (exec code runs them as sets and maps: exec/hash-collections.ts).
const SET_NAMES: ReadonlySet<string> = new Set(['Set', 'HashSet', 'BTreeSet', 'HashSetWithView']);
const MAP_NAMES: ReadonlySet<string> = new Set(['Map', 'HashMap', 'BTreeMap', 'HashMapWithView']);
/** Wrappers that are transparent for values: smart pointers. */
const TRANSPARENT: ReadonlySet<string> = new Set(['Box', 'Rc', 'Arc', 'ManuallyDrop']);
/** Ghost and tracked modes: transparent for a value the harness represents, else a placeholder (`modeValueType`). */
const MODE_WRAPPERS: ReadonlySet<string> = new Set(['Ghost', 'Tracked']);
/** Type aliases may chain; this bounds a cycle (`type A = B; type B = A;`). */
const MAX_ALIAS_DEPTH = 32;
const UNSUPPORTED_ARG: ValueType = { kind: 'unsupported', text: '_', reason: 'missing generic argument' };

function resolve(type: Type, ctx: TypeContext, depth: number): ValueType {
  switch (type.kind) {
    case 'path':
      return resolvePath(type, ctx, depth);
    case 'ref':
      return resolve(type.inner, ctx, depth);
    case 'tuple':
      return { kind: 'tuple', elements: type.elements.map((element) => resolve(element, ctx, depth)) };
    case 'slice':
      return { kind: 'seq', element: resolve(type.element, ctx, depth), origin: 'slice' };
    case 'array': {
      const element = resolve(type.element, ctx, depth);
      const length = arrayLength(type.length, ctx);
      if (length === undefined) {
        return unsupported(`[${valueTypeText(element)}; _]`, 'the array length is not an integer literal or constant');
      }
      const elements = length * fixedElementCount(element);
      if (elements > MAX_FIXED_ELEMENTS) {
        return unsupported(
          `[${valueTypeText(element)}; ${length}]`,
          `a fixed-size array of ${elements} elements, more than the ${MAX_FIXED_ELEMENTS} the harness builds`,
        );
      }
      const cells = length * datatypeWidth(element, ctx);
      if (cells > MAX_FIXED_ELEMENTS) {
        return unsupported(
          `[${valueTypeText(element)}; ${length}]`,
          `a fixed-size array of ${length} values of ${cells / length} fields each, more than the ${MAX_FIXED_ELEMENTS} the harness builds`,
        );
      }
      return { kind: 'seq', element, origin: 'array', length: Number(length) };
    }
    case 'fn':
      // A fn pointer (IronKV's `extern "C" fn() -> u64` callbacks) is a value exec code may hold and pass on without
      // calling: a placeholder. A call through one is not runnable, and says so (exec/calls-and-paths.ts).
      if (type.name === 'fn') return { kind: 'opaque', text: printType(type), reason: 'a function pointer, which the run cannot call' };
      if (type.name !== 'spec_fn' && type.name !== 'FnSpec') {
        return unsupported(type.name, 'executable closures are not supported');
      }
      return {
        kind: 'fn',
        params: type.params.map((param) => resolve(param, ctx, depth)),
        ret: type.ret === undefined ? { kind: 'tuple', elements: [] } : resolve(type.ret, ctx, depth),
      };
    case 'infer':
      return unsupported('_', 'the type is inferred; write it out');
    case 'never':
      return unsupported('!', 'the never type has no values');
    case 'opaque':
      return type.pointee === undefined
        ? unsupported(type.text, opaqueReason(type.text))
        : rawPointerType(resolve(type.pointee, ctx, depth));
    default:
      return assertNever(type);
  }
}

function resolvePath(type: PathType, ctx: TypeContext, depth: number): ValueType {
  const last = type.segments[type.segments.length - 1];
  if (last === undefined) return unsupported('', 'empty type path');
  const name = last.name;
  const text = pathText(type);
  const args = last.generics.filter(isTypeArg).map((arg) => resolve(arg, ctx, depth));
  const arg = (idx: number): ValueType => args[idx] ?? UNSUPPORTED_ARG;
  if (type.segments.length === 1 && args.length === 0) {
    const bound = ctx.generics?.get(name);
    if (bound !== undefined) return bound;
  }
  if (isIntTypeName(name)) return { kind: 'int', int: name };
  if (name === 'bool') return { kind: 'bool' };
  if (name === 'char') return { kind: 'char' };
  if (name === 'String' || name === 'str') {
    return { kind: 'seq', element: { kind: 'char' }, origin: name };
  }
  if (name === 'f32' || name === 'f64') return unsupported(text, 'floating-point types are not supported');
  if (name === 'Self') return ctx.selfType ?? unsupported(text, '`Self` outside an impl');
  const owner = type.segments.length === 2 && args.length === 0 ? associatedOwner(type.segments[0]?.name, ctx) : undefined;
  // An associated type of a stand-in (a bound no code read implements: `DT::WriteOperation`) is a stand-in too.
  if (owner?.kind === 'opaque' && owner.reason === STAND_IN) {
    const param = type.segments[0]?.name ?? '';
    return standIn(`${param}::${name}`, `an associated type of the stand-in for ${param}`);
  }
  const associated = owner === undefined ? undefined : associatedType(owner, name, ctx.scope);
  if (owner !== undefined && associated !== undefined) {
    const generics = new Map([...(ctx.generics ?? []), ...associated.generics]);
    return resolve(associated.type, { ...ctx, selfType: owner, generics }, depth + 1);
  }
  if (ownCollection(type, ctx)) return resolveNamed(name, text, args, last.generics.filter(isTypeArg), ctx, depth);
  const origin = SEQ_ORIGINS[name];
  if (origin !== undefined) return { kind: 'seq', element: arg(0), origin };
  if (SET_NAMES.has(name)) return { kind: 'set', element: arg(0) };
  if (MAP_NAMES.has(name)) return { kind: 'map', key: arg(0), value: arg(1) };
  if (name === 'Multiset') return { kind: 'multiset', element: arg(0) };
  if (MODE_WRAPPERS.has(name)) return modeValueType(`${name}<${valueTypeText(arg(0))}>`, arg(0));
  if (TRANSPARENT.has(name)) return arg(0);
  // Older Verus spells spec closures as a path: `FnSpec<(A, B), R>`.
  const params = args[0];
  if (name === 'FnSpec' && args.length === 2 && params?.kind === 'tuple') return { kind: 'fn', params: params.elements, ret: arg(1) };
  // `core::result::Result<T, E>` is std's, even where the crate has a `Result<T>` alias of its own (Asterinas).
  const std = type.segments.length > 1 && STD_ROOTS.has(type.segments[0]?.name ?? '') ? builtinNamed(name, text, args) : undefined;
  if (std !== undefined) return std;
  const external = externalCrate(type, ctx);
  if (external !== undefined) return unsupported(text, `a type of the crate \`${external}\`, outside the code the harness reads`);
  return resolveNamed(name, text, args, last.generics.filter(isTypeArg), ctx, depth);
}

/** The reason of a stand-in's placeholder type: a generic parameter whose bound no code read implements, which
 *  the run passes on as a placeholder (function-type-context.ts). */
export const STAND_IN = 'a stand-in';

/** The stand-in placeholder type for `name`, saying why. */
export function standIn(name: string, because: string): ValueType {
  return { kind: 'opaque', text: `a stand-in for ${name} (${because})`, reason: STAND_IN };
}

/** The type `Self::X` or `T::X` is an associated type of: `Self`, or what the generic parameter `T` stands for. */
function associatedOwner(first: string | undefined, ctx: TypeContext): ValueType | undefined {
  if (first === undefined) return undefined;
  return first === 'Self' ? ctx.selfType : ctx.generics?.get(first);
}

/** The outside crate a path names when the crate also has a type of its last name (the wrapper around it). */
function externalCrate(type: PathType, ctx: TypeContext): string | undefined {
  const first = type.segments[0]?.name;
  const name = type.segments[type.segments.length - 1]?.name;
  if (type.segments.length < 2 || first === undefined || name === undefined || ctx.generics?.has(first) === true) return undefined;
  if (ctx.scope.datatype(name) === undefined && ctx.scope.typeAlias(name) === undefined) return undefined;
  return ctx.scope.externalCrate(first);
}

/** A datatype of the crate named like a std or vstd collection (IronKV's `endpoint_hashmap_t::HashMap<V>`, a wrapper
 *  of one type argument around std's): the crate's, unless the path says std's (`collections::HashMap`) or the
 *  number of type arguments is not the datatype's. */
function ownCollection(type: PathType, ctx: TypeContext): boolean {
  const last = type.segments[type.segments.length - 1];
  if (last === undefined || !COLLECTION_NAMES.has(last.name)) return false;
  if (type.segments.some((segment) => STD_PATH_SEGMENTS.has(segment.name))) return false;
  const own = ctx.scope.datatype(last.name);
  return own?.name === last.name && own.generics.filter((param) => param.kind === 'type').length === last.generics.filter(isTypeArg).length;
}

const COLLECTION_NAMES: ReadonlySet<string> = new Set([...Object.keys(SEQ_ORIGINS), ...SET_NAMES, ...MAP_NAMES]);
const STD_PATH_SEGMENTS: ReadonlySet<string> = new Set(['std', 'core', 'alloc', 'collections', 'vstd']);
/** The first segments of a path into Rust's standard library. */
const STD_ROOTS: ReadonlySet<string> = new Set(['std', 'core', 'alloc']);

/** User datatypes, aliases and the built-in `Option`/`Result`. */
function resolveNamed(name: string, text: string, args: ValueType[], written: readonly Type[], ctx: TypeContext, depth: number): ValueType {
  // The scope follows aliases to datatypes by name (`type NetEvent = LIoOp<EndPoint, Seq<u8>>` finds `LIoOp`), but
  // an alias's own type arguments are in its target: such an alias is resolved through its target below.
  const datatype = ctx.scope.datatype(name);
  const throughAlias = datatype !== undefined && datatype.name !== name && ctx.scope.typeAlias(name)?.type !== undefined;
  if (datatype !== undefined && !throughAlias) {
    const params = datatype.generics.filter((param) => param.kind !== 'lifetime');
    // Trailing parameters with defaults may be left out (`VmWriter<'a>` for `VmWriter<'a, Fallibility = Fallible>`).
    const defaults = params.slice(written.length).map((param) => param.default);
    if (written.length < params.length && defaults.every((fallback) => fallback !== undefined))
      return resolveNamed(name, text, args, [...written, ...defaults], ctx, depth);
    if (params.length !== written.length) {
      const expected = datatype.generics.filter((param) => param.kind === 'type').length;
      return unsupported(text, `${name} takes ${expected} type argument(s), found ${args.length}`);
    }
    const typeArgs: ValueType[] = [];
    const consts: bigint[] = [];
    for (const [index, param] of params.entries()) {
      const arg = written[index] as Type;
      if (param.kind === 'type') {
        typeArgs.push(resolve(arg, ctx, depth));
        continue;
      }
      const value = constArgument(arg, ctx);
      if (value === undefined)
        return unsupported(text, `the const argument \`${param.name}\` of ${name} is not an integer literal or constant`);
      consts.push(value);
    }
    return consts.length === 0 ? { kind: 'adt', name, args: typeArgs } : { kind: 'adt', name, args: typeArgs, consts };
  }
  const alias = ctx.scope.typeAlias(name);
  if (alias !== undefined && alias.type !== undefined) {
    if (depth >= MAX_ALIAS_DEPTH) return unsupported(text, 'type alias chain is too deep (a cycle?)');
    const generics = bindGenerics(alias.generics, args);
    return resolve(alias.type, { scope: ctx.scope, generics, selfType: ctx.selfType }, depth + 1);
  }
  return builtinNamed(name, text, args) ?? rwlockType(ctx.scope, name, args) ?? unsupported(text, `unknown type \`${name}\``);
}

/** std's and vstd's own datatypes the harness knows by name; undefined for any other name. */
function builtinNamed(name: string, text: string, args: ValueType[]): ValueType | undefined {
  if (name === 'Option' && args.length === 1) return { kind: 'adt', name, args };
  if (name === 'Result' && args.length === 2) return { kind: 'adt', name, args };
  if (name === 'Option' || name === 'Result') {
    return unsupported(text, `${name} takes ${name === 'Option' ? 1 : 2} type argument(s), found ${args.length}`);
  }
  // std's zero-sized marker `PhantomData<T>` has one value: it is the unit type.
  if (name === 'PhantomData' && args.length <= 1) return { kind: 'tuple', elements: [] };
  // std's `cmp::Ordering`, which systems code extends with its own `impl Ordering` helpers.
  if (name === ORDERING && args.length === 0) return { kind: 'adt', name, args };
  // std's `ops::Range<T>`, a struct of `start` and `end` (std-ranges.ts).
  if (name === RANGE && args.length === 1) return { kind: 'adt', name, args };
  // vstd's simple_pptr (and the legacy ptr module): the pointer and its permission (permissions.ts).
  if (PERMISSION_TYPES.get(name) === args.length) return { kind: 'adt', name, args };
  // vstd's permissioned atomics and their permissions (atomics.ts).
  if (atomicValueType(name) !== undefined && args.length === 0) return { kind: 'adt', name, args };
  const shared = sharedAtomicType(name, args);
  if (shared !== undefined) return shared;
  // vstd's `CheckedU32`/`CheckedU64` (checked-ints.ts).
  if (isCheckedIntType(name) && args.length === 0) return { kind: 'adt', name, args };
  return undefined;
}

/** A const generic argument as written in a type: a literal (`4`, `4usize`), a const parameter in scope, or a
 *  constant. Arguments the parser keeps as text (`{ N + 1 }`) are not evaluated. */
function constArgument(arg: Type, ctx: TypeContext): bigint | undefined {
  if (arg.kind === 'opaque') {
    const literal = /^(\d[\d_]*)(?:usize|u\d+|isize|i\d+)?$/.exec(arg.text.trim())?.[1];
    return literal === undefined ? undefined : BigInt(literal.replace(/_/g, ''));
  }
  return arg.kind === 'path' ? namedConstant(arg.segments, undefined, ctx, 0) : undefined;
}

/** A const parameter in scope or a constant, by its path; `written` is the path expression itself, which a constant
 *  defined as its own name does not unfold to again. */
function namedConstant(
  segments: readonly { readonly name: string }[],
  written: Expr | undefined,
  ctx: TypeContext,
  depth: number,
): bigint | undefined {
  const only = segments.length === 1 ? segments[0]?.name : undefined;
  const bound = only === undefined ? undefined : ctx.consts?.get(only);
  if (bound !== undefined) return bound;
  const constant = ctx.scope.constant(
    segments.map((segment) => segment.name),
    undefined,
  );
  return constant?.value === undefined || constant.value === written ? undefined : constantValue(constant.value, ctx, depth + 1);
}

function arrayLength(length: Expr, ctx: TypeContext): bigint | undefined {
  const value = constantValue(length, ctx, 0);
  return value !== undefined && value >= 0n ? value : undefined;
}

/** The value of a constant expression as array lengths and const arguments write them: literals, const parameters,
 *  constants (`1usize << 12`, `4096 * 8`, `N + 1`, `X as usize`), folded exactly; undefined for anything else,
 *  a division by zero, or a shift past 128 bits. */
function constantValue(expr: Expr, ctx: TypeContext, depth: number): bigint | undefined {
  if (depth > MAX_CONSTANT_DEPTH) return undefined;
  switch (expr.kind) {
    case 'paren':
      return constantValue(expr.inner, ctx, depth + 1);
    case 'int':
      return expr.value;
    case 'cast':
      return constantValue(expr.operand, ctx, depth + 1);
    case 'path':
      return namedConstant(expr.segments, expr, ctx, depth);
    case 'binary': {
      const left = constantValue(expr.left, ctx, depth + 1);
      const right = left === undefined ? undefined : constantValue(expr.right, ctx, depth + 1);
      return left === undefined || right === undefined ? undefined : foldBinary(expr.op, left, right);
    }
    default:
      return undefined;
  }
}

function foldBinary(op: string, left: bigint, right: bigint): bigint | undefined {
  switch (op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return right === 0n ? undefined : left / right;
    case '%':
      return right === 0n ? undefined : left % right;
    case '<<':
      return right < 0n || right > 128n ? undefined : left << right;
    case '>>':
      return right < 0n || right > 128n ? undefined : left >> right;
    default:
      return undefined;
  }
}

const MAX_CONSTANT_DEPTH = 64;

/** How many scalars a value of a fixed-size array type holds at least: what a generated input would build. */
function fixedElementCount(type: ValueType): bigint {
  if (type.kind === 'seq' && type.origin === 'array' && type.length !== undefined)
    return BigInt(type.length) * fixedElementCount(type.element);
  if (type.kind === 'tuple') return type.elements.reduce((sum, element) => sum + fixedElementCount(element), 0n) || 1n;
  return 1n;
}

/** How many fields a value of a datatype has at its top (at least 1; the widest variant of an enum), read off the
 *  declaration without resolving the field types: an array of 4096 page tables of 18 fields each is as costly to
 *  build and write as 73,728 integers. */
function datatypeWidth(type: ValueType, ctx: TypeContext): bigint {
  const inner = type.kind === 'adt' && type.name === 'Option' ? type.args[0] : type;
  const datatype = inner?.kind === 'adt' ? ctx.scope.datatype(inner.name) : undefined;
  if (datatype === undefined) return 1n;
  const counts =
    datatype.kind === 'struct' ? [fieldCount(datatype.fields)] : datatype.variants.map((variant) => fieldCount(variant.fields));
  return BigInt(Math.max(1, ...counts));
}

function fieldCount(fields: Fields): number {
  return fields.kind === 'unit' ? 0 : fields.fields.length;
}

/** Past this, a fixed-size array (a 4096 x 256 x 32 bitmap) is not built: one input would take gigabytes. */
const MAX_FIXED_ELEMENTS = 65_536n;

/** How a placeholder for a hidden field's value is labelled (`hidden SystemTime`). */
export const HIDDEN_FIELD = 'hidden';

/** `hidden`: the fields of an `external_body` datatype, which Verus never shows to a contract. Exec code (the
 *  trusted methods of IronKV's `DuctTapeProfiler { last_event: SystemTime, .. }`) reads them, so the ones the
 *  harness represents stay; any other is a placeholder instead of making every value holding the type unbuildable. */
function fieldsShape(fields: Fields, ctx: TypeContext, owner: string, hidden = false): FieldsShape {
  if (fields.kind === 'unit') return { kind: 'unit', fields: [] };
  return {
    kind: fields.kind,
    fields: fields.fields.map((field) => {
      const type = otherTypeOfOwnName(field.type, owner, resolveValueType(field.type, ctx));
      const mode = field.ghostMode ?? (hidden ? HIDDEN_FIELD : undefined);
      if (mode === undefined) return { name: field.name, type };
      // Only the wrapper's trusted bodies read a hidden field: one unknown type anywhere inside makes it a placeholder.
      const missing = mode === HIDDEN_FIELD ? deepUnsupported(type, (adt) => adtFieldTypes(adt, ctx)) : firstUnsupported(type);
      return { name: field.name, type: modeValueType(`${mode} ${valueTypeText(type)}`, type, missing) };
    }),
  };
}

/** A field written as a path to a type of its datatype's own name (anvil's `struct Container { inner:
 *  k8s_openapi::..::Container }`, made by a wrapper macro; `crate::crds::VReplicaSet`, from a module not read): no
 *  datatype holds itself directly, so the path names another type, which the harness does not have. */
function otherTypeOfOwnName(written: Type, owner: string, resolved: ValueType): ValueType {
  if (resolved.kind !== 'adt' || resolved.name !== owner || written.kind !== 'path' || written.segments.length < 2) return resolved;
  const text = written.segments.map((segment) => segment.name).join('::');
  return unsupported(text, `another type named \`${owner}\`, outside the code the harness reads: no datatype holds itself directly`);
}

/** The value type of a ghost or tracked value (`Ghost<T>`, `Tracked<T>`, a `ghost`/`tracked` field): `T` itself
 *  when the harness represents it, else a placeholder type. Exec code never reads such a value (Verus rejects it),
 *  so the implementation runs without knowing it; what a contract reads of it is indeterminate. Only the parts
 *  `firstUnsupported` sees are looked at: a datatype's fields are resolved on demand, and one of them this
 *  function covers only when it is ghost or tracked itself. */
function modeValueType(text: string, inner: ValueType, missing = firstUnsupported(inner)): ValueType {
  return missing === undefined ? inner : { kind: 'opaque', text, reason: `${missing.text}: ${missing.reason}` };
}

/** The field types of each variant of an `adt` type (a struct's one), or undefined when it has no shape. */
export function adtFieldTypes(type: Extract<ValueType, { kind: 'adt' }>, ctx: TypeContext): (readonly ValueType[])[] | undefined {
  const shape = adtShape(type, ctx);
  if (shape === undefined) return undefined;
  const variants = shape.kind === 'struct' ? [shape.fields] : shape.variants.map((variant) => variant.fields);
  return variants.map((fields) => fields.fields.map((field) => field.type));
}

/** A named struct's uninterpreted observations (`observations.ts`) as hidden fields after its declared ones. */
function withObservations(shape: FieldsShape, typeName: string, ctx: TypeContext): FieldsShape {
  const observations = shape.kind === 'named' ? typeObservations(ctx.scope, typeName) : [];
  if (observations.length === 0) return shape;
  const hidden = observations.map((observation) => ({ name: observation.field, type: resolveValueType(observation.type, ctx) }));
  return { kind: 'named', fields: [...shape.fields, ...hidden] };
}

function bindConsts(params: readonly GenericParam[], values: readonly bigint[]): Map<string, bigint> {
  const consts = new Map<string, bigint>();
  params
    .filter((param) => param.kind === 'const')
    .forEach((param, idx) => {
      const value = values[idx];
      if (value !== undefined) consts.set(param.name, value);
    });
  return consts;
}

function bindGenerics(params: readonly GenericParam[], args: readonly ValueType[]): Map<string, ValueType> {
  const generics = new Map<string, ValueType>();
  params.filter((param) => param.kind === 'type').forEach((param, idx) => generics.set(param.name, args[idx] ?? UNSUPPORTED_ARG));
  return generics;
}

function enumShape(name: string, variants: { name: string; fields: FieldsShape }[]): AdtShape {
  return { kind: 'enum', name, variants };
}

function unitVariant(name: string): { name: string; fields: FieldsShape } {
  return { name, fields: { kind: 'unit', fields: [] } };
}

function tupleVariant(name: string, types: readonly ValueType[]): { name: string; fields: FieldsShape } {
  return { name, fields: { kind: 'tuple', fields: types.map((type, idx) => ({ name: String(idx), type })) } };
}

function isTypeArg(arg: GenericArg): arg is Type {
  return arg.kind !== 'binding';
}

function pathText(type: PathType): string {
  return type.segments.map((segment) => segment.name).join('::');
}

function opaqueReason(text: string): string {
  if (text.startsWith('dyn') || text.startsWith('impl')) return 'trait objects and `impl Trait` types are not supported';
  return 'this type is not supported';
}

/** A raw pointer's value is its address whatever it points to; the pointee only types a dereference, so one the
 *  harness cannot represent is left out rather than making the pointer unrepresentable. */
function rawPointerType(pointee: ValueType): ValueType {
  return { kind: 'adt', name: RAW_POINTER, args: firstUnsupported(pointee) === undefined ? [pointee] : [] };
}

function seqTypeText(origin: SeqOrigin, element: string, length: number | undefined): string {
  switch (origin) {
    case 'array':
      return length === undefined ? `[${element}; _]` : `[${element}; ${length}]`;
    case 'slice':
      return `&[${element}]`;
    case 'String':
      return 'String';
    case 'str':
      return '&str';
    default:
      return `${origin}<${element}>`;
  }
}

function unsupported(text: string, reason: string): ValueType {
  return { kind: 'unsupported', text, reason };
}

/** The first unsupported part of a type (depth-first), so callers can report it before using the type; adt
 *  fields are not visited (they are resolved on demand and may be recursive). */
export function firstUnsupported(type: ValueType): Extract<ValueType, { kind: 'unsupported' }> | undefined {
  return deepUnsupported(type, NO_FIELDS);
}

const NO_FIELDS = (): readonly (readonly ValueType[])[] => [];
