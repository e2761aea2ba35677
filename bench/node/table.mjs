// Reads the JSON lines of `astar bench --json` and bench/node/run.mjs --json and prints one
// markdown table of time ratios (ours / peer, mean time per query; below 1 = we are faster)
// per map, with their geometric mean over maps.
//   node bench/node/table.mjs [--geomeans out.json] native.jsonl node.jsonl
// --geomeans also writes the geometric means as JSON (for bench/node/median.mjs).
import fs from 'node:fs';
import os from 'node:os';

const args = process.argv.slice(2);
let geomeansFile = null;
if (args[0] === '--geomeans') {
  geomeansFile = args[1];
  args.splice(0, 2);
}
const lines = args.flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
const key = (r) => `${r.runner}/${r.algorithm}${r.timing ? `/${r.timing}` : ''}`;
const byMap = new Map();
for (const r of lines) {
  if (r.summary) continue;
  if (!byMap.has(r.map)) byMap.set(r.map, {});
  byMap.get(r.map)[key(r)] = r;
}

// The 4-connected set (map names ending in -4c.map, bench/four_connected_set.cpp) has its own
// targets (issue 15): wasm A* at least 15x faster than PathFinding.js; our best query (JPS) no
// slower than l1-path-finder.
const fourConnected = [...byMap.keys()].length > 0 && [...byMap.keys()].every((m) => m.includes('-4c.') || m.startsWith('arcade-'));
const columns = [
  ['A* / Boost CSR', 'native/astar', 'native/boost', '<= 0.2'],
  ['A* / Boost adjacency_list', 'native/astar', 'native/boost-adjlist', ''],
  ['A* / libtcod', 'native/astar', 'native/libtcod', '<= 0.2'],
  ['JPS / Boost CSR', 'native/jps', 'native/boost', fourConnected ? '' : '<= 0.025'],
  ['JPS+ / Boost CSR', 'native/jps-plus', 'native/boost', fourConnected ? '' : '<= 0.0033'],
  // Issue 36: 150x Boost CSR over all maps, 200x on the 512² and 1024² classes.
  ['Subgoal / Boost CSR', 'native/subgoal', 'native/boost', fourConnected ? '' : '<= 0.0067', { '512²': '<= 0.005', '1024²': '<= 0.005' }],
  ['wasm A* / PF A*', 'wasm/astar', 'pathfinding.js/astar/search', fourConnected ? '<= 0.067' : '<= 0.1'],
  // Against l1-path-finder the target is our best 4-connected query: JPS (4-connected since the
  // eighth session); A*'s ratio stays as a column.
  ['wasm A* / l1-path-finder', 'wasm/astar', 'l1-path-finder/search', ''],
  ['wasm JPS / l1-path-finder', 'wasm/jps', 'l1-path-finder/search', '<= 1'],
  ['wasm JPS / PF JPS', 'wasm/jps', 'pathfinding.js/jps/search', '<= 0.1'],
  ['wasm A* / PF A* (clone+search)', 'wasm/astar', 'pathfinding.js/astar/clone+search', ''],
  ['wasm JPS / PF JPS (clone+search)', 'wasm/jps', 'pathfinding.js/jps/clone+search', ''],
  ['wasm A* / native A*', 'wasm/astar', 'native/astar', '<= 1.3'],
  ['wasm JPS / native JPS', 'wasm/jps', 'native/jps', '<= 1.3'],
  ['wasm JPS+ / native JPS+', 'wasm/jps-plus', 'native/jps-plus', '<= 1.3'],
].filter(([, a, b]) => [...byMap.values()].some((m) => m[a] && m[b]));

