// A document version's syntax-side state in the engine: its parse, model and line index, each derived from the
// previous version's state where the edit allows (the engine's refresh and bench/engine.ts both go through here).

import { buildFileModel, rebuildFileModel } from '../model';
import type { FileModel } from '../model';
import { createLineIndex, editLineIndex, parseSourceFileIncrementally } from '../syntax';
import type { IncrementalParse, LineIndex } from '../syntax';

export interface DocumentSyntax {
  readonly parse: IncrementalParse;
  readonly model: FileModel;
  readonly lineIndex: LineIndex;
}

/** The state for `text`, the next version after `previous` (which it consumes: see `IncrementalParse`). */
export function nextDocumentSyntax(text: string, previous: DocumentSyntax | undefined): DocumentSyntax {
  const parse = parseSourceFileIncrementally(text, previous?.parse);
  const lineIndex =
    previous === undefined || parse.change === undefined ? createLineIndex(text) : editLineIndex(previous.lineIndex, text, parse.change);
  const model = previous === undefined ? buildFileModel(parse.file) : rebuildFileModel(parse.file, previous.model);
  return { parse, model, lineIndex };
}
