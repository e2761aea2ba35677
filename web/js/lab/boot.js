// Loads the lab panel once the playground is ready (window.playground, set by main.js):
// <script type="module" src="js/lab/boot.js"></script> after main.js. window.lab is the panel
// (for tests).
import { LabPanel } from './panel.js';
import { installWhenReady } from '../extension.js';

installWhenReady('lab', (app) => {
  if (typeof app.engine.core.LabRun !== 'function') throw new Error('this wasm build has no LabRun');
  window.lab = new LabPanel(app);
  document.getElementById('lab').dataset.ready = 'true';
});
