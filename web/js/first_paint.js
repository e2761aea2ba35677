// Runs before the first paint (a classic, blocking script in the head; the page's policy allows
// no inline script): marks the embed (embed.html, or index.html?embed: js/embed.js) so the full
// page never flashes in an iframe, and a returning visitor (views/hint.js's key) so the
// first-visit hint is not painted, and the view this browser chose last (views/view_switch.js:
// Learn unless Tools was chosen). All are attributes on <html> that the style sheets read.
// In an iframe sandboxed without allow-same-origin the page has an opaque origin and its module
// scripts cannot load (CORS): it says so in the frame instead of showing a blank canvas.
(() => {
  const root = document.documentElement;
  if (/\/embed\.html$/.test(location.pathname) || new URLSearchParams(location.search).has('embed')) root.dataset.embed = '';
  try {
    if (localStorage.getItem('astar-playground/hint-seen') === '1') root.dataset.hintSeen = '';
  } catch { /* no storage: show the hint */ }
  let view = 'learn';
  try {
    if (localStorage.getItem('astar-playground/view') === 'tools') view = 'tools';
  } catch { /* no storage: the Learn view */ }
  root.dataset.view = view;
  if (self.origin === 'null') {
    addEventListener('DOMContentLoaded', () => {
      const box = document.getElementById('message-box'), text = document.getElementById('message');
      text.textContent = 'The playground cannot start in this frame: the page around it must let it run as its own site ' +
        '(on the iframe: sandbox="allow-scripts allow-same-origin", or no sandbox).';
      box.dataset.level = text.dataset.level = 'error';
      box.hidden = false;
      document.body.dataset.ready = 'error';
    });
  }
})();
