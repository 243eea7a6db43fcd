// Converts UTF-16 offsets to editor positions (0-based line, UTF-16 character) and back, as LSP counts them.

export interface LinePosition {
  readonly line: number;
  readonly character: number;
}

export interface LineIndex {
  positionAt(offset: number): LinePosition;
  offsetAt(position: LinePosition): number;
}

export function createLineIndex(text: string): LineIndex {
  const lineStarts = lineStartsOf(text);
  return {
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

/** Where each line starts. Most texts have no carriage return: then `indexOf` finds the breaks, several times faster
 *  than reading every character (a 4 MB pairs file is indexed once per scoring run). */
function lineStartsOf(text: string): number[] {
  const lineStarts = [0];
  if (!text.includes('\r')) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
    return lineStarts;
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) lineStarts.push(i + 1);
    else if (ch === 13 && text.charCodeAt(i + 1) !== 10) lineStarts.push(i + 1);
  }
  return lineStarts;
}
