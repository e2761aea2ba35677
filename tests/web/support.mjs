// Shared helpers for the node tests of the wasm module and the browser tests of the page.
// ctest passes ASTAR_DIST_DIR (the served folder of the wasm build) and ASTAR_ARTIFACT_DIR
// (where screenshots go); run by hand they default to build-wasm/dist and build/screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = process.env.ASTAR_DIST_DIR || path.join(repo, 'build-wasm/dist');
export const artifactDir = process.env.ASTAR_ARTIFACT_DIR || path.join(repo, 'build/screenshots');
export const mapsBenchDir = process.env.ASTAR_MAPS_BENCH_DIR || path.join(repo, '../shared/maps-bench');
export const chromiumPath = process.env.ASTAR_CHROMIUM || '/usr/bin/chromium';

function requireDist() {
  const module = path.join(distDir, 'astar_core.mjs');
  if (!fs.existsSync(module)) {
    throw new Error(`${module} is missing: build the wasm first (cmake --preset wasm-release && cmake --build --preset wasm-release, or make test)`);
  }
  return module;
}

// The same ES module the page loads, instantiated in node from the .wasm bytes.
export async function loadCore() {
  const module = requireDist();
  const { default: create } = await import(pathToFileURL(module).href);
  return create({ wasmBinary: fs.readFileSync(path.join(distDir, 'astar_core.wasm')) });
}

// Runs body(engine) on a new engine of the loaded core with a blank width x height map, and
// deletes the engine afterwards (also when body throws).
export function withEngine(core, width, height, body) {
  const e = new core.Engine();
  try {
    const problem = e.newMap(width, height);
    if (problem !== '') throw new Error(`newMap(${width}, ${height}): ${problem}`);
    return body(e);
  } finally {
    e.delete();
  }
}

// Makes a new map with the page's own generator controls (kind, size and, if given, seed).
export async function generateOnPage(page, kind, width, height, seed) {
  await page.selectOption('#generator', kind);
  await page.fill('#new-width', String(width));
  await page.fill('#new-height', String(height));
  if (seed !== undefined) await page.fill('#seed', String(seed));
  await page.click('#generate');
}

// One headless Chromium per test file, shared by the pages it opens (each page has its own
// context: storage, service workers and caches are not shared). Launching one per page cost
// 1-3 s a page, over 160 pages. The browser closes once no page has been open for a moment,
// so node --test can exit; one that crashed or disconnected is launched again.
const kBrowserIdleMs = 300;
const sharedBrowsers = new Map();  // classicScrollbars -> { launched: Promise<Browser>, pages, idleTimer }

async function acquireBrowser(classicScrollbars) {
  let entry = sharedBrowsers.get(classicScrollbars);
  if (entry) {
    const browser = await entry.launched.catch(() => null);
    if (!browser?.isConnected()) {
      sharedBrowsers.delete(classicScrollbars);
      entry = undefined;
    }
  }
  if (!entry) {
    const { chromium } = await import('playwright-core');
    entry = { pages: 0, idleTimer: undefined, launched: chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
      ignoreDefaultArgs: classicScrollbars ? ['--hide-scrollbars'] : [],
    }) };
    sharedBrowsers.set(classicScrollbars, entry);
    entry.launched.catch(() => sharedBrowsers.delete(classicScrollbars));
  }
  clearTimeout(entry.idleTimer);
  entry.pages += 1;
  try {
    return await entry.launched;
  } catch (e) {
    entry.pages -= 1;
    throw e;
  }
}

function releaseBrowser(classicScrollbars) {
  const entry = sharedBrowsers.get(classicScrollbars);
  if (!entry || --entry.pages > 0) return;
  entry.idleTimer = setTimeout(() => {
    if (sharedBrowsers.get(classicScrollbars) !== entry || entry.pages > 0) return;
    sharedBrowsers.delete(classicScrollbars);
    entry.launched.then((b) => b.close()).catch(() => {});
  }, kBrowserIdleMs);
}

