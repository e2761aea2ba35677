// The agents modules in the page: the agent walks the smoothed path to the goal through the
// tunnel (never leaving open cells), the path views toggle, and crowd mode runs 500 agents on
// a flow field (frame time reported, not asserted: the machine is shared). Issue 21's agent
// defects, by real clicks: a chase with Pac-Man on a wall is refused with a message, a catch
// costs a life (panel and message) and the last ends the chase, walker and squad can be
// stopped and cleared, "Destroy a bunker" says what it did or why not, and agents stop (with
// a message) when the map changes size. The path and planner workers take the page's compiled
// engine (one .wasm fetch in all).
// Reports ASTAR_SKIP when the page was built without the agents (web/agents_bindings.cpp and
// web/js/agents/boot.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, saveScreenshot, nextFrames } from './support.mjs';
import { installWorkLog } from './page_work.mjs';
import { pageFigure } from './page_figures.mjs';

async function agentsInstalled(page) {
  const linked = await page.evaluate(() => typeof window.playground.engine.core.AgentWorld === 'function');
  if (!linked) return false;
  await page.waitForFunction(() => !!window.playground.modules.agents, null, { timeout: 10000 });
  return true;
}

function skipped(t) {
  console.log('ASTAR_SKIP: the page has no agents modules (link web/agents_bindings.cpp; js/optional_modules.js installs js/agents/boot.js)');
  t.skip('no agents in this build');
}

test('the agent walks the smoothed path to the goal through the tunnel', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    const setup = await page.evaluate(() => {
      const app = window.playground, e = app.engine;
      e.newBlank(26, 5);
      for (let x = 0; x < 26; x++) { e.setWall(x, 0); e.setWall(x, 4); }
      for (let y = 1; y < 4; y++) { e.setWall(3, y); e.setWall(22, y); }  // the only way is the tunnel
      e.setWrap(true, false);
      e.setStart(e.index(1, 2));
      e.setGoal(e.index(24, 2));
      e.begin();
      e.run();
      app.store.changed('map', { whole: true, fit: true });  // the test edited the engine directly
      return { status: e.status(), cells: e.path().length, goal: e.goal() };
    });
    assert.equal(setup.status, 2, 'the engine found the path');
    for (const name of ['raw', 'pulled', 'smooth']) await page.check(`#agents-view-${name}`);  // the cell path alone by default
    const views = await page.evaluate(() => {
      const p = window.playground.modules.agents.paths;
      return { raw: p.raw.length, pulled: p.pulled.length, smooth: p.smooth.length, wraps: p.smooth.filter((q) => q.join === 3).length,
        shown: { ...window.playground.modules.agents.views } };
    });
    assert.equal(views.raw, setup.cells);
    assert.equal(views.wraps, 1, 'the smoothed path keeps the tunnel jump');
    assert.deepEqual(views.shown, { raw: true, pulled: true, smooth: true });
    // Record every frame's position, then walk.
    await page.evaluate(() => {
      window.agentTrace = [];
      window.playground.addTicker(() => {
        const s = window.playground.modules.agents.agentState();
        if (s) window.agentTrace.push(window.playground.modules.agents.world.open(s.x, s.y));
        return !!(s && !s.done);
      });
    });
    await page.click('#agents-walk');
    await page.waitForFunction(() => window.playground.modules.agents.agentState()?.done, null, { timeout: 20000 });
    const end = await page.evaluate(() => ({ ...window.playground.modules.agents.agentState(), trace: window.agentTrace }));
    assert.equal(end.cell, setup.goal, 'the agent stands on the goal');
    assert.equal(end.jumps, 1, 'through the tunnel once');
    assert.ok(end.travelled < 8, `walked ${end.travelled.toFixed(2)} cells, the short way`);
    assert.ok(end.trace.length > 5 && end.trace.every(Boolean), 'never outside the open cells');
    await saveScreenshot(page, 'agents-tunnel.png');
  });
});

