// The square look: the terrain layer and the search-state layer of the layer cache, scaled
// without smoothing (one image each per frame, at most about the canvas's size: layerStep).
import { kColors } from './cell_layers.js';

export const squareLook = Object.freeze({
  name: 'square',
  palette: kColors,
  draw(view) {
    const ctx = view.ctx;
    view.ensureBase(false);
    view.ensureState(false);
    view.lastMode = 'square';
    ctx.imageSmoothingEnabled = false;
    const { width, height } = view.layerSize();
    ctx.drawImage(view.base.canvas, view.offsetX, view.offsetY, width, height);
    ctx.drawImage(view.state.canvas, view.offsetX, view.offsetY, width, height);
  },
});
