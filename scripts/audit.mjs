// `make audit`: Lighthouse (the pinned npm devDependency) on make site's output as a static host
// serves it (scripts/static_host.mjs: its _headers, the precompressed copies; a folder without
// _headers, such as build-wasm/dist, through scripts/serve.mjs), in Debian's Chromium, with the
// mobile and desktop presets, AUDIT_RUNS runs each (default 3). Prints the median category scores and metrics, writes every run's JSON report
// to build/audit/, and exits 1 when a median misses issue 35's targets (mobile performance
// >= 95, accessibility 100; issue 21 asked 90 and 98). Slow (about 20 s a run): not part of make test.
//   node scripts/audit.mjs [site or dist folder]       env: AUDIT_RUNS, AUDIT_OUT, CHROME_PATH
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';
import { startStaticHost } from './static_host.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(repo, 'build/site'));
const outDir = path.resolve(process.env.AUDIT_OUT ?? path.join(repo, 'build/audit'));
const runs = Number(process.env.AUDIT_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

const kMetrics = [
  ['first-contentful-paint', 'FCP', 's'],
  ['largest-contentful-paint', 'LCP', 's'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 's'],
];
// Issue 35's targets, on the medians.
const kTargets = { mobile: { performance: 95, accessibility: 100 }, desktop: {} };

if (!Number.isInteger(runs) || runs < 1) {
  console.error(`audit: AUDIT_RUNS must be a whole number >= 1 (got ${process.env.AUDIT_RUNS})`);
  process.exit(2);
}
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`audit: ${dist} has no index.html; run make site first (make audit does).`);
  process.exit(2);
}
if (!fs.existsSync(chromePath)) {
  console.error(`audit: no Chromium at ${chromePath} (scripts/setup.sh audit installs Debian's; CHROME_PATH= picks another)`);
  process.exit(2);
}

const { default: lighthouse, desktopConfig } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const format = (value, unit) => unit === 's' ? `${(value / 1000).toFixed(2)} s` : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);

fs.mkdirSync(outDir, { recursive: true });
const host = fs.existsSync(path.join(dist, '_headers')) ? 'static host' : 'scripts/serve.mjs';
const { server, url } = host === 'static host' ? await startStaticHost(dist, 0) : await startServer(dist, 0);
const stamp = new Date().toISOString();
console.log(`audit: Lighthouse on ${url} (${dist} through ${host}), ${runs} run(s) per preset, ${chromePath}`);
console.log(`audit: ${stamp}, load average ${load()} on ${os.cpus().length} cores`);

const summary = { date: stamp, url, runs, loadBefore: os.loadavg(), presets: {} };
let missed = [];
try {
  for (const preset of ['mobile', 'desktop']) {
    const results = [];
    for (let i = 1; i <= runs; i++) {
      // A fresh browser and profile per run: no cache or storage carries over between runs.
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
          '--disable-component-update', '--disable-sync'],
      });
      try {
        const flags = { port: chrome.port, output: 'json', logLevel: 'error' };
        const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const file = path.join(outDir, `${preset}-${i}.json`);
        fs.writeFileSync(file, result.report);
        const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)]));
        const metrics = Object.fromEntries(kMetrics.map(([id]) => [id, lhr.audits[id].numericValue]));
        results.push({ file, scores, metrics });
        for (const warning of lhr.runWarnings ?? []) console.log(`  ${preset} ${i}/${runs}: Lighthouse warns: ${warning}`);
        console.log(`  ${preset} ${i}/${runs}: ${Object.entries(scores).map(([k, v]) => `${k} ${v}`).join(', ')}; `
          + kMetrics.map(([id, short, unit]) => `${short} ${format(metrics[id], unit)}`).join(', '));
      } finally {
        await chrome.kill();
      }
    }
    const scores = Object.fromEntries(Object.keys(results[0].scores).map((k) => [k, median(results.map((r) => r.scores[k]))]));
    const metrics = Object.fromEntries(kMetrics.map(([id]) => [id, median(results.map((r) => r.metrics[id]))]));
    summary.presets[preset] = { scores, metrics, reports: results.map((r) => path.relative(repo, r.file)) };
    for (const [category, min] of Object.entries(kTargets[preset])) {
      if (!(scores[category] >= min)) missed.push(`${preset} ${category} ${scores[category]} < ${min}`);
    }
  }
} finally {
  server.closeAllConnections();
  server.close();
}
summary.loadAfter = os.loadavg();

console.log(`\nMedians of ${runs} run(s) (Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, load average now ${load()}):`);
const categories = Object.keys(summary.presets.mobile.scores);
console.log(['preset', ...categories, ...kMetrics.map(([, short]) => short)].join('\t'));
for (const [preset, { scores, metrics }] of Object.entries(summary.presets)) {
  console.log([preset, ...categories.map((c) => scores[c]), ...kMetrics.map(([id, , unit]) => format(metrics[id], unit))].join('\t'));
}
fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`reports: ${path.relative(process.cwd(), outDir) || '.'}/{mobile,desktop}-N.json, summary.json`);
if (missed.length) {
  console.log(`audit: below issue 35's targets: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('audit: mobile performance >= 95 and accessibility 100 (issue 35\'s targets) met');
