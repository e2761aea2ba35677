// Node benchmark: our wasm module (A*, JPS, JPS+) beside PathFinding.js 0.4.18 (AStarFinder and
// JumpPointFinder, DiagonalMovement.OnlyWhenNoObstacles) on Moving AI scenarios, same
// queries as `astar bench` (same row sample). PathFinding.js is timed two ways in the same
// run: its documented use (grid.clone() then findPath) and findPath alone. With
// --four-connected (the 4-connected set written by bench/four_connected_set): no diagonal
// moves for everyone (PathFinding.js: DiagonalMovement.Never, Manhattan heuristic), and the
// l1 runner: l1-path-finder 1.0.0, whose per-map preprocessing is timed apart (preprocess_ms).
//
//   node bench/node/run.mjs --module build-bench-wasm/astar_bench.mjs [--sample N] [--repeat R]
//        [--json] [--four-connected] [--runners wasm-astar,wasm-jps,wasm-jps-plus,pf-astar,pf-jps,l1]
//        FILE.map.scen|DIR ...
//
// Every returned length is checked against the scenario optimum: a wrong length from our
// module fails the run (exit 1); a wrong length from the peer is reported in its line.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readMovingAiMap, readScenario, sampleRows, scenarioFiles, warmupRows } from './scenarios.mjs';

const require = createRequire(import.meta.url);
const PF = require('pathfinding');
const createPlanner = require('l1-path-finder');
const ndarray = require('ndarray');
const kRunners = ['wasm-astar', 'wasm-jps', 'wasm-jps-plus', 'pf-astar', 'pf-jps', 'l1'];

function parseArgs(argv) {
  const o = { module: null, sample: 0, repeat: 1, json: false, runners: ['wasm-astar', 'wasm-jps', 'pf-astar', 'pf-jps'], inputs: [],
    progress: process.stderr.isTTY === true };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    const count = (low) => {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < low) throw new Error(`${a} needs a whole number >= ${low}, got '${v}'`);
      return Number(v);
    };
    if (a === '--module') o.module = value();
    else if (a === '--sample') o.sample = count(0);
    else if (a === '--repeat') o.repeat = count(1);
    else if (a === '--json') o.json = true;
    else if (a === '--four-connected') o.fourConnected = true;
    else if (a === '--progress') o.progress = true;
    else if (a === '--no-progress') o.progress = false;
    else if (a === '--runners') o.runners = value().split(',');
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else o.inputs.push(a);
  }
  for (const r of o.runners) {
    if (!kRunners.includes(r)) throw new Error(`unknown runner '${r}'`);
    if (r === 'l1' && !o.fourConnected) throw new Error('l1 (l1-path-finder) is 4-connected only: add --four-connected');
  }
  if (o.runners.some((r) => r.startsWith('wasm')) && !o.module) throw new Error('--module (the bench wasm module .mjs) is needed');
  if (o.inputs.length === 0) throw new Error('no scenario file given');
  return o;
}

async function loadModule(file) {
  const wasm = file.replace(/\.mjs$/, '.wasm');
  const factory = (await import(path.resolve(file))).default;
  return factory({ wasmBinary: fs.readFileSync(wasm) });
}

const octile = (dx, dy) => Math.max(dx, dy) - Math.min(dx, dy) + Math.SQRT2 * Math.min(dx, dy);

// Length of a PathFinding.js path (a list of [x, y]); -1 when it is empty (no path).
function pfLength(p) {
  if (p.length === 0) return -1;
  let total = 0;
  for (let i = 1; i < p.length; ++i) total += octile(Math.abs(p[i][0] - p[i - 1][0]), Math.abs(p[i][1] - p[i - 1][1]));
  return total;
}

function summary(times) {
  const perQuery = times.map((t) => [...t].sort((a, b) => a - b)[(t.length - 1) >> 1]).sort((a, b) => a - b);
  const at = (p) => perQuery[Math.min(perQuery.length - 1, Math.max(0, Math.ceil(p * perQuery.length) - 1))];
  const mean = perQuery.reduce((s, t) => s + t, 0) / Math.max(1, perQuery.length);
  return { queries: perQuery.length, mean_us: mean, median_us: at(0.5), p95_us: at(0.95) };
}

