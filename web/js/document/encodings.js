// The document's encodings: each is the JSON text of a snapshot (share links, lesson links,
// embeds and the autosave, storage.js).
import { encodeLinkText, decodeLinkText, LinkError } from '../share.js';
import { parseJsonWithLongString } from '../json_long_string.js';
import { nextTask } from '../yield.js';
import { kDocumentVersion, DocumentError, kFields } from './schema.js';
import { checkDocument } from './check.js';

// A snapshot as stored: the fields a snapshot has, minus those carried by another field. A
// lesson keeps its content as it came (the checked copy is the page's).
export function documentJson(snapshot) {
  const out = { v: kDocumentVersion };
  for (const field of kFields) {
    if (field.carriedBy || snapshot[field.name] === undefined) continue;
    const value = snapshot[field.name];
    out[field.name] = field.name === 'lesson' && value ? { file: value.file, step: value.step, lesson: value.raw ?? value.lesson } : value;
  }
  return JSON.stringify(out);
}

// JSON text (from a link or the autosave) -> { document, problems }, or throws DocumentError.
export function parseDocumentJson(text, ctx) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new DocumentError('its content is not valid JSON text');
  }
  return checkDocument(raw, ctx);
}

// Links (share links, lesson links, embeds: the same fragment).

// The fragment of a link to this snapshot (without '#').
export function documentLink(snapshot) { return encodeLinkText(documentJson(snapshot)); }

const kLongText = 2 * 1024 * 1024;  // a document's JSON text this long has its map text decoded in slices
// A link's fragment -> { document, problems }; throws LinkError or DocumentError.
export async function readDocumentLink(fragment, ctx) {
  const text = await decodeLinkText(String(fragment));
  try {
    // A 4096² map's JSON: the rest parsed at once, the map's text in slices (json_long_string.js).
    let raw = null;
    if (text.length >= kLongText) {
      await nextTask();  // the text's decoding ended its task; the cut below scans all of it
      raw = await parseJsonWithLongString(text, 'map');
    }
    return raw ? checkDocument(raw, ctx) : parseDocumentJson(text, ctx);
  } catch (e) {
    if (e instanceof DocumentError && /JSON/.test(e.message)) throw new LinkError('the link is corrupt (its content is not valid JSON text)');
    throw e;
  }
}

// Whether two snapshots hold the same document (what a visitor would notice is lost).
export function sameDocument(a, b) { return documentJson(a) === documentJson(b); }
