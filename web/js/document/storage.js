// The document in the browser's storage: the autosave (one document per tab), the kept
// document ("Restore it") and the document a lesson or an exercise replaced. Each is the
// snapshot's JSON (encodings.js) in a record.
import { isObject } from './schema.js';
import { checkDocument } from './check.js';
import { documentJson } from './encodings.js';

// The autosave: each tab saves under its own key (its id lives in sessionStorage, which a
// reload keeps and another tab does not share), so two tabs never overwrite each other and a
// reload brings back the tab's own document. A new tab starts from the newest document any tab
// saved (or 0.2.0's single autosave). Before a link or a lesson replaces a document that is not
// saved anywhere else, the document is kept under kKeptKey for "Restore it".
export const kLegacyAutosaveKey = 'astar-playground/autosave';  // 0.2.0's one autosave
const kTabDocumentPrefix = 'astar-playground/document/';
const kKeptKey = 'astar-playground/kept';
const kTabIdKey = 'astar-playground/tab-id';
const kMaxTabDocuments = 6;  // older tabs' documents beyond this are dropped (localStorage holds ~5 MB)

const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
export function tabId() {
  try {
    let id = sessionStorage.getItem(kTabIdKey);
    if (!id) {
      id = newTabId();
      sessionStorage.setItem(kTabIdKey, id);
    }
    return id;
  } catch {
    return 'no-session-storage';
  }
}

// A duplicated tab starts with a copy of its original's sessionStorage, so with the same id:
// at start a tab asks the others (BroadcastChannel) whether its id is taken, and a tab that
// is already running with that id answers; the newcomer then takes a new id (it keeps the
// document it restored, and saves it under its own key from then on).
let startId = '';  // the id this page load began with: its document is what a load restores
export function claimTabId() {
  startId = tabId();
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel('astar-playground/tabs');
  const asked = startId;
  channel.onmessage = (event) => {
    const m = event.data;
    if (m?.type === 'hello' && m.id === tabId()) channel.postMessage({ type: 'taken', id: m.id });
    else if (m?.type === 'taken' && m.id === asked && tabId() === asked) {
      try { sessionStorage.setItem(kTabIdKey, newTabId()); } catch { /* no session storage: one id for all */ }
    }
  };
  channel.postMessage({ type: 'hello', id: asked });
}

