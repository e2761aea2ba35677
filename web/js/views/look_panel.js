// The Look control: auto (the arcade look for 4-way mazes with narrow corridors, squares
// otherwise), square or arcade, and the arcade look's pellets. The renderer holds them; the
// document's `look` field (document/schema.js) reads and sets them through here.
import { $ } from '../dom.js';

export function bindLookPanel(view, loop, store) {
  const renderer = view.renderer;
  const show = () => {
    $('look').value = renderer.lookChoice;
    $('pellets').checked = renderer.pellets;
  };
  show();
  $('look').addEventListener('change', (ev) => {
    renderer.setLook(ev.target.value);
    loop.requestDraw();
    store.partChanged('look');
  });
  $('pellets').addEventListener('change', (ev) => {
    renderer.pellets = ev.target.checked;
    loop.requestDraw();
    store.partChanged('look');
  });
  store.own('look', {
    read: () => ({ look: renderer.lookChoice, pellets: renderer.pellets }),
    apply: (v) => {
      if (v.look !== undefined) renderer.setLook(v.look);
      if (v.pellets !== undefined) renderer.pellets = v.pellets;
      show();
      loop.requestDraw();
    },
  });
}
