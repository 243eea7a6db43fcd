// Range indexing `&v[a..b]`, `&s[..n]`, with Rust's panic messages for bad bounds.

import type { Span } from '../../syntax';
import type { Typed } from './interpreter-state';
import { notRunnable, panic } from './signals';

export interface RangeBounds {
  readonly start: bigint | undefined;
  readonly end: bigint | undefined;
  readonly inclusive: boolean;
}

export function sliceOf(base: Typed, range: RangeBounds, span: Span): Typed {
  const value = base.value;
  if (value.kind !== 'seq') return notRunnable('slicing a value that is not a sequence', span);
  const length = BigInt(value.elements.length);
  const start = range.start ?? 0n;
  const end = range.end === undefined ? length : range.inclusive ? range.end + 1n : range.end;
  if (start > end) panic(`slice index starts at ${start} but ends at ${end}`, span);
  if (end > length) panic(`range end index ${end} out of range for slice of length ${length}`, span);
  return { value: { ...value, elements: value.elements.slice(Number(start), Number(end)) }, type: base.type };
}
