// Boots the playground: the wasm engine, the controller, input, files; then the first map
// comes from the link in the URL, else the autosave, else the first bundled map.
import { loadEngine } from './engine.js';
import { Playground } from './ui.js';
import { bindInput } from './input.js';
import { Files } from './files.js';
import { Compare } from './compare.js';

async function firstMap(app, files) {
  await files.loadIndex();
  if (location.hash.length > 1 && await files.openLinkFromLocation()) return;
  if (files.restoreAutosave()) return;
  const preferred = files.index.find((m) => /arcade|pac/i.test(m.file)) ?? files.index[0];
  if (preferred && await files.loadBundled(preferred.file)) {
    app.history = new (app.history.constructor)();  // the first map is not an undoable step
    return;
  }
  app.newBlank();
  app.history = new (app.history.constructor)();
}

try {
  const engine = await loadEngine();
  const app = new Playground(engine, document.getElementById('grid'));
  const files = new Files(app);
  app.files = files;
  app.bindControls();
  app.compare = new Compare(app);
  app.compare.bind();
  bindInput(app);
  files.bind();
  app.renderer.fit();
  app.syncMapControls();
  await firstMap(app, files);
  app.renderer.fit();
  app.refresh();
  // For tests and for other modules (agents) that extend the page.
  window.playground = app;
  document.body.dataset.ready = 'true';
} catch (e) {
  const box = document.getElementById('message');
  box.textContent = `The engine failed to load: ${e.message}`;
  box.className = 'error';
  box.hidden = false;
  document.body.dataset.ready = 'error';
  console.error(e);
}
