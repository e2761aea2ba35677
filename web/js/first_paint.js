// Runs before the first paint (a classic, blocking script in the head; the page's policy allows
// no inline script): marks the embed (embed.html, or index.html?embed: js/embed.js) so the full
// page never flashes in an iframe, and a returning visitor (views/hint.js's key) so the
// first-visit hint is not painted. Both are attributes on <html> that the style sheets read.
(() => {
  const root = document.documentElement;
  if (/\/embed\.html$/.test(location.pathname) || new URLSearchParams(location.search).has('embed')) root.dataset.embed = '';
  try {
    if (localStorage.getItem('astar-playground/hint-seen') === '1') root.dataset.hintSeen = '';
  } catch { /* no storage: show the hint */ }
})();
