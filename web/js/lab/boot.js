// The lab panel (web/js/optional_modules.js installs it): the genetic algorithm and ant colony.
import { LabPanel } from './panel.js';

export function install(app) {
  if (typeof app.engine.core.LabRun !== 'function') throw new Error('this wasm build has no LabRun');
  const lab = new LabPanel(app);
  document.getElementById('lab').dataset.ready = 'true';
  return lab;
}
