// Where the functions hovers and CodeLens attach to are, as plain data sent with each result: the language server
// keeps them and moves them through edits, so it never parses Rust to answer a request.

import type { Range } from '../harness';
import type { FileModel } from '../model';
import type { LineIndex } from '../syntax';

export interface LocatedFunction {
  readonly qualifiedName: string;
  readonly nameRange: Range;
  /** The signature and contract (up to the body): where hovers and code actions apply. */
  readonly headerRange: Range;
}

/** Exec fns with a contract or a report, in source order. */
export function locateFunctions(model: FileModel, lineIndex: LineIndex, reported: ReadonlySet<string>): LocatedFunction[] {
  const range = (start: number, end: number): Range => ({ start: lineIndex.positionAt(start), end: lineIndex.positionAt(end) });
  return model.functions
    .filter((fn) => fn.mode === 'exec' && (fn.requires.length > 0 || fn.ensures.length > 0 || reported.has(fn.qualifiedName)))
    .map((fn) => ({
      qualifiedName: fn.qualifiedName,
      nameRange: range(fn.nameSpan.start, fn.nameSpan.end),
      headerRange: range(fn.span.start, fn.item.body?.span.start ?? fn.span.end),
    }));
}
