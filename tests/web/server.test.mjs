// The development server (scripts/serve.mjs) against hostile requests (issue 35): each bad
// request gets its status, and the server still answers the next good one. Also: every answer
// carries the site's header table (scripts/site_headers.mjs), the one a static host gets.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { headersFor, headersFile, kHeaderRules } from '../../scripts/site_headers.mjs';

const kSecret = 'secret outside the served folder';
let server, port, dir;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-serve-'));
  const root = path.join(dir, 'site');
  fs.mkdirSync(path.join(root, 'js'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>index</title>');
  fs.writeFileSync(path.join(root, 'embed.html'), '<!doctype html><title>embed</title>');
  fs.writeFileSync(path.join(root, 'js', 'a.js'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(dir, 'secret.txt'), kSecret);
  ({ server } = await startServer(root, 0));
  port = server.address().port;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

// Sends bytes as they are (no client-side checks or normalisation) and reads the whole answer.
function raw(request) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const get = (target, { method = 'GET', host = `127.0.0.1:${port}` } = {}) =>
  raw(`${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

// The server is still up and serving the page.
async function stillServes() {
  const r = await get('/');
  assert.equal(r.status, 200);
  assert.match(r.body, /<title>index<\/title>/);
}

test('GET and HEAD serve files with the site headers', async () => {
  const page = await get('/');
  assert.equal(page.status, 200);
  for (const [name, value] of Object.entries(headersFor('/'))) assert.equal(page.headers[name.toLowerCase()], value, name);
  const head = await get('/js/a.js', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['x-content-type-options'], 'nosniff');
  const script = await get('/js/a.js');
  assert.equal(script.body, 'export const a = 1;\n');
});

test('the policy: wasm may compile, nothing inline, only the embed page framed by other origins', async () => {
  const full = (await get('/')).headers['content-security-policy'];
  assert.match(full, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  assert.doesNotMatch(full, /unsafe-inline|'unsafe-eval'/);
  assert.match(full, /style-src 'self'(;|$)/);
  assert.match(full, /frame-ancestors 'self'/);
  assert.match((await get('/index.html?embed')).headers['content-security-policy'], /frame-ancestors 'self'/);
  const embed = await get('/embed.html');
  assert.equal(embed.status, 200);
  assert.match(embed.headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(embed.headers['content-security-policy'], /frame-ancestors/);
  assert.equal(embed.headers['x-content-type-options'], 'nosniff');
});

test('the _headers file holds the same table', () => {
  const text = headersFile();
  const rules = [];
  for (const line of text.split('\n').filter(Boolean)) {
    if (!line.startsWith(' ')) rules.push({ path: line, headers: {} });
    else {
      const [name, ...value] = line.trim().split(': ');
      rules.at(-1).headers[name] = value.join(': ');
    }
  }
  assert.deepEqual(rules, kHeaderRules);
});

for (const method of ['POST', 'DELETE', 'TRACE', 'OPTIONS', 'PUT', 'PATCH']) {
  test(`${method} gets 405 with Allow: GET, HEAD`, async () => {
    const r = await raw(`${method} / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    assert.equal(r.status, 405);
    assert.equal(r.headers.allow, 'GET, HEAD');
    assert.doesNotMatch(r.body, /<title>/);
    await stillServes();
  });
}

for (const target of ['/%00', '/index.html%00', '/js/%00a.js', '/%zz', '/%', '/%E0%A4%A', '/a%0Ab', '/%7f']) {
  test(`${target} gets 400 and the server keeps running`, async () => {
    assert.equal((await get(target)).status, 400);
    await stillServes();
  });
}

test('a raw NUL byte in the request line is refused and the server keeps running', async () => {
  const r = await raw(`GET /\0 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  assert.equal(r.status, 400);
  await stillServes();
});

test('an overlong URL gets 414', async () => {
  assert.equal((await get(`/${'a'.repeat(4000)}`)).status, 414);
  assert.equal((await get(`/?q=${'%41'.repeat(1000)}`)).status, 414);
  await stillServes();
});

const kTraversals = [
  '/../secret.txt', '/js/../../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E/%2e%2e/secret.txt', '/..%2fsecret.txt',
  '/js/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/..\\secret.txt', '/js/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/....//secret.txt', '/%252e%252e/secret.txt', '//../secret.txt', `/${path.join(os.tmpdir(), 'x')}/../secret.txt`,
  '/.%2e/secret.txt', '/js/.%2E/.%2E/secret.txt', 'secret.txt', '../secret.txt', 'http://evil.example/../secret.txt',
];
for (const target of kTraversals) {
  test(`traversal ${target} is refused`, async () => {
    const r = await get(target);
    assert.ok([400, 403, 404].includes(r.status), `status ${r.status}`);
    assert.ok(!r.body.includes(kSecret), 'the file outside the folder was served');
    await stillServes();
  });
}

// PORT: the server's port (known only once it listens).
for (const host of ['evil.example', 'evil.example:PORT', 'rebind.127.0.0.1.nip.io:PORT', '127.0.0.1:1', '127.0.0.1:PORT@evil.example']) {
  test(`a foreign Host header (${host}) gets 421`, async () => {
    const r = await get('/', { host: host.replace('PORT', String(port)) });
    assert.equal(r.status, 421);
    assert.doesNotMatch(r.body, /<title>/);
    await stillServes();
  });
}

test('the served address by other names that cannot be rebound: localhost and IP literals', async () => {
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) assert.equal((await get('/', { host })).status, 200, host);
  const noHost = await raw('GET / HTTP/1.0\r\n\r\n');
  assert.equal(noHost.status, 400);
  await stillServes();
});