// Serves dist/ on a free port and opens the page in a new context of the file's headless
// Chromium (acquireBrowser). Returns { page, url, errors, close }; errors collects uncaught page errors and console errors.
// view: the page's view for a visitor who has not chosen one ('tools', where most tests work,
// or 'learn'); null opens it as a first visit does (the Learn view). A view the test picks on
// the page is kept over reloads, as a visitor's choice is.
// Always call close() in finally/after(), or node --test hangs on the open browser.
// classicScrollbars: scrollbars that take room, as on Windows and Linux desktops (Playwright
// hides them by default).
// offline: let the page register its service worker. Off by default: the worker's install
// stores every file of the build (over 150 requests), about 1-3 s of CPU beside each test's own
// work on a 2-core machine; the page then runs as where service workers are unavailable (it
// warns and works online). Offline use is tested where it is the subject (page_offline*, the flows).
export async function openPage({ hash = '', viewport = { width: 1280, height: 720 }, waitReady = true, onPage, touch = false, view = 'tools',
  classicScrollbars = false, offline = false } = {}) {
  requireDist();
  const { server, url } = await startServer(distDir, 0);
  let browser;
  try {
    browser = await acquireBrowser(classicScrollbars);
  } catch (e) {
    server.close();
    throw e;
  }
  let context, closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await context?.close().catch(() => {});
    releaseBrowser(classicScrollbars);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  try {
    context = await browser.newContext({ viewport, acceptDownloads: true, hasTouch: touch });
    if (view) await context.addInitScript(presetView, view);
    if (!offline) await context.addInitScript(refuseServiceWorkers);
    const page = await context.newPage();
    const errors = [];
    // Awaited: an init script or route that is still being installed when goto starts may miss
    // the first document (page_clipboard and page_export failed on it about once a make test).
    if (onPage) await onPage(page);
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(`console: ${m.text()}`);
    });
    await page.goto(url + hash);
    if (waitReady) await page.waitForSelector('body[data-ready]', { timeout: 15000 });
    return { browser, context, page, url, errors, close };
  } catch (e) {
    await close();
    throw e;
  }
}

// The Learn view by its button, as a visitor switches (from the Tools view, where most tests work).
export async function showLearnView(page) {
  if (await page.evaluate(() => document.documentElement.dataset.view) !== 'learn') await page.click('#view-switch');
  await page.waitForFunction(() => document.documentElement.dataset.view === 'learn');
}

// A lesson's "Try this" result shows when the grid's replay gets there (web/js/lessons/reveal.js);
// Finish takes the grid there now, as its note says. box: the try's selector; target: a page or
// a frame. Resolves once the result is shown.
export async function finishTry(target, box) {
  if (await target.getAttribute(box, 'data-shown') !== 'true') await target.click('#finish');
  await target.waitForSelector(`${box}[data-shown="true"]`);
}

// Before the page's scripts: registering a service worker fails, as where storage is off.
// Not Playwright's serviceWorkers: 'block', whose register() resolves to undefined, which no
// browser does (offline.js would then fail on the missing registration).
function refuseServiceWorkers() {
  if (self.ServiceWorkerContainer) {
    ServiceWorkerContainer.prototype.register = () => Promise.reject(new Error('service workers are off in this test (openPage)'));
  }
}

// Before the page's scripts: the view a visitor chose, unless one is already chosen.
function presetView(view) {
  try {
    if (!localStorage.getItem('astar-playground/view')) localStorage.setItem('astar-playground/view', view);
  } catch { /* an opaque origin: no storage */ }
}

export async function saveScreenshot(page, name) {
  fs.mkdirSync(artifactDir, { recursive: true });
  const file = path.join(artifactDir, name);
  await page.screenshot({ path: file });
  return file;
}

// The page coordinates of the centre of cell n on the canvas.
export function cellPoint(page, n) {
  return page.evaluate((cell) => {
    const r = window.playground.renderer, rect = r.canvas.getBoundingClientRect(), c = r.cellCenter(cell);
    return { x: rect.left + c.x, y: rect.top + c.y };
  }, n);
}

// Clicks the centre of cell n on the page's canvas (button: 'left' | 'right').
export async function clickCell(page, n, options = {}) {
  const p = await cellPoint(page, n);
  await page.mouse.click(p.x, p.y, options);
}

// Everything a share link must restore: the map as core writes it, and the settings.
export function engineState(page) {
  return page.evaluate(() => {
    const app = window.playground, e = app.engine;
    return {
      text: app.docText(), settings: { ...e.settings }, start: e.start(), goal: e.goal(), width: e.width, height: e.height,
      costs: Array.from(e.costs()), masks: Array.from(e.entryMasks()), portals: e.portals(), wrap: [e.wrapX(), e.wrapY()],
      diagonal: e.diagonal(), costModel: e.costModel(), name: e.name(),
    };
  });
}

