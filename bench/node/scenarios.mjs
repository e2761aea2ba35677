// Moving AI .map / .map.scen reading for the node benchmark, and the row sample the native
// runner uses too (tools/astar/cmd_bench.cpp: sampleRows): rows ordered by bucket (stable),
// then N evenly spaced picks, so every bucket is represented.
import fs from 'node:fs';
import path from 'node:path';

export function readMovingAiMap(file) {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const header = {};
  let i = 0;
  for (; i < lines.length && lines[i].trim() !== 'map'; ++i) {
    const [key, value] = lines[i].trim().split(/\s+/);
    if (key) header[key] = value;
  }
  const width = Number(header.width), height = Number(header.height);
  if (!(width > 0 && height > 0) || i >= lines.length) throw new Error(`${file}: not a Moving AI map`);
  const rows = lines.slice(i + 1, i + 1 + height);
  if (rows.length !== height) throw new Error(`${file}: ${rows.length} rows, header says ${height}`);
  const walls = new Uint8Array(width * height);
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`${file}: row ${y} has ${row.length} cells, header says ${width}`);
    for (let x = 0; x < width; ++x) walls[y * width + x] = '.GS'.includes(row[x]) ? 0 : 1;
  });
  return { width, height, walls };
}

// The allowed difference from a printed optimum: 0.6 units in its last decimal plus 1e-6
// (the rule of astar::scenarioTolerance).
export function tolerance(text) {
  const dot = text.indexOf('.');
  const decimals = dot < 0 ? 0 : text.length - dot - 1;
  return 0.6 * Math.pow(10, -decimals) + 1e-6;
}

export function readScenario(file) {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  if (!/^version\s/.test(lines[0])) throw new Error(`${file}: no version line`);
  const rows = [];
  lines.slice(1).forEach((line, k) => {
    const f = line.trim().split(/\s+/);
    if (f.length < 9) return;
    rows.push({
      bucket: Number(f[0]), width: Number(f[2]), height: Number(f[3]),
      sx: Number(f[4]), sy: Number(f[5]), gx: Number(f[6]), gy: Number(f[7]),
      optimum: Number(f[8]), tolerance: tolerance(f[8]), line: k + 2,
    });
  });
  return rows;
}

export function sampleRows(rows, n) {
  const order = rows.map((_, i) => i).sort((a, b) => rows[a].bucket - rows[b].bucket || a - b);
  if (!n || n >= order.length) return order.map((i) => rows[i]);
  const picked = [];
  for (let i = 0; i < n; ++i) picked.push(rows[order[Math.floor(((2 * i + 1) * order.length) / (2 * n))]]);
  return picked;
}

// Up to n rows of the file that sampleRows(rows, n) does not pick, spread the same way: the
// warm-up runs them, so no timed query is run just before it is timed.
export function warmupRows(rows, n) {
  const picked = new Set(sampleRows(rows, n));
  const others = rows.filter((r) => !picked.has(r)).sort((a, b) => a.bucket - b.bucket);
  const m = Math.min(n || others.length, others.length);
  const out = [];
  for (let i = 0; i < m; ++i) out.push(others[Math.floor(((2 * i + 1) * others.length) / (2 * m))]);
  return out;
}

export function scenarioFiles(inputs) {
  const out = [];
  for (const p of inputs) {
    if (fs.statSync(p).isDirectory()) {
      out.push(...fs.readdirSync(p).filter((f) => f.endsWith('.map.scen')).sort().map((f) => path.join(p, f)));
    } else {
      out.push(p);
    }
  }
  return out;
}
