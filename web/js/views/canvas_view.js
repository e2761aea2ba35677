// The canvas as a view of the store: marks the renderer's layers dirty on map and search
// changes, fits the map when a new one opens or the cell shape changes, and re-fits on resize
// and rotation unless the user has zoomed or panned since the last fit.
import { Renderer } from '../render.js';
import { $, setText, formatNumber } from '../dom.js';

// The legend's terrain key: shown on maps with costs other than 1, a bar from the cheapest
// cost's colour to the dearest's (white is cost 1), as the terrain layer draws them.
function showTerrainKey({ min, max, low, high }) {
  const key = $('legend-terrain'), varied = max > 1 || min < 1;
  if (!key) return;
  key.hidden = !varied;
  if (!varied) return;
  const css = (packed) => `rgb(${packed & 255}, ${(packed >>> 8) & 255}, ${(packed >>> 16) & 255})`;
  const stops = [css(low), ...(min < 1 && max > 1 ? ['rgb(255, 255, 255)'] : []), css(high)];
  key.querySelector('i').style.background = `linear-gradient(to right, ${stops.join(', ')})`;
  setText('legend-terrain-text', `terrain: cost ${formatNumber(min)} to ${formatNumber(max)}`);
}

export class CanvasView {
  constructor(store, canvas, marks, loop) {
    this.store = store;
    this.loop = loop;
    this.renderer = new Renderer(canvas, store.engine, marks);
    this.renderer.terrainChanged = showTerrainKey;
    this.shownTopology = -1;  // the cell shape the view was last fitted for
    store.on('map', (d) => this.mapChanged(d));
    store.on('search', () => this.stateChanged());
    store.on('query', () => this.stateChanged());
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver((entries) => {
        const entry = entries[entries.length - 1], box = entry.borderBoxSize?.[0];
        this.renderer.observedSize = box ? { width: box.inlineSize, height: box.blockSize } : entry.contentRect;
        this.resized();
      }).observe(canvas);
    }
    else window.addEventListener('resize', () => this.resized());
  }

  mapChanged({ whole = false, fit = false } = {}) {
    this.renderer.markMapDirty();
    // Square and hex layouts differ in size: a change of cell shape (switch, undo, a loaded
    // map) fits the view again.
    const topology = this.store.engine.topology();
    if ((whole && fit) || topology !== this.shownTopology) this.fit();
    this.shownTopology = topology;
    this.loop.requestDraw();
  }
  stateChanged() {
    this.renderer.markStateDirty();
    this.loop.requestDraw();
  }
  resized() {
    if (!this.renderer.userMoved) this.renderer.fit();
    this.loop.requestDraw();
  }

  fit() {
    this.renderer.fit();
    this.loop.requestDraw();
  }
  zoomBy(factor) {
    const r = this.renderer;
    r.zoomAt(r.cssWidth / 2, r.cssHeight / 2, factor);
    this.loop.requestDraw();
  }
  setShow(what, on) {
    if (what === 'parents') this.renderer.showParents = !!on;
    else if (what === 'numbers') this.renderer.showNumbers = !!on;
    this.loop.requestDraw();
  }
}
