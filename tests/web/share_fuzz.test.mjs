// Fuzzes the link decoder (web/js/share.js's bytes and web/js/document/ schema, the real
// modules the page uses) with fast-check: any fragment must decode to a well-formed document
// (only the schema's fields, each one passing its check) or be refused with a LinkError or a
// DocumentError carrying a message (nothing else may be thrown, nothing may hang), and every
// state the page can encode must decode to the same state.
//
// Short by default (a fixed seed, a few thousand runs per property: part of `make test`).
// Long mode: SHARE_FUZZ_RUNS=<runs per property> (scripts/fuzz.sh, so `make fuzz`, sets it),
// SHARE_FUZZ_SEED=<seed> (default: fixed when short, from the clock when long; always printed).
// SHARE_FUZZ_OUT=<file>: a failing input is also written there as a JSON list. Keep each one
// by adding it to a JSON list in tests/fuzz/regressions/share/, which this test replays.
//
// The map text itself is read by core through wasm; its readers are fuzzed natively (the
// libFuzzer targets in tests/fuzz/), so here it is only carried, never parsed (but for a
// lesson's cells, checked in a scratch engine).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { LinkError, kLinkPrefix, decodeLinkText } from '../../web/js/share.js';
import { kLabParams, kSettingNames } from '../../web/js/document/names.js';
import { DocumentError, documentContext, kFieldNames, kFields, kDocumentVersion } from '../../web/js/document/schema.js';
import { documentLink, readDocumentLink } from '../../web/js/document/encodings.js';
import { loadCore } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const regressionDir = path.join(here, '..', 'fuzz', 'regressions', 'share');

const longRuns = Number.parseInt(process.env.SHARE_FUZZ_RUNS ?? '', 10);
const isLong = Number.isFinite(longRuns) && longRuns > 0;
const numRuns = isLong ? longRuns : 2000;
const envSeed = Number.parseInt(process.env.SHARE_FUZZ_SEED ?? '', 10);
const seed = Number.isFinite(envSeed) ? envSeed : isLong ? Date.now() % 2 ** 31 : 18;
const kRunTimeoutMs = 5000;  // one decode taking longer than this is a hang
const settingKeys = new Set(kSettingNames);
let context;
before(async () => { context = documentContext(await loadCore()); });

// ---- the checks ----

// A decoded document: only the schema's fields, each one as its own check gives it back.
function checkDecoded({ document, problems }) {
  assert.equal(document.v, kDocumentVersion);
  for (const key of Object.keys(document)) assert.ok(key === 'v' || kFieldNames.includes(key), `unknown field ${key} passed through`);
  for (const field of kFields) {
    if (document[field.name] === undefined || field.carriedBy) continue;
    const value = field.name === 'lesson' && document.lesson ? { ...document.lesson, lesson: document.lesson.raw } : document[field.name];
    assert.deepEqual(field.check(value, context), document[field.name], `${field.name} passes its own check`);
  }
  if (document.lab) {
    for (const key of Object.keys(document.lab.params)) assert.ok(Object.hasOwn(kLabParams[document.lab.method], key), `lab ${key}`);
  }
  for (const [key, value] of Object.entries(document.settings ?? {})) assert.ok(settingKeys.has(key), `setting ${key} = ${value}`);
  assert.equal(typeof document.map, 'string');
  assert.ok(document.map.length > 0, 'an accepted link has a map');
  for (const p of problems) assert.ok(typeof p.problem === 'string' && p.problem.trim(), 'a problem has a message');
}

const refusal = (e) => e instanceof LinkError || e instanceof DocumentError;

// Decodes with a time limit; resolves when the outcome is allowed, throws otherwise.
async function checkFragment(fragment) {
  let timer;
  const hang = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`decoding did not settle in ${kRunTimeoutMs} ms`)), kRunTimeoutMs);
  });
  try {
    checkDecoded(await Promise.race([readDocumentLink(fragment, context), hang]));
  } catch (e) {
    if (!refusal(e)) throw new Error(`decoding threw something other than a LinkError or DocumentError: ${e?.stack ?? e}`, { cause: e });
    if (typeof e.message !== 'string' || !e.message.trim()) throw new Error('a refusal without a message', { cause: e });
  } finally {
    clearTimeout(timer);
  }
}

