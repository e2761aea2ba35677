// A small static file server for the playground (no dependencies). Used by `make serve`
// and by the browser tests, so both serve the page the same way.
//   node scripts/serve.mjs <dir> [port]      (port 0 = any free port)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
      res.writeHead(200, {
        'Content-Type': kTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': st.size,
        'Cache-Control': 'no-store',
      });
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
