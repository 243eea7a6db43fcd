// What a user sees in the hover and the report, from a real example (examples/change_case.rs, whose ensures lets
// wrong outputs through): the hover leads with one accepted wrong output beside the correct one, shows a few rows per
// section and links to the report; the report shows every row; values are Rust calls in exact code spans.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import type { FunctionReport } from '../../server/src/harness';
import { HOVER_ROWS_PER_SECTION, codeSpan, functionMarkdown, hoverMarkdown } from '../../server/src/lsp/markdown';
import { reportMarkdown } from '../../server/src/lsp/lenses-and-hover';
import type { SourceFileState } from '../../server/src/lsp/state';
import { ROOT } from './lsp-client';

const SOURCE_URI = 'file:///work/change_case.rs';

function changeCase(): FunctionReport {
  const read = (name: string): string => readFileSync(join(ROOT, 'examples', name), 'utf8');
  const report = checkFileSync(
    {
      path: 'change_case.rs',
      text: read('change_case.rs'),
      pairsPath: 'change_case.pairs.json',
      pairsText: read('change_case.pairs.json'),
    },
    DEFAULT_CHECK_OPTIONS,
  );
  const fn = report.functions.find((candidate) => candidate.qualifiedName === 'change_case');
  if (fn === undefined) throw new Error('change_case not in the report');
  return fn;
}

/** Rows of each table after a section title (lines starting with `|`, minus header and separator). */
function tableRows(markdown: string): number[] {
  const counts: number[] = [];
  let rows = -1;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) rows++;
    else if (rows >= 0) {
      if (line.trim() === '') continue;
      counts.push(rows - 1);
      rows = -1;
    }
  }
  if (rows >= 0) counts.push(rows - 1);
  return counts;
}

describe('hover', () => {
  const fn = changeCase();
  const hover = hoverMarkdown(fn, { sourceUri: SOURCE_URI });

  it('leads with one line: what is wrong, an accepted wrong output beside the correct one', () => {
    const [first, second] = hover.split('\n');
    expect(first).toMatch(
      /^\*\*change_case\*\* · ⚠ accepts `change_case\('a'\) = 'B'`; correct: `change_case\('a'\) = 'A'` \(\d+ wrong outputs accepted\)$/,
    );
    expect(second).toBe('');
  });

  it('then the score table, and at most a few rows per section, saying how many more there are', () => {
    expect(hover.split('\n')[2]).toBe('| score | value | over |');
    const [, ...sections] = tableRows(hover);
    expect(sections.length).toBeGreaterThan(1);
    for (const rows of sections) expect(rows).toBeLessThanOrEqual(HOVER_ROWS_PER_SECTION);
    expect(hover).toMatch(/\n\d+ more \(Show all\)\n/);
  });

  it('ends with a "Show all" command link to this function\'s report', () => {
    const link = /\[Show all\]\(command:specHarness\.showReport\?([^)]+)\)$/.exec(hover);
    expect(JSON.parse(decodeURIComponent(link?.[1] ?? 'null'))).toEqual([SOURCE_URI, 'change_case']);
  });
});

describe('report', () => {
  const fn = changeCase();
  const report = functionMarkdown(fn, { sourceUri: SOURCE_URI });

  it('shows every row: no "more" cut', () => {
    const acceptedRows = report
      .split('\n')
      .filter((line) => line.startsWith('| `') && line.includes('change_case(') && line.includes(' = '));
    expect(acceptedRows.length).toBe(fn.acceptedMutants.length + fn.rejectedPairs.length);
    expect(report).not.toMatch(/more \(Show all\)|… and \d+ more/);
  });

  it('writes values as Rust calls, and a backtick in a value stays a backtick', () => {
    expect(report).toContain("| `change_case('a') = 'B'` | `change_case('a') = 'A'` |");
    expect(report).toContain("| ``change_case('A') = '`'`` | `change_case('A') = 'a'` |");
    expect(report).not.toContain("'''");
    expect(report).not.toContain('{"c":');
  });

  it("says a file's first run is still going while it shows the results so far", () => {
    const fileReport = { path: 'change_case.rs', pairsFile: null, diagnostics: [], functions: [fn] };
    const file = (partial: boolean): SourceFileState => ({
      report: fileReport,
      partial,
      located: null,
      evaluated: 0,
      publishedPairsUri: null,
      debounce: null,
    });
    expect(reportMarkdown(file(true), 'change_case', 0.75, SOURCE_URI)).toMatch(/^_Scoring in progress: the first 1 function so far\._/);
    expect(reportMarkdown(file(false), 'change_case', 0.75, SOURCE_URI)).toBe(report);
    expect(reportMarkdown(undefined, null, 0.75, SOURCE_URI)).toMatch(/^No results yet/);
  });
});

describe('code spans', () => {
  it.each([
    ['plain', '`plain`'],
    ["'`'", "``'`'``"],
    ['a``b', '```a``b```'],
    ['`edge`', '`` `edge` ``'],
    ['two\nlines', '`two lines`'],
  ])('%j -> %s', (text, span) => expect(codeSpan(text)).toBe(span));
});
