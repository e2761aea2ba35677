// The arcade look's colours (web/js/canvas/arcade_palette.js) must stay apart where the
// reader has to tell them apart: floor, frontier and closed set as painted over the floor,
// the path and the walls. Checked as CIE76 colour differences (Lab) with normal vision and
// under simulated deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1, applied to
// linear RGB), the most common colour-vision deficiency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kArcadePalette as P, over } from '../../web/js/canvas/arcade_palette.js';

const kDeuteranopia = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];

const toLinear = (v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
const toSrgb = (c) => { const v = Math.min(1, Math.max(0, c)); return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055); };

export function simulateDeuteranopia(rgb) {
  const lin = rgb.slice(0, 3).map(toLinear);
  return kDeuteranopia.map((row) => toSrgb(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]));
}

function lab(rgb) {
  const [r, g, b] = rgb.slice(0, 3).map(toLinear);
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = xyz.map(f);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export const deltaE = (a, b) => Math.hypot(...lab(a).map((v, k) => v - lab(b)[k]));

// What is on screen: the frontier and the closed set are painted over the floor.
const shown = {
  floor: P.floor, frontier: over(P.open, P.floor), closed: over(P.closed, P.floor), path: P.path, wall: P.wall,
};
const kMustDiffer = [
  ['floor', 'frontier'], ['floor', 'closed'], ['frontier', 'closed'], ['path', 'frontier'], ['path', 'closed'],
  ['path', 'floor'], ['wall', 'floor'], ['wall', 'frontier'], ['wall', 'closed'], ['wall', 'path'],
];
const kMinDeltaE = 20;  // clearly different at a glance (a just-noticeable difference is about 2.3)

test('the simulation matrix is sane: greys stay grey, red and green collapse', () => {
  for (const v of [0, 128, 255]) {
    const s = simulateDeuteranopia([v, v, v]);
    for (const c of s) assert.ok(Math.abs(c - v) < 2, `grey ${v} -> ${s}`);
  }
  // A deuteranope confuses this red and green: far apart normally, close once simulated.
  const red = [200, 80, 40], green = [110, 120, 40];
  assert.ok(deltaE(red, green) > 35, `normal ${deltaE(red, green)}`);
  assert.ok(deltaE(simulateDeuteranopia(red), simulateDeuteranopia(green)) < deltaE(red, green) / 2);
});

test('arcade colours stay apart on the dark floor, with normal vision and under deuteranopia', () => {
  for (const [a, b] of kMustDiffer) {
    const normal = deltaE(shown[a], shown[b]);
    const deut = deltaE(simulateDeuteranopia(shown[a]), simulateDeuteranopia(shown[b]));
    console.log(`${a} / ${b}: deltaE ${normal.toFixed(1)}, deuteranopia ${deut.toFixed(1)}`);
    assert.ok(normal >= kMinDeltaE, `${a} and ${b} are too close: deltaE ${normal.toFixed(1)}`);
    assert.ok(deut >= kMinDeltaE, `${a} and ${b} are too close under deuteranopia: deltaE ${deut.toFixed(1)}`);
  }
});
