// Node tests of hex grids through the wasm module the page loads: converting a map with
// setTopology, search costs derived by hand on the odd-r layout, the hex-distance heuristic,
// wrap-around refusals on odd heights, and the page's hex geometry helpers (web/js/hex.js).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCore, withEngine } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const hex = await import(pathToFileURL(path.join(here, '../../web/js/hex.js')).href);

let core;
before(async () => {
  core = await loadCore();
});

const kSquare = 0, kHex = 1;
const kFound = 2;
const kAStar = 0, kDijkstra = 2, kJps = 6;
const kManhattan = 1, kOctile = 3;

function search(e, start, goal, algorithm = kAStar, heuristic = kOctile) {
  e.setStart(start);
  e.setGoal(goal);
  e.begin(algorithm, heuristic, 1, true, true, false);
  assert.equal(e.run(), kFound);
  return e.stats();
}

// The odd-r neighbours of (x, y), written out from the layout (not from core or hex.js):
// even rows: NE (x, y-1), NW (x-1, y-1), SE (x, y+1), SW (x-1, y+1); odd rows: NE (x+1, y-1),
// NW (x, y-1), SE (x+1, y+1), SW (x, y+1); both: E (x+1, y), W (x-1, y).
function oddRNeighbours(x, y) {
  const o = y & 1;
  return [[x + 1, y], [x - 1, y], [x + o, y - 1], [x - 1 + o, y - 1], [x + o, y + 1], [x - 1 + o, y + 1]];
}

function assertHexPath(e, cells) {
  const w = e.width();
  for (let i = 1; i < cells.length; i++) {
    const [ax, ay] = [cells[i - 1] % w, Math.floor(cells[i - 1] / w)], [bx, by] = [cells[i] % w, Math.floor(cells[i] / w)];
    assert.ok(oddRNeighbours(ax, ay).some(([x, y]) => x === bx && y === by), `(${ax}, ${ay}) -> (${bx}, ${by}) is not a hex move`);
  }
}

test('setTopology converts a map to hex and back; the map keeps its cells', () => {
  withEngine(core, 6, 4, (e) => {
    e.setWall(2, 1);
    e.setCost(3, 3, 4);
    const revision = e.revision();
    assert.equal(e.topology(), kSquare);
    assert.equal(e.setTopology(kHex), '');
    assert.equal(e.topology(), kHex);
    assert.ok(e.revision() > revision, 'the change is a new revision');
    assert.match(e.exportMap('playground'), /^cells: hex$/m);
    assert.equal(e.costs()[1 * 6 + 2], 0);
    assert.equal(e.costs()[3 * 6 + 3], 4);
    assert.equal(e.setTopology(kSquare), '');
    assert.doesNotMatch(e.exportMap('playground'), /^cells:/m, 'square is the default and is not written');
    assert.match(e.setTopology(2), /square|hex/, 'an unknown shape is refused with a message');
    assert.equal(e.topology(), kSquare);
  });
});

test('open 6 x 4 hex map: (0, 0) -> (5, 3) costs the hex distance 7, and h(start) is that distance', () => {
  // Derivation: odd-r (x, y) -> axial (q, r) = (x - (y - (y & 1)) / 2, y): (0, 0) -> (0, 0),
  // (5, 3) -> (5 - 1, 3) = (4, 3). Hex distance = (|dq| + |dr| + |dq + dr|) / 2 = (4 + 3 + 7) / 2 = 7
  // moves of cost 1. (Square 8-way would be 5 + 3 * (sqrt 2 - 1) = 6.24; 4-way 8.)
  withEngine(core, 6, 4, (e) => {
    assert.equal(e.setTopology(kHex), '');
    for (const heuristic of [kOctile, kManhattan]) {
      const s = search(e, 0, 3 * 6 + 5, kAStar, heuristic);
      assert.equal(s.pathCost, 7);
      assert.equal(s.pathCells, 8);
      assertHexPath(e, Array.from(e.path()));
      assert.equal(e.inspect(0).h, 7, 'manhattan / octile on hex = hex distance');
    }
    const sq = withEngine(core, 6, 4, (f) => search(f, 0, 3 * 6 + 5).pathCost);
    assert.ok(Math.abs(sq - (5 + 3 * (Math.SQRT2 - 1))) < 1e-9, `square octile cost ${sq}`);
  });
});

