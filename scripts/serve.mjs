// A small static file server for the playground (no dependencies). Used by `make serve`
// and by the browser tests, so both serve the page the same way.
//   node scripts/serve.mjs <dir> [port]      (port 0 = any free port)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const kTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'text/plain; charset=utf-8',
  '.scen': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// Worth compressing: text and wasm (the engine's 386 KB of wasm is 112 KB as brotli).
const kCompressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.map', '.scen', '.txt']);

// Compressed bodies, made on first request and kept while the file's size and mtime stay the
// same. Brotli quality 5 takes ~15 ms on the wasm (quality 11: ~1 s, for 12% less), so even the
// first request of a fresh server (each browser test starts one) stays fast.
const compressedCache = new Map();

function encodingFor(req, ext) {
  if (!kCompressible.has(ext)) return null;
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function compressed(file, st, encoding) {
  const key = `${encoding}:${file}`;
  const hit = compressedCache.get(key);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.body;
  const raw = fs.readFileSync(file);
  const body = encoding === 'br'
    ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : zlib.gzipSync(raw, { level: 9 });
  compressedCache.set(key, { mtimeMs: st.mtimeMs, size: st.size, body });
  return body;
}

// Resolves to { server, url }. Only files under root are served.
export function startServer(root, port = 0, host = '127.0.0.1') {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.join(base, path.normalize(rel));
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (rel.endsWith('/')) file = path.join(file, 'index.html');
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const ext = path.extname(file).toLowerCase();
      // no-cache = always revalidate: an edited file is seen at once, an unchanged one costs a
      // 304, and the page can enter the back/forward cache (no-store keeps it out).
      const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
      const headers = {
        'Content-Type': kTypes[ext] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ETag: etag,
        Vary: 'Accept-Encoding',
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      const encoding = encodingFor(req, ext);
      if (encoding) {
        let body;
        try {
          body = compressed(file, st, encoding);
        } catch {
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end('cannot read');
          return;
        }
        res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Length': st.size });
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({ server, url: `http://${host}:${server.address().port}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`serve: ${dir ?? '(no folder)'} has no index.html; build the wasm preset first (make serve does).`);
    process.exit(1);
  }
  try {
    const { server, url } = await startServer(dir, port);
    console.log(`A* Playground: ${url}  (serving ${path.resolve(dir)}; Ctrl-C stops)`);
    const stop = () => {
      console.log('\nserve: stopped');
      server.close();
      server.closeAllConnections();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (e) {
    console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.message} (set PORT= to use another port)`);
    process.exit(1);
  }
}
