// web/js/webm_duration.js on WebM bytes built here: the Duration goes into the Segment's Info
// (in TimecodeScale units), the Info size (and a known Segment size) grow by its 11 bytes, and
// what cannot be edited safely comes back unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addWebmDuration } from '../../web/js/webm_duration.js';

// An element: ID bytes, a size vint of `sizeLength` bytes (or the 8-byte "unknown"), payload.
function element(id, payload, { sizeLength = 1, unknown = false } = {}) {
  const size = new Uint8Array(unknown ? 8 : sizeLength);
  if (unknown) size.fill(0xff).set([0x01]);
  else {
    let v = payload.length;
    for (let i = sizeLength - 1; i >= 0; i--) { size[i] = v % 256; v = Math.floor(v / 256); }
    size[0] |= 0x80 >> (sizeLength - 1);
  }
  return Uint8Array.from([...id, ...size, ...payload]);
}
const cat = (...parts) => Uint8Array.from(parts.flatMap((p) => [...p]));
const ebmlHeader = element([0x1a, 0x45, 0xdf, 0xa3], cat(element([0x42, 0x82], new TextEncoder().encode('webm'))));
const timecodeScale = (ns) => element([0x2a, 0xd7, 0xb1], [(ns >> 16) & 0xff, (ns >> 8) & 0xff, ns & 0xff]);
const cluster = element([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00]);

// The Info element's children of a file: { id: payload }.
function infoOf(bytes) {
  let at = 0;
  const vint = (keep) => {
    const len = Math.clz32(bytes[at]) - 23;
    let v = keep ? bytes[at] : bytes[at] & (0xff >> len);
    for (let i = 1; i < len; i++) v = v * 256 + bytes[at + i];
    at += len;
    return v;
  };
  vint(true);
  const headerSize = vint(false);  // (read before `at +=` reads at)
  at += headerSize;                // past the EBML header
  vint(true); vint(false);        // the Segment's header
  while (at < bytes.length) {
    const id = vint(true), size = vint(false);
    if (id !== 0x1549a966) { at += size; continue; }
    const end = at + size, out = {};
    while (at < end) {
      const cid = vint(true), csize = vint(false);
      out[cid.toString(16)] = bytes.subarray(at, at + csize);
      at += csize;
    }
    return out;
  }
  return {};
}

test('a live WebM (Segment of unknown size) gets its Duration in TimecodeScale units', () => {
  const info = element([0x15, 0x49, 0xa9, 0x66], cat(timecodeScale(1000000), element([0x4d, 0x80], [0x41])), { sizeLength: 8 });
  const file = cat(ebmlHeader, element([0x18, 0x53, 0x80, 0x67], cat(info, cluster), { unknown: true }));
  const out = addWebmDuration(file, 2500);
  assert.equal(out.length, file.length + 11);
  const children = infoOf(out);
  assert.ok(children['4489'], 'Duration present');
  assert.equal(new DataView(children['4489'].buffer, children['4489'].byteOffset, 8).getFloat64(0), 2500);
  assert.deepEqual([...children['2ad7b1']], [0x0f, 0x42, 0x40], 'TimecodeScale kept');
  assert.deepEqual([...out.subarray(out.length - cluster.length)], [...cluster], 'the clusters follow unchanged');
});

test('a known Segment size grows too, and another TimecodeScale is honoured', () => {
  const info = element([0x15, 0x49, 0xa9, 0x66], cat(timecodeScale(500000)), { sizeLength: 2 });
  const body = cat(info, cluster);
  const file = cat(ebmlHeader, element([0x18, 0x53, 0x80, 0x67], body, { sizeLength: 4 }));
  const out = addWebmDuration(file, 1000);
  const children = infoOf(out);
  assert.equal(new DataView(children['4489'].buffer, children['4489'].byteOffset, 8).getFloat64(0), 2000, '1000 ms at 0.5 ms per unit');
  const segmentSizeAt = ebmlHeader.length + 4;
  assert.equal(((out[segmentSizeAt] & 0x0f) << 24) | (out[segmentSizeAt + 1] << 16) | (out[segmentSizeAt + 2] << 8) | out[segmentSizeAt + 3], body.length + 11);
});

test('what cannot be edited safely comes back unchanged', () => {
  const info = element([0x15, 0x49, 0xa9, 0x66], cat(timecodeScale(1000000)));
  const withDuration = element([0x15, 0x49, 0xa9, 0x66], cat(timecodeScale(1000000), element([0x44, 0x89], new Uint8Array(8))));
  const seekHead = element([0x11, 0x4d, 0x9b, 0x74], [0x4d, 0xbb, 0x80]);
  const cases = {
    'a Duration already there': cat(ebmlHeader, element([0x18, 0x53, 0x80, 0x67], cat(withDuration, cluster), { unknown: true })),
    'a SeekHead (its offsets would move)': cat(ebmlHeader, element([0x18, 0x53, 0x80, 0x67], cat(seekHead, info, cluster), { unknown: true })),
    'not WebM': new TextEncoder().encode('ftypisom not a webm file'),
    'truncated': cat(ebmlHeader, [0x18, 0x53]),
    'empty': new Uint8Array(0),
  };
  for (const [what, bytes] of Object.entries(cases)) assert.equal(addWebmDuration(bytes, 1000), bytes, what);
  // An Info whose size cannot grow within its one-byte size field (126 bytes at most).
  const full = element([0x15, 0x49, 0xa9, 0x66], cat(timecodeScale(1000000), element([0x4d, 0x80], new Uint8Array(115))));
  const file = cat(ebmlHeader, element([0x18, 0x53, 0x80, 0x67], cat(full, cluster), { unknown: true }));
  assert.equal(addWebmDuration(file, 1000), file, 'an Info size that would not fit its field');
});