function progressBar(on) {
  let last = 0;
  return {
    show(done, total, label) {
      const now = performance.now();
      if (!on || (done !== total && now - last < 100)) return;
      last = now;
      const filled = Math.round((30 * done) / total);
      process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(30 - filled)}] ${String(Math.floor((100 * done) / total)).padStart(3)}%  ${label.padEnd(40).slice(0, 40)}`);
    },
    finish() {
      if (on) process.stderr.write(`\r${' '.repeat(80)}\r`);
    },
  };
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`bench/node/run.mjs: ${e.message}`);
    process.exit(2);
  }
  const M = o.runners.some((r) => r.startsWith('wasm')) ? await loadModule(o.module) : null;
  const progress = progressBar(o.progress);
  const results = [];
  let ourMismatches = 0;
  for (const scen of scenarioFiles(o.inputs)) {
    const mapFile = scen.replace(/\.scen$/, '');
    const map = readMovingAiMap(mapFile);
    const mapName = path.basename(mapFile);
    const all = readScenario(scen);
    const rows = sampleRows(all, o.sample);
    let warm = warmupRows(all, o.sample);
    // Every row timed: warm up on the timed rows from the middle (never the first timed one last).
    if (warm.length === 0) warm = rows.map((_, i) => rows[(i + (rows.length >> 1) + 1) % rows.length]);
    for (const r of rows) {
      if (r.width !== map.width || r.height !== map.height) throw new Error(`${scen}: line ${r.line} is for a ${r.width} x ${r.height} map`);
    }
    // Our module: the same walls.
    let grid = null;
    if (M) {
      grid = new M.BenchGrid(map.width, map.height);
      grid.walls().set(map.walls);
      const problem = grid.commit();
      if (problem) throw new Error(`${mapFile}: ${problem}`);
      if (o.fourConnected) grid.setFourConnected();
    }
    // l1-path-finder: ndarray(data, [width, height]), 1 = blocked; its planner is built once per map.
    let l1 = null, l1Ms = 0;
    if (o.runners.includes('l1')) {
      const data = new Uint8Array(map.width * map.height);
      for (let y = 0; y < map.height; ++y) for (let x = 0; x < map.width; ++x) data[x * map.height + y] = map.walls[y * map.width + x];
      const t0 = performance.now();
      l1 = createPlanner(ndarray(data, [map.width, map.height]));
      l1Ms = performance.now() - t0;
    }
    // PathFinding.js: matrix[y][x] = 1 for a wall, built once per map like any user would.
    let pfGrid = null;
    if (o.runners.some((r) => r.startsWith('pf'))) {
      const matrix = [];
      for (let y = 0; y < map.height; ++y) matrix.push(Array.from(map.walls.subarray(y * map.width, (y + 1) * map.width)));
      pfGrid = new PF.Grid(map.width, map.height, matrix);
    }
    const pfOptions = o.fourConnected ? { diagonalMovement: PF.DiagonalMovement.Never, heuristic: PF.Heuristic.manhattan }
      : { diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile };
    const finders = { 'pf-astar': new PF.AStarFinder(pfOptions), 'pf-jps': new PF.JumpPointFinder(pfOptions) };
    // One record per timed series: wasm A*, wasm JPS, and per PF finder "search" and "clone+search".
    const series = new Map();
    const record = (key, fields) => {
      if (!series.has(key)) series.set(key, { ...fields, map: mapName, times: rows.map(() => []), expanded: 0, mismatches: 0, fellBack: false });
      return series.get(key);
    };
    const total = o.repeat * o.runners.length * rows.length;
    let done = 0;
    for (let rep = 0; rep < o.repeat; ++rep) {
      for (const runner of o.runners) {
        const algorithm = runner.startsWith('wasm-') ? runner.slice(5) : runner === 'l1' ? 'search' : runner.slice(3);
        // Untimed warm-up on the map's queries, at least 5 and at least 300 ms: V8 compiles hot
        // code (wasm and JS) in tiers, the optimizing tier in the background, and make bench
        // starts one process per map. Our first query on a map also sizes the search records
        // and builds the JPS bitsets; like the peers' grid construction, per-map set-up stays
        // out of the timings.
        if (rep === 0 && rows.length > 0) {
          const until = performance.now() + 300;
          for (let i = 0; i < 5 || performance.now() < until; ++i) {
            const q = warm[i % warm.length];
            if (runner.startsWith('wasm')) grid.query(q.sy * map.width + q.sx, q.gy * map.width + q.gx, M.algorithmId(algorithm));
            else if (runner === 'l1') l1.search(q.sx, q.sy, q.gx, q.gy);
            else finders[runner].findPath(q.sx, q.sy, q.gx, q.gy, pfGrid.clone());
          }
        }
        rows.forEach((q, qi) => {
          const start = q.sy * map.width + q.sx, goal = q.gy * map.width + q.gx;
          let length;
          if (runner.startsWith('wasm')) {
            const s = record(runner, { runner: 'wasm', algorithm });
            const id = M.algorithmId(algorithm);
            const t0 = performance.now();
            length = grid.query(start, goal, id);
            const t1 = performance.now();
            s.times[qi].push((t1 - t0) * 1000);
            if (rep === 0) {
              s.expanded += grid.expanded();
              s.fellBack ||= grid.fellBack();
              if (length >= 0 && Math.abs(grid.walkedCost() - length) > 1e-6 * Math.max(1, length)) length = -1;
              if (!(Math.abs(length - q.optimum) <= q.tolerance)) {
                ++s.mismatches;
                ++ourMismatches;
                progress.finish();
                console.error(`mismatch: ${scen} line ${q.line}, wasm ${algorithm} returned ${length}, the optimum is ${q.optimum}`);
              }
            }
          } else if (runner === 'l1') {
            const s = record(runner, { runner: 'l1-path-finder', algorithm, preprocess_ms: l1Ms });
            const t0 = performance.now();
            length = l1.search(q.sx, q.sy, q.gx, q.gy);
            const t1 = performance.now();
            s.times[qi].push((t1 - t0) * 1000);
            if (rep === 0 && !(Math.abs(length - q.optimum) <= q.tolerance)) ++s.mismatches;
          } else {
            const search = record(`${runner}:search`, { runner: 'pathfinding.js', algorithm, timing: 'search' });
            const documented = record(`${runner}:clone+search`, { runner: 'pathfinding.js', algorithm, timing: 'clone+search' });
            const t0 = performance.now();
            const g = pfGrid.clone();
            const t1 = performance.now();
            const p = finders[runner].findPath(q.sx, q.sy, q.gx, q.gy, g);
            const t2 = performance.now();
            search.times[qi].push((t2 - t1) * 1000);
            documented.times[qi].push((t2 - t0) * 1000);
            if (rep === 0) {
              length = pfLength(p);
              if (!(Math.abs(length - q.optimum) <= q.tolerance)) {
                ++search.mismatches;
                ++documented.mismatches;
              }
            }
          }
          progress.show(++done, total, `${mapName} ${runner}`);
        });
      }
    }
    for (const s of series.values()) {
      const line = { runner: s.runner, map: s.map, algorithm: s.algorithm, ...(s.timing ? { timing: s.timing } : {}), ...summary(s.times),
        mean_expanded: s.runner === 'wasm' ? s.expanded / Math.max(1, rows.length) : null, mismatches: s.mismatches,
        ...(s.runner === 'wasm' ? { bytes_per_node: grid.bytesPerNode(), fell_back: s.fellBack } : {}),
        ...(s.algorithm === 'jps-plus' && !s.fellBack ? { preprocess_ms: grid.preprocessMs(), preprocess_bytes: grid.preprocessBytes() } : {}),
        ...(s.preprocess_ms !== undefined ? { preprocess_ms: s.preprocess_ms } : {}) };
      results.push(line);
      if (o.json) console.log(JSON.stringify(line));
    }
    if (grid) grid.delete();
  }
  progress.finish();
  const label = (r) => `${r.runner} ${r.algorithm}${r.timing ? ` (${r.timing})` : ''}`;
  if (!o.json) {
    console.log(`${'map'.padEnd(22)} ${'runner'.padEnd(40)} ${'queries'.padStart(7)} ${'mean us'.padStart(11)} ${'median us'.padStart(11)} ${'p95 us'.padStart(11)} ${'wrong'.padStart(6)}`);
    for (const r of results) {
      console.log(`${r.map.padEnd(22)} ${label(r).padEnd(40)} ${String(r.queries).padStart(7)} ${r.mean_us.toFixed(2).padStart(11)} ${r.median_us.toFixed(2).padStart(11)} ${r.p95_us.toFixed(2).padStart(11)} ${String(r.mismatches).padStart(6)}`);
    }
  }
  const labels = [...new Set(results.map(label))];
  for (const l of labels) {
    const rs = results.filter((r) => label(r) === l && r.mean_us > 0);
    const geomean = Math.exp(rs.reduce((s, r) => s + Math.log(r.mean_us), 0) / Math.max(1, rs.length));
    const first = rs[0];
    if (o.json) {
      console.log(JSON.stringify({ runner: first.runner, summary: true, algorithm: first.algorithm, ...(first.timing ? { timing: first.timing } : {}), maps: rs.length, geomean_us: geomean }));
    } else {
      console.log(`geometric mean over ${rs.length} maps of the mean time per query, ${l}: ${geomean.toFixed(2)} us`);
    }
  }
  if (ourMismatches) {
    console.error(`bench/node/run.mjs: FAILED: ${ourMismatches} lengths from our module differ from the scenario optimum`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(`bench/node/run.mjs: ${e.message}`);
  process.exit(2);
});
