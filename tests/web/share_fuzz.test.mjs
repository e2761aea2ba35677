// Fuzzes the share-link decoder (web/js/share.js, the real module the page uses) with
// fast-check: any fragment must decode to a well-formed { map, settings } or be refused with
// a LinkError carrying a message (nothing else may be thrown, nothing may hang), and every
// state the page can encode must decode to the same state.
//
// Short by default (a fixed seed, a few thousand runs per property: part of `make test`).
// Long mode: SHARE_FUZZ_RUNS=<runs per property> (scripts/fuzz.sh, so `make fuzz`, sets it),
// SHARE_FUZZ_SEED=<seed> (default: fixed when short, from the clock when long; always printed).
// SHARE_FUZZ_OUT=<file>: a failing input is also written there as a JSON list. Keep each one
// by adding it to a JSON list in tests/fuzz/regressions/share/, which this test replays.
//
// The map text itself is read by core through wasm; its readers are fuzzed natively (the
// libFuzzer targets in tests/fuzz/), so here it is only carried, never parsed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { decodeShare, encodeShare, LinkError, kLinkPrefix, kLabParams } from '../../web/js/share.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const regressionDir = path.join(here, '..', 'fuzz', 'regressions', 'share');

const longRuns = Number.parseInt(process.env.SHARE_FUZZ_RUNS ?? '', 10);
const isLong = Number.isFinite(longRuns) && longRuns > 0;
const numRuns = isLong ? longRuns : 2000;
const envSeed = Number.parseInt(process.env.SHARE_FUZZ_SEED ?? '', 10);
const seed = Number.isFinite(envSeed) ? envSeed : isLong ? Date.now() % 2 ** 31 : 18;
const kRunTimeoutMs = 5000;  // one decode taking longer than this is a hang
const settingKeys = new Set(['algorithm', 'heuristic', 'weight', 'wrapAware', 'portalAware']);

// ---- the checks ----

function checkDecoded(result) {
  assert.equal(typeof result, 'object');
  const keys = Object.keys(result).sort();
  assert.ok(['lesson,map,settings', 'map,settings', 'lab,lesson,map,settings', 'lab,map,settings'].includes(keys.join()), `decoded keys ${keys}`);
  // The lab's settings: a known method and, for it, only known parameters with finite numbers
  // (whole ones in 0 .. 2^32 - 1 for counts and the seed).
  if (keys.includes('lab')) {
    const known = kLabParams[result.lab.method];
    assert.ok(known && Object.hasOwn(kLabParams, result.lab.method), `lab method ${result.lab.method}`);
    assert.deepEqual(Object.keys(result.lab).sort(), ['method', 'params']);
    for (const [key, value] of Object.entries(result.lab.params)) {
      assert.ok(Object.hasOwn(known, key), `unknown lab parameter ${key} passed through`);
      assert.ok(typeof value === 'number' && Number.isFinite(value), `lab ${key} = ${value}`);
      if (known[key]) assert.ok(Number.isInteger(value) && value >= 0 && value <= 4294967295, `lab ${key} = ${value}`);
    }
  }
  // A lesson link's lesson part is carried as an object; lessons/format.js checks the rest.
  if (keys.includes('lesson')) assert.ok(result.lesson && typeof result.lesson === 'object' && !Array.isArray(result.lesson));
  assert.equal(typeof result.map, 'string');
  assert.ok(result.map.length > 0, 'an accepted link has a map');
  const s = result.settings;
  assert.ok(s && typeof s === 'object' && !Array.isArray(s), 'settings are an object');
  for (const [key, value] of Object.entries(s)) {
    assert.ok(settingKeys.has(key), `unknown setting ${key} passed through`);
    const want = key === 'weight' ? 'number' : key.endsWith('Aware') ? 'boolean' : 'string';
    assert.equal(typeof value, want, `setting ${key} has type ${typeof value}`);
  }
}

// Decodes with a time limit; resolves when the outcome is allowed, throws otherwise.
async function checkFragment(fragment) {
  let timer;
  const hang = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`decodeShare did not settle in ${kRunTimeoutMs} ms`)), kRunTimeoutMs);
  });
  try {
    const result = await Promise.race([decodeShare(fragment), hang]);
    checkDecoded(result);
  } catch (e) {
    if (!(e instanceof LinkError)) throw new Error(`decodeShare threw something other than a LinkError: ${e?.stack ?? e}`, { cause: e });
    if (typeof e.message !== 'string' || !e.message.trim()) throw new Error('a LinkError without a message', { cause: e });
  } finally {
    clearTimeout(timer);
  }
}

// What decoding should give back for a state the page encodes: JSON keeps everything the
// page's settings hold (finite numbers; -0 becomes 0 in JSON text).
async function checkRoundTrip(state) {
  const link = await encodeShare(state);
  assert.ok(link.startsWith(kLinkPrefix));
  const back = await decodeShare(link);
  const settings = JSON.parse(JSON.stringify(state.settings ?? {}));
  const lesson = state.lesson ? { lesson: JSON.parse(JSON.stringify(state.lesson)) } : {};
  const lab = state.lab ? { lab: JSON.parse(JSON.stringify(state.lab)) } : {};
  assert.deepEqual(back, { map: state.map, settings, ...lesson, ...lab });
  // The URL fragment form (with '#') decodes the same.
  assert.deepEqual(await decodeShare('#' + link), back);
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
// What the page encodes: its playground text and the settings it keeps.
const state = fc.record({
  map: fc.string({ unit: 'binary', minLength: 1, maxLength: 400 }),
  settings: fc.record(
    {
      algorithm: fc.string(),
      heuristic: fc.string(),
      weight: fc.double({ noNaN: true, noDefaultInfinity: true }),
      wrapAware: fc.boolean(),
      portalAware: fc.boolean(),
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
  await assert.rejects(decodeShare(bomb), (e) => e instanceof LinkError && /too large/.test(e.message));
});

test('share fuzz: any fragment decodes to a well-formed state or is refused with a LinkError', async () => {
  await run('decode', fragment, checkFragment);
});

test('share fuzz: what the page encodes decodes to the same state', async () => {
  await run('roundtrip', state, checkRoundTrip);
});
