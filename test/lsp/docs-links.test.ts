// Diagnostic code links open the README at the code's own section: every code has a `### <code>` heading under
// "## Diagnostics", a README on disk is linked by that heading's line (VS Code opens file: links as text, where only
// `#L<n>` moves the cursor), and a web page by the heading's slug.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULE_CODES } from '../../server/src/reports';
import { codeHref, diagnosticsHeadings, docsUrlFor } from '../../server/src/lsp/docs-links';
import { ROOT } from './lsp-client';

const README_PATH = join(ROOT, 'README.md');
const README = readFileSync(README_PATH, 'utf8');
const README_LINES = README.split('\n');

describe('diagnostic code links', () => {
  it('every diagnostic code has its own heading in the README Diagnostics section', () => {
    const headings = diagnosticsHeadings(README);
    expect(RULE_CODES.filter((code) => !headings.has(code))).toEqual([]);
  });

  it.each(RULE_CODES)('a README on disk: the link for %s opens at its heading line', (code) => {
    const base = pathToFileURL(README_PATH).toString();
    const href = codeHref(docsUrlFor(base, README), code);
    const line = /#L(\d+)$/.exec(href)?.[1];
    expect(href.startsWith(`${base}#L`)).toBe(true);
    expect(README_LINES[Number(line) - 1]?.trim()).toBe(`### ${code}`);
  });

  it('a web page: the link is the heading slug', () => {
    expect(codeHref(docsUrlFor('https://example.test/README.md', null), 'weak-postcondition')).toBe(
      'https://example.test/README.md#weak-postcondition',
    );
  });

  it('headings outside the Diagnostics section are not taken for codes', () => {
    const text = [
      '## Quick start',
      '### syntax',
      '## Diagnostics',
      'Every diagnostic...',
      '',
      '### no-pairs',
      'text',
      '## Limits',
      '### unsupported',
    ].join('\n');
    expect([...diagnosticsHeadings(text)]).toEqual([['no-pairs', 5]]);
  });
});