test('crowd mode: 500 agents on a flow field (frame time reported)', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    const goal = await page.evaluate(() => {
      const app = window.playground, e = app.engine;
      e.newBlank(96, 96);
      for (let y = 0; y < 96; y++) for (let x = 0; x < 96; x++) if ((x % 12 === 6 && y % 24 !== 12) || (y % 24 === 0 && x % 3 === 0)) e.setWall(x, y);
      e.setStart(e.index(1, 1));
      e.setGoal(e.index(48, 12));
      app.store.changed('map', { whole: true, fit: true });  // the test edited the engine directly
      return e.goal();
    });
    assert.ok(goal >= 0);
    await page.fill('#agents-count', '500');
    await page.click('#agents-crowd');
    await page.waitForFunction(() => window.playground.modules.agents.frameMs.length >= 240, null, { timeout: 90000 });
    const r = await page.evaluate(() => {
      const a = window.playground.modules.agents, c = a.crowd;
      let inWalls = 0;
      for (let i = 0; i < c.count; i++) if (!a.world.open(c.x[i], c.y[i])) inWalls++;
      return { agents: a.frameStats(), page: window.playground.frameStats(), count: c.count, inWalls, arrived: c.arrived };
    });
    await saveScreenshot(page, 'agents-crowd.png');
    await page.click('#agents-crowd');  // stop
    assert.equal(r.count, 500);
    assert.equal(r.inWalls, 0);
    assert.ok(r.arrived > 0, 'agents reach the bunker');
    console.log(`crowd 500 agents: steering ${r.agents.meanMs.toFixed(2)} ms mean / ${r.agents.p95Ms.toFixed(2)} ms p95 per frame; ` +
      `whole frame (steering + drawing) ${r.page.meanMs.toFixed(2)} ms mean / ${r.page.p95Ms.toFixed(2)} ms p95 over ${r.page.frames} frames`);
  });
});

// The worker's search leaves the page free: input events are handled while a search is out with
// the worker, and the page's own engine runs no search meanwhile (counted, not timed: input lag,
// timer lateness and the longest task are figures, page_figures.mjs; their 200 ms bound failed
// on a busy machine).
test('the page stays responsive while the path worker searches a 1024 x 1024 map', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    await page.evaluate(() => {
      const app = window.playground, e = app.engine;
      e.newBlank(1024, 1024);
      const costs = e.costs();
      let s = 12345;
      for (let i = 0; i < costs.length; i++) {
        s = (s * 1103515245 + 12345) >>> 0;
        costs[i] = s % 100 < 20 ? 0 : 1;  // 20% walls
      }
      costs[0] = 1;
      costs[costs.length - 1] = 1;
      const problem = e.raw.commitCells();
      if (problem) throw new Error(problem);
      e.setStart(0);
      e.setGoal(costs.length - 1);
      app.store.changed('map', { whole: true, fit: true });  // the test edited the engine directly
    });
    // Let the page draw the new map first: that work is not the search's.
    await nextFrames(page);
    // The worker's start is not the search either: one search first starts it and sends it the
    // map. (When the worker compiled its own wasm, V8's background compile starved the page's
    // process on this 2-core machine: timers up to 213 ms late with no page task over 148 ms.
    // It now takes the page's compiled module: the next test.)
    const first = await page.evaluate(() => window.playground.modules.agents.workerFind(2).then((r) => r.status));
    assert.equal(first, 2, 'the worker found the path');
    await page.waitForTimeout(300);
    await page.evaluate(installWorkLog);
    await page.evaluate(() => {
      const app = window.playground, core = app.engine.core, worker = app.modules.agents.worker.worker;
      // The page's own engine searching (any core Engine on the main thread), and the finds out
      // with the worker: posted and not yet answered.
      for (const m of ['begin', 'step', 'run']) window.workLog.watch(`engine ${m}`, core.Engine.prototype, m);
      window.findsOut = 0;
      const post = worker.postMessage;
      worker.postMessage = function (message, ...rest) {
        if (message?.type === 'find') ++window.findsOut;
        return post.call(this, message, ...rest);
      };
      worker.addEventListener('message', (event) => { if (event.data?.type === 'reply') --window.findsOut; });
      // Input latency: how long after an input event its handler runs; timer lateness; and the
      // page's long tasks (over 50 ms), whose budget is 200 ms.
      window.inputLag = [];
      window.timerLag = [];
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
        .observe({ type: 'longtask' });
      window.inputDuring = 0;  // input events handled while a find was out with the worker
      app.renderer.canvas.addEventListener('pointermove', (ev) => {
        window.inputLag.push(performance.now() - ev.timeStamp);
        if (window.findsOut > 0) ++window.inputDuring;
      });
      let due = performance.now() + 10;
      const tickTimer = () => {
        window.timerLag.push(performance.now() - due);
        due = performance.now() + 10;
        if (!window.workerDone) setTimeout(tickTimer, 10);
      };
      setTimeout(tickTimer, 10);
      window.workerDone = null;
      // Six searches one after another: one takes ~120 ms on an idle machine, too short a
      // window to see several input events in.
      (async () => {
        const agents = window.playground.modules.agents;
        let reply = null;
        for (let k = 0; k < 6; k++) reply = await agents.workerFind(2);
        return reply;
      })().then((r) => { window.workerDone = r; }, (err) => { window.workerDone = { error: err.message }; });
    });
    const box = await page.locator('#grid').boundingBox();
    let moves = 0;
    for (let i = 0; i < 2000 && !(await page.evaluate(() => !!window.workerDone)); i++) {
      await page.mouse.move(box.x + 20 + (i * 37) % (box.width - 40), box.y + 20 + (i * 53) % (box.height - 40));
      moves++;
      await page.waitForTimeout(15);
    }
    const r = await page.evaluate(() => ({ reply: window.workerDone, input: window.inputLag, timer: window.timerLag, tasks: window.longTasks,
      inputDuring: window.inputDuring, onPage: window.workLog.calls.map((c) => c.what) }));
    assert.ok(!r.reply.error, r.reply.error);
    assert.equal(r.reply.status, 2, 'the worker found the path');
    assert.ok(r.reply.expanded > 100000, `Dijkstra expanded ${r.reply.expanded} nodes`);
    const max = (v) => v.reduce((m, x) => Math.max(m, x), 0);
    // Input was handled while a search was out with the worker (a search on the main thread is
    // one task: no input event runs inside it), and the page's engine did not search meanwhile.
    assert.ok(r.inputDuring >= 3, `${r.inputDuring} of ${r.input.length} input events handled while the worker searched`);
    assert.deepEqual(r.onPage, [], 'the page\'s own engine searched while the worker did');
    // The figures, against the project's budget (no task blocks the page for more than 200 ms).
    // Timer lateness also counts the page's own work while the mouse moves over the 1024 x 1024
    // map (native work in a CPU profile, not the worker's): mostly under 30 ms, up to 150 ms
    // seen on an idle machine.
    pageFigure('agents worker search 1024²: input lag (max)', max(r.input), 200);
    pageFigure('agents worker search 1024²: timer lateness (max)', max(r.timer), 200);
    pageFigure('agents worker search 1024²: longest task', max(r.tasks), 200);
    // For contrast: the same search on the page's own engine blocks the main thread this long.
    const blocking = await page.evaluate(() => {
      const e = window.playground.engine;
      e.setSettings({ algorithm: 'dijkstra' });
      e.begin();
      const t0 = performance.now();
      e.run();
      return { ms: performance.now() - t0, cost: e.stats().pathCost };
    });
    assert.ok(Math.abs(blocking.cost - r.reply.cost) < 1e-9 * Math.max(1, blocking.cost), 'the worker and the page agree on the cost');
    console.log(`worker Dijkstra on 1024 x 1024: ${r.reply.ms.toFixed(0)} ms, ${r.reply.expanded} expanded; meanwhile ${r.input.length} ` +
      `input events (max lag ${max(r.input).toFixed(1)} ms), timer lag max ${max(r.timer).toFixed(1)} ms, longest task ${max(r.tasks).toFixed(0)} ms, ${moves} mouse moves sent; ` +
      `the same search on the main thread blocks it for ${blocking.ms.toFixed(0)} ms`);
  });
});

