// Installs the HPA* layer once the page has loaded its engine: main.js sets body[data-ready]
// to 'true' (or 'error') when window.playground exists. One <script type="module"> line in
// index.html, after main.js.
import { installHpa } from './layer.js';

function install() {
  try {
    window.hpa = installHpa(window.playground);
  } catch (e) {
    console.error(e);
    window.playground.showMessage?.(`HPA*: ${e.message}`, 'error');
  }
}

const body = document.body;
if (body.dataset.ready === 'true' && window.playground) {
  install();
} else if (body.dataset.ready !== 'error') {
  const watch = new MutationObserver(() => {
    if (body.dataset.ready === 'error') watch.disconnect();
    if (body.dataset.ready !== 'true' || !window.playground) return;
    watch.disconnect();
    install();
  });
  watch.observe(body, { attributes: true, attributeFilter: ['data-ready'] });
}
