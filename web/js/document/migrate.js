// Version migrations: any older document as the current version (kDocumentVersion).
// 1 was 0.2.0's link and autosave ({ v: 1, map, settings, race?, lab?, lesson? });
// 2 adds every other field; 3 counts the speed in expansions per second (2 had them per frame);
// 4 has no 'learn' section (the code pane is the Learn view's, a choice of the browser, not the
// document's) and draws only the cell path unless the string-pulled or smoothed line is asked for;
// 5 has the agent's size in the settings (a document before it searched for a one-cell agent).
import { kDocumentVersion, isObject, must, defaultSettings } from './schema.js';
import { kSpeed } from './names.js';

// Any known version as the current one. Version 1 (0.2.0): its settings patched the page's
// (a lesson's started from the defaults), race and lab were off unless given, and every field
// it did not have kept what the page showed; a lesson opened at its first step.
export function migrate(raw, ctx) {
  must(isObject(raw), 'the document is not an object');
  if (raw.v === kDocumentVersion) return raw;
  if (raw.v === 4) return migrateVersion4(raw, ctx);
  if (raw.v === 3) return migrateVersion4(migrateVersion3(raw), ctx);
  if (raw.v === 2) return migrateVersion4(migrateVersion3(migrateVersion2(raw)), ctx);
  must(raw.v === 1, 'the document has an unknown version');
  const out = { v: kDocumentVersion, map: raw.map, race: raw.race ?? null, lab: raw.lab ?? null };
  if (raw.settings !== undefined) out.settings = oneCellAgent(raw.settings, ctx);
  if (raw.lesson !== undefined) {
    must(isObject(raw.lesson), 'it has a bad lesson (not an object)');
    out.settings = { ...defaultSettings(ctx), ...(isObject(raw.settings) ? raw.settings : {}) };
    out.lesson = { file: '', step: 0, lesson: raw.lesson };
  }
  return out;
}

// Version 2 played `speed` expansions per animation frame: the same pace on a 60 Hz display,
// per second, kept inside today's range. Anything else about it is left to the field's check.
function migrateVersion2(raw) {
  const out = { ...raw, v: 3 };
  if (typeof raw.speed === 'number' && Number.isFinite(raw.speed)) {
    out.speed = Math.min(kSpeed.max, Math.max(kSpeed.min, raw.speed * kSpeed.framesPerSecond));
  }
  return out;
}

// Version 3 had the code pane in a 'learn' section (now the Learn view's: dropped), and every
// document carried 3's default path views, string-pulled and smoothed on: they become 4's
// default (the cell path alone); other choices are kept.
function migrateVersion3(raw) {
  const out = { ...raw, v: 4 };
  if (Array.isArray(raw.sections)) out.sections = raw.sections.filter((s) => s !== 'learn');
  const views = raw.pathViews;
  if (isObject(views) && views.raw === false && views.pulled === true && views.smooth === true) {
    out.pathViews = { raw: false, pulled: false, smooth: false };
  }
  return out;
}

// Version 4 and older searched for a one-cell agent: their settings say so, rather than leave
// the size the page shows (a link opened after a size-3 search would refuse a narrow maze).
function migrateVersion4(raw, ctx) {
  return isObject(raw.settings) ? { ...raw, v: kDocumentVersion, settings: oneCellAgent(raw.settings, ctx) } : { ...raw, v: kDocumentVersion };
}
const oneCellAgent = (settings, ctx) =>
  (isObject(settings) && settings.agentSize === undefined ? { ...settings, agentSize: ctx.limits.minAgentSize } : settings);
