// The engine package from node: `node example.mjs MAP SX SY GX GY` prints the path's cost (any
// map format the engine reads), e.g. node example.mjs ../../maps/arcade.map.txt 1 1 26 29
import fs from 'node:fs';
import { loadEngine } from 'astar-playground-engine';

const [file, sx, sy, gx, gy] = process.argv.slice(2);
const engine = await loadEngine();
engine.loadMap(fs.readFileSync(file, 'utf8'), file);
const r = engine.findPath([Number(sx), Number(sy)], [Number(gx), Number(gy)], { algorithm: 'jps' });
console.log(r.found ? `cost ${r.cost} over ${r.path.length} cells (${r.expanded} expanded)` : r.status);