// Runs the native engine (tests/web/reference_cost.cpp) on a map file; returns the cost or null (no path).
// algorithm and heuristic (core's names) are optional: A* with octile by default.
export async function nativeCost(mapFile, sx, sy, gx, gy, algorithm, heuristic) {
  const tool = process.env.ASTAR_REFERENCE_COST || path.join(repo, 'build-release/web_reference_cost');
  if (!fs.existsSync(tool)) throw new Error(`${tool} is missing: build the release preset (make test does)`);
  const { execFileSync } = await import('node:child_process');
  const args = [mapFile, sx, sy, gx, gy];
  if (algorithm) args.push(algorithm);
  if (algorithm && heuristic) args.push(heuristic);
  const out = execFileSync(tool, args.map(String), { encoding: 'utf8' }).trim();
  if (out === 'no-path') return null;
  const m = /^found (\S+)$/.exec(out);
  if (!m) throw new Error(`reference: ${out}`);
  return Number(m[1]);
}

export const repoDir = repo;

// What a 0.2.0 link could hold, as the page shows it (tests/web/fixtures/links_0_2_0.json).
export function documentVersion1(page) {
  return page.evaluate(() => {
    const app = window.playground, e = app.engine, lessons = app.lessons.current;
    return {
      map: app.docText(), settings: { ...e.settings }, start: e.start(), goals: Array.from(e.goals()),
      race: app.store.race, lab: app.store.lab,
      lesson: lessons ? { title: lessons.lesson.title, steps: lessons.lesson.steps.length, step: lessons.step } : null,
    };
  });
}

// A course page on another origin: its own plain server on another port (no policy of ours; a
// page that Playwright fulfils counts as public, and Chromium keeps public pages from loopback
// addresses), serving html. Resolves to { page, frame (its first iframe), messages, close }.
export async function otherOriginPage(context, html) {
  const http = await import('node:http');
  const server = http.createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await context.newPage();
  const messages = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto(`http://127.0.0.1:${server.address().port}/course.html`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('the course page has no frame');
  const close = async () => {
    await page.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { page, frame, messages, close };
}

// Opens a built-in lesson with the page's controls and returns its Lesson link (the URL).
export async function lessonLinkOf(page, file) {
  await page.selectOption('#lesson-select', file);
  await page.click('#lesson-open');
  await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
  await page.click('#lesson-link');
  await page.waitForFunction(() => document.getElementById('lesson-link-box').value !== '');
  return page.inputValue('#lesson-link-box');
}

// The text this tab's autosave holds (web/js/document/storage.js: one document per tab, keyed by the
// tab's id in sessionStorage), or null.
export function tabAutosave(page) {
  return page.evaluate(() => localStorage.getItem(`astar-playground/document/${sessionStorage.getItem('astar-playground/tab-id')}`));
}

// The `astar` tool's arguments for the page's search settings ({ algorithm, heuristic, weight,
// wrapAware, portalAware }): --algorithm, then only the options that planner takes, as `astar
// help` lists them from core's planner registry (the CLI refuses the others).
let plannerOptions = null;
export async function cliSearchArgs(settings) {
  if (!plannerOptions) {
    const { execFileSync } = await import('node:child_process');
    const cli = process.env.ASTAR_CLI || path.join(repo, 'build-release/tools/astar/astar');
    const help = execFileSync(cli, ['help'], { encoding: 'utf8' });
    plannerOptions = new Map();
    for (const m of help.matchAll(/^ {2}([a-z-]+): .*\n {6}.*takes (.*)$/gm)) {
      plannerOptions.set(m[1], new Set([...m[2].matchAll(/--([a-z-]+)/g)].map((o) => o[1])));
    }
  }
  const takes = plannerOptions.get(settings.algorithm);
  if (!takes) throw new Error(`astar help lists no planner ${settings.algorithm}`);
  const args = ['--algorithm', settings.algorithm];
  if (takes.has('heuristic') && settings.heuristic) args.push('--heuristic', settings.heuristic);
  if (takes.has('weight') && settings.weight !== undefined) args.push('--weight', String(settings.weight));
  if (takes.has('wrap-aware') && settings.wrapAware !== undefined) args.push(settings.wrapAware ? '--wrap-aware' : '--no-wrap-aware');
  if (takes.has('portal-aware') && settings.portalAware !== undefined) args.push(settings.portalAware ? '--portal-aware' : '--no-portal-aware');
  return args;
}

// Resolves after the page has drawn two more frames: views that update on draw (the heat
// legend, the HPA overlay) are then current.
export async function nextFrames(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// Opens the page, runs body({ page, ... }), checks that the page logged no errors, and
// always closes the browser.
export async function withPage(options, body) {
  const session = await openPage(options);
  try {
    await body(session);
    if (session.errors.length) throw new Error(`the page logged errors:\n${session.errors.join('\n')}`);
  } finally {
    await session.close();
  }
}
