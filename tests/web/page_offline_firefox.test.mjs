// The offline flow of page_offline in Firefox (firefox-esr through puppeteer-core over WebDriver
// BiDi, engines.mjs): after one visit the network goes off (BiDi's offline emulation where the
// driver has it, else the server stops: no network for the page's origin either way), the page
// reloads from its service worker, opens a bundled map, runs a search and opens a lesson.
// When Firefox cannot start here, or gives the page no service worker, it prints ASTAR_SKIP.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { openEngine, serving } from './engines.mjs';
import { copyOfDist, stampedBuild, workerActivated, cachedPaths, networkAnswers } from './offline_support.mjs';

const { dir, site } = copyOfDist();
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('Firefox: after one visit the page works offline: a bundled map, a search, a lesson', async () => {
  let server;
  serving.start = async () => {
    const started = await startServer(site, 0);
    server = started.server;
    return started;
  };
  const s = await openEngine('firefox');
  if (s.skip) {
    console.log(`ASTAR_SKIP: firefox: ${s.skip}`);
    return;
  }
  try {
    const names = await s.evaluate(workerActivated);
    if (names.unsupported) {
      console.log(`ASTAR_SKIP: firefox: no service worker for the page (${names.unsupported})`);
      return;
    }
    const build = stampedBuild(site);
    assert.deepEqual(names, [`astar-playground-${build.version}-${build.hash}`]);
    let offline = 'BiDi offline emulation';
    try {
      await s.page.setOfflineMode(true);
    } catch (e) {
      offline = `the server stopped (the driver has no offline mode: ${e.message.split('\n')[0]})`;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    await s.page.reload();
    await s.waitFor(() => document.body.dataset.ready === 'true', null, 30000);
    assert.ok(await s.evaluate(() => !!navigator.serviceWorker.controller), 'served by the worker');
    assert.equal(await s.evaluate(networkAnswers), false, 'the network is off');
    const index = JSON.parse(fs.readFileSync(path.join(site, 'maps/index.json'), 'utf8'));
    const other = index.maps.find((m) => m.format === 'playground' && !/arcade/i.test(m.file));
    await s.click('#view-switch');  // a first visit's Learn view; the map picker is a Tools control
    await s.select('#map-select', other.file);
    await s.waitFor((title) => document.getElementById('map-name').textContent.includes(title), other.title, 15000);
    await s.click('#finish');
    await s.waitFor(() => window.playground.controller.state === 'finished', null, 30000);
    assert.equal(await s.evaluate(() => window.playground.engine.status()), 2, `a path on ${other.file}`);
    const lesson = await s.evaluate(() => document.querySelectorAll('#lesson-select option')[1].value);
    await s.select('#lesson-select', lesson);
    await s.click('#lesson-open');
    await s.waitFor(() => !document.getElementById('lesson-body').hidden, null, 15000);
    const cached = await s.evaluate(cachedPaths);
    assert.equal(Object.values(cached)[0].length, build.files.length, 'the build, and nothing else, is stored');
    assert.deepEqual(await s.errors(), []);
    console.log(`firefox offline (${offline}): opened ${other.file}, found a path, opened lesson ${lesson}`);
  } finally {
    await s.close();
  }
});
