// Engine failures as sentences for people: what was not done, why in plain words, and what to
// do; never an exception's own text (that goes to the console, for developers). The engine's
// C++ exceptions reach JS as Errors whose message starts with "astar: " (web_engine.h's
// guarded()); a trap or a failed allocation in wasm as WebAssembly.RuntimeError or RangeError.
// Any other Error is the page's own refusal, already a sentence, and is shown as it is.
const kOutOfMemory = /bad_alloc|out of memory|Cannot enlarge memory|OOM|allocation failed|Array buffer allocation/i;

export function isEngineFailure(error) {
  return error instanceof WebAssembly.RuntimeError || error instanceof RangeError || /^astar: /.test(String(error?.message ?? ''));
}

// what: the thing that was not done, as the sentence's subject ("The smoothed line").
export function failureSentence(what, error) {
  const text = String(error?.message ?? error ?? '');
  if (!isEngineFailure(error)) return text;
  console.warn(`${what}: ${text}`);
  if (kOutOfMemory.test(text)) {
    return `${what} was skipped: this map is too large for it in the browser (it ran out of memory). ` +
      'Try a smaller map, or export this one and use the astar command-line tool.';
  }
  return `${what} was not done: the engine stopped with an internal error. The rest of the page still works; ` +
    'reload it if something looks wrong.';
}
