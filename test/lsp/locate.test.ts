// Hovers and CodeLens between runs: the locations sent with the last result follow the edits made since, by lines,
// without parsing. Lines added above a function move it; an edit below leaves it; an edit inside stretches it.

import { describe, expect, it } from 'vitest';
import { moveLocated } from '../../server/src/lsp/locate';
import type { SourceFileState } from '../../server/src/lsp/state';

const TEXT = ['fn a()', '  ensures true', '{ }', '', 'fn b()', '  ensures true', '{ }', ''].join('\n');

function fileAt(text: string): SourceFileState {
  const range = (line: number, endLine: number) => ({ start: { line, character: 0 }, end: { line: endLine, character: 2 } });
  return {
    report: null,
    partial: false,
    located: {
      text,
      functions: [
        { qualifiedName: 'a', nameRange: range(0, 0), headerRange: range(0, 2) },
        { qualifiedName: 'b', nameRange: range(4, 4), headerRange: range(4, 6) },
      ],
    },
    evaluated: 0,
    publishedPairsUri: null,
    debounce: null,
  };
}

const lines = (file: SourceFileState): string[] =>
  (file.located?.functions ?? []).map(
    (fn) => `${fn.qualifiedName} ${fn.nameRange.start.line} ${fn.headerRange.start.line}-${fn.headerRange.end.line}`,
  );

describe('moved locations', () => {
  it('follows lines added above, ignores edits below, stretches around an edit inside', () => {
    const file = fileAt(TEXT);
    moveLocated(file, `// one\n// two\n${TEXT}`);
    expect(lines(file)).toEqual(['a 2 2-4', 'b 6 6-8']);
    moveLocated(file, `// one\n// two\n${TEXT}fn c() {}\n`);
    expect(lines(file)).toEqual(['a 2 2-4', 'b 6 6-8']);
    moveLocated(
      file,
      `// one\n// two\n${TEXT.replace('  ensures true\n{ }\n\nfn b', '  ensures true,\n    true\n{ }\n\nfn b')}fn c() {}\n`,
    );
    expect(lines(file)).toEqual(['a 2 2-5', 'b 7 7-9']);
  });
});
