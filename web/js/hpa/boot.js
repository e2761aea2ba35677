// Loads the HPA* layer once the playground is ready (window.playground, set by main.js):
// <script type="module" src="js/hpa/boot.js"></script> after main.js is all a page needs.
import { installHpa } from './layer.js';

function ready() { return document.body.dataset.ready === 'true' && window.playground; }

async function boot() {
  for (let i = 0; !ready(); i++) {
    if (document.body.dataset.ready === 'error' || i > 600) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    window.hpa = installHpa(window.playground);
  } catch (e) {
    console.error(e);
    window.playground.showMessage?.(`HPA*: ${e.message}`, 'error');
  }
}
boot();
