// JSON text with one long string value (a 4096² map's 16 MB of text in a link's document)
// parsed without one long task: JSON.parse of the whole text blocked the page for up to a
// second. The long string is cut out, the rest parsed with a placeholder in its place, and the
// string decoded a piece per slice, each piece ending after a "\n" escape (a map text's line
// end), so no piece splits an escape. Returns null when the text is not laid out that way or
// anything fails to parse: the caller then parses it at once, which reports errors as before.
const kPieceChars = 1 << 20;
const kSliceMs = 20;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The index of the quote that ends the string whose body starts at `from` (-1: none): the next
// quote not escaped by an odd run of backslashes.
function stringEnd(text, from) {
  for (let q = text.indexOf('"', from); q >= 0; q = text.indexOf('"', q + 1)) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 92) ++slashes;  // 92: backslash
    if (slashes % 2 === 0) return q;
  }
  return -1;
}

// Where the piece that starts at `from` may end, at `want` or after: just past the next "\n"
// escape (a backslash that an even run of backslashes leaves unescaped), or `to`.
function pieceEnd(text, want, to) {
  for (let at = text.indexOf('\\n', want); at >= 0 && at < to; at = text.indexOf('\\n', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) ++slashes;
    if (slashes % 2 === 0) return at + 2;
  }
  return to;
}

// The parsed value of `text` with its top-level string `key` decoded in slices, or null.
export async function parseJsonWithLongString(text, key) {
  const opening = `"${key}":"`;  // JSON.stringify's layout
  const at = text.indexOf(opening);
  if (at < 0) return null;
  const from = at + opening.length, to = stringEnd(text, from);
  if (to < 0) return null;
  const before = text.slice(0, from - 1), after = text.slice(to + 1);
  // The placeholder: a word found nowhere in the text. With no \u escape outside the long
  // string, no other value can decode to it, so finding it under `key` means the cut was right.
  if (before.includes('\\u') || after.includes('\\u')) return null;
  let placeholder = 'long-string';
  while (text.includes(placeholder)) placeholder += '-';
  let raw;
  try {
    raw = JSON.parse(`${before}"${placeholder}"${after}`);
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw[key] !== placeholder) return null;
  const pieces = [];
  let sliceStart = performance.now();
  for (let p = from; p < to;) {
    const end = pieceEnd(text, Math.min(to, p + kPieceChars), to);
    try {
      pieces.push(JSON.parse(`"${text.slice(p, end)}"`));
    } catch {
      return null;
    }
    p = end;
    if (p < to && performance.now() - sliceStart > kSliceMs) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  await nextTask();  // the join copies the whole string (~90 ms for a 4096² map): a task of its own
  raw[key] = pieces.join('');
  return raw;
}
