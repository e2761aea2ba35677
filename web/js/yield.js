// Giving the page back between pieces of long work, so no single task holds the main thread
// (the page's rule: none over 200 ms; Lighthouse counts every task over 50 ms).

// Resolves in a new task: input and rendering may run before it. A MessageChannel is not
// clamped to 4 ms as nested setTimeout(0) is.
/** @returns {Promise<void>} */
export function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve(undefined);
    };
    channel.port2.postMessage(0);
  });
}

// Resolves after the browser has painted the current state: a frame callback runs just before
// the paint, and the task after it after the paint. A hidden tab paints nothing and runs no frame
// callbacks: there it resolves in the next task (a page opened in a background tab still boots).
/** @returns {Promise<void>} */
export function afterPaint() {
  if (document.visibilityState === 'hidden') return nextTask();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(), 0)));
}