// touched: the document has the visitor's own changes (files.js), so a link replacing it keeps it.
const record = (snapshot, touched = true) => `{"savedAt":${Date.now()},"touched":${!!touched},"document":${documentJson(snapshot)}}`;
function readRecord(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!isObject(saved)) return null;
    if (key === kLegacyAutosaveKey) return { savedAt: 0, touched: true, document: saved };
    return isObject(saved.document) && Number.isFinite(saved.savedAt) ? saved : null;
  } catch {
    return null;
  }
}
// When a record was saved, read from its first characters (records are up to ~4.5 MB: no
// parse just to compare their ages).
function savedAtOf(key) {
  try {
    return Number(/^\{"savedAt":(\d+),/.exec(localStorage.getItem(key)?.slice(0, 40) ?? '')?.[1] ?? 0);
  } catch {
    return 0;
  }
}
function tabDocumentKeys() {
  const keys = [];
  for (let i = 0; i < localStorage.length; ++i) {
    const key = localStorage.key(i);
    if (key?.startsWith(kTabDocumentPrefix)) keys.push(key);
  }
  return keys;
}

// Saves the snapshot as this tab's document; returns '' or why it could not (the tab's older
// save is then removed: a reload must not bring it back as if it were this one).
export function saveTabDocument(snapshot, maxChars, touched) {
  const key = kTabDocumentPrefix + tabId();
  // A map over the budget is not even written out as JSON (16 MB of text on a 4096² map).
  const text = snapshot.map.length > maxChars ? '' : record(snapshot, touched);
  let problem = '';
  if (!text || text.length > maxChars) {
    problem = tooLargeToKeep(Math.max(text.length, snapshot.map.length));
  } else {
    for (let attempt = 0; attempt < 2; ++attempt) {
      try {
        localStorage.setItem(key, text);
        pruneTabDocuments(key);
        return '';
      } catch (e) {
        problem = e.message;
        if (!pruneTabDocuments(key, 1)) break;  // room made: try once more
      }
    }
  }
  forgetTabDocument(key);
  return problem;
}

// The tab's document when its map's text (at least mapChars) is surely over the budget: it is
// not written out, and the tab's older save is removed. Returns why.
export function refuseTabDocument(mapChars) {
  forgetTabDocument(kTabDocumentPrefix + tabId());
  return tooLargeToKeep(mapChars);
}

const tooLargeToKeep = (chars) => `it is ${(chars / 1e6).toFixed(1)} MB of text and browsers keep about 5 MB per site`;
function forgetTabDocument(key) {
  try { localStorage.removeItem(key); } catch { /* storage unavailable: nothing kept either */ }
}

// Drops the oldest other tabs' documents beyond the budget (keep fewer to make room).
// Returns how many were dropped.
function pruneTabDocuments(ownKey, keep = kMaxTabDocuments - 1) {
  try {
    const keys = tabDocumentKeys().filter((k) => k !== ownKey);
    if (keys.length <= keep) return 0;
    const others = keys.map((k) => ({ k, at: savedAtOf(k) })).sort((a, b) => b.at - a.at);
    const drop = others.slice(keep);
    for (const { k } of drop) localStorage.removeItem(k);
    return drop.length;
  } catch {
    return 0;
  }
}

// The document a page load restores: this tab's own, else the newest of any tab (a new tab),
// else 0.2.0's autosave. Returns { document, problems, own } or null.
export function readTabDocument(ctx) {
  try {
    const ownKey = kTabDocumentPrefix + (startId || tabId());
    let saved = readRecord(ownKey), own = !!saved;
    if (!saved) {
      const newest = tabDocumentKeys().map((k) => ({ k, at: savedAtOf(k) })).sort((a, b) => b.at - a.at)[0];
      saved = (newest && readRecord(newest.k)) ?? readRecord(kLegacyAutosaveKey);
      own = false;
    }
    return saved ? { ...checkDocument(saved.document, ctx), own, touched: saved.touched !== false } : null;
  } catch {
    return null;
  }
}

// Keeps a document a link or a lesson is about to replace; returns whether it was kept.
export function keepDocument(snapshot) {
  try {
    localStorage.setItem(kKeptKey, record(snapshot));
    return true;
  } catch {
    return false;
  }
}
export function readKeptDocument(ctx) {
  const saved = readRecord(kKeptKey);
  if (!saved) return null;
  try {
    return checkDocument(saved.document, ctx);
  } catch {
    return null;
  }
}

// The document a lesson or an exercise replaced, for "Close lesson" and "Stop exercise" after a
// reload: per tab (sessionStorage, which a reload keeps), one per slot ('lesson', 'exercise'),
// dropped when the lesson or the exercise closes. before: { snapshot, touched } or null.
const kBeforeKeys = Object.freeze({ lesson: 'astar-playground/before-lesson', exercise: 'astar-playground/before-exercise' });
export function keepBefore(slot, before) {
  try {
    if (before) sessionStorage.setItem(kBeforeKeys[slot], record(before.snapshot, before.touched));
    else sessionStorage.removeItem(kBeforeKeys[slot]);
  } catch { /* no room or no storage: a reload then keeps the lesson's (the exercise's) settings */ }
}
export function readBefore(slot, ctx) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(kBeforeKeys[slot]) ?? 'null');
    return isObject(saved?.document) ? { snapshot: checkDocument(saved.document, ctx).document, touched: saved.touched !== false } : null;
  } catch {
    return null;
  }
}
