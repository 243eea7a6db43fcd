// Opens the self-contained HTML mutation report (`check --html`) from file:// in headless Chromium, offline, and
// checks that Stryker's viewer rendered the report: the file list names the Verus sources and the survivors count.
// usage: node html-report.js <report.html> <expected file name>
const { chromium } = require('playwright-core');
const [htmlPath, expectedFile] = process.argv.slice(2);
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const requests = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  await page.goto(`file://${htmlPath}`);
  // Playwright's text selectors pierce the viewer's shadow DOM.
  await page.locator(`text=${expectedFile}`).first().waitFor({ state: 'attached', timeout: 30000 });
  await page.locator('text=Survived').first().waitFor({ state: 'attached', timeout: 30000 });
  // The viewer shows its totals: the mutation score header is visible, not only present.
  await page.locator('text=Mutation score').first().waitFor({ timeout: 30000 });
  if (process.env.HTML_REPORT_SHOT) await page.screenshot({ path: process.env.HTML_REPORT_SHOT, fullPage: true });
  const app = await page.evaluate(() => Boolean(document.querySelector('mutation-test-report-app')?.shadowRoot));
  await browser.close();
  if (!app) throw new Error('the mutation-test-report-app element did not render');
  if (requests.length > 0) throw new Error(`the page fetched from the network: ${requests.join(', ')}`);
  console.log(`HTML report renders offline: ${expectedFile} listed, survivors shown`);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
