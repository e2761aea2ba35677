// Loads the lab panel once the playground is ready (window.playground, set by main.js):
// <script type="module" src="js/lab/boot.js"></script> after main.js. window.lab is the panel
// (for tests).
import { LabPanel } from './panel.js';

function ready() { return document.body.dataset.ready === 'true' && window.playground; }

async function boot() {
  for (let i = 0; !ready(); i++) {
    if (document.body.dataset.ready === 'error' || i > 600) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    if (typeof window.playground.engine.core.LabRun !== 'function') throw new Error('this wasm build has no LabRun');
    window.lab = new LabPanel(window.playground);
    document.getElementById('lab').dataset.ready = 'true';
  } catch (e) {
    console.error(e);
    window.playground.showMessage?.(`lab: ${e.message}`, 'error');
  }
}
boot();
