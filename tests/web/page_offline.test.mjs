// Offline use and updates (issue 35; web/sw.js, web/js/offline.js): after one visit the page
// works with the network off (a bundled map, a search, a lesson, the embed), its cache holds
// exactly the build's files (no share-link fragment, no query, nothing fetched at run time), and
// a changed build on the server is picked up after a reload with the page's notice; Chromium
// finds the page installable (manifest, icon, service worker).
// Chromium through playwright-core, each test in its own browser, server and copy of dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer } from '../../scripts/serve.mjs';
import { chromiumPath, repoDir, saveScreenshot } from './support.mjs';
import { kUpdateText, copyOfDist, stampedBuild, workerActivated as workerActivatedInPage, cachedPaths as cachedPathsInPage,
  networkAnswers } from './offline_support.mjs';

async function launch(site, port = 0) {
  const { chromium } = await import('playwright-core');
  let { server, url } = await startServer(site, port);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const stopServer = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return {
    browser, context, page, url, errors,
    // Serves another folder at the same address (a deploy).
    async serve(folder) {
      await stopServer();
      ({ server } = await startServer(folder, Number(new URL(url).port)));
    },
    async close() {
      await browser.close().catch(() => {});
      await stopServer();
    },
  };
}

const ready = (page) => page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });

const workerActivated = (page) => page.evaluate(workerActivatedInPage);
const cachedPaths = (page) => page.evaluate(cachedPathsInPage);

