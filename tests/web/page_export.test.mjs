// Pictures and videos (issue 19): the PNG export is the map's own size (not the screen's) with
// the path's colour at a path cell; a recorded video of the search is a valid WebM of non-zero
// duration, and the progress is shown while recording; where the browser records only MP4
// (WebKit) the video is an MP4, and where it records nothing a note says so next to Record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { withPage } from './support.mjs';
import { hidePathViews } from './arcade_support.mjs';

async function download(page, click, timeout = 30000) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout }), page.click(click)]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

test('the PNG export has the map\'s pixel size and the path\'s colour at a path cell', async () => {
  await withPage({}, async ({ page }) => {
    await hidePathViews(page);  // the agents' string-pulled and smoothed lines would cover the path
    await page.click('#finish');  // the first view opens unsolved
    const map = await page.evaluate(() => {
      const e = window.playground.engine, r = window.playground.renderer;
      return { width: e.width, height: e.height, path: Array.from(e.path()), colour: r.palette.path,
        screen: [r.canvas.width, r.canvas.height] };
    });
    const png = await download(page, '#export-png');
    assert.equal(png.name, 'Arcade.png');
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
    assert.equal(png.bytes.toString('latin1', 12, 16), 'IHDR');
    const width = png.bytes.readUInt32BE(16), height = png.bytes.readUInt32BE(20);
    const cellPx = width / map.width;
    assert.equal(cellPx, 16, `${width} x ${height} for a ${map.width} x ${map.height} map`);
    assert.equal(height, map.height * cellPx);
    assert.notDeepEqual([width, height], map.screen, 'not the screen canvas');
    // Decode it in the page and read the pixel at the centre of a cell in the middle of the path.
    const n = map.path[Math.floor(map.path.length / 2)];
    const x = (n % map.width + 0.5) * cellPx, y = (Math.floor(n / map.width) + 0.5) * cellPx;
    const pixel = await page.evaluate(async ({ b64, x, y }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      return Array.from(ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data.slice(0, 3));
    }, { b64: png.bytes.toString('base64'), x, y });
    const want = map.colour.match(/\d+/g).map(Number);
    assert.ok(pixel.every((v, k) => Math.abs(v - want[k]) <= 30), `pixel ${pixel} at path cell ${n}, path colour ${want}`);
    console.log(`PNG ${width} x ${height} (${cellPx} px per cell), ${png.bytes.length} bytes; screen canvas ${map.screen.join(' x ')}`);
  });
});

test('a recorded video of the search is a valid WebM of non-zero duration, with progress shown', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#video-speed', '5');
    const seen = page.evaluate(() => new Promise((resolve) => {
      const p = document.getElementById('record-progress'), values = [];
      const id = setInterval(() => {
        if (!p.hidden) values.push(p.value);
        if (values.length && p.hidden) { clearInterval(id); resolve(values); }
      }, 50);
    }));
    const video = await download(page, '#record-video', 120000);
    const progress = await seen;
    assert.equal(video.name, 'Arcade.webm');
    assert.deepEqual([...video.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'EBML header');
    assert.ok(video.bytes.includes(Buffer.from('webm')), 'DocType webm');
    assert.ok(progress.some((v) => v > 0 && v < 1), `progress shown while recording: ${progress.slice(0, 5)}...`);
    // The browser plays it, and knows its duration from the header (MediaRecorder leaves it
    // out; the page writes it in, webm_duration.js), so players show its length and can seek.
    const duration = await page.evaluate(async (b64) => {
      const v = document.createElement('video');
      v.muted = true;
      v.src = URL.createObjectURL(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'video/webm' }));
      await new Promise((resolve, reject) => { v.onloadedmetadata = resolve; v.onerror = () => reject(new Error('the video does not load')); });
      return { duration: v.duration, width: v.videoWidth, height: v.videoHeight };
    }, video.bytes.toString('base64'));
    assert.ok(Number.isFinite(duration.duration) && duration.duration > 0.5, `duration at load ${duration.duration}`);
    assert.equal(duration.width, 28 * 16);
    assert.equal(duration.height, 31 * 16);
    const state = await page.evaluate(() => ({ expanded: window.playground.engine.stats().expanded, status: window.playground.controller.state }));
    assert.equal(state.status, 'finished', 'the page shows the recorded search, finished');
    console.log(`WebM ${video.bytes.length} bytes, ${duration.duration.toFixed(2)} s, ${duration.width} x ${duration.height}, ${state.expanded} expanded at 5 per frame`);
  });
});

