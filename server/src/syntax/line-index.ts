// Converts UTF-16 offsets to editor positions (0-based line, UTF-16 character) and back, as LSP counts them.
// A document's next version edits the previous index (line starts before the change kept, those after it moved)
// rather than scanning the whole text again.

import type { ChangedSpan } from './changed-span';

export interface LinePosition {
  readonly line: number;
  readonly character: number;
}

export interface LineIndex {
  positionAt(offset: number): LinePosition;
  offsetAt(position: LinePosition): number;
  /** The offset each line starts at, ascending, from 0. */
  readonly lineStarts: Int32Array;
}

export function createLineIndex(text: string): LineIndex {
  const lineStarts = [0];
  pushLineStarts(text, 0, text.length, lineStarts);
  return indexOver(text, Int32Array.from(lineStarts));
}

/** The index of `text`, the text of `previous` changed in `change`: only the changed characters are scanned. */
export function editLineIndex(previous: LineIndex, text: string, change: ChangedSpan): LineIndex {
  const { start, oldEnd, newEnd } = change;
  // A `\r` just before the change may stop or start ending a line, depending on the character after it.
  const scanFrom = Math.max(0, start - 1);
  const before = previous.lineStarts;
  const kept = firstAbove(before, scanFrom);
  const changed: number[] = [];
  pushLineStarts(text, scanFrom, newEnd, changed);
  const moved = firstAbove(before, oldEnd);
  // Typed arrays: the kept starts are one block copy, the moved ones one tight loop.
  const lineStarts = new Int32Array(kept + changed.length + before.length - moved);
  lineStarts.set(before.subarray(0, kept));
  lineStarts.set(changed, kept);
  const delta = newEnd - oldEnd;
  for (let from = moved, to = kept + changed.length; from < before.length; from++, to++) lineStarts[to] = (before[from] ?? 0) + delta;
  return indexOver(text, lineStarts);
}

/** Pushes the start of the line after each line break among the characters [from, to) of `text`. Without a carriage
 *  return among them, `indexOf` finds the breaks, several times faster than reading every character (a 4 MB pairs
 *  file is indexed once per scoring run). */
function pushLineStarts(text: string, from: number, to: number, lineStarts: number[]): void {
  const carriageReturn = text.indexOf('\r', from);
  if (carriageReturn === -1 || carriageReturn >= to) {
    for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
    return;
  }
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) lineStarts.push(i + 1);
    else if (ch === 13 && text.charCodeAt(i + 1) !== 10) lineStarts.push(i + 1);
  }
}

/** The index of the first value above `limit` in an ascending list (its length when there is none). */
function firstAbove(values: Int32Array, limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] ?? 0) <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

function indexOver(text: string, lineStarts: Int32Array): LineIndex {
  return {
    lineStarts,
    positionAt(offset: number): LinePosition {
      const clamped = Math.max(0, Math.min(offset, text.length));
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((lineStarts[mid] ?? 0) <= clamped) low = mid;
        else high = mid - 1;
      }
      return { line: low, character: clamped - (lineStarts[low] ?? 0) };
    },
    offsetAt(position: LinePosition): number {
      const start = lineStarts[Math.max(0, Math.min(position.line, lineStarts.length - 1))] ?? 0;
      return Math.min(text.length, start + Math.max(0, position.character));
    },
  };
}