// Size classes by cell count (issue 36), so a mean dominated by small maps cannot hide the large
// ones: up to 256², about 512² (up to 2^19 cells: brc202d's 530x481 is one), about 1024².
const sizeClass = (cells) => (cells <= 256 * 256 ? '≤ 256²' : cells <= 1 << 19 ? '512²' : '1024²');
const classOf = new Map();
for (const [map, m] of byMap) {
  const sized = Object.values(m).find((r) => r.width > 0 && r.height > 0);
  if (sized) classOf.set(map, sizeClass(sized.width * sized.height));
}
const classes = ['≤ 256²', '512²', '1024²'].filter((c) => [...classOf.values()].includes(c));
const fmt = (x) => (x === undefined ? '–' : x < 0.01 ? x.toFixed(4) : x.toFixed(3));
const geomean = (xs) => (xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : undefined);
const ratios = columns.map(() => []); // per column: { map, ratio }
const out = [];
out.push(`| map | class | ${columns.map((c) => c[0]).join(' | ')} |`);
out.push(`|---|---|${columns.map(() => '---:').join('|')}|`);
for (const [map, m] of [...byMap.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  const cells = columns.map(([, a, b], i) => {
    if (!m[a] || !m[b] || !(m[a].mean_us > 0) || !(m[b].mean_us > 0)) return undefined;
    const ratio = m[a].mean_us / m[b].mean_us;
    ratios[i].push({ map, ratio });
    return ratio;
  });
  out.push(`| ${map} | ${classOf.get(map) ?? '–'} | ${cells.map(fmt).join(' | ')} |`);
}
const geomeans = ratios.map((r) => geomean(r.map((x) => x.ratio)));
const classGeomeans = classes.map((c) => ratios.map((r) => geomean(r.filter((x) => classOf.get(x.map) === c).map((x) => x.ratio))));
const bold = (g) => (g === undefined ? '–' : `**${fmt(g)}**`);
out.push(`| **geometric mean** | all | ${geomeans.map(bold).join(' | ')} |`);
if (classes.length > 1) {
  classes.forEach((c, k) => {
    const maps = [...classOf.values()].filter((x) => x === c).length;
    out.push(`| geometric mean, ${maps} map${maps === 1 ? '' : 's'} | ${c} | ${classGeomeans[k].map(fmt).join(' | ')} |`);
  });
}
out.push(`| target | all | ${columns.map((c) => c[3] || '–').join(' | ')} |`);
for (const c of classes) {
  if (columns.some((col) => col[4]?.[c])) out.push(`| target | ${c} | ${columns.map((col) => col[4]?.[c] || '–').join(' | ')} |`);
}
if (geomeansFile) {
  // Each ratio over all maps, then per size class (`name [class]`), for bench/node/median.mjs.
  const record = columns.flatMap(([name, , , target, classTargets], i) => [
    { name, target, geomean: geomeans[i] ?? null },
    ...(classes.length > 1
      ? classes.map((c, k) => ({ name: `${name} [${c}]`, target: classTargets?.[c] ?? '', geomean: classGeomeans[k][i] ?? null }))
      : []),
  ]);
  fs.writeFileSync(geomeansFile, JSON.stringify({ maps: byMap.size, columns: record }) + '\n');
}

const wrong = lines.filter((r) => !r.summary && r.mismatches > 0).map((r) => `${r.map} ${key(r)}: ${r.mismatches}`);
// Preprocessing per map and planner: time (one core, untimed in the ratios) and memory held.
const preprocessed = [...new Set(lines.filter((r) => !r.summary && r.preprocess_ms >= 0).map(key))];
const pre = [];
if (preprocessed.length) {
  pre.push(`| map | ${preprocessed.map((k) => `${k} ms | ${k} MiB`).join(' | ')} |`);
  pre.push(`|---|${preprocessed.map(() => '---:|---:').join('|')}|`);
  for (const [map, m] of [...byMap.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const cells = preprocessed.map((k) => (m[k]?.preprocess_ms >= 0
      ? `${m[k].preprocess_ms.toFixed(1)} | ${(m[k].preprocess_bytes / 1048576).toFixed(2)}`
      : '– | –'));
    pre.push(`| ${map} | ${cells.join(' | ')} |`);
  }
}
const queries = lines.filter((r) => !r.summary).reduce((s, r) => Math.max(s, r.queries), 0);
const bytes = [...new Set(lines.filter((r) => r.bytes_per_node).map((r) => `${r.runner} ${r.bytes_per_node}`))];
console.log(`Ratios of mean time per query, ours / peer (below 1: we are faster), ${byMap.size} maps, up to ${queries} queries per map.`);
console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; node ${process.version}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n`);
console.log(out.join('\n'));
console.log(`\nSearch state, bytes per node: ${bytes.join(', ') || 'not reported'}.`);
if (pre.length) console.log(`\nPreprocessing, once per map (one core; untimed in the ratios) and the memory it holds:\n\n${pre.join('\n')}\n`);
console.log(wrong.length ? `Wrong lengths (lengths off the optimum, per map and runner): ${wrong.join('; ')}` : 'Every returned length matched the scenario optimum.');
