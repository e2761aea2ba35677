// The exercise, "Predict, then see" (web/js/optional_modules.js installs it). An embed has no
// panel: nothing to install there. An exercise in progress (a reload inside it) resumes.
import { ExercisePanel } from './panel.js';

export function install(app) {
  if (document.documentElement.dataset.embed !== undefined) return null;
  const panel = new ExercisePanel(app);
  panel.bind();
  document.getElementById('exercise-section').dataset.ready = 'true';
  panel.resume().catch((e) => app.showMessage(`The exercise could not resume: ${e.message}`, 'error'));
  return panel;
}
