// The size and alignment of a type, as `core::mem::size_of::<T>()`/`align_of::<T>()` and vstd's
// `vstd::layout::size_of::<T>()` give them on the 64-bit targets Verus verifies for.
// Decision: a `global size_of`/`global layout` directive of the crate is what Verus was told (and checked against
// rustc), so it comes first; then the primitives; then arrays and `#[repr(C)]` structs by the C layout rules
// (each field at the next multiple of its alignment, the size rounded up to the largest one), which is also what
// the persistent-memory crates' `#[derive(PmSized)]` macro computes. Any other struct's layout (and every enum's,
// `Option` included) is rustc's own choice: unknown here, with the reason, rather than a guess.

import type { Datatype, ModelScope } from '../model';
import type { Expr, PathSegment, Type } from '../syntax';
import type { ValueType } from './value-type';
import { resolveValueType, valueTypeText } from './type-resolution';
import type { TypeContext } from './type-resolution';

export type Layout =
  { readonly kind: 'known'; readonly size: bigint; readonly align: bigint } | { readonly kind: 'unknown'; readonly reason: string };

/** The layout of a resolved type. */
export function layoutOf(type: ValueType, scope: ModelScope): Layout {
  return layoutAt(type, scope, 0);
}

/** The layout of the type a name stands for (`u64`, `Node`), as generic parameters are instantiated by name. */
export function layoutOfNamed(typeName: string, scope: ModelScope): Layout {
  return layoutOf(namedType(typeName), scope);
}

function namedType(typeName: string): ValueType {
  return PRIMITIVES.has(typeName) ? primitiveType(typeName) : { kind: 'adt', name: typeName, args: [] };
}

const MAX_DEPTH = 8;

/** Sizes of the primitives on a 64-bit target; each aligns to its size (`u128` to 16 since Rust 1.77). */
const PRIMITIVES: ReadonlyMap<string, bigint> = new Map([
  ['u8', 1n],
  ['i8', 1n],
  ['bool', 1n],
  ['u16', 2n],
  ['i16', 2n],
  ['u32', 4n],
  ['i32', 4n],
  ['char', 4n],
  ['u64', 8n],
  ['i64', 8n],
  ['usize', 8n],
  ['isize', 8n],
  ['u128', 16n],
  ['i128', 16n],
]);

function primitiveType(name: string): ValueType {
  if (name === 'bool') return { kind: 'bool' };
  if (name === 'char') return { kind: 'char' };
  return { kind: 'int', int: name as Extract<ValueType, { kind: 'int' }>['int'] };
}

function known(size: bigint, align: bigint): Layout {
  return { kind: 'known', size, align };
}

function unknown(reason: string): Layout {
  return { kind: 'unknown', reason };
}

function layoutAt(type: ValueType, scope: ModelScope, depth: number): Layout {
  if (depth > MAX_DEPTH) return unknown('the type nests too deeply');
  const name =
    type.kind === 'int' ? type.int : type.kind === 'bool' || type.kind === 'char' ? type.kind : type.kind === 'adt' ? type.name : undefined;
  const declared = name === undefined ? undefined : scope.declaredLayout(name);
  const primitive = name === undefined ? undefined : PRIMITIVES.get(name);
  if (declared !== undefined) return known(declared.size, declared.align ?? primitive ?? declared.size);
  if (primitive !== undefined) return known(primitive, primitive);
  switch (type.kind) {
    case 'int':
      return unknown(`\`${type.int}\` is a mathematical integer, with no layout`);
    case 'seq': {
      if (type.origin !== 'array' || type.length === undefined) return unknown(`\`${valueTypeText(type)}\` is not a fixed-size array`);
      const element = layoutAt(type.element, scope, depth + 1);
      return element.kind === 'known' ? known(element.size * BigInt(type.length), element.align) : element;
    }
    case 'tuple':
      return type.elements.length === 0 ? known(0n, 1n) : unknown("the layout of a tuple is rustc's choice");
    case 'adt':
      return adtLayout(type, scope, depth);
    default:
      return unknown(`\`${valueTypeText(type)}\` has no layout the harness knows`);
  }
}

function adtLayout(type: Extract<ValueType, { kind: 'adt' }>, scope: ModelScope, depth: number): Layout {
  const datatype = scope.datatype(type.name);
  const rustcs = unknown(`the layout of \`${type.name}\` is rustc's choice (no \`#[repr(C)]\` and no \`global layout\` directive)`);
  if (datatype === undefined || datatype.kind !== 'struct') return rustcs;
  if (datatype.generics.some((param) => param.kind !== 'lifetime')) return unknown(`\`${type.name}\` is generic`);
  if (datatype.fields.kind === 'unit') return known(0n, 1n);
  if (!hasRepr(datatype, 'C') && !hasRepr(datatype, 'transparent')) return rustcs;
  // `packed` lays the fields end to end.
  const packed = hasRepr(datatype, 'packed');
  let offset = 0n;
  let align = 1n;
  for (const field of datatype.fields.fields) {
    const inner = fieldLayout(field.type, field.ghostMode !== undefined, { scope }, depth);
    if (inner.kind === 'unknown') return unknown(`field \`${field.name}\` of \`${type.name}\`: ${inner.reason}`);
    offset = (packed ? offset : roundUp(offset, inner.align)) + inner.size;
    if (!packed && inner.align > align) align = inner.align;
  }
  return known(roundUp(offset, align), align);
}

