// The square look: the terrain layer and the search-state layer of the layer cache, scaled up
// without smoothing (one image each per frame, whatever the map's size).
import { kColors } from './cell_layers.js';

export const squareLook = Object.freeze({
  name: 'square',
  palette: kColors,
  draw(view) {
    const e = view.engine, ctx = view.ctx;
    view.ensureBase(false);
    view.ensureState(false);
    view.lastMode = 'square';
    ctx.imageSmoothingEnabled = false;
    const mapW = e.width * view.cell, mapH = e.height * view.cell;
    ctx.drawImage(view.base.canvas, view.offsetX, view.offsetY, mapW, mapH);
    ctx.drawImage(view.state.canvas, view.offsetX, view.offsetY, mapW, mapH);
  },
});