test('after one visit the page works offline: a bundled map, a search, a lesson, the embed; nothing but the build is cached', async () => {
  const { dir, site } = copyOfDist();
  const session = await launch(site);
  const { context, page, url, errors } = session;
  try {
    const build = stampedBuild(site);
    assert.match(build.hash, /^[0-9a-f]{16}$/);
    const version = fs.readFileSync(path.join(repoDir, 'CMakeLists.txt'), 'utf8').match(/project\(astar VERSION (\S+)/)[1];
    assert.equal(build.version, version, 'the cache is named by CMake\'s project version');
    // The maps and lessons the page lists are all part of the build.
    const index = JSON.parse(fs.readFileSync(path.join(site, 'maps/index.json'), 'utf8'));
    for (const m of index.maps) assert.ok(build.files.includes(`maps/${m.file}`), `maps/${m.file} is stored`);
    const lessons = build.files.filter((f) => f.startsWith('maps/lessons/'));
    assert.ok(lessons.length > 1, `lessons are stored: ${lessons.join(', ')}`);
    for (const f of ['index.html', 'embed.html', 'astar_core.wasm', 'astar_core.mjs', 'js/main.js', 'manifest.webmanifest', 'icon.svg']) {
      assert.ok(build.files.includes(f), `${f} is stored`);
    }

    await page.goto(url);
    await ready(page);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'a first visit is not served by the worker');
    const names = await workerActivated(page);
    const cacheName = `astar-playground-${build.version}-${build.hash}`;
    assert.deepEqual(names, [cacheName]);
    // The page's manifest, as a browser installs it.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      return (await fetch(link.href)).json();
    });
    assert.equal(manifest.name, 'A* Playground');
    assert.ok(manifest.icons.some((i) => i.src === 'icon.svg' && i.sizes === 'any'));

    // Offline: the same tab reloads, opens another bundled map, searches, opens a lesson.
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the worker');
    assert.equal(await page.evaluate(networkAnswers), false, 'the network is off');
    const other = index.maps.find((m) => m.format === 'playground' && !/arcade/i.test(m.file));
    await page.click('#view-switch');  // a first visit's Learn view; the map picker is a Tools control
    await page.selectOption('#map-select', other.file);
    await page.waitForFunction((title) => document.getElementById('map-name').textContent.includes(title), other.title, { timeout: 10000 });
    await page.click('#finish');
    await page.waitForFunction(() => window.playground.controller.state === 'finished', null, { timeout: 30000 });
    const found = await page.evaluate(() => ({ status: window.playground.engine.status(), cost: document.getElementById('stat-path-cost').textContent }));
    assert.equal(found.status, 2, `a path on ${other.file}: ${JSON.stringify(found)}`);
    await page.selectOption('#lesson-select', { index: 1 });
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden, null, { timeout: 10000 });
    const lessonTitle = await page.textContent('#lesson-body h2, #lesson-body h3, #lesson-title').catch(() => '');
    console.log(`offline: opened ${other.file} (path cost ${found.cost}) and the lesson "${lessonTitle?.trim()}"`);

    // A share link and the embed open offline; neither the fragment nor the query is stored.
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#'), null, { timeout: 10000 });
    const link = await page.inputValue('#share-link');
    const fragment = new URL(link).hash;
    for (const address of [link, `${url}embed.html${fragment}`, `${url}index.html?embed${fragment}`]) {
      await page.goto(address);
      await ready(page);
      assert.equal(await page.evaluate(() => window.playground.engine.status() !== undefined && !!navigator.serviceWorker.controller), true, address);
    }
    assert.equal(await page.evaluate(() => document.documentElement.dataset.embed), '', 'the embed opened');
    const cached = await cachedPaths(page);
    assert.deepEqual(Object.keys(cached), [cacheName]);
    assert.deepEqual(cached[cacheName].map((p) => p.slice(1)).sort(), [...build.files].sort(), 'exactly the build is stored');
    // The one failed load is networkAnswers()'s probe (Chromium logs it without its address).
    assert.deepEqual(errors.filter((e) => !/favicon/.test(e) && e !== 'console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED'), []);
  } finally {
    await session.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a changed build is picked up after a reload, with the page\'s notice; the old cache goes', async () => {
  const { dir, site } = copyOfDist();
  // The next build: one map renamed in the index (a change the page shows), stamped as the
  // build would stamp it.
  const next = path.join(dir, 'next');
  fs.cpSync(site, next, { recursive: true });
  const indexFile = path.join(next, 'maps/index.json');
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8'));
  const renamed = index.maps[0];
  const newTitle = `${renamed.title} (new build)`;
  renamed.title = newTitle;
  fs.writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  execFileSync('cmake', [`-DSOURCE=${repoDir}`, `-DDIST=${next}`, `-DVERSION=${stampedBuild(site).version}`,
    '-P', path.join(repoDir, 'scripts/service_worker.cmake')]);
  const before = stampedBuild(site), after = stampedBuild(next);
  assert.notEqual(after.hash, before.hash, 'a changed file changes the build hash');

  const session = await launch(site);
  const { page, url, errors } = session;
  const titles = () => page.evaluate(() => [...document.querySelectorAll('#map-select option')].map((o) => o.textContent));
  try {
    await page.goto(url);
    await ready(page);
    await workerActivated(page);
    await page.reload();  // now served by the worker
    await ready(page);
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));

    await session.serve(next);  // the deploy
    await page.reload();
    await ready(page);
    // This load is still the version the tab had; the new one is stored and announced.
    await page.waitForFunction((text) => document.getElementById('message').textContent === text
      && !document.getElementById('message-box').hidden, kUpdateText, { timeout: 20000 });
    assert.ok((await titles()).some((t) => t.includes(renamed.title.replace(' (new build)', ''))));
    assert.ok(!(await titles()).some((t) => t.includes(newTitle)), 'the old version runs until the visitor reloads');
    assert.equal(await page.textContent('#message-action'), 'Reload');
    console.log(`screenshot: ${await saveScreenshot(page, 'page-offline-update.png')}`);
    await Promise.all([page.waitForEvent('load', { timeout: 20000 }), page.click('#message-action')]);
    await ready(page);
    assert.ok((await titles()).some((t) => t.includes(newTitle)), `the new build runs: ${(await titles()).join(' | ')}`);
    const cached = await cachedPaths(page);
    assert.deepEqual(Object.keys(cached), [`astar-playground-${after.version}-${after.hash}`], 'only the new build is kept');
    assert.equal(await page.evaluate(() => document.getElementById('message-box').hidden), true, 'no notice after the update');
    assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
    console.log(`update: ${before.hash} -> ${after.hash}, notice shown, new build running after Reload`);
  } finally {
    await session.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('Chromium finds the page installable: the manifest, its icon and the service worker pass its checks', async () => {
  const { chromium } = await import('playwright-core');
  const { dir, site } = copyOfDist();
  const { server, url } = await startServer(site, 0);
  // A persistent profile: Chromium never offers to install from an incognito one (Playwright's
  // ordinary contexts), and says so as the only error.
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), { executablePath: chromiumPath, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    await workerActivated(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { errors } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(errors, [], 'the manifest parses without warnings');
  } finally {
    await context.close().catch(() => {});
    server.closeAllConnections();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