test('the path worker and the planner worker start from the page\'s compiled engine: the .wasm is fetched once', async (t) => {
  const fetched = [];
  await withPage({ onPage: (page) => page.on('request', (r) => { if (r.url().endsWith('.wasm')) fetched.push(r.url()); }) }, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    assert.equal(fetched.length, 1, 'the page fetched its engine');
    assert.equal(await page.evaluate(() => window.playground.engine.core.wasmModule instanceof WebAssembly.Module), true);
    assert.equal(await page.evaluate(() => window.playground.modules.agents.workerFind(0).then((r) => r.status)), 2,
      'the path worker found the path');
    // The navigation mesh of a 257 x 257 map is built in the planner worker.
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await page.click('#navmesh summary');
    await page.check('#navmesh-show');
    await page.waitForFunction(() => document.getElementById('navmesh-stats').dataset.status === 'found', null, { timeout: 60000 });
    assert.deepEqual(fetched.map((u) => new URL(u).pathname), ['/astar_core.wasm'], 'neither worker fetched the .wasm');
  });
});

test('ghost chase on the arcade map: arrows steer Pac-Man, ghosts re-plan within the frame budget', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    const map = await page.evaluate(() => {
      const e = window.playground.engine;
      return { start: e.start(), goals: Array.from(e.goals()), name: e.name() };
    });
    assert.ok(map.start >= 0 && map.goals.length > 0, `the first map (${map.name}) has a start and a goal`);
    await page.click('#agents-chase');
    const cursorBefore = await page.evaluate(() => window.playground.renderer.cursor);
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(500);
    }
    const r = await page.evaluate(() => {
      const a = window.playground.modules.agents, c = a.chase, w = a.world;
      return {
        replans: c.replans, budget: c.budget, maxExpansions: c.maxExpansions, pacOpen: w.open(c.pac.x, c.pac.y), ghostsOpen: c.ghosts.every((g) => w.open(g.x, g.y)),
        pacMoved: Math.hypot(c.pac.x - w.centre(window.playground.engine.start()).x, c.pac.y - w.centre(window.playground.engine.start()).y),
        cursor: window.playground.renderer.cursor, frames: a.frameStats(),
      };
    });
    await saveScreenshot(page, 'agents-chase.png');
    await page.click('#agents-chase');  // stop
    assert.ok(r.replans >= 5, `${r.replans} paths planned`);
    assert.ok(r.maxExpansions > 0 && r.maxExpansions <= r.budget, `at most ${r.maxExpansions} of ${r.budget} expansions per frame`);
    assert.ok(r.pacOpen && r.ghostsOpen);
    assert.ok(r.pacMoved > 1, 'the arrows moved Pac-Man');
    assert.equal(r.cursor, cursorBefore, 'the arrows did not also move the page cursor');
    console.log(`chase: ${r.replans} ghost paths in ${r.frames.frames} frames, ${r.frames.meanMs.toFixed(2)} ms mean agents work per frame`);
  });
});

