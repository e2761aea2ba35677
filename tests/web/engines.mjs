// The page in three browser engines, behind one small interface, for the tests that run in all
// of them (flows.mjs): Chromium (Debian's chromium, playwright-core), Firefox (firefox-esr,
// puppeteer-core over WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser through
// WebKitWebDriver and selenium-webdriver, under xvfb-run: MiniBrowser's --headless hangs).
//
// openEngine(name, { path, hash, viewport }) starts the engine, serves dist/, opens the page and
// waits until it is ready; launchEngine(name) starts it once for many pages (its open() takes the
// same options). Each resolves to { skip: reason } when the engine cannot start on this machine
// (the caller prints ASTAR_SKIP: never a silent pass). A session has:
//   url                      the served folder's address ('http://127.0.0.1:PORT/')
//   evaluate(fn, arg)        runs fn(arg) in the page (may be async), returns its result
//   waitFor(fn, arg, ms)     polls fn(arg) in the page until it is truthy
//   click(selector)          a real click on an element
//   clickAt(x, y, { right }) a real mouse click at page coordinates, with the right button if asked
//                            (WebKit's driver does not hold Shift for its mouse events, so a flow
//                            places the goal with a right-click; after one, that driver keeps the
//                            right button held and ignores later clicks: make it the last)
//   select(selector, value)  chooses an option of a <select> (value set, input and change fired)
//   press(key)               a real key press ('ArrowRight', 's', ...) to the focused element
//   paste()                  Ctrl+V to the focused element (reads the real clipboard)
//   errors()                 uncaught errors and CSP violations the page reported since it loaded
//   page                     Chromium's and Firefox's driver page (undefined in WebKit)
//   close()                  always, in finally
import fs from 'node:fs';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { startServer } from '../../scripts/serve.mjs';
import { distDir, chromiumPath } from './support.mjs';

export const kEngines = ['chromium', 'firefox', 'webkit'];
export const firefoxPath = process.env.ASTAR_FIREFOX || '/usr/bin/firefox-esr';
export const webkitDriverPath = process.env.ASTAR_WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const miniBrowserPath = process.env.ASTAR_MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const kReadyMs = 30000;

// Page-side error collection, installed before the page's scripts where the driver can (the
// WebKit driver cannot: there it starts after load, and misses errors during the load): uncaught
// errors, unhandled rejections and Content-Security-Policy violations (the served policy,
// scripts/site_headers.mjs, is production's).
function collectErrors() {
  window.engineErrors = window.engineErrors ?? [];
  addEventListener('error', (e) => window.engineErrors.push(`error: ${e.message}`));
  addEventListener('unhandledrejection', (e) => window.engineErrors.push(`unhandled rejection: ${e.reason?.message ?? e.reason}`));
  addEventListener('securitypolicyviolation', (e) => window.engineErrors.push(`CSP: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`));
}