/** Ghost and tracked fields, and the `Ghost<T>`/`Tracked<T>`/`PhantomData<T>` wrappers, are zero-sized. */
function fieldLayout(type: Type, ghost: boolean, ctx: TypeContext, depth: number): Layout {
  const head = type.kind === 'path' ? type.segments[type.segments.length - 1]?.name : undefined;
  if (ghost || (head !== undefined && ZERO_SIZED.has(head))) return known(0n, 1n);
  return layoutAt(resolveValueType(type, ctx), ctx.scope, depth + 1);
}

const ZERO_SIZED: ReadonlySet<string> = new Set(['Ghost', 'Tracked', 'PhantomData']);

function hasRepr(datatype: Datatype, repr: string): boolean {
  return datatype.attributes.some(
    (attribute) =>
      attribute.path === 'repr' &&
      attribute.text
        .slice(attribute.text.indexOf('(') + 1, attribute.text.lastIndexOf(')'))
        .split(',')
        .some((part) => part.trim() === repr),
  );
}

function roundUp(offset: bigint, align: bigint): bigint {
  const over = offset % align;
  return over === 0n ? offset : offset + align - over;
}

/** What a call asks of a type's layout: `size_of::<T>()` and `align_of::<T>()` (std's `mem`, vstd's `layout`), or
 *  `T::size_of()`/`T::align_of()` and their spec twins `T::spec_size_of()`/`T::spec_align_of()`. Decision: such an
 *  associated fn that the crate does not define (the caller looks for one first) is the one a derive macro
 *  (`#[derive(PmSized)]`) or `pmcopy_primitive!` writes, which returns the layout: Rust would not compile the call
 *  otherwise. */
export type LayoutQuery =
  | { readonly measure: Measure; readonly kind: 'type'; readonly type: Type }
  | { readonly measure: Measure; readonly kind: 'named'; readonly typeName: string };

type Measure = 'size' | 'align';

const FREE_FNS: Readonly<Record<string, Measure>> = { size_of: 'size', align_of: 'align' };
const ASSOCIATED_FNS: Readonly<Record<string, Measure>> = {
  size_of: 'size',
  align_of: 'align',
  spec_size_of: 'size',
  spec_align_of: 'align',
};
const LAYOUT_MODULES: ReadonlySet<string> = new Set(['mem', 'layout']);

export function layoutQuery(segments: readonly PathSegment[], argCount: number): LayoutQuery | undefined {
  const last = segments[segments.length - 1];
  const owner = segments[segments.length - 2];
  if (last === undefined || argCount !== 0) return undefined;
  const turbofish = last.generics.filter((arg): arg is Type => arg.kind !== 'binding');
  const free = Object.hasOwn(FREE_FNS, last.name) ? FREE_FNS[last.name] : undefined;
  const typeArg = turbofish[0];
  if (free !== undefined && typeArg !== undefined && turbofish.length === 1 && (owner === undefined || LAYOUT_MODULES.has(owner.name)))
    return { measure: free, kind: 'type', type: typeArg };
  const associated = Object.hasOwn(ASSOCIATED_FNS, last.name) ? ASSOCIATED_FNS[last.name] : undefined;
  if (associated !== undefined && owner !== undefined && turbofish.length === 0 && !LAYOUT_MODULES.has(owner.name))
    return { measure: associated, kind: 'named', typeName: owner.name };
  return undefined;
}

/** `size_of::<T>()`, `align_of::<T>()` or `T::spec_size_of()` with `T` at the types of `ctx` (`Self`, the generics'
 *  instantiation): its value when the type's layout is known; undefined for any other expression. For readers of a
 *  `requires`' shape (`s@.len() == size_of::<Self>()`), which need a number, not a verdict. */
export function layoutConstant(expr: Expr, ctx: TypeContext): bigint | undefined {
  if (expr.kind !== 'call' || expr.callee.kind !== 'path') return undefined;
  const query = layoutQuery(expr.callee.segments, expr.args.length);
  if (query === undefined) return undefined;
  const written: Type =
    query.kind === 'type' ? query.type : { kind: 'path', segments: [{ name: query.typeName, generics: [] }], span: expr.span };
  const result = measured(layoutOf(resolveValueType(written, ctx), ctx.scope), query.measure);
  return 'value' in result ? result.value : undefined;
}

/** The size or alignment a layout gives, or why there is none. */
export function measured(layout: Layout, measure: Measure): { readonly value: bigint } | { readonly reason: string } {
  if (layout.kind === 'unknown') return { reason: layout.reason };
  return { value: measure === 'size' ? layout.size : layout.align };
}