// ---- issue 21's agent defects, with real clicks ----

// The canvas bitmap alone (a screenshot would include a message toast over it).
function canvasPixels(page) {
  return page.evaluate(() => document.getElementById('grid').toDataURL());
}

// Waits for a message matching re to be on screen (whichever element shows messages).
async function waitForMessage(page, re, timeout = 5000) {
  await page.waitForFunction((source) => new RegExp(source).test(document.body.innerText), re.source, { timeout });
}

test('a ghost chase with Pac-Man on a wall is refused with a message', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    // The engine itself lets a wall cover the start (a file or a link can have it so).
    await page.evaluate(() => {
      const e = window.playground.engine;
      e.setWall(e.xOf(e.start()), e.yOf(e.start()));
    });
    await page.click('#agents-chase');
    await waitForMessage(page, /Pac-Man must start on a floor cell/);
    assert.equal(await page.evaluate(() => window.playground.modules.agents.chase), null, 'no chase runs');
    assert.equal(await page.textContent('#agents-chase'), 'Ghost chase');
  });
});

test('a catch costs Pac-Man a life (panel and message); the third ends the chase', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    await page.click('#agents-chase');
    assert.equal(await page.textContent('#agents-lives'), 'Lives: 3');
    // Pac-Man stands still at the start; faster ghosts only make the test shorter.
    await page.evaluate(() => { window.playground.modules.agents.chase.speed = 25; });
    for (const left of [2, 1]) {
      await page.waitForFunction((n) => document.getElementById('agents-lives').dataset.value === String(n), left, { timeout: 30000 });
      await waitForMessage(page, new RegExp(`Caught! Pac-Man lost a life: ${left} left`));
      assert.equal(await page.textContent('#agents-lives'), `Lives: ${left}`);
      const back = await page.evaluate(() => {
        const a = window.playground.modules.agents, c = a.chase, s = a.world.centre(window.playground.engine.start());
        return Math.hypot(c.pac.x - s.x, c.pac.y - s.y);
      });
      assert.ok(back < 1e-9, 'Pac-Man starts again from the start');
      await page.evaluate(() => { window.playground.modules.agents.chase.speed = 25; });
    }
    await waitForMessage(page, /Game over: the ghosts caught Pac-Man 3 times/, 30000);
    assert.equal(await page.evaluate(() => window.playground.modules.agents.chase), null, 'the chase ended');
    assert.equal(await page.textContent('#agents-chase'), 'Ghost chase');
    assert.equal(await page.textContent('#agents-lives'), '');
  });
});

