// MediaRecorder writes WebM as a live stream: no Duration in the header, so players show no
// length and cannot seek. addWebmDuration writes the Duration element (EBML ID 0x4489, a
// float64 in TimecodeScale units) into the Segment's Info element, once the length is known.
// Files it cannot edit safely (no Info, a SeekHead whose byte offsets would move, a Duration
// already there, anything it does not parse) come back unchanged.

const kIdSegment = 0x18538067, kIdInfo = 0x1549a966, kIdSeekHead = 0x114d9b74;
const kIdDuration = 0x4489, kIdTimecodeScale = 0x2ad7b1;
const kNanosecondsPerMillisecond = 1e6;  // not a limit: the unit TimecodeScale counts in

// An EBML variable-length integer at `at`: { value, length, unknown } (value without the
// length marker; `unknown`: all value bits set, the "size unknown" of a live stream), or null.
function readVint(bytes, at, keepMarker = false) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;  // leading zeros within the byte, plus one
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes = allOnes && bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

// One element's header at `at`: { id, size, unknown, dataAt }, or null.
function readElement(bytes, at) {
  const id = readVint(bytes, at, true);
  if (!id) return null;
  const size = readVint(bytes, at + id.length);
  if (!size) return null;
  return { id: id.value, size: size.value, unknown: size.unknown, sizeAt: at + id.length, sizeLength: size.length,
    dataAt: at + id.length + size.length };
}

// `value` as a size vint of exactly `length` bytes, or null when it does not fit.
function sizeVint(value, length) {
  if (value >= 2 ** (7 * length) - 1) return null;
  const out = new Uint8Array(length);
  let v = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] |= 0x80 >> (length - 1);
  return out;
}

/**
 * The WebM bytes with a Duration of `milliseconds`, or the same bytes when they cannot be edited.
 * @param {Uint8Array<ArrayBuffer>} bytes @param {number} milliseconds
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function addWebmDuration(bytes, milliseconds) {
  if (!(milliseconds > 0)) return bytes;
  const header = readElement(bytes, 0);
  if (!header || header.id !== 0x1a45dfa3) return bytes;
  const segment = readElement(bytes, header.dataAt + header.size);
  if (!segment || segment.id !== kIdSegment) return bytes;
  const segmentEnd = segment.unknown ? bytes.length : Math.min(bytes.length, segment.dataAt + segment.size);
  for (let at = segment.dataAt; at < segmentEnd;) {
    const child = readElement(bytes, at);
    if (!child || child.unknown) return bytes;
    if (child.id === kIdSeekHead) return bytes;  // its offsets would point past the moved bytes
    if (child.id === kIdInfo) return withDuration(bytes, segment, child, milliseconds);
    at = child.dataAt + child.size;
  }
  return bytes;
}

function withDuration(bytes, segment, info, milliseconds) {
  let scale = kNanosecondsPerMillisecond;  // nanoseconds per timecode unit (WebM's default: 1 ms)
  const infoEnd = info.dataAt + info.size;
  for (let at = info.dataAt; at < infoEnd;) {
    const e = readElement(bytes, at);
    if (!e) return bytes;
    if (e.id === kIdDuration) return bytes;
    if (e.id === kIdTimecodeScale) {
      scale = 0;
      for (let i = 0; i < e.size; i++) scale = scale * 256 + bytes[e.dataAt + i];
    }
    at = e.dataAt + e.size;
  }
  if (!(scale > 0)) return bytes;
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (milliseconds * kNanosecondsPerMillisecond) / scale);
  const infoSize = sizeVint(info.size + duration.length, info.sizeLength);
  if (!infoSize) return bytes;
  const parts = [bytes.subarray(0, info.sizeAt), infoSize, bytes.subarray(info.dataAt, infoEnd), duration, bytes.subarray(infoEnd)];
  const out = new Uint8Array(bytes.length + duration.length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  if (!segment.unknown) {
    const segmentSize = sizeVint(segment.size + duration.length, segment.sizeLength);
    if (!segmentSize) return bytes;
    out.set(segmentSize, segment.sizeAt);
  }
  return out;
}