async function poll(check, timeoutMs, what) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// A session's common part over a driver-specific { evaluate, click, clickAt, press, paste, quit }.
function session(name, url, server, driver) {
  return {
    name,
    url,
    page: driver.page,  // the Playwright or puppeteer page (Chromium, Firefox), for what the interface lacks
    evaluate: driver.evaluate,
    waitFor: (fn, arg, ms = 15000) => poll(() => driver.evaluate(fn, arg), ms, String(fn).slice(0, 80)),
    click: driver.click,
    clickAt: driver.clickAt,
    select: (selector, value) => driver.evaluate(([sel, v]) => {
      const e = document.querySelector(sel);
      e.value = v;
      e.dispatchEvent(new Event('input', { bubbles: true }));
      e.dispatchEvent(new Event('change', { bubbles: true }));
    }, [selector, value]),
    press: driver.press,
    paste: driver.paste,
    errors: () => driver.evaluate(() => window.engineErrors ?? []),
    async close() {
      await driver.quit().catch(() => {});
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

// A driver over a Playwright or puppeteer page (their calls used here are alike).
function pageDriver(page, { paste, quit }) {
  return {
    page,
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    click: (selector) => page.click(selector),
    clickAt: (x, y, { right = false } = {}) => page.mouse.click(x, y, { button: right ? 'right' : 'left' }),
    press: (key) => page.keyboard.press(key),
    paste,
    quit,
  };
}

// Each launcher starts its engine once and returns { openPage(url, viewport), quit() } (or
// { skip }): openPage gives a driver on a fresh page with its own storage (a new context in
// Chromium and Firefox; in WebKit, which has one window per session, every page is on its own
// server's port, so its origin and storage are new), and closing the driver closes that page.
async function launchChromium() {
  if (!fs.existsSync(chromiumPath)) return { skip: `${chromiumPath} is not installed (scripts/setup.sh installs chromium)` };
  const { chromium } = await import('playwright-core');
  let browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  } catch (e) {
    return { skip: `Chromium does not start here: ${e.message.split('\n')[0]}` };
  }
  return {
    async openPage(url, viewport) {
      const context = await browser.newContext({ viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') });
      const page = await context.newPage();
      await page.addInitScript(collectErrors);
      return pageDriver(page, { paste: () => page.keyboard.press('Control+V'), quit: () => context.close() });
    },
    quit: () => browser.close(),
  };
}

async function launchFirefox() {
  if (!fs.existsSync(firefoxPath)) return { skip: `${firefoxPath} is not installed (scripts/setup.sh installs firefox-esr)` };
  let puppeteer;
  try {
    puppeteer = (await import('puppeteer-core')).default;
  } catch (e) {
    return { skip: `puppeteer-core cannot load (npm ci installs it): ${e.message}` };
  }
  let browser;
  try {
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true });
  } catch (e) {
    return { skip: `Firefox does not start here: ${e.message.split('\n')[0]}` };
  }
  return {
    async openPage(url, viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      await page.evaluateOnNewDocument(collectErrors);
      return pageDriver(page, {
        async paste() {
          await page.keyboard.down('Control');
          await page.keyboard.press('v');
          await page.keyboard.up('Control');
        },
        quit: () => context.close(),
      });
    },
    quit: () => browser.close(),
  };
}

async function launchWebKit() {
  for (const [file, pkg] of [[webkitDriverPath, 'webkit2gtk-driver'], [miniBrowserPath, 'webkit2gtk-driver'], ['/usr/bin/xvfb-run', 'xvfb'], ['/usr/bin/xauth', 'xauth']]) {
    if (!fs.existsSync(file)) return { skip: `${file} is not installed (scripts/setup.sh installs ${pkg})` };
  }
  let wd;
  try {
    wd = (await import('selenium-webdriver')).default;
  } catch (e) {
    return { skip: `selenium-webdriver cannot load (npm ci installs it): ${e.message}` };
  }
  const port = await freePort();
  // Its own process group, so quit() ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  // The screen is as big as any page a test asks for.
  const driverProcess = spawn('xvfb-run', ['-a', '-s', '-screen 0 1920x1200x24', webkitDriverPath, `--port=${port}`],
    { detached: true, stdio: 'ignore' });
  const stopDriver = () => { try { process.kill(-driverProcess.pid, 'SIGTERM'); } catch { /* already gone */ } };
  let driver;
  try {
    await poll(async () => (await fetch(`http://127.0.0.1:${port}/status`).catch(() => null))?.ok, 15000, 'WebKitWebDriver');
    driver = await new wd.Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
      browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] } }).build();
  } catch (e) {
    await driver?.quit().catch(() => {});
    stopDriver();
    return { skip: `WebKit does not start here: ${e.message.split('\n')[0]}` };
  }
  const { By, Key, Origin, Button } = wd;
  const quit = async () => {
    await driver.quit().catch(() => {});
    stopDriver();
  };
  const launched = {
    // After a right-click this driver keeps the right button held and ignores later clicks, so a
    // page that had one spoils the session: the runner launches a new one (usable() is false).
    spoiled: false,
    usable: () => !launched.spoiled,
    async openPage(url, viewport) {
      await driver.manage().window().setRect({ width: viewport.width, height: viewport.height });
      return {
        driver,
        evaluate: (fn, arg) => driver.executeScript(`return (${fn})(arguments[0]);`, arg),
        click: async (selector) => (await driver.findElement(By.css(selector))).click(),
        clickAt: (x, y, { right = false } = {}) => {
          const button = right ? Button.RIGHT : Button.LEFT;
          if (right) launched.spoiled = true;
          return driver.actions({ async: true }).move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).press(button).release(button).perform();
        },
        press: (key) => driver.actions({ async: true }).sendKeys(Key[{ ArrowRight: 'ARROW_RIGHT', ArrowLeft: 'ARROW_LEFT', ArrowUp: 'ARROW_UP', ArrowDown: 'ARROW_DOWN', Enter: 'ENTER' }[key]] ?? key).perform(),
        paste: () => driver.actions({ async: true }).keyDown(Key.CONTROL).sendKeys('v').keyUp(Key.CONTROL).perform(),
        // The page stays until the next one replaces it: the session has one window.
        quit: () => driver.get('about:blank').catch(() => {}),
      };
    },
    quit,
  };
  return launched;
}

const kLaunchers = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit };

// What openEngine serves: dist/ through the development server, unless a test serves something
// else (page_site: make site's output on a plain static host). start() resolves to { server, url }.
export const serving = { start: () => startServer(distDir, 0) };

// Starts the named engine once, for several pages (run_flows.mjs): resolves to { skip: reason }
// when it cannot start here, else to { open(options), quit() }. open() takes openEngine's options
// and resolves to a session whose close() closes its page and its server, not the engine.
export async function launchEngine(name) {
  if (!kLaunchers[name]) throw new Error(`unknown engine ${name} (${kEngines.join(', ')})`);
  if (!fs.existsSync(`${distDir}/astar_core.mjs`)) throw new Error(`${distDir}/astar_core.mjs is missing: build the wasm-release preset first`);
  const launched = await kLaunchers[name]();
  if (launched.skip) return launched;
  return {
    usable: () => launched.usable?.() ?? true,
    open: (options) => openOn(name, launched, options),
    quit: () => launched.quit().catch(() => {}),
  };
}

async function openOn(name, launched, { path = '', hash = '', viewport = { width: 1280, height: 800 } } = {}) {
  const { server, url } = await serving.start();
  let driver;
  try {
    driver = await launched.openPage(url, viewport);
  } catch (e) {
    server.closeAllConnections();
    server.close();
    throw e;
  }
  const s = session(name, url, server, driver);
  try {
    if (driver.page) await driver.page.goto(url + path + hash);
    else await driver.driver.get(url + path + hash);
    if (!driver.page) await s.evaluate(collectErrors);
    await s.waitFor(() => document.body?.dataset.ready === 'true', null, kReadyMs);
    return s;
  } catch (e) {
    await s.close();
    throw e;
  }
}

// Opens the page (url + path + hash) in a newly started engine; see the file's opening comment.
// The session's close() also ends the engine.
export async function openEngine(name, options = {}) {
  const launched = await launchEngine(name);
  if (launched.skip) return launched;
  try {
    const s = await launched.open(options);
    const closePage = s.close;
    s.close = async () => {
      await closePage();
      await launched.quit();
    };
    return s;
  } catch (e) {
    await launched.quit();
    throw e;
  }
}

// Opens Firefox at the page, for a single-engine test (page_clock): a session or { skip }.
export function openFirefoxPage(options) {
  return openEngine('firefox', options);
}