test('walker and squad: their buttons stop them while walking and clear them after arriving', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    await page.click('#finish');  // the first view opens unsolved
    assert.ok(await page.evaluate(() => window.playground.engine.path().length > 2), 'the first map shows a path');
    await nextFrames(page);
    const empty = await canvasPixels(page);
    for (const [button, key, name, idle] of [['#agents-walk', 'agent', 'walker', 'Walk the path'], ['#agents-squad', 'squad', 'squad', 'Squad']]) {
      await page.click(button);
      assert.equal(await page.textContent(button), `Stop ${name}`);
      await page.waitForTimeout(300);
      assert.ok(await page.evaluate((k) => !window.playground.modules.agents[k].done, key), `the ${name} is on its way`);
      assert.ok((await canvasPixels(page)) !== empty, `the ${name} is drawn`);
      await page.click(button);  // stop
      assert.equal(await page.evaluate((k) => window.playground.modules.agents[k], key), null, `the ${name} stopped`);
      assert.equal(await page.textContent(button), idle);
      await page.fill('#agents-speed', '30');
      await page.click(button);
      await page.waitForFunction((k) => window.playground.modules.agents[k]?.done, key, { timeout: 30000 });
      await page.waitForFunction(([b, text]) => document.querySelector(b).textContent === text, [button, `Clear ${name}`], { timeout: 2000 });
      await page.click(button);  // clear
      assert.equal(await page.evaluate((k) => window.playground.modules.agents[k], key), null, `the ${name} was cleared`);
      assert.equal(await page.textContent(button), idle);
      await nextFrames(page);
      assert.ok((await canvasPixels(page)) === empty, `nothing of the ${name} is left on the canvas`);
    }
  });
});

test('Destroy a bunker says what happened: not before the crowd, never the last one, else which one', async (t) => {
  await withPage({}, async ({ page }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    await page.click('#agents-bunker');
    await waitForMessage(page, /Start the crowd first/);
    await page.fill('#agents-count', '200');
    await page.click('#agents-crowd');  // the first map has one goal: one bunker
    await page.click('#agents-bunker');
    await waitForMessage(page, /Only one bunker is left, so it stays/);
    const one = await page.evaluate(() => ({ goals: Array.from(window.playground.modules.agents.world.raw.flowGoals()), arrived: window.playground.modules.agents.crowd.arrived }));
    assert.equal(one.goals.length, 1, 'the last bunker stays');
    await page.waitForFunction((n) => window.playground.modules.agents.crowd.arrived > n, one.arrived, { timeout: 20000 });
    await page.click('#agents-crowd');  // stop
    // Two bunkers, from a map file with two goals, imported through the file chooser.
    const rows = ['..........', '.########.', '..........'];
    const text = ['astar-map 1', 'name: Two bunkers', 'size: 10 x 3', 'terrain: . 1 floor', 'terrain: # wall wall', 'start: 0 1',
      'goal: 9 0', 'goal: 9 2', 'grid:', ...rows, ''].join('\n');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#import-button')]);
    await chooser.setFiles({ name: 'two_bunkers.map.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => window.playground.engine.width === 10);
    await page.click('#agents-crowd');
    assert.deepEqual(await page.evaluate(() => Array.from(window.playground.modules.agents.world.raw.flowGoals())), [9, 29]);
    await page.click('#agents-bunker');
    await waitForMessage(page, /Bunker \(9, 0\) destroyed: the crowd re-routes to the last one/);
    const after = await page.evaluate(() => {
      const raw = window.playground.modules.agents.world.raw;
      return { goals: Array.from(raw.flowGoals()), distance: raw.flowDistance()[9] };
    });
    assert.deepEqual(after.goals, [29]);
    assert.ok(after.distance > 0 && after.distance < Infinity, 'the old bunker now flows to the other one');
    await page.click('#agents-crowd');
  });
});

test('agents stop with a message when the map changes size; a same-size reload keeps the crowd going', async (t) => {
  await withPage({}, async ({ page, errors }) => {
    if (!await agentsInstalled(page)) return skipped(t);
    await page.fill('#agents-count', '300');
    await page.click('#agents-crowd');
    await page.click('#agents-walk');
    const file = await page.inputValue('#map-select');
    // The same map again (a new document of the same shape): the crowd keeps running.
    await page.selectOption('#map-select', '');
    await page.selectOption('#map-select', file || 'arcade.map.txt');
    await page.waitForTimeout(300);
    assert.ok(await page.evaluate(() => !!window.playground.modules.agents.crowd), 'the crowd runs on');
    await page.fill('#new-width', '2048');
    await page.fill('#new-height', '2048');
    await page.click('#new-map');
    await waitForMessage(page, /Agents stopped: the map changed size or cell shape/, 15000);
    assert.deepEqual(await page.evaluate(() => [window.playground.modules.agents.crowd, window.playground.modules.agents.agent]), [null, null]);
    assert.equal(await page.textContent('#agents-crowd'), 'Crowd');
    assert.equal(await page.textContent('#agents-walk'), 'Walk the path');
    assert.deepEqual(errors, []);
  });
});
