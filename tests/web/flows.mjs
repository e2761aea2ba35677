// The main flows of the page, one list run in Chromium, Firefox and WebKit (issue 35):
// tests/web/part.cmake registers web.flow.<engine>.<flow> for each `flow('<name>', ...)` line
// below (it reads them from this file), and run_flow.mjs runs one. A flow gets an engine session
// (engines.mjs) on a fresh page and asserts what a user would see.
import assert from 'node:assert/strict';
import { openEngine } from './engines.mjs';

/** @type {Map<string, { what: string, run: (s: any) => Promise<void>, open?: object }>} */
export const kFlows = new Map();

function flow(name, what, run, open = {}) {
  kFlows.set(name, { what, run, open });
}

// Two open cells far apart, and the page coordinates of a cell's centre.
const openCells = (s) => s.evaluate(() => {
  const e = window.playground.engine, c = e.costs(), open = [];
  for (let i = 0; i < c.length; i++) if (c[i] > 0 && i !== e.start() && i !== e.goal()) open.push(i);
  return [open[Math.floor(open.length / 5)], open[Math.floor((4 * open.length) / 5)]];
});
const cellPoint = (s, n) => s.evaluate((cell) => {
  const r = window.playground.renderer, rect = r.canvas.getBoundingClientRect(), c = r.cellCenter(cell);
  return { x: rect.left + c.x, y: rect.top + c.y };
}, n);
const endpoints = (s) => s.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]);
const result = (s) => s.evaluate(() => {
  const st = window.playground.engine.stats();
  return { state: window.playground.controller.state, cost: st.pathCost, cells: st.pathCells };
});
const message = (s) => s.evaluate(() => document.getElementById('message').textContent);

// The Tools view by its button: a fresh browser opens the Learn view.
async function showTools(s) {
  if (await s.evaluate(() => document.documentElement.dataset.view) !== 'tools') await s.click('#view-switch');
  await s.waitFor(() => document.documentElement.dataset.view === 'tools');
}

async function playToEnd(s) {
  await s.click('#play');
  await s.waitFor(() => window.playground.controller.state === 'finished', null, 60000);
  return result(s);
}

flow('first-load', 'the page loads with a map, a drawn canvas and the panel', async (s) => {
  const page = await s.evaluate(() => ({
    map: window.playground.engine.name(), cells: window.playground.engine.width * window.playground.engine.height,
    canvas: document.getElementById('grid').getBoundingClientRect().width, panel: document.getElementById('panel').getClientRects().length,
    options: document.querySelectorAll('#map-select option').length, algorithms: document.querySelectorAll('#algorithm option').length,
  }));
  assert.ok(page.map && page.cells > 0, `a map is open: ${JSON.stringify(page)}`);
  assert.ok(page.canvas > 200 && page.panel > 0, 'canvas and panel shown');
  assert.ok(page.options > 3 && page.algorithms > 3, 'bundled maps and algorithms listed');
});

flow('mouse-placement', 'a click places the start, a right-click the goal', async (s) => {
  const [a, b] = await openCells(s);
  const pa = await cellPoint(s, a), pb = await cellPoint(s, b);
  await s.clickAt(pa.x, pa.y);
  await s.clickAt(pb.x, pb.y, { right: true });
  await s.waitFor(([start, goal]) => window.playground.engine.start() === start && window.playground.engine.goal() === goal, [a, b], 5000)
    .catch(() => {});
  assert.deepEqual(await endpoints(s), [a, b]);
});

