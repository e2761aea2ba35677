// A small static file server for the playground (no dependencies). Used by `make serve`
// and by the browser tests, so both serve the page the same way.
//   node scripts/serve.mjs <dir> [port]      (port 0 = any free port)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { headersFor as playgroundHeaders } from './site_headers.mjs';

const kTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'text/plain; charset=utf-8',
  '.scen': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// Worth compressing: text and wasm (the engine's 386 KB of wasm is 112 KB as brotli).
const kCompressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.map', '.scen', '.txt']);

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

// The longest request target served: the page's own addresses are short (share links travel in
// the fragment, which is never sent), so anything longer is refused before it is parsed.
const kMaxUrlLength = 2048;

// Host names that cannot be rebound by DNS: an IP literal or localhost. Any other name in the
// Host header is a page on another site whose name was pointed at 127.0.0.1 (DNS rebinding).
function trustedHost(hostHeader, boundHost, port) {
  let url;
  try {
    url = new URL(`http://${hostHeader}`);
  } catch {
    return false;
  }
  if (url.username || url.password || url.pathname !== '/' || (url.port || '80') !== String(port)) return false;
  const name = url.hostname;
  return name === 'localhost' || name === boundHost || /^\d+\.\d+\.\d+\.\d+$/.test(name) || /^\[[0-9a-f:.]+\]$/i.test(name);
}

// The request's path inside root, or an HTTP status that refuses it.
function resolveRequest(req, base, port, host) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405 };
  if (req.url.length > kMaxUrlLength) return { status: 414 };
  if (!req.headers.host) return { status: 400 };
  if (!trustedHost(req.headers.host, host, port)) return { status: 421 };
  if (!req.url.startsWith('/')) return { status: 400 };
  let rel;
  try {
    rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    return { status: 400 };  // a malformed escape such as %zz
  }
  // NUL and other control bytes are never in a file name of ours (and a NUL makes fs throw).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(rel)) return { status: 400 };
  if (rel.split(/[/\\]/).includes('..')) return { status: 403 };
  let file = path.join(base, path.normalize(rel));
  if (file !== base && !file.startsWith(base + path.sep)) return { status: 403 };
  if (rel.endsWith('/')) file = path.join(file, 'index.html');
  return { file, pathname: new URL(req.url, 'http://x').pathname };
}

const kStatusText = { 400: 'bad request', 403: 'forbidden', 404: 'not found', 405: 'method not allowed', 414: 'URI too long', 421: 'misdirected request: unknown Host', 500: 'cannot read' };

// Resolves to { server, url }. Only files under root are served, only to GET and HEAD, only to
// a Host that names this server; every answer carries the site's headers (site_headers.mjs),
// unless siteHeaders is false: a folder that is not the playground (the npm package's web
// example, a user's page with an inline script) is not held to the playground's policy.
export function startServer(root, port = 0, host = '127.0.0.1', { siteHeaders = true } = {}) {
  const base = path.resolve(root);
  const headersFor = siteHeaders ? playgroundHeaders : () => ({ 'X-Content-Type-Options': 'nosniff' });
  let boundPort = port;
  const server = http.createServer((req, res) => {
    const refuse = (status, pathname = '/') => {
      const headers = { ...headersFor(pathname), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
      if (status === 405) headers.Allow = 'GET, HEAD';
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : kStatusText[status]);
    };
    const target = resolveRequest(req, base, boundPort, host);
    if (target.status) {
      refuse(target.status);
      return;
    }
    const { file, pathname } = target;
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) {
        refuse(404, pathname);
        return;
      }
      const ext = path.extname(file).toLowerCase();
      // The site's Cache-Control (no-cache = always revalidate: an edited file is seen at once,
      // an unchanged one costs a 304, and the page can enter the back/forward cache).
      const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
      const headers = {
        'Content-Type': kTypes[ext] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ...headersFor(pathname),
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
          refuse(500, pathname);
          return;
        }
        res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Length': st.size });
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(file).on('error', () => res.destroy()).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      boundPort = server.address().port;
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
