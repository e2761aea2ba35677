// Offline use: registers the service worker (../sw.js, which keeps the whole build for use
// without a network) once the page is ready, and tells the visitor when a new version has been
// stored: "A new version is ready — Reload" in the page's message area. Reload hands over to
// the new worker ('skip-waiting') and reloads when it has taken over; until then the page keeps
// running the version it started with.
// Only over http(s), with sw.js on the page's own origin: never from file:, an opaque origin
// (a sandboxed frame) or a copy of the module served from elsewhere.
export const kUpdateText = 'A new version is ready — reload to use it.';

/** @param {{ offer: (text: string, label: string, run: () => void) => boolean }} messages */
export async function registerOffline(messages) {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return null;
  const script = new URL('../sw.js', import.meta.url);
  if (script.origin !== location.origin || self.origin !== location.origin) return null;
  const container = navigator.serviceWorker;
  // A page that was running a worker's version reloads once the new worker has taken over.
  const hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  const offer = (worker) => messages.offer(kUpdateText, 'Reload', () => worker.postMessage('skip-waiting'));
  // A new worker that finished installing while an older one controls this page is a new version.
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && container.controller) offer(worker);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  let registration;
  try {
    registration = await container.register(script.href, { scope: new URL('../', import.meta.url).pathname });
  } catch (e) {
    console.warn(`offline use is not available: ${e.message}`);  // e.g. storage disabled; the page works online
    return null;
  }
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  return registration;
}

