// The Look control: auto (the arcade look for 4-way mazes with narrow corridors, squares
// otherwise), square or arcade, and the arcade look's pellets. A choice about the view, not
// the document: it goes to the renderer, not the store.
import { $ } from '../dom.js';

export function bindLookPanel(view, loop) {
  const renderer = view.renderer;
  $('look').value = renderer.lookChoice;
  $('pellets').checked = renderer.pellets;
  $('look').addEventListener('change', (ev) => {
    renderer.setLook(ev.target.value);
    loop.requestDraw();
  });
  $('pellets').addEventListener('change', (ev) => {
    renderer.pellets = ev.target.checked;
    loop.requestDraw();
  });
}