// A browser that records only what `supported` accepts (WebKit: MP4, no WebM), set before the
// page's scripts run.
function recordsOnly(pattern) {
  return (page) => page.addInitScript((source) => {
    const supported = new RegExp(source);
    MediaRecorder.isTypeSupported = (type) => supported.test(type);
  }, pattern);
}

test('where WebM cannot be recorded (WebKit), the video is an MP4 named .mp4 that plays', async () => {
  await withPage({ onPage: recordsOnly('^video/mp4') }, async ({ page }) => {
    assert.equal(await page.isDisabled('#record-video'), false);
    assert.equal(await page.isHidden('#record-note'), true);
    await page.selectOption('#video-speed', '20');
    const video = await download(page, '#record-video', 120000);
    assert.equal(video.name, 'Arcade.mp4');
    assert.equal(video.bytes.subarray(4, 8).toString('latin1'), 'ftyp', 'an ISO BMFF (MP4) file');
    const played = await page.evaluate(async (b64) => {
      const v = document.createElement('video');
      v.muted = true;
      v.src = URL.createObjectURL(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'video/mp4' }));
      await new Promise((resolve, reject) => { v.onloadedmetadata = resolve; v.onerror = () => reject(new Error('the video does not load')); });
      return { width: v.videoWidth, height: v.videoHeight };
    }, video.bytes.toString('base64'));
    assert.deepEqual(played, { width: 28 * 16, height: 31 * 16 });
    console.log(`MP4 ${video.bytes.length} bytes, ${played.width} x ${played.height}`);
  });
});

test('where no format can be recorded, Record is disabled with the reason shown next to it', async () => {
  await withPage({ onPage: recordsOnly('^$') }, async ({ page }) => {
    assert.equal(await page.isDisabled('#record-video'), true);
    const note = await page.evaluate(() => {
      const n = document.getElementById('record-note'), b = document.getElementById('record-video').getBoundingClientRect();
      const r = n.getBoundingClientRect();
      return { text: n.textContent, shown: r.width > 0 && r.height > 0, near: Math.abs(r.top - b.top) < 60 };
    });
    assert.match(note.text, /cannot record video/);
    assert.ok(note.shown, 'the note is visible, not only a tooltip');
    assert.ok(note.near, 'the note is next to the button');
  });
});

test('a recorder that delivers no data (WebKitGTK\'s MP4 here) saves no empty file: Record is disabled with the reason beside it', async () => {
  // MediaRecorder says yes to the format, then its dataavailable events never reach the page.
  const silentRecorder = (page) => page.addInitScript(() => {
    Object.defineProperty(MediaRecorder.prototype, 'ondataavailable', { set() {}, get() { return null; }, configurable: true });
    window.recorderSilenced = true;
  });
  await withPage({ onPage: silentRecorder }, async ({ page }) => {
    assert.equal(await page.evaluate(() => window.recorderSilenced), true, 'the silent recorder is in place before Record');
    await page.selectOption('#video-speed', '100');
    let downloaded = false;
    page.on('download', () => { downloaded = true; });
    await page.click('#record-video');
    await page.waitForFunction(() => /^Could not record/.test(document.getElementById('message').textContent), null, { timeout: 60000 });
    assert.match(await page.textContent('#message'), /gave no data for WebM video/);
    assert.equal(downloaded, false, 'no empty file was offered');
    assert.equal(await page.isDisabled('#record-video'), true);
    assert.equal(await page.isVisible('#record-note'), true);
    assert.match(await page.textContent('#record-note'), /cannot record video \(its recorder gave no data for WebM\)/);
  });
});
