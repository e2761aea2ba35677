// Opening a document: any version, migrated (migrate.js), then each field checked (schema.js's
// kFields), and a lesson's cells checked against its map.
import { cellsNamed } from '../lessons/format.js';
import { kDocumentVersion, DocumentError, kFields, isObject } from './schema.js';
import { migrate } from './migrate.js';

// Checks a document of any version. Returns { document, problems: [{ field, what, problem }] }
// with only the fields that passed (fields it does not have are left out too: the page keeps
// what it shows for them); throws DocumentError when the document cannot be opened at all.
export function checkDocument(raw, ctx) {
  try {
    return checkFields(migrate(raw, ctx), ctx, raw.v === 1);
  } catch (e) {
    if (e instanceof DocumentError) e.inLesson = isObject(raw) && raw.lesson != null;
    throw e;
  }
}
function checkFields(doc, ctx, fromVersion1) {
  const out = { v: kDocumentVersion }, problems = [];
  // A lesson's settings are part of what its text states: a lesson naming an unknown
  // algorithm is refused as a whole, before its map is loaded.
  const strict = (field) => field.fatal || (field.name === 'settings' && doc.lesson != null);
  for (const field of kFields) {
    if (field.carriedBy || doc[field.name] === undefined) continue;
    try {
      out[field.name] = field.check(doc[field.name], ctx);
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      if (strict(field)) {
        throw new DocumentError(field.name === 'map' ? `its map is invalid (${e.message})` : field.name === 'lesson' ? e.message : `bad ${field.what}: ${e.message}`);
      }
      problems.push({ field: field.name, what: field.what, problem: e.message });
    }
  }
  if (out.map === undefined) throw new DocumentError('there is no map');
  // A lesson link (0.2.0's, or Lesson link's) brings its own map: a cell that does not fit it
  // refuses the link. A saved document may have a map edited since: the lesson is left out.
  if (out.lesson) {
    try {
      checkLessonCells(out.lesson.lesson, out.map, ctx);
    } catch (e) {
      if (!(e instanceof DocumentError) || fromVersion1 || /map is invalid/.test(e.message)) throw e;
      problems.push({ field: 'lesson', what: 'lesson', problem: e.message });
      delete out.lesson;
    }
  }
  return { document: out, problems };
}

// A lesson's cells must be floor cells of its map (read by core in a scratch engine).
function checkLessonCells(lesson, map, ctx) {
  const scratch = new ctx.core.Engine();
  try {
    const problem = scratch.loadMap(map, '');
    if (problem) throw new DocumentError(`its map is invalid (${problem})`);
    const width = scratch.width(), height = scratch.height();
    for (const c of cellsNamed(lesson)) {
      if (c.x >= width || c.y >= height) throw new DocumentError(`${c.where}: cell (${c.x}, ${c.y}) is outside the ${width}×${height} map`);
      if (scratch.costs()[c.y * width + c.x] === 0) throw new DocumentError(`${c.where}: cell (${c.x}, ${c.y}) is a wall`);
    }
  } finally {
    scratch.delete();
  }
}
