// Copying links to the clipboard from a click whose text is not ready yet (share links are
// compressed asynchronously). WebKit (Safari, every iOS browser) allows a clipboard write only
// while the click is being handled: writeText after an await fails with NotAllowedError. So the
// write starts at once, with a ClipboardItem whose data is a promise the browser waits for;
// where ClipboardItem or clipboard.write is missing, writeText once the text is there.

// How long a started copy waits for its text before it gives up (a caller that failed on the
// way and never supplied it leaves no write pending).
const kSupplyTimeoutMs = 10000;

// Call inside the click handler, before any await. Returns { supply(text), copied }: supply the
// text when it is ready ('' = nothing to copy); `copied` resolves to true once it is on the
// clipboard, false when the browser refused or there was nothing to copy.
export function startCopy() {
  /** @type {(text: string) => void} */
  let resolveText = () => {};
  const text = new Promise((resolve) => { resolveText = resolve; });
  const timer = setTimeout(() => resolveText(''), kSupplyTimeoutMs);
  const writeLater = async () => {
    const value = await text;
    if (!value || !navigator.clipboard?.writeText) return false;
    try {
      await navigator.clipboard.writeText(value);
      return true;
    } catch {
      return false;
    }
  };
  let copied;
  if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
    const blob = text.then((value) => {
      if (!value) throw new Error('nothing to copy');
      return new Blob([value], { type: 'text/plain' });
    });
    blob.catch(() => {});  // the write's rejection reports it
    try {
      copied = navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]).then(() => true, async () => (await text ? writeLater() : false));
    } catch {
      copied = writeLater();
    }
  } else {
    copied = writeLater();
  }
  return {
    supply(value) {
      clearTimeout(timer);
      resolveText(value);
    },
    copied,
  };
}

// Copies text that is ready now: call it inside the click (WebKit allows the write only there;
// the write starts before the function's first await). Resolves to true when copied.
export async function copyNow(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
