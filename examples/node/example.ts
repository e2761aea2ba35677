// The engine package from TypeScript (checked by `tsc --noEmit` in tests/web/npm_package.test.mjs):
// a 4-way maze with a wall, a path, a search stepped with a budget, and a flow field.
import { loadEngine, AstarError, type Cell, type PathResult } from 'astar-playground-engine';

const engine = await loadEngine();
engine.setGrid(5, 3, [1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
engine.setMovement('never');
const result: PathResult = engine.findPath([0, 0], [0, 2], { algorithm: 'astar', heuristic: 'manhattan' });
const cells: Cell[] = result.path;
console.log(`found ${result.found}, cost ${result.cost}, ${cells.length} cells`);

const search = engine.search([0, 0], [0, 2], { algorithm: 'jps' });
let frames = 0;
while (search.step(2) === 'in-progress') ++frames;
console.log(`jps: ${search.result().status} after ${frames + 1} frames`);

const field = engine.flowField([[0, 2]]);
const next: Cell | null = field.next(4, 0);
console.log(`flow: from (4, 0) go to ${JSON.stringify(next)}, ${field.distance(4, 0)} to go`);

try {
  engine.findPath([9, 9], [0, 0]);
} catch (e) {
  if (e instanceof AstarError) console.log(`refused: ${e.message}`);
}
engine.dispose();
