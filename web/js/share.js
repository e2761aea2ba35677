// Link bytes: the URL fragment holds a document's JSON text (document/: map, settings and the
// rest), deflated (CompressionStream) and base64url encoded: #v1.<data>. No server is
// involved. This module only converts text to bytes and back; decoding is defensive: every
// limit is checked before the work it bounds, and failures are LinkErrors with a message.
import { nextTask } from './yield.js';

export const kLinkPrefix = 'v1.';
export const kMaxLinkChars = 1_000_000;  // not a limit: the page's own; a longer fragment is refused before decoding
export const kMaxInflatedBytes = 24 * 1024 * 1024;  // a bigger payload is refused while inflating

export class LinkError extends Error {}

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// The link's base64url text checked whole (cheap), then decoded a slice at a time as the
// inflater pulls (decodedSlices): a bomb is refused after decoding a few kilobytes of its text,
// not all of it.
function checkBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError('the link contains characters that are not base64url');
  if (text.length % 4 === 1) throw new LinkError('the link is truncated (its length is not possible in base64)');
}

function fromBase64Url(text) {
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

// A stream's reads resolve as microtasks, so a long read loop would be one task: this one gives
// the page a task of its own every kPumpSliceMs (a bomb is refused in well under 0.5 s either way).
const kPumpSliceMs = 40;
// onChunk(bytes) returning false stops the reading (the stream is cancelled): readSliced then
// returns false.
async function readSliced(reader, onChunk) {
  let sliceStart = performance.now();
  for (;;) {
    if (performance.now() - sliceStart > kPumpSliceMs) {
      await nextTask();
      sliceStart = performance.now();
    }
    const { done, value } = await reader.read();
    if (done) return true;
    if (onChunk(value) === false) {
      await reader.cancel().catch(() => {});
      return false;
    }
  }
}

async function pump(stream) {
  const chunks = [];
  let total = 0;
  await readSliced(stream.getReader(), (value) => {
    chunks.push(value);
    total += value.length;
  });
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
  return pump(stream);
}

// Compressed bytes a slice at a time, decoded from the link's text and pulled only as the
// inflated side is read: deflate expands a byte at most ~1032 times, so a slice never inflates
// to more than about 1 MB before inflateText() can stop at the limit (a bomb is refused after a
// few slices, not after inflating all). Slices are whole base64 quads (4 characters, 3 bytes).
const kInflateSliceChars = 1368;  // 1,026 bytes
function decodedSlices(text) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= text.length) {
        controller.close();
        return;
      }
      try {
        controller.enqueue(fromBase64Url(text.slice(at, at + kInflateSliceChars)));
      } catch (e) {
        controller.error(e);
      }
      at += kInflateSliceChars;
    },
  }, { highWaterMark: 0 });
}

// The inflated chunks kept as they come (the read loop does nothing else, so a bomb is refused
// as quickly as the inflating allows), then decoded in batches of about kDecodeBatchBytes, a
// few per task: no buffer of the whole payload (one 17 MB buffer for a 4096² map took 137 ms of
// one task, its allocation forcing a collection) and few pieces to join (joining a piece per
// inflated chunk, thousands, took 149 ms). The streaming decoder keeps a character split
// between batches.
const kDecodeBatchBytes = 1 << 20;
async function inflateText(text) {
  const reader = decodedSlices(text).pipeThrough(new DecompressionStream('deflate')).getReader();
  const chunks = [];
  let total = 0, whole;
  try {
    whole = await readSliced(reader, (value) => {
      total += value.length;
      if (total > kMaxInflatedBytes) return false;
      chunks.push(value);
      return true;
    });
  } catch (e) {
    if (e instanceof LinkError) throw e;  // the text's own decoding (decodedSlices)
    throw new LinkError('the link is corrupt or truncated (it does not unpack)');
  }
  if (!whole) throw new LinkError(`the link's content is too large (over ${Math.round(kMaxInflatedBytes / 1048576)} MB when unpacked)`);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts = [];
  let sliceStart = performance.now();
  for (let first = 0; first < chunks.length;) {
    if (performance.now() - sliceStart > kPumpSliceMs) {
      await nextTask();
      sliceStart = performance.now();
    }
    let end = first, size = 0;
    while (end < chunks.length && size < kDecodeBatchBytes) size += chunks[end++].length;
    const batch = new Uint8Array(size);
    for (let at = 0; first < end; ++first) {
      batch.set(chunks[first], at);
      at += chunks[first].length;
      chunks[first] = null;
    }
    try {
      parts.push(decoder.decode(batch, { stream: end < chunks.length }));
    } catch {
      throw new LinkError('the link is corrupt (its content is not valid UTF-8 text)');
    }
  }
  if (parts.length > 1) await nextTask();  // joining the pieces copies the whole text
  return parts.join('');
}

// Text (a document's JSON, document/encodings.js) as a link fragment: v1.<base64url(deflate(UTF-8))>.
export async function encodeLinkText(text) {
  return kLinkPrefix + toBase64Url(await deflate(new TextEncoder().encode(text)));
}

// A link fragment (with or without its '#') back to its text, or throws LinkError with a
// message for the user. What the text holds is document/check.js's to check.
export async function decodeLinkText(fragment) {
  let data = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (data.length > kMaxLinkChars) {
    throw new LinkError(`the link is too long (${data.length.toLocaleString('en')} characters; at most ${kMaxLinkChars.toLocaleString('en')})`);
  }
  if (!data.startsWith(kLinkPrefix)) throw new LinkError('this is not a playground link (it should start with #v1.)');
  data = data.slice(kLinkPrefix.length);
  if (!data) throw new LinkError('the link is empty');
  checkBase64Url(data);
  return inflateText(data);
}