test('hex map with a wall row and a water gap: cost 16 by hand; the diagonal rule changes nothing', () => {
  // 6 x 4, row 2 is wall except (2, 2), which is water (cost 10). From (0, 0) to (5, 3):
  // every path enters (2, 2) once. (2, 2) -> axial (1, 2): 3 moves from (0, 0) (axial (0, 0):
  // (1 + 2 + 3) / 2); to (5, 3) -> axial (4, 3): (3 + 1 + 4) / 2 = 4 moves. 7 moves, all cost
  // 1 except the one entering the water: 6 * 1 + 10 = 16.
  // On square cells, 4-way, the same map costs 17: (0,0) -> (2,1) 3, into the water 10,
  // (2,3) 1, -> (5,3) 3.
  withEngine(core, 6, 4, (e) => {
    for (let x = 0; x < 6; x++) if (x !== 2) e.setWall(x, 2);
    e.setCost(2, 2, 10);
    assert.equal(e.setTopology(kHex), '');
    for (const diagonal of [0, 1, 3]) {
      e.setDiagonal(diagonal);
      for (const algorithm of [kAStar, kDijkstra, kJps]) {
        const s = search(e, 0, 3 * 6 + 5, algorithm);
        assert.equal(s.pathCost, 16, `diagonal rule ${diagonal}, algorithm ${algorithm}`);
        const cells = Array.from(e.path());
        assert.ok(cells.includes(2 * 6 + 2), 'the path crosses the water gap');
        assertHexPath(e, cells);
        if (algorithm === kJps) assert.equal(s.fellBack, true, 'JPS runs as A* on hex');
      }
    }
    assert.equal(e.setTopology(kSquare), '');
    e.setDiagonal(0);
    assert.equal(search(e, 0, 3 * 6 + 5).pathCost, 17);
  });
});

test('wrap in x on hex: one step west through the edge; wrap in y needs an even height', () => {
  withEngine(core, 6, 3, (e) => {
    assert.equal(e.setTopology(kHex), '');
    assert.equal(e.setWrap(true, false), '');
    const s = search(e, 1 * 6 + 0, 1 * 6 + 5);  // (0, 1) -> (5, 1): W from column 0 is column 5
    assert.equal(s.pathCost, 1);
    // Odd height: refused, and nothing changes.
    const message = e.setWrap(true, true);
    assert.match(message, /even|odd|height/i, `message: ${message}`);
    assert.equal(e.wrapX(), true);
    assert.equal(e.wrapY(), false);
  });
  withEngine(core, 6, 4, (e) => {
    assert.equal(e.setTopology(kHex), '');
    assert.equal(e.setWrap(false, true), '', 'an even height wraps in y');
    // (2, 0) -> (2, 3): on an even row, NW / NE go to row -1 = row 3 (odd): (1, 3) and (2, 3).
    assert.equal(search(e, 2, 3 * 6 + 2).pathCost, 1);
  });
  withEngine(core, 5, 5, (e) => {
    assert.equal(e.setWrap(false, true), '', 'square cells wrap with any height');
    const message = e.setTopology(kHex);
    assert.match(message, /even|odd|height/i, 'hex is refused on an odd height that wraps in y');
    assert.equal(e.topology(), kSquare);
  });
});

test('web/js/hex.js: containment, centres, lines and discs agree with the odd-r layout', () => {
  // Centres map back to their own cell; points just inside each of the six edges too, and
  // just outside them land in the neighbour across that edge.
  const { kHexSize, kRowPitch, hexAtLayout, hexCentreLayout, hexLine, hexDisc, hexDistance } = hex;
  const corners = (c) => [[0, -kHexSize], [0.5, -kHexSize / 2], [0.5, kHexSize / 2], [0, kHexSize], [-0.5, kHexSize / 2],
    [-0.5, -kHexSize / 2]].map(([dx, dy]) => [c.x + dx, c.y + dy]);
  for (const [x, y] of [[3, 2], [3, 3], [0, 0], [7, 5]]) {
    const c = hexCentreLayout(x, y);
    assert.deepEqual(hexAtLayout(c.x, c.y), [x, y]);
    const v = corners(c);
    for (let k = 0; k < 6; k++) {
      const [ax, ay] = v[k], [bx, by] = v[(k + 1) % 6];
      const mx = (ax + bx) / 2, my = (ay + by) / 2, ox = mx - c.x, oy = my - c.y, len = Math.hypot(ox, oy);
      assert.ok(Math.abs(len - 0.5) < 1e-12, 'edge midpoints are half a cell from the centre (regular hexagons)');
      assert.deepEqual(hexAtLayout(c.x + ox * 0.98, c.y + oy * 0.98), [x, y], `inside edge ${k} of (${x}, ${y})`);
      const across = hexAtLayout(c.x + ox * 1.02, c.y + oy * 1.02);
      assert.ok(oddRNeighbours(x, y).some(([nx, ny]) => nx === across[0] && ny === across[1]), `outside edge ${k}: ${across}`);
    }
  }
  assert.ok(Math.abs(kRowPitch - Math.sqrt(3) / 2) < 1e-15);
  for (const [a, b] of [[[0, 0], [9, 7]], [[8, 1], [0, 6]], [[4, 4], [4, 0]]]) {
    const line = [...hexLine(a[0], a[1], b[0], b[1])];
    assert.deepEqual(line[0], a);
    assert.deepEqual(line[line.length - 1], b);
    assert.equal(line.length, hexDistance(a[0], a[1], b[0], b[1]) + 1);
    for (let i = 1; i < line.length; i++) {
      assert.ok(oddRNeighbours(...line[i - 1]).some(([x, y]) => x === line[i][0] && y === line[i][1]), `line step ${i}`);
    }
  }
  const disc = [...hexDisc(4, 3, 1)].map(([x, y]) => `${x},${y}`).sort();
  assert.deepEqual(disc, ['4,3', ...oddRNeighbours(4, 3).map(([x, y]) => `${x},${y}`)].sort());
  assert.equal([...hexDisc(4, 4, 2)].length, 19);
});
