// Where each diagnostic code's documentation is (codeDescription.href). VS Code opens a file: link as text, where only
// a line fragment (`#L303`) moves the cursor, so a README on disk is linked by the line of the code's heading; a web
// page (any other URL) by the heading's slug, which is the code itself (`### weak-postcondition`).

export interface DocsUrl {
  readonly base: string;
  /** 0-based line of each code's `### <code>` heading in the README's Diagnostics section; empty for a web page. */
  readonly headingLines: ReadonlyMap<string, number>;
}

/** `readmeText`: the README's text when `base` is a file on disk that could be read, else null. */
export function docsUrlFor(base: string, readmeText: string | null): DocsUrl {
  return { base, headingLines: readmeText === null ? new Map() : diagnosticsHeadings(readmeText) };
}

export function codeHref(docs: DocsUrl, code: string): string {
  const line = docs.headingLines.get(code);
  return line === undefined ? `${docs.base}#${code}` : `${docs.base}#L${line + 1}`;
}

/** The `### <code>` headings under `## Diagnostics`, by 0-based line. */
export function diagnosticsHeadings(readmeText: string): Map<string, number> {
  const headings = new Map<string, number>();
  const lines = readmeText.split(/\r?\n/);
  let inSection = false;
  lines.forEach((line, index) => {
    if (line.startsWith('## ')) inSection = line.trim() === '## Diagnostics';
    const heading = /^### ([a-z-]+)\s*$/.exec(line);
    if (inSection && heading?.[1] !== undefined) headings.set(heading[1], index);
  });
  return headings;
}
