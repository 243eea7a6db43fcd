// The mutation report webview's page: Stryker's viewer element, loaded from the extension's own files, and a small
// script that shows the reports the extension posts and reports clicks on mutants back. No vscode import, so the page
// can be opened in a plain browser by the end-to-end test.

export interface ViewerPage {
  /** The webview's `cspSource` (the origin its local resources are served from). */
  readonly cspSource: string;
  /** mutation-test-elements.js as the webview can load it. */
  readonly scriptUri: string;
  readonly title: string;
  /** Fresh for each page: the only scripts that run are the two carrying it. */
  readonly nonce: string;
}

/** The page: the viewer script from the extension's own files and one inline script, both allowed by a fresh nonce
 *  only; no other script, no network (default-src 'none'). Lit sets styles through constructed style sheets and
 *  style attributes, hence 'unsafe-inline' for styles only. */
export function viewerPage(page: ViewerPage): string {
  const { cspSource, scriptUri, title, nonce } = page;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'unsafe-inline'`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script nonce="${nonce}" src="${escapeHtml(scriptUri)}"></script>
</head>
<body>
<p id="waiting">Waiting for Spec Harness to score…</p>
<mutation-test-report-app title-postfix="${escapeHtml(title)}"></mutation-test-report-app>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>
</body>
</html>
`;
}

/** Runs in the webview: shows each report it is sent, follows VS Code's theme, and reports clicks on mutants. The
 *  viewer's own "mutant-selected" event does not leave its shadow roots, but a click does, and its composed path
 *  holds the mutant's marker (`data-mutant-id`, on the dots beside the code). */
const PAGE_SCRIPT = `
const vscode = acquireVsCodeApi();
const app = document.querySelector('mutation-test-report-app');
const theme = () => (document.body.classList.contains('vscode-light') || document.body.classList.contains('vscode-high-contrast-light') ? 'light' : 'dark');
app.theme = theme();
new MutationObserver(() => { app.theme = theme(); }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
window.addEventListener('message', (event) => {
  const message = event.data;
  if (message && message.type === 'report') {
    document.getElementById('waiting')?.remove();
    app.report = message.report;
  }
});
document.addEventListener('click', (event) => {
  for (const target of event.composedPath()) {
    const mutantId = target instanceof Element ? target.getAttribute('data-mutant-id') : null;
    if (mutantId !== null) {
      vscode.postMessage({ type: 'open-mutant', mutantId });
      return;
    }
  }
}, true);
vscode.postMessage({ type: 'ready' });
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
