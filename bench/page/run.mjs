// The page benchmark (`make bench-page`): the wall-clock figures of the page (the longest task
// while a big link opens, a deflate bomb's refusal, input lag beside a worker's search, frame
// work, first paint), which the browser tests measure and record (tests/web/page_figures.mjs)
// but do not assert: another process on the machine can stretch any of them. It runs each test
// file below with node --test and ASTAR_PAGE_FIGURES set, one file at a time, and prints a
// Markdown table of the figures with the machine, the date, the commit and the load at the time
// (also written to <out>/table.md). A figure over its budget is marked, not failed; the exit
// status is non-zero only when a test file fails.
//   node bench/page/run.mjs [--runs N] [--out DIR]   (N: runs of each file, default 1;
//   DIR: default build/bench-page). The builds' paths come from the environment as under ctest
//   (ASTAR_DIST_DIR, ASTAR_REFERENCE_COST, ASTAR_CLI, ASTAR_MAPS_BENCH_DIR, ASTAR_MAPS_DIR),
//   by default the repository's build-wasm and build-release.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The test files that record figures: every browser test that imports page_figures.mjs, so a
// new figure is benchmarked without being listed here.
const kFiles = fs.readdirSync(path.join(repo, 'tests/web')).filter((f) => /^page_.*\.test\.mjs$/.test(f)).sort()
  .filter((f) => fs.readFileSync(path.join(repo, 'tests/web', f), 'utf8').includes("from './page_figures.mjs'"))
  .map((f) => `tests/web/${f}`);

function options(argv) {
  const out = { runs: 1, out: path.join(repo, 'build/bench-page') };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--runs') out.runs = Number(argv[++i]);
    else if (argv[i] === '--out') out.out = path.resolve(argv[++i]);
    else throw new Error(`unknown option ${argv[i]} (use --runs N, --out DIR)`);
  }
  if (!Number.isInteger(out.runs) || out.runs < 1) throw new Error('--runs takes a whole number of at least 1');
  return out;
}

function testEnv() {
  const from = (name, fallback) => process.env[name] || fallback;
  return {
    ...process.env,
    ASTAR_DIST_DIR: from('ASTAR_DIST_DIR', path.join(repo, 'build-wasm/dist')),
    ASTAR_REFERENCE_COST: from('ASTAR_REFERENCE_COST', path.join(repo, 'build-release/web_reference_cost')),
    ASTAR_CLI: from('ASTAR_CLI', path.join(repo, 'build-release/tools/astar/astar')),
    ASTAR_MAPS_BENCH_DIR: from('ASTAR_MAPS_BENCH_DIR', path.join(repo, '../shared/maps-bench')),
    ASTAR_MAPS_DIR: from('ASTAR_MAPS_DIR', path.join(repo, 'maps')),
  };
}

function machine() {
  const model = /^model name\s*:\s*(.+)$/m.exec(fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '')?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
  } catch { /* not a git checkout */ }
  return { cores: os.cpus().length, model: model.trim(), date: new Date().toISOString().slice(0, 16).replace('T', ' '), commit };
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => (!Number.isFinite(x) ? '–' : Number.isInteger(x) ? String(x) : x.toFixed(1));

// The table of figures (JSON lines of page_figures.mjs), one row per name in the order first seen.
function table(lines, runs, who) {
  const byName = new Map();
  for (const f of lines) {
    if (!byName.has(f.name)) byName.set(f.name, []);
    byName.get(f.name).push(f);
  }
  const rows = [...byName].map(([name, list]) => {
    const values = list.map((f) => f.ms), loads = list.map((f) => f.load), budget = list[list.length - 1].budgetMs;
    const over = list.filter((f) => Number.isFinite(f.budgetMs) && f.ms > f.budgetMs).length;
    const load = Math.min(...loads) === Math.max(...loads) ? loads[0].toFixed(1) : `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
    return `| ${name} | ${ms(median(values))} | ${ms(Math.max(...values))} | ${ms(budget)} | ${over ? `**${over} of ${list.length}**` : `0 of ${list.length}`} | ${load} |`;
  });
  return [
    `Machine: ${who.cores} cores, ${who.model}; ${who.date} UTC; commit ${who.commit}; ${runs} run(s) of each file.`,
    '',
    '| figure | median ms | max ms | budget ms | runs over budget | load (1-min average) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}

function main() {
  const opts = options(process.argv.slice(2));
  const env = testEnv();
  fs.mkdirSync(opts.out, { recursive: true });
  const figures = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-bench-page-')), 'figures.jsonl');
  const failed = [];
  for (let run = 1; run <= opts.runs; ++run) {
    for (const file of kFiles) {
      console.log(`bench-page: run ${run} of ${opts.runs}: ${file}`);
      const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', file], { cwd: repo, env: { ...env, ASTAR_PAGE_FIGURES: figures }, stdio: 'inherit' });
      if (r.status !== 0) failed.push(`${file} (run ${run}: ${r.signal ?? `exit ${r.status}`})`);
    }
  }
  const lines = fs.existsSync(figures) ? fs.readFileSync(figures, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const text = table(lines, opts.runs, machine());
  fs.writeFileSync(path.join(opts.out, 'table.md'), text);
  console.log(`\n${text}\nwritten to ${path.relative(repo, path.join(opts.out, 'table.md'))}`);
  if (failed.length) {
    console.error(`bench-page: test files failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

main();
