// The mutation report webview's page (client/src/mutation-report-page.ts) in headless Chromium, outside VS Code:
// under its Content-Security-Policy the bundled viewer renders a report posted to it, nothing is fetched or refused,
// and a click on a mutant posts `open-mutant` with that mutant's id (what makes the editor jump to its code).
// usage: NODE_PATH=<playwright> tsx test/e2e/mutation-view.ts <mutation-report.json> <file in the report>
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { viewerPage } from '../../client/src/mutation-report-page';

// playwright-core comes from the e2e environment (NODE_PATH), not from this project's dependencies: the few parts
// used here are declared below.
const { chromium } = require('playwright-core') as { chromium: { launch(options: object): Promise<Browser> } };

interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface Page {
  on(event: 'request', listener: (request: { url(): string }) => void): void;
  on(event: 'console', listener: (message: { text(): string }) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  addInitScript(script: { content: string }): Promise<void>;
  goto(url: string): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  waitForFunction(expression: string, arg: undefined, options: { timeout: number }): Promise<unknown>;
  locator(selector: string): { first(): { click(options: { timeout: number }): Promise<void> } };
}

interface Posted {
  readonly type: string;
  readonly mutantId?: string;
}

async function main(): Promise<void> {
  const [reportPath, fileName] = process.argv.slice(2);
  if (reportPath === undefined || fileName === undefined) throw new Error('usage: mutation-view.ts <report.json> <file>');
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { files: Record<string, { mutants: { id: string }[] }> };
  const scriptUri = pathToFileURL(resolve(__dirname, '..', '..', 'dist', 'mutation-test-elements.js')).toString();
  const pagePath = join(mkdtempSync(join(tmpdir(), 'mutation-view-')), 'view.html');
  writeFileSync(pagePath, viewerPage({ cspSource: 'file:', scriptUri, title: 'Mutation report: test', nonce: 'bm9uY2U9dGVzdA==' }));

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`fetched ${request.url()}`);
  });
  page.on('console', (message) => {
    if (/Refused|Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // VS Code's webview API, as the page sees it: messages it posts are kept for the checks below.
  // (Strings, not functions: the page runs them as written, without the TypeScript loader's helpers.)
  await page.addInitScript({
    content: 'window.posted = []; window.acquireVsCodeApi = () => ({ postMessage: (message) => window.posted.push(message) });',
  });
  await page.goto(pathToFileURL(pagePath).toString());
  const postedMessages = async (): Promise<Posted[]> => (await page.evaluate('window.posted')) as Posted[];
  const posted = (type: string): string => `window.posted.some((message) => message.type === ${JSON.stringify(type)})`;
  await page.waitForFunction(posted('ready'), undefined, { timeout: 30000 });
  await page.evaluate(`window.postMessage({ type: 'report', report: ${JSON.stringify(report)} }, '*')`);
  // The viewer's deep link opens the file; Playwright's selectors pierce its shadow DOM to click the first mutant.
  await page.evaluate(`window.location.hash = ${JSON.stringify(`#mutant/${fileName}`)}`);
  await page.locator('svg.mutant-dot').first().click({ timeout: 30000 });
  await page.waitForFunction(posted('open-mutant'), undefined, { timeout: 30000 });
  const opened = (await postedMessages()).find((message) => message.type === 'open-mutant');
  await browser.close();
  const known = Object.values(report.files).flatMap((file) => file.mutants.map((mutant) => mutant.id));
  if (opened?.mutantId === undefined || !known.includes(opened.mutantId))
    throw new Error(`the click posted no known mutant id: ${JSON.stringify(opened)}`);
  if (problems.length > 0) throw new Error(`the page broke its policy: ${problems.join('; ')}`);
  console.log(`mutation view page: renders under its CSP, a click on a mutant posts open-mutant ${opened.mutantId}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
