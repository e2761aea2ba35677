// Installs the exercise ("Predict, then see") once the playground is ready (window.playground,
// set by main.js, which imports this module). window.exercise is the panel (for tests). An
// embed has no panel: nothing to install there.
import { ExercisePanel } from './panel.js';
import { installWhenReady } from '../extension.js';

if (document.documentElement.dataset.embed === undefined) {
  installWhenReady('exercise', (app) => {
    const panel = new ExercisePanel(app);
    panel.bind();
    window.exercise = panel;
    document.getElementById('exercise-section').dataset.ready = 'true';
    panel.resume().catch((e) => app.showMessage(`exercise: ${e.message}`, 'error'));
  });
}
