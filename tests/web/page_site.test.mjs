// `make site` (scripts/site.mjs): the folder a teacher publishes holds the page, the embed, the
// maps and lessons, README's pictures, compressed copies and a `_headers` file equal to what the
// development server sends; served by a plain static host (scripts/static_host.mjs: files as
// they are, `_headers` applied, precompressed copies), the page passes the first-load and
// share-link flows (flows.mjs) in Chromium.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildSite } from '../../scripts/site.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { startStaticHost, parseHeadersFile, headersFromRules } from '../../scripts/static_host.mjs';
import { headersFor } from '../../scripts/site_headers.mjs';
import { kFlows } from './flows.mjs';
import { openEngine, serving } from './engines.mjs';
import { distDir } from './support.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-site-'));
const site = path.join(tmp, 'site');
const totals = buildSite(distDir, site);
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// The site's own files (no compressed copy, no host file), as URL paths.
const pages = fs.readdirSync(site, { recursive: true }).map((f) => `/${f.split(path.sep).join('/')}`)
  .filter((f) => fs.statSync(path.join(site, f)).isFile() && !/\.(gz|br)$/.test(f) && !['/_headers', '/.nojekyll'].includes(f));

// One raw GET (node's fetch would decompress): { status, headers, body }.
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('the site holds the page, the embed, maps, lessons, pictures, compressed copies and _headers', () => {
  console.log(`site: ${totals.files} files, ${(totals.bytes / 1024).toFixed(0)} KB; gzip ${(totals.gzip / 1024).toFixed(0)} KB, brotli ${(totals.brotli / 1024).toFixed(0)} KB`);
  for (const f of ['index.html', 'embed.html', 'sw.js', 'manifest.webmanifest', 'icon.svg', 'astar_core.wasm', 'maps/index.json', 'docs/learn-view.png', '_headers', '.nojekyll']) {
    assert.ok(fs.existsSync(path.join(site, f)), f);
  }
  const index = JSON.parse(fs.readFileSync(path.join(site, 'maps/index.json'), 'utf8'));
  for (const m of index.maps) assert.ok(fs.existsSync(path.join(site, 'maps', m.file)), m.file);
  assert.ok(fs.readdirSync(path.join(site, 'maps/lessons')).some((f) => f.endsWith('.json')), 'lessons');
  for (const f of ['index.html', 'astar_core.wasm', 'js/main.js', 'maps/index.json']) {
    const raw = fs.readFileSync(path.join(site, f));
    assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(site, `${f}.gz`))), raw, `${f}.gz`);
    assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(path.join(site, `${f}.br`))), raw, `${f}.br`);
  }
  assert.ok(!fs.existsSync(path.join(site, 'docs/learn-view.png.gz')), 'pictures are not compressed again');
});

test('_headers gives every file what scripts/serve.mjs sends it', async () => {
  const rules = parseHeadersFile(fs.readFileSync(path.join(site, '_headers'), 'utf8'));
  const dev = await startServer(site, 0), host = await startStaticHost(site, 0);
  try {
    let compared = 0;
    for (const p of ['/', '/index.html?embed', ...pages]) {
      const pathname = p.split('?')[0];
      const fromFile = headersFromRules(rules, pathname);
      assert.deepEqual(fromFile, headersFor(pathname), `${pathname}: the file is the table`);
      const [a, b] = await Promise.all([get(dev.url + p.slice(1)), get(host.url + p.slice(1))]);
      assert.equal(a.status, 200, `${p} from serve.mjs`);
      assert.equal(b.status, 200, `${p} from the static host`);
      for (const name of Object.keys(fromFile)) {
        const key = name.toLowerCase();
        assert.equal(b.headers[key], a.headers[key], `${p}: ${name}`);
        compared++;
      }
    }
    // The policy's essentials, as served by the host.
    const page = await get(`${host.url}index.html`), embed = await get(`${host.url}embed.html`);
    assert.match(page.headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(page.headers['content-security-policy'], /frame-ancestors 'self'/);
    assert.doesNotMatch(embed.headers['content-security-policy'], /frame-ancestors/);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    // The engine: wasm by _headers (the host's own table does not know it), brotli from the copy.
    const wasm = await get(`${host.url}astar_core.wasm`, { 'Accept-Encoding': 'br, gzip' });
    assert.equal(wasm.headers['content-type'], 'application/wasm');
    assert.equal(wasm.headers['content-encoding'], 'br');
    assert.deepEqual(zlib.brotliDecompressSync(wasm.body), fs.readFileSync(path.join(site, 'astar_core.wasm')));
    console.log(`${compared} headers of ${pages.length + 2} addresses equal; the wasm travels as ${wasm.body.length} bytes of brotli ` +
      `(${fs.statSync(path.join(site, 'astar_core.wasm')).size} plain)`);
  } finally {
    for (const s of [dev.server, host.server]) {
      s.closeAllConnections();
      s.close();
    }
  }
});

for (const name of ['first-load', 'share-link']) {
  test(`on a plain static host: the ${name} flow`, async () => {
    serving.start = () => startStaticHost(site, 0);
    const flow = kFlows.get(name);
    const session = await openEngine('chromium', flow.open);
    if (session.skip) {
      console.log(`ASTAR_SKIP: chromium: ${session.skip}`);
      return;
    }
    try {
      await flow.run(session);
      assert.deepEqual(await session.errors(), []);
    } finally {
      await session.close();
    }
  });
}
