// Hex-grid geometry shared by the renderer, input and agents. Core's hex grids are pointy-top
// hexagons in rows with ODD rows shifted RIGHT by half a cell ("odd-r" offset coordinates, as
// in Red Blob Games' hex guide); cell (x, y) is still index y * width + x.
//
// Two coordinate systems appear here:
//  - column/row units (what core's smoothPath returns): the centre of hex (x, y) is at
//    (x + 0.5 + 0.5 * (y odd), y + 0.5);
//  - "layout units" (CSS pixels / cell width, measured from the top-left corner of the map's
//    bounding box): hexagons are regular, one cell wide (flat side to flat side), rows
//    kRowPitch apart, and the centre of hex (x, y) is at (x + 0.5 + 0.5 * (y odd), kHexSize + y * kRowPitch).
// Square grids use plain cell units in both: the centre of (x, y) is (x + 0.5, y + 0.5).

export const kSqrt3 = Math.sqrt(3);
export const kRowPitch = kSqrt3 / 2;  // vertical distance between hex rows, in cell widths
export const kHexSize = 1 / kSqrt3;   // centre to corner, in cell widths (half the hexagon's height)

// Hex moves (core's Direction values): E 1, W 3, NE 4, SE 5, SW 6, NW 7 (no N 0 / S 2).
export const kHexDirections = [1, 4, 7, 3, 6, 5];  // E, NE, NW, W, SW, SE: anticlockwise on screen

// The offset (dx, dy) of a hex move in direction d from a cell in row y (odd-r).
export function hexStep(d, y) {
  const odd = y & 1;
  switch (d) {
    case 1: return [1, 0];
    case 3: return [-1, 0];
    case 4: return [odd ? 1 : 0, -1];
    case 7: return [odd ? 0 : -1, -1];
    case 5: return [odd ? 1 : 0, 1];
    case 6: return [odd ? 0 : -1, 1];
    default: return null;  // N and S are not hex moves
  }
}

// The unit vector of direction d on screen (y down): hex moves are 60 degrees apart.
export function hexDirectionVector(d) {
  const c = 0.5, s = kRowPitch;
  return { 1: [1, 0], 3: [-1, 0], 4: [c, -s], 7: [-c, -s], 5: [c, s], 6: [-c, s] }[d] ?? null;
}

// Odd-r offset <-> axial (q, r) coordinates.
export function offsetToAxial(x, y) { return [x - (y - (y & 1)) / 2, y]; }
export function axialToOffset(q, r) { return [q + (r - (r & 1)) / 2, r]; }

// The number of hex moves between two cells (no walls, no wrap).
export function hexDistance(x0, y0, x1, y1) {
  const [q0, r0] = offsetToAxial(x0, y0), [q1, r1] = offsetToAxial(x1, y1);
  const dq = q1 - q0, dr = r1 - r0;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

// Rounds fractional axial coordinates to the hex that contains the point (cube rounding:
// exact for regular hexagons, and exact here too since axial coordinates are an affine
// image of the plane).
function roundAxial(q, r) {
  const s = -q - r;
  let rq = Math.round(q), rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq + 0, rr + 0];  // + 0: no -0 from rounding small negatives
}

// The hex (x, y) containing a point in column/row units (unbounded: may lie off the map).
export function hexAtColRow(fx, fy) {
  const r = fy - 0.5, q = fx - 0.5 - r / 2;
  const [rq, rr] = roundAxial(q, r);
  return axialToOffset(rq, rr);
}

// The same for a point in layout units.
export function hexAtLayout(lx, ly) {
  return hexAtColRow(lx, (ly - kHexSize) / kRowPitch + 0.5);
}

// Centre of hex (x, y) in layout units.
export function hexCentreLayout(x, y) {
  return { x: x + 0.5 + 0.5 * (y & 1), y: kHexSize + y * kRowPitch };
}

// Column/row units -> layout units (for points from core's smoothPath).
export function colRowToLayout(fx, fy) { return { x: fx, y: kHexSize + (fy - 0.5) * kRowPitch }; }

// Size of the map's bounding box in layout units (width x height cells).
export function hexExtent(width, height) {
  return { x: width + (height > 1 ? 0.5 : 0), y: 2 * kHexSize + Math.max(0, height - 1) * kRowPitch };
}

// The cells on the straight line from hex (x0, y0) to hex (x1, y1), each a neighbour of the
// one before (Red Blob's hex line drawing: sample the segment between the centres once per
// hex step, nudged off exact ties, and round each sample).
export function* hexLine(x0, y0, x1, y1) {
  const n = hexDistance(x0, y0, x1, y1);
  const [q0, r0] = offsetToAxial(x0, y0), [q1, r1] = offsetToAxial(x1, y1);
  const eq = 1e-6, er = 2e-6;
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const [q, r] = roundAxial(q0 + eq + (q1 - q0) * t, r0 + er + (r1 - r0) * t);
    yield axialToOffset(q, r);
  }
}

// The cells within `radius` hex moves of (cx, cy) (no bounds check).
export function* hexDisc(cx, cy, radius) {
  const [q0, r0] = offsetToAxial(cx, cy);
  for (let dq = -radius; dq <= radius; dq++) {
    for (let dr = Math.max(-radius, -dq - radius); dr <= Math.min(radius, -dq + radius); dr++) {
      yield axialToOffset(q0 + dq, r0 + dr);
    }
  }
}