// What decoding gives back for a state the page encodes: the same fields (JSON keeps what the
// page holds; -0 becomes 0 in JSON text), except those whose check refused them, each named
// in a problem; or a refusal (a bad lesson or lab).
async function checkRoundTrip(state) {
  const link = await documentLink(state);
  assert.ok(link.startsWith(kLinkPrefix));
  let back;
  try {
    back = await readDocumentLink(link, context);
  } catch (e) {
    if (!(e instanceof DocumentError) || (state.lesson == null && state.lab == null)) throw e;
    return;
  }
  checkDecoded(back);
  const refused = new Set(back.problems.map((p) => p.field));
  for (const key of ['map', 'settings']) {
    if (state[key] === undefined) continue;
    if (refused.has(key)) assert.equal(back.document[key], undefined);
    else assert.deepEqual(back.document[key], JSON.parse(JSON.stringify(state[key])), key);
  }
  if (state.lab) assert.deepEqual(back.document.lab, JSON.parse(JSON.stringify(state.lab)));
  // The URL fragment form (with '#') decodes the same, and the text is the JSON written.
  assert.deepEqual(await readDocumentLink('#' + link, context), back);
  assert.equal(typeof await decodeLinkText(link), 'string');
}

// ---- inputs ----

function toBase64Url(bytes) {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const b64urlChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
const anything = fc.oneof(fc.jsonValue(), fc.constant(undefined));
const settingValue = fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue());
const payloadObject = fc.record(
  {
    // Mostly what a link holds, at times anything (undefined: the key is left out).
    v: fc.oneof({ weight: 5, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: anything }),
    map: fc.oneof({ weight: 5, arbitrary: fc.string({ unit: 'binary' }) }, { weight: 1, arbitrary: anything }),
    settings: fc.oneof(
      { weight: 5, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...settingKeys), fc.string()), settingValue, { maxKeys: 8 }) },
      { weight: 1, arbitrary: anything }),
    // Lesson links: usually no lesson, at times an object (checked later by lessons/format.js) or anything.
    lesson: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }) }, { weight: 1, arbitrary: anything }),
    // Lab settings: usually none, at times a lab-shaped object with any values, or anything.
    lab: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.record({ method: fc.oneof(fc.constantFrom('ga', 'aco', 'constructor', '__proto__'), anything),
        params: fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom('seed', 'population', 'ants', 'alpha', 'evaporation', 'generations'), fc.string()),
          fc.oneof(fc.integer(), fc.double(), fc.jsonValue()), { maxKeys: 6 }), anything) }) },
      { weight: 1, arbitrary: anything }),
  });
// The bytes a link carries once inflated: arbitrary bytes, any JSON, or payload-shaped objects.
const payloadBytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '')),
  payloadObject.map((v) => Buffer.from(JSON.stringify(v))),
  payloadObject.map((v) => Buffer.from(JSON.stringify(v)).subarray(0, -1)),  // cut JSON
);
const rarely = (arb) => fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
// Deflated (valid zlib, at times cut short or with one byte changed), then base64url.
const deflatedFragment = fc
  .tuple(payloadBytes, fc.integer({ min: 0, max: 9 }), rarely(fc.nat()), rarely(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 }))))
  .map(([bytes, level, cut, flip]) => {
    let z = Buffer.from(zlib.deflateSync(bytes, { level }));
    if (flip !== null && z.length) z[flip[0] % z.length] ^= flip[1];
    if (cut !== null) z = z.subarray(0, cut % (z.length + 1));
    return kLinkPrefix + toBase64Url(z);
  });
