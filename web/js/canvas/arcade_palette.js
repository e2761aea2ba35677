// The arcade look's colours, in one place so tests can check them (tests/web/arcade_palette.test.mjs:
// every pair that must be told apart stays apart on the dark floor, also under simulated
// deuteranopia). Okabe-Ito hues: frontier sky blue, closed set orange, path yellow.
// RGB(A) arrays, alpha 0..255 where given; `css()` turns one into a CSS colour.
export const kArcadePalette = Object.freeze({
  floor: [5, 6, 20],           // the dark floor (and the canvas around the map)
  wall: [56, 96, 255],         // the wall outlines
  open: [86, 180, 233, 200],   // the frontier, over the floor
  closed: [230, 159, 0, 96],   // the closed set, dimmed over the floor
  path: [240, 228, 66],        // the path line
  pellet: [255, 200, 170],     // optional pellets on floor the search has not seen
  tunnel: [240, 228, 66],      // wrap arrows at the tunnel openings
  start: [0, 114, 178],
  goal: [204, 121, 167],
});

export function css(rgb) {
  return rgb.length > 3 ? `rgba(${rgb[0]},${rgb[1]},${rgb[2]},${(rgb[3] / 255).toFixed(3)})` : `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
}

// An RGBA colour painted over an opaque RGB one (what the canvas shows).
export function over(top, below) {
  const a = top.length > 3 ? top[3] / 255 : 1;
  return below.slice(0, 3).map((v, k) => Math.round(top[k] * a + v * (1 - a)));
}