flow('keyboard-placement', 'arrows move the cell cursor on the focused canvas and G places the goal', async (s) => {
  const { target, key } = await s.evaluate(() => {
    const e = window.playground.engine, c = e.costs(), st = e.start(), x = st % e.width, y = Math.floor(st / e.width);
    const moves = [['ArrowRight', 1, 0], ['ArrowLeft', -1, 0], ['ArrowDown', 0, 1], ['ArrowUp', 0, -1]];
    for (const [k, dx, dy] of moves) {
      const nx = x + dx, ny = y + dy, n = ny * e.width + nx;
      if (nx >= 0 && ny >= 0 && nx < e.width && ny < e.height && c[n] > 0 && n !== e.goal()) return { target: n, key: k };
    }
    return { target: -1, key: '' };
  });
  assert.ok(target >= 0, 'the start has an open neighbour');
  await s.evaluate(() => document.getElementById('grid').focus());
  await s.press(key);
  await s.press('g');
  assert.equal((await endpoints(s))[1], target);
});

flow('play', 'Play runs the search to the end and shows a path', async (s) => {
  const r = await playToEnd(s);
  assert.equal(r.state, 'finished');
  assert.ok(r.cost > 0 && r.cells > 1, JSON.stringify(r));
  const shown = await s.evaluate(() => document.getElementById('stat-path-cost').textContent);
  assert.equal(Number(shown), Math.round(r.cost * 1e4) / 1e4);
});

flow('share-link', 'Share copies the link; the link in a fresh browser gives the same map and cost', async (s) => {
  const [a, b] = await openCells(s);
  await s.evaluate(([start, goal]) => {
    window.playground.store.placeEndpoint('start', start);
    window.playground.store.placeEndpoint('goal', goal);
  }, [a, b]);
  assert.deepEqual(await endpoints(s), [a, b]);
  const here = await playToEnd(s);
  await showTools(s);
  await s.click('#share');
  await s.waitFor(() => /^Link (copied|ready)/.test(document.getElementById('message').textContent));
  const link = await s.evaluate(() => document.getElementById('share-link').value);
  assert.ok(link.startsWith(`${s.url}#v1.`), `the link names the page's own address: ${link}`);
  assert.match(await message(s), /^Link copied/, 'the link was copied inside the click');
  // What a user does next: paste it somewhere.
  await s.evaluate(() => {
    const box = Object.assign(document.createElement('textarea'), { id: 'paste-here' });
    document.body.append(box);
    box.focus();
  });
  await s.paste();
  assert.equal(await s.evaluate(() => document.getElementById('paste-here').value), link, 'the clipboard holds the link');
  const fresh = await openEngine(s.name, { hash: link.slice(link.indexOf('#')) });
  try {
    assert.deepEqual(await endpoints(fresh), [a, b]);
    const there = await playToEnd(fresh);
    assert.equal(there.cost, here.cost);
    assert.deepEqual(await fresh.errors(), []);
  } finally {
    await fresh.close();
  }
});

flow('picture', 'Picture saves a PNG at the map\'s own size', async (s) => {
  const size = await s.evaluate(() => [window.playground.engine.width * 16, window.playground.engine.height * 16]);
  await showTools(s);
  await s.click('#export-png');
  await s.waitFor(() => /^(Saved|Could not)/.test(document.getElementById('message').textContent));
  assert.match(await message(s), new RegExp(`^Saved \\S+\\.png \\(${size[0]} x ${size[1]} pixels`));
});

flow('record', 'Record saves a video: WebM in Chromium and Firefox; in WebKit an MP4, or a note beside the button says why not', async (s) => {
  const note = () => s.evaluate(() => {
    const n = document.getElementById('record-note'), r = n.getBoundingClientRect();
    return { text: n.textContent, shown: r.width > 0 && r.height > 0, disabled: document.getElementById('record-video').disabled };
  });
  const unavailable = async () => {
    const n = await note();
    assert.equal(s.name, 'webkit', `${s.name} must record: ${JSON.stringify(n)}`);
    assert.ok(n.disabled && n.shown && /cannot record video/.test(n.text), `Record is off without a visible reason: ${JSON.stringify(n)}`);
    console.log(`${s.name}: Record is unavailable, and says so: ${n.text}`);
  };
  await showTools(s);
  if ((await note()).disabled) return unavailable();
  await s.select('#video-speed', '100');
  await s.click('#record-video');
  await s.waitFor(() => /^(Saved|Could not)/.test(document.getElementById('message').textContent), null, 120000);
  const text = await message(s);
  if (/^Could not/.test(text) && (await note()).shown) return unavailable();
  const m = /^Saved \S+\.(webm|mp4) \((\d+) frames, (\d+) KB\)/.exec(text);
  assert.ok(m, text);
  assert.equal(m[1], s.name === 'webkit' ? 'mp4' : 'webm');
  assert.ok(Number(m[2]) > 30 && Number(m[3]) > 0, text);
  console.log(`${s.name}: ${text}`);
});

