// Helpers of the offline tests (page_offline, page_offline_firefox): a served copy of dist/, the
// build stamped into its service worker, and page functions that wait for the worker and list
// what it stored.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { distDir } from './support.mjs';

export const kUpdateText = 'A new version is ready — reload to use it.';  // web/js/offline.js

// A copy of dist/ to serve (the update test changes it), in a temp folder the caller removes.
export function copyOfDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-offline-'));
  fs.cpSync(distDir, path.join(dir, 'site'), { recursive: true });
  return { dir, site: path.join(dir, 'site') };
}

// The build the service worker was stamped with (scripts/service_worker.cmake): { version, hash, files }.
export function stampedBuild(site) {
  const line = fs.readFileSync(path.join(site, 'sw.js'), 'utf8').match(/^const kBuild = (\{.*\});$/m);
  assert.ok(line, 'sw.js has its build line');
  return vm.runInNewContext(`(${line[1]})`);
}

// In the page: waits until its service worker is active and has stored the build; resolves to
// the cache names, or to { unsupported: reason }.
export async function workerActivated() {
  if (!('serviceWorker' in navigator)) return { unsupported: 'navigator.serviceWorker is missing' };
  const registration = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 20000))]);
  if (!registration) return { unsupported: 'no service worker became ready within 20 s' };
  const worker = registration.active;
  if (worker.state !== 'activated') await new Promise((r) => worker.addEventListener('statechange', () => worker.state === 'activated' && r()));
  return caches.keys();
}

// In the page: every address in its caches, relative to the origin, by cache name.
export async function cachedPaths() {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((r) => r.url.slice(location.origin.length));
  }
  return out;
}

// In the page: whether the network answers (an address the worker does not hold: it passes by).
export async function networkAnswers() {
  try {
    await fetch(`maps/index.json?probe=${Date.now()}`, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
