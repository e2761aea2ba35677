// Loads the agents modules once the playground is ready (window.playground, set by main.js):
// <script type="module" src="js/agents/boot.js"></script> after main.js is all a page needs.
import { installAgents } from './index.js';

function ready() { return document.body.dataset.ready === 'true' && window.playground; }

async function boot() {
  for (let i = 0; !ready(); i++) {
    if (document.body.dataset.ready === 'error' || i > 600) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    window.agents = installAgents(window.playground);
  } catch (e) {
    console.error(e);
    window.playground.showMessage?.(`agents: ${e.message}`, 'error');
  }
}
boot();