flow('lesson-try', 'a built-in lesson opens and its first Try this gives its stated result', async (s) => {
  await showTools(s);
  await s.evaluate(() => {
    const sel = document.getElementById('lesson-select');
    sel.selectedIndex = 1;
    sel.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await s.click('#lesson-open');
  await s.waitFor(() => !document.getElementById('lesson-body').hidden);
  for (let i = 0; i < 20 && !await s.evaluate(() => !!document.querySelector('#lesson-tries .lesson-try button')); i++) {
    await s.click('#lesson-next');
  }
  await s.click('#lesson-tries .lesson-try button');
  await s.waitFor(() => document.querySelector('#lesson-tries .lesson-try').dataset.state !== 'idle', null, 30000);
  assert.equal(await s.evaluate(() => document.querySelector('#lesson-tries .lesson-try').dataset.state), 'ok');
});

flow('learn-step-line', 'the Learn view (a first visit\'s): Step line highlights one line of the pseudo-code, Back line goes back one', async (s) => {
  assert.equal(await s.evaluate(() => document.documentElement.dataset.view), 'learn', 'a fresh browser opens the Learn view');
  await s.click('#code-step-line');
  await s.click('#code-step-line');
  const lines = await s.evaluate(() => [...document.querySelectorAll('#code-listing li.current')].map((li) => Number(li.dataset.line)));
  assert.equal(lines.length, 1, 'exactly one line is highlighted');
  assert.ok(await s.evaluate(() => document.querySelectorAll('#open-list-rows tr').length > 0), 'the open list is shown');
  // Back line: the set-up line again, the start alone on the open list.
  await s.click('#code-back-line');
  assert.deepEqual(await s.evaluate(() => [...document.querySelectorAll('#code-listing li.current')].map((li) => Number(li.dataset.line))), [0]);
  assert.equal(await s.evaluate(() => document.querySelectorAll('#open-list-rows tr').length), 1, 'the start alone');
});

flow('path-worker', 'the path worker, started with the page\'s compiled engine, finds the path the page finds', async (s) => {
  const r = await s.evaluate(async () => {
    const app = window.playground;
    if (!app.modules.agents) return { skipped: true };
    const reply = await app.modules.agents.workerFind(0);  // A*, as the page's default
    return { status: reply.status, cost: reply.cost, shared: app.engine.core.wasmModule instanceof WebAssembly.Module };
  });
  assert.equal(r.skipped, undefined, 'the agents module is installed');
  assert.equal(r.status, 2, 'found');
  assert.equal(r.shared, true, 'the page kept its compiled module to give');
  const page = await playToEnd(s);
  assert.ok(Math.abs(r.cost - page.cost) < 1e-9, `worker ${r.cost}, page ${page.cost}`);
});

flow('embed', 'the embed page shows the canvas and its bar only, and steps', async (s) => {
  const bar = await s.evaluate(() => ({
    bar: !!document.getElementById('embed-bar')?.getClientRects().length, topbar: document.getElementById('topbar').getClientRects().length,
    panel: document.getElementById('panel').getClientRects().length,
  }));
  assert.deepEqual(bar, { bar: true, topbar: 0, panel: 0 });
  await s.click('#step');
  await s.click('#step');
  assert.equal(await s.evaluate(() => window.playground.engine.stats().expanded), 2);
  await s.click('#play');
  await s.waitFor(() => window.playground.controller.state === 'finished', null, 60000);
}, { path: 'embed.html' });

// In the page: the timeline's buttons' tops (one row: the same top) and every visible menu
// whose chosen text does not fit beside its arrow (WebKit once cut "Manhattan" to "manhattar").
export const measureRows = () => {
  const tops = ['reset', 'step-back', 'play', 'step', 'finish'].map((id) => Math.round(document.getElementById(id).getBoundingClientRect().top));
  const ctx = document.createElement('canvas').getContext('2d'), clipped = [];
  for (const menu of document.querySelectorAll('select')) {
    if (!menu.getClientRects().length) continue;
    const cs = getComputedStyle(menu), text = menu.selectedOptions[0]?.text ?? '';
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = menu.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 12;  // 12: the arrow (Firefox's; a menu sized to its options leaves no more)
    if (ctx.measureText(text).width > room) clipped.push(`#${menu.id} "${text}": ${ctx.measureText(text).width.toFixed(0)} px in ${room.toFixed(0)}`);
  }
  return { tops: [...new Set(tops)], clipped };
};

flow('rows-and-menus', 'the timeline\'s buttons stay on one row and no menu cuts its chosen text, in both views with every Tools section open', async (s) => {
  for (const view of ['learn', 'tools']) {
    if (view === 'tools') {
      await showTools(s);
      await s.evaluate(() => { for (const id of ['heat', 'lab', 'hpa']) document.getElementById(id).open = true; });
    }
    const { tops, clipped } = await s.evaluate(measureRows);
    assert.equal(tops.length, 1, `${view}: the timeline's buttons sit on ${tops.length} rows (tops ${tops.join(', ')})`);
    assert.deepEqual(clipped, [], `${view}: menus that cut their text`);
  }
});

flow('phone-layout', 'at 390 x 844 (a phone, in a frame) nothing overflows and every control is at least 24 px', async (s) => {
  // MiniBrowser's window cannot be that narrow: the page runs in a same-origin frame of that size.
  await s.evaluate(() => {
    const frame = Object.assign(document.createElement('iframe'), { src: 'index.html', id: 'phone', width: '390', height: '844' });
    frame.style.border = '0';  // CSSOM, which the page's policy allows (a style attribute it would not)
    document.body.append(frame);
  });
  await s.waitFor(() => document.getElementById('phone').contentDocument?.body?.dataset.ready === 'true', null, 30000);
  // Both views: the Learn view a first visit opens, then the Tools view by its button.
  const measure = () => s.evaluate(() => {
    const w = document.getElementById('phone').contentWindow, d = w.document;
    const controls = [...d.querySelectorAll('#topbar :is(input, button, select), #panel :is(input, button, select)')]
      .filter((el) => el.getClientRects().length > 0 && w.getComputedStyle(el).visibility !== 'hidden');
    const small = controls.map((el) => ({ el, r: el.getBoundingClientRect() })).filter(({ r }) => r.width < 24 - 1e-3 || r.height < 24 - 1e-3)
      .map(({ el, r }) => `${el.id || el.tagName} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
    return { view: d.documentElement.dataset.view, width: w.innerWidth, scroll: d.documentElement.scrollWidth, count: controls.length, small };
  });
  for (const [view, least] of [['learn', 4], ['tools', 30]]) {
    if (view === 'tools') await s.evaluate(() => document.getElementById('phone').contentDocument.getElementById('view-switch').click());
    const layout = await measure();
    assert.equal(layout.view, view);
    assert.equal(layout.width, 390);
    assert.ok(layout.scroll <= layout.width, `${view}: the page is ${layout.scroll - layout.width} px wider than the phone`);
    assert.ok(layout.count >= least, `${view}: only ${layout.count} visible controls found`);
    assert.deepEqual(layout.small, [], `${view}: controls under 24 x 24 px`);
  }
});
