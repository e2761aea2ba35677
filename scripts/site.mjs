// `make site`: the static site a teacher publishes (GitHub Pages: .github/workflows/pages.yml;
// any static host), built from the wasm build's dist/ into one folder:
//   - dist/ as it is: the page, the embed (embed.html), the engine, maps/ with the lessons, the
//     manifest, the icon and the service worker (stamped with the build: scripts/service_worker.cmake)
//   - docs/*.png (README's pictures), for pages that link to them
//   - `_headers`: the headers the site needs, in the Netlify / Cloudflare Pages format, from
//     scripts/site_headers.mjs (the table scripts/serve.mjs sends, so the tests run under it)
//   - .gz and .br copies of every text file and the wasm, for hosts that serve precompressed files
//     (nginx's gzip_static / brotli_static, Caddy's precompressed); GitHub Pages compresses by itself
//   - .nojekyll: GitHub Pages serves the files as they are (no Jekyll build)
//   - the page's scripts and style sheets bundled (esbuild, pinned in package-lock.json): one
//     page.css, and js/main.js holds what the
//     first view needs and each optional module is one more file, instead of ~90 modules fetched
//     six imports deep; on a phone's network that chain alone took ~1 s (make audit). The
//     unbundled modules stay beside it (the path worker loads them) and the service worker's
//     file list is stamped again with the bundle in it.
//   node scripts/site.mjs [dist] [out]     (default build-wasm/dist, build/site)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { headersFile } from './site_headers.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const kCompressed = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.txt', '.map', '.scen', '.md']);

function filesUnder(dir, rel = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(dir, name));
    else out.push(name);
  }
  return out;
}

// Bundles out/js/main.js in place, with the optional modules as chunks beside it in js/ (so the
// paths the page's modules take from import.meta.url still hold). The engine's loader
// (astar_engine.js, astar_core.mjs and its wasm) stays a file of its own, as the npm package ships it.
function bundleScripts(out) {
  const result = esbuild.buildSync({
    absWorkingDir: out,
    entryPoints: ['js/main.js'],
    outdir: 'js',
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    chunkNames: '[name]-[hash]',
    external: ['../astar_engine.js'],
    logLevel: 'silent',
    metafile: true,
  });
  return Object.keys(result.metafile.outputs).length;
}

// The page's style sheets in one file (page.css), in their order: each one that blocks the
// first paint is one more request before it. Rewrites index.html and embed.html to match, and
// points the engine preload at its loader (js/engine.js is inside main.js now).
function bundleStyles(out) {
  const page = path.join(out, 'index.html');
  let html = fs.readFileSync(page, 'utf8');
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">\n/g)];
  if (!sheets.length) throw new Error('index.html links no style sheet');
  const css = sheets.map(([, href]) => fs.readFileSync(path.join(out, href), 'utf8')).join('\n');
  fs.writeFileSync(path.join(out, 'page.css'), esbuild.transformSync(css, { loader: 'css', minify: true }).code);
  html = html.replace(sheets[0][0], '<link rel="stylesheet" href="page.css">\n');
  for (const [line] of sheets.slice(1)) html = html.replace(line, '');
  html = html.replace('<link rel="modulepreload" href="js/engine.js">', '<link rel="modulepreload" href="astar_engine.js">');
  fs.writeFileSync(page, html);
  fs.copyFileSync(page, path.join(out, 'embed.html'));
}

// Builds the site from dist into out (replacing it). Returns { files, bytes, gzip, brotli }:
// the site's own files and their sizes, plain and compressed.
export function buildSite(dist, out) {
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(path.join(dist, 'sw.js'))) {
    throw new Error(`${dist} has no index.html and sw.js: build the wasm preset first (make site does)`);
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(dist, out, { recursive: true });
  bundleScripts(out);
  bundleStyles(out);
  const version = /version: '([^']+)'/.exec(fs.readFileSync(path.join(out, 'sw.js'), 'utf8'))?.[1];  // the build's
  if (!version) throw new Error(`${dist}/sw.js has no build stamp: rebuild the wasm preset`);
  execFileSync('cmake', [`-DSOURCE=${repo}`, `-DDIST=${out}`, `-DVERSION=${version}`, '-P', path.join(repo, 'scripts/service_worker.cmake')]);
  const docs = path.join(repo, 'docs');
  for (const picture of fs.readdirSync(docs).filter((f) => /\.(png|svg|jpe?g|webp)$/.test(f))) {
    fs.mkdirSync(path.join(out, 'docs'), { recursive: true });
    fs.copyFileSync(path.join(docs, picture), path.join(out, 'docs', picture));
  }
  const files = filesUnder(out);
  const totals = { files: files.length, bytes: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const raw = fs.readFileSync(path.join(out, file));
    totals.bytes += raw.length;
    if (!kCompressed.has(path.extname(file))) continue;
    const gzip = zlib.gzipSync(raw, { level: 9 });
    const brotli = zlib.brotliCompressSync(raw, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    fs.writeFileSync(path.join(out, `${file}.gz`), gzip);
    fs.writeFileSync(path.join(out, `${file}.br`), brotli);
    totals.gzip += gzip.length;
    totals.brotli += brotli.length;
  }
  fs.writeFileSync(path.join(out, '_headers'), headersFile());
  fs.writeFileSync(path.join(out, '.nojekyll'), '');
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = path.resolve(process.argv[2] ?? path.join(repo, 'build-wasm/dist'));
  const out = path.resolve(process.argv[3] ?? path.join(repo, 'build/site'));
  try {
    const t = buildSite(dist, out);
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    console.log(`site: ${path.relative(process.cwd(), out) || '.'}: ${t.files} files, ${kb(t.bytes)}; ` +
      `compressed copies ${kb(t.gzip)} gzip, ${kb(t.brotli)} brotli; _headers from scripts/site_headers.mjs`);
  } catch (e) {
    console.error(`site: ${e.message}`);
    process.exit(1);
  }
}
