// Other browser engines for the page tests: Firefox (Debian's firefox-esr) driven by
// puppeteer-core over WebDriver BiDi. openFirefoxPage() serves dist/ and opens the page; when
// Firefox cannot start here it resolves to { skip: reason } so the caller can print ASTAR_SKIP.
import fs from 'node:fs';
import { startServer } from '../../scripts/serve.mjs';
import { distDir } from './support.mjs';

export const firefoxPath = process.env.ASTAR_FIREFOX || '/usr/bin/firefox-esr';

// Resolves to { page, url, errors, close } or { skip }. Always call close() in finally.
export async function openFirefoxPage({ hash = '', viewport = { width: 1280, height: 720 } } = {}) {
  if (!fs.existsSync(firefoxPath)) return { skip: `${firefoxPath} is not installed (scripts/setup.sh installs firefox-esr)` };
  let puppeteer;
  try {
    puppeteer = (await import('puppeteer-core')).default;
  } catch (e) {
    return { skip: `puppeteer-core cannot load (npm ci installs it): ${e.message}` };
  }
  let browser;
  try {
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true, defaultViewport: viewport });
  } catch (e) {
    return { skip: `Firefox does not start here: ${e.message.split('\n')[0]}` };
  }
  const { server, url } = await startServer(distDir, 0);
  const close = async () => {
    await browser.close().catch(() => {});
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    await page.goto(url + hash);
    await page.waitForSelector('body[data-ready]', { timeout: 20000 });
    return { browser, page, url, errors, close };
  } catch (e) {
    await close();
    throw e;
  }
}
