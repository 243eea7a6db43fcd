// Shared state while reading one pairs file: its text, line index and the diagnostics found so far.

import type { LineIndex } from '../../syntax';
import type { Range } from '../report/report-types';

export interface PairsDiagnostic {
  readonly message: string;
  readonly range: Range;
  readonly severity: 'error' | 'warning';
}

export interface PairsContext {
  readonly lineIndex: LineIndex;
  readonly diagnostics: PairsDiagnostic[];
}

export interface TextSlice {
  readonly offset: number;
  readonly length: number;
}

export function report(ctx: PairsContext, at: TextSlice, message: string, severity: 'error' | 'warning' = 'error'): void {
  ctx.diagnostics.push({ message, severity, range: rangeOf(ctx, at) });
}

export function rangeOf(ctx: PairsContext, at: TextSlice): Range {
  return { start: ctx.lineIndex.positionAt(at.offset), end: ctx.lineIndex.positionAt(at.offset + at.length) };
}