const fragment = fc.oneof(
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }).map((s) => kLinkPrefix + s) },
  { weight: 1, arbitrary: fc.string({ unit: b64urlChar, maxLength: 200 }).map((s) => kLinkPrefix + s) },
  { weight: 1, arbitrary: fc.string({ unit: b64urlChar, maxLength: 200 }).map((s) => '#' + kLinkPrefix + s) },
  { weight: 6, arbitrary: deflatedFragment },
  { weight: 1, arbitrary: deflatedFragment.map((f) => '#' + f) },
);
// What the page encodes: its playground text and the settings it keeps (a 0.2.0 page's state
// as a version-2 document: the fields it did not have are left out).
const state = fc.record({
  map: fc.string({ unit: 'binary', minLength: 1, maxLength: 400 }),
  settings: fc.record(
    {
      algorithm: fc.string(),
      heuristic: fc.string(),
      weight: fc.double({ noNaN: true, noDefaultInfinity: true }),
      wrapAware: fc.boolean(),
      portalAware: fc.boolean(),
      agentSize: fc.integer({ min: -1, max: 10 }),
    },
    { requiredKeys: [] }),
  lesson: fc.option(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }), { nil: undefined }),
  // What the lab panel keeps: a method and whole numbers for counts and the seed, any finite number for rates.
  lab: fc.option(fc.constantFrom('ga', 'aco').chain((method) => fc.record({
    method: fc.constant(method),
    params: fc.record(Object.fromEntries(Object.entries(kLabParams[method]).map(([key, whole]) =>
      [key, whole ? fc.integer({ min: 0, max: 4294967295 }) : fc.double({ noNaN: true, noDefaultInfinity: true })])), { requiredKeys: [] }),
  })), { nil: undefined }),
});

// ---- running ----

async function run(name, arbitrary, predicate) {
  const t0 = performance.now();
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { numRuns, seed, timeout: kRunTimeoutMs * 2 });
  const seconds = (performance.now() - t0) / 1000;
  console.log(`share fuzz ${name}: ${details.numRuns} runs in ${seconds.toFixed(1)} s ` +
              `(${Math.round(details.numRuns / seconds)}/s), seed ${seed}${details.failed ? ', FAILED' : ''}`);
  if (!details.failed) return;
  const input = details.counterexample?.[0];
  const saved = typeof input === 'string' ? input : { roundtrip: input };
  console.log(`failing input (add it to a JSON list in tests/fuzz/regressions/share/): ${JSON.stringify(saved)}`);
  if (process.env.SHARE_FUZZ_OUT) {
    const out = process.env.SHARE_FUZZ_OUT;
    const list = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : [];
    list.push(saved);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(list, null, 1) + '\n');
  }
  assert.fail(fc.defaultReportMessage(details));
}

test('share fuzz: saved inputs (tests/fuzz/regressions/share/*.json)', async () => {
  const files = fs.readdirSync(regressionDir).filter((f) => f.endsWith('.json')).sort();
  assert.ok(files.length > 0, `no regression lists in ${regressionDir}`);
  let count = 0;
  for (const f of files) {
    const list = JSON.parse(fs.readFileSync(path.join(regressionDir, f), 'utf8'));
    assert.ok(Array.isArray(list), `${f} is a JSON list`);
    for (const entry of list) {
      if (typeof entry === 'string') await checkFragment(entry);
      else await checkRoundTrip(entry.roundtrip);
      ++count;
    }
  }
  console.log(`share fuzz: ${count} saved inputs from ${files.length} file(s)`);
});

test('share fuzz: a payload over the inflate limit is refused with a message', async () => {
  const bomb = kLinkPrefix + toBase64Url(zlib.deflateSync(Buffer.alloc(25 * 1024 * 1024, 0x20), { level: 9 }));
  await assert.rejects(readDocumentLink(bomb, context), (e) => e instanceof LinkError && /too large/.test(e.message));
});

test('share fuzz: any fragment decodes to a well-formed document or is refused with a message', async () => {
  await run('decode', fragment, checkFragment);
});

test('share fuzz: what the page encodes decodes to the same state', async () => {
  await run('roundtrip', state, checkRoundTrip);
});
