// The embedded playground, for course pages: embed.html#v1.… (a share link at the embed's
// address; index.html?embed#v1.… too, but only same-origin pages may frame index.html, see
// scripts/site_headers.mjs) shows only the canvas, the page's timeline (Play, Step, Back, Reset,
// Finish, the scrub and the speed: views/timeline.js) and a link to open the same state in the
// full playground; it fits any iframe (web/embed.css), opens unsolved and plays the search at
// the chosen speed with `autoplay`, and never reads or writes the autosave (Files.embedded) or
// the first-visit hint's key: a course page must not change what the visitor's own playground holds.
import { $, el } from './dom.js';
import { copyNow } from './clipboard.js';
import { documentLink } from './document/encodings.js';

// What the address asks for. `hash` is the share link's fragment as loaded (opening it takes
// it out of the address bar, so it is kept here for the "open in the playground" link).
export function embedOptions(loc = location) {
  const query = new URLSearchParams(loc.search);
  return { on: /\/embed\.html$/.test(loc.pathname) || query.has('embed'), autoplay: query.has('autoplay') && query.get('autoplay') !== '0', hash: loc.hash };
}

// A share link (…/#v1.… or …/index.html#v1.…) as the embed's address (…/embed.html#v1.…),
// next to the page the link names, so a published fork embeds itself.
export function embedUrl(shareUrl) {
  const url = new URL('embed.html', shareUrl);
  url.hash = new URL(shareUrl).hash;
  return url.href;
}

// The <iframe> a course page pastes. The size is a starting point: the embed fits any size.
export function iframeSnippet(shareUrl) {
  const src = embedUrl(shareUrl).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${src}" width="640" height="480" style="border:0" title="A* Playground" loading="lazy"></iframe>`;
}

// Share: the embed code next to the link (hidden again with it when the link goes out of date).
// A click on it copies it (in the click itself, which WebKit requires) and says so.
export function showEmbedCode(shareUrl, messages) {
  const box = $('share-embed');
  if (!box) return;
  box.value = iframeSnippet(shareUrl);
  box.hidden = false;
  box.onclick = async () => {
    box.select();
    const copied = await copyNow(box.value);
    messages?.show(copied ? 'Embed code copied: paste it into a course page.' : 'Embed code selected: copy it with Ctrl+C (⌘C).');
  };
}

// Builds the embed's bar under the canvas: the page's timeline (its buttons and sliders, moved
// here: one control per action) and the link out, which opens the embed's document as it is
// now (a host page may have changed the map since load).
export function buildEmbedBar({ store, options }) {
  const out = new URL(location.href);
  out.search = '';
  out.pathname = out.pathname.replace(/\/embed\.html$/, '/');
  out.hash = options.hash;
  const link = el('a', { text: 'Open in the playground ↗', attrs: { id: 'embed-open', href: out.href, target: '_blank', rel: 'noopener' } });
  let serial = 0, timer = 0;
  const follow = async () => {
    const mine = ++serial, fragment = await documentLink(store.snapshot());
    if (mine !== serial) return;  // a later change's link is on its way
    out.hash = fragment;
    link.href = out.href;
    link.dataset.current = 'true';
  };
  for (const kind of ['map', 'query', 'settings', 'race', 'lab', 'part']) {
    store.on(kind, () => {
      ++serial;  // a link still being made is of the document before this change: dropped
      delete link.dataset.current;
      clearTimeout(timer);
      timer = setTimeout(follow, 150);
    });
  }
  const bar = el('nav', { attrs: { id: 'embed-bar', 'aria-label': 'Search controls' } }, [$('timeline'), link]);
  $('layout').append(bar);
  return bar;
}
