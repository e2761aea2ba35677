// The playground's service worker: the page works offline after one visit. Registered by
// js/offline.js. On install it stores every file of the build (the page, the embed, the wasm
// module, maps/index.json with the maps and lessons it lists) in one cache named after the
// project version and the build's content hash; it then answers the page's requests from that
// cache, and asks the network only for what the build does not hold.
//
// Updates: scripts/assemble_dist.cmake writes kBuild below at build time, so a changed build is
// a changed sw.js, which the browser notices on the next visit (it checks sw.js on every
// navigation, past the HTTP cache). The new worker fills its own cache and waits; the page shows
// "A new version is ready" and, when the visitor chooses Reload, posts 'skip-waiting': the new
// worker takes over, deletes the old caches, and the page reloads from the new one. Until then
// every tab keeps the version it started with: one build's files are never mixed with another's.
//
// What is never stored: the cache holds exactly the build's files, fetched by their plain
// addresses. A share link's fragment never reaches a service worker; a document asked for with
// a query (index.html?embed) is answered with the stored page and nothing is added to the cache;
// nothing the page fetches at run time is stored. The visitor's own data lives in the page's
// localStorage and sessionStorage, which this worker does not touch.
// Replaced at build time (assemble_dist.cmake): { version, hash, files: [paths relative to this file] }.
const kBuild = { version: 'source', hash: 'source', files: [] };

const kPrefix = 'astar-playground-';
const kCache = `${kPrefix}${kBuild.version}-${kBuild.hash}`;
const kScope = new URL('./', self.location.href);
const kFiles = new Set(kBuild.files.map((f) => new URL(f, kScope).href));

self.addEventListener('install', (event) => {
  // 'reload': past the browser's HTTP cache, so a host's max-age cannot put an older file into
  // this build's cache.
  event.waitUntil(caches.open(kCache).then((cache) => cache.addAll([...kFiles].map((url) => new Request(url, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((n) => n.startsWith(kPrefix) && n !== kCache).map((n) => caches.delete(n)))));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

// The stored file a request stands for: the page for a navigation to the folder or with a
// query; the file itself otherwise (queries included in the match: no other query is ours).
function storedUrl(request) {
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    url.search = '';
    if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  }
  url.hash = '';
  return url.href;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(kScope.href)) return;
  const url = storedUrl(request);
  if (!kFiles.has(url)) return;  // not part of the build: the network, as if no worker were here
  event.respondWith(caches.open(kCache)
    .then((cache) => cache.match(url, { ignoreVary: true }))
    .then((hit) => hit ?? fetch(request)));
});
