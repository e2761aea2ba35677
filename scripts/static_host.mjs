// A plain static host, as the site meets one in production (Netlify, Cloudflare Pages, nginx
// with gzip_static / brotli_static): files served as they are, with the headers of the site's
// `_headers` file (read from the folder, the way those hosts read it) and the precompressed .br
// or .gz copy when the browser accepts it. Nothing of the development server (scripts/serve.mjs):
// `make audit` measures the site with it, and tests/web/page_site.test.mjs runs the page on it.
//   node scripts/static_host.mjs <site folder> [port]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A host's own type table (the ones the site has).
const kTypes = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
};

// `_headers`: a path line, then indented `Name: value` lines. Returns [{ path, headers }].
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    rules.at(-1).headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

// The headers the rules give a path: every matching rule applies (`*` is a splat), a header
// named twice gets both values joined by ", ".
export function headersFromRules(rules, pathname) {
  const out = {};
  for (const rule of rules) {
    const [head, tail] = rule.path.includes('*') ? rule.path.split('*') : [rule.path, null];
    const hit = tail === null ? pathname === head
      : pathname.length >= head.length + tail.length && pathname.startsWith(head) && pathname.endsWith(tail);
    if (!hit) continue;
    for (const [name, value] of rule.headers) out[name] = out[name] ? `${out[name]}, ${value}` : value;
  }
  return out;
}

// Resolves to { server, url }.
export function startStaticHost(root, port = 0) {
  const base = path.resolve(root);
  const rulesFile = path.join(base, '_headers');
  const rules = fs.existsSync(rulesFile) ? parseHeadersFile(fs.readFileSync(rulesFile, 'utf8')) : [];
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://host').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const rel = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
    const file = path.join(base, path.normalize(rel));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file.startsWith(base + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 404 : 405).end();
      return;
    }
    const headers = { 'Content-Type': kTypes[path.extname(file)] ?? 'application/octet-stream', ...headersFromRules(rules, pathname) };
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = file;
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
      if (new RegExp(`\\b${encoding}\\b`).test(accept) && fs.existsSync(file + suffix)) {
        body = file + suffix;
        Object.assign(headers, { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' });
        break;
      }
    }
    headers['Content-Length'] = fs.statSync(body).size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(body).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { url } = await startStaticHost(process.argv[2] ?? 'build/site', Number(process.argv[3] ?? 8081));
  console.log(`static host: ${url} (Ctrl-C stops)`);
}
