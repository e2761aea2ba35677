// Summarises several `make bench` runs (RUNS=N): each run's geometric mean per ratio, and the
// median over runs. One run's figure moves by about 10 % on a shared VM (the peers' times vary
// more than ours); the median of a few runs is the steadier number.
//   node bench/node/median.mjs run-1/geomeans.json run-2/geomeans.json ...
import fs from 'node:fs';

const runs = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
if (runs.length === 0) {
  console.error('median.mjs: give the geomeans.json of each run');
  process.exit(2);
}
const fmt = (x) => (x === null || x === undefined ? '–' : x < 0.01 ? x.toFixed(4) : x.toFixed(3));
const median = (xs) => {
  const v = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (v.length === 0) return null;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const names = [...new Set(runs.flatMap((r) => r.columns.map((c) => c.name)))];
const out = [];
out.push(`Geometric mean over maps of each ratio, ${runs.length} runs, and their median.\n`);
out.push(`| ratio | ${runs.map((_, i) => `run ${i + 1}`).join(' | ')} | **median** | target |`);
out.push(`|---|${runs.map(() => '---:').join('|')}|---:|---|`);
for (const name of names) {
  const values = runs.map((r) => r.columns.find((c) => c.name === name)?.geomean ?? null);
  const target = runs.map((r) => r.columns.find((c) => c.name === name)?.target).find((t) => t) || '–';
  out.push(`| ${name} | ${values.map(fmt).join(' | ')} | **${fmt(median(values))}** | ${target} |`);
}
console.log(out.join('\n'));
