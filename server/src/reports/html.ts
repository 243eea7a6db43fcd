// One self-contained HTML file showing a mutation report with Stryker's viewer (mutation-testing-elements): the
// viewer's script and the report are inlined, so the page works offline and from file://, with no request made.

import type { MutationReport } from './mutation-report';

/** `viewerScript` is the text of mutation-testing-elements' dist/mutation-test-elements.js (the caller reads it). */
export function mutationReportHtml(report: MutationReport, viewerScript: string, title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script>${inlineScript(viewerScript)}</script>
</head>
<body>
<mutation-test-report-app title-postfix="${escapeHtml(title)}"></mutation-test-report-app>
<script>
document.querySelector('mutation-test-report-app').report = ${jsonForScript(report)};
</script>
</body>
</html>
`;
}

/** JSON that cannot end the script element or start a comment in it, and that is valid JavaScript (U+2028/9). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A script may not contain `</script` inside a script element; `<\/` means the same in JS strings and regexes. */
function inlineScript(script: string): string {
  return script.replace(/<\/(script)/gi, '<\\/$1');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
