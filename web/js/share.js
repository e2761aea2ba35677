// Share links: the URL fragment holds the map (in the playground text format, written and
// read by core) and the search settings, as JSON, deflated (CompressionStream) and base64url
// encoded: #v1.<data>. No server is involved. Decoding is defensive: every limit is checked
// before the work it bounds, and failures come back as messages, never as exceptions.

export const kLinkPrefix = 'v1.';
export const kMaxLinkChars = 1_000_000;  // a longer fragment is refused before decoding
export const kMaxInflatedBytes = 24 * 1024 * 1024;  // a bigger payload is refused while inflating

export class LinkError extends Error {}

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError('the link contains characters that are not base64url');
  if (text.length % 4 === 1) throw new LinkError('the link is truncated (its length is not possible in base64)');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  let binary;
  try {
    binary = atob(padded);
  } catch {
    throw new LinkError('the link is not valid base64url');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pump(stream, limit) {
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new LinkError(`the link's content is too large (over ${Math.round(limit / 1048576)} MB when unpacked)`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function deflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return pump(stream, Infinity);
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  try {
    return await pump(stream, kMaxInflatedBytes);
  } catch (e) {
    if (e instanceof LinkError) throw e;
    throw new LinkError('the link is corrupt or truncated (it does not unpack)');
  }
}

// state: { map: playground text, settings: { algorithm, heuristic, weight, wrapAware, portalAware } },
// optionally race: race mode's second search (settings of the same shape), and, for a lesson
// link, lesson: { title, summary, steps } (web/js/lessons/format.js, docs/lessons.md).
export async function encodeShare(state) {
  const json = JSON.stringify({ v: 1, map: state.map, settings: state.settings, ...(state.race ? { race: state.race } : {}),
    ...(state.lesson ? { lesson: state.lesson } : {}), ...(state.lab ? { lab: state.lab } : {}) });
  return kLinkPrefix + toBase64Url(await deflate(new TextEncoder().encode(json)));
}

// Returns { map, settings } (plus lesson, an object still to be checked by lessons/format.js,
// when the link has one) or throws LinkError with a message for the user.
export async function decodeShare(fragment) {
  let data = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (data.length > kMaxLinkChars) {
    throw new LinkError(`the link is too long (${data.length.toLocaleString('en')} characters; at most ${kMaxLinkChars.toLocaleString('en')})`);
  }
  if (!data.startsWith(kLinkPrefix)) throw new LinkError('this is not a playground link (it should start with #v1.)');
  data = data.slice(kLinkPrefix.length);
  if (!data) throw new LinkError('the link is empty');
  const bytes = await inflate(fromBase64Url(data));
  let parsed;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new LinkError('the link is corrupt (its content is not valid JSON text)');
  }
  if (!parsed || typeof parsed !== 'object' || parsed.v !== 1) throw new LinkError('the link has an unknown version');
  if (typeof parsed.map !== 'string' || !parsed.map) throw new LinkError('the link has no map');
  const settings = settingsOf(parsed.settings, 'settings') ?? {};
  const race = settingsOf(parsed.race, 'race settings');
  // A lesson link: the lesson part is only carried here; lessons/format.js checks all of it.
  const lesson = parsed.lesson;
  if (lesson !== undefined && (lesson === null || typeof lesson !== 'object' || Array.isArray(lesson))) {
    throw new LinkError('the link has a bad lesson');
  }
  const lab = labOf(parsed.lab);
  return { map: parsed.map, settings, ...(race ? { race } : {}), ...(lesson ? { lesson } : {}), ...(lab ? { lab } : {}) };
}

// The evolution lab's settings: { method: 'ga' | 'aco', params: { name: number, ... } } with
// only the parameter names the lab knows, each a finite number (whole, 0 .. 2^32 - 1, for the
// counts and the seed). Their ranges are core's, checked when the lab starts the run.
export const kLabParams = {
  ga: { population: true, generations: true, crossoverRate: false, mutationRate: false, elitism: true, tournament: true, seed: true },
  aco: { ants: true, generations: true, alpha: true, beta: true, evaporation: false, deposit: false, eliteWeight: false,
    minPheromone: false, seed: true },
};
function labOf(lab) {
  if (lab === undefined) return null;
  if (lab === null || typeof lab !== 'object' || Array.isArray(lab)) throw new LinkError('the link has bad lab settings');
  const known = Object.hasOwn(kLabParams, lab.method) ? kLabParams[lab.method] : null;
  if (!known) throw new LinkError('the link has bad lab settings (the method must be "ga" or "aco")');
  const p = lab.params;
  if (p === null || typeof p !== 'object' || Array.isArray(p)) throw new LinkError('the link has bad lab settings (no parameters)');
  const params = {};
  for (const [key, whole] of Object.entries(known)) {
    if (!Object.hasOwn(p, key)) continue;
    const v = p[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || (whole && !(Number.isInteger(v) && v >= 0 && v <= 4294967295))) {
      throw new LinkError(`the link has bad lab settings (${key} must be ${whole ? 'a whole number from 0 to 4294967295' : 'a number'})`);
    }
    params[key] = v;
  }
  return { method: lab.method, params };
}

// The known fields of a settings object (their values are checked by the store when applied).
function settingsOf(s, what) {
  if (s === undefined) return null;
  if (s === null || typeof s !== 'object' || Array.isArray(s)) throw new LinkError(`the link has bad ${what}`);
  const settings = {};
  for (const key of ['algorithm', 'heuristic']) if (typeof s[key] === 'string') settings[key] = s[key];
  if (typeof s.weight === 'number') settings.weight = s.weight;
  for (const key of ['wrapAware', 'portalAware']) if (typeof s[key] === 'boolean') settings[key] = s[key];
  return settings;
}
