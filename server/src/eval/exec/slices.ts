// Range indexing `&v[a..b]`, `&s[..n]`, with Rust's panic messages for bad bounds.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import type { Typed } from './interpreter-state';
import { notRunnable, panic } from './signals';
import { UNKNOWN } from './exec-types';

export interface RangeBounds {
  readonly start: bigint | undefined;
  readonly end: bigint | undefined;
  readonly inclusive: boolean;
}

export function sliceOf(base: Typed, range: RangeBounds, span: Span): Typed {
  const value = base.value;
  if (value.kind !== 'seq') return notRunnable('slicing a value that is not a sequence', span);
  const [start, end] = checkedBounds(range, value.elements.length, span);
  return { value: { ...value, elements: value.elements.slice(start, end) }, type: base.type };
}

/** `v.splice(a..b, items)` (`items` in place of `v[a..b]`) and `v.drain(a..b)` (`items` empty): the vector after,
 *  and the elements taken out, which both return. CapybaraKV's persistent-memory mock writes with
 *  `self.contents.splice(addr..addr + bytes.len(), bytes.iter().cloned())`. */
export function spliced(
  base: Extract<Value, { kind: 'seq' }>,
  range: RangeBounds,
  items: readonly Value[],
  span: Span,
): { readonly after: Value; readonly removed: Value } {
  const [start, end] = checkedBounds(range, base.elements.length, span);
  const elements = [...base.elements.slice(0, start), ...items, ...base.elements.slice(end)];
  return { after: { ...base, elements }, removed: { ...base, elements: base.elements.slice(start, end) } };
}

/** The range's bounds in a sequence of `length` elements, with Rust's panics for bad ones. */
function checkedBounds(range: RangeBounds, length: number, span: Span): [number, number] {
  const start = range.start ?? 0n;
  const end = range.end === undefined ? BigInt(length) : range.inclusive ? range.end + 1n : range.end;
  if (start > end) panic(`slice index starts at ${start} but ends at ${end}`, span);
  if (end > BigInt(length)) panic(`range end index ${end} out of range for slice of length ${length}`, span);
  return [Number(start), Number(end)];
}

/** vstd's `slice_index_get(s, i)`: `s[i]`, with Rust's out-of-bounds panic. */
export function sliceIndexGet(args: readonly Typed[], span: Span): Typed | undefined {
  const [slice, index] = args;
  if (slice === undefined || index === undefined || slice.value.kind !== 'seq' || index.value.kind !== 'int') return undefined;
  const length = slice.value.elements.length;
  const at = index.value.value;
  if (at < 0n || at >= BigInt(length)) panic(`index out of bounds: the len is ${length} but the index is ${at}`, span);
  const element = slice.value.elements[Number(at)];
  return element === undefined ? undefined : { value: element, type: slice.type.kind === 'seq' ? slice.type.element : UNKNOWN };
}

/** vstd's `slice_subrange(s, i, j)` is `&s[i..j]` (its requires rules out the panics Rust would raise). */
export function sliceSubrange(args: readonly Typed[], span: Span): Typed | undefined {
  const [slice, start, end] = args;
  if (slice === undefined || start?.value.kind !== 'int' || end?.value.kind !== 'int') return undefined;
  return sliceOf(slice, { start: start.value.value, end: end.value.value, inclusive: false }, span);
}
