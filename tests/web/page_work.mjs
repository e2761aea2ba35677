// Work units for the browser tests' claims about long work (issue 55): which calls the page
// made, with what size of argument, in which task, and inside which other call. A test asserts
// on these (the work was cut into slices of at most so much, each slice in a task of its own,
// nothing heavy ran inside the click's task) rather than on wall-clock times, which another
// process on the machine can stretch; the wall-clock figures go to page_figures.mjs.

// Page side (page.evaluate(installWorkLog)): window.workLog.task counts the tasks begun by a
// setTimeout or requestAnimationFrame callback or a MessagePort message (the ways the page's
// code gives the main thread back: yield.js, engine.js, json_long_string.js, the frame loop),
// so two calls with the same count ran in one task. watch(what, object, name) wraps a method:
// each call is logged in workLog.calls (in the order they began) as { what, task, start, ms, arg, ret, inside } (arg: the
// first argument's number, length or byte length; ret: a number returned; inside: the watched
// calls it ran within). Installing twice changes nothing.
export function installWorkLog() {
  if (window.workLog) return;
  const log = window.workLog = { task: 0, calls: [], running: [] };
  const inNewTask = (fn) => function (...args) {
    ++log.task;
    return fn.apply(this, args);
  };
  const setTimeoutReal = window.setTimeout;
  window.setTimeout = function (fn, ...rest) { return setTimeoutReal.call(this, typeof fn === 'function' ? inNewTask(fn) : fn, ...rest); };
  const frameReal = window.requestAnimationFrame;
  window.requestAnimationFrame = function (fn) { return frameReal.call(this, inNewTask(fn)); };
  const port = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return port.get.call(this); },
    set(handler) { port.set.call(this, typeof handler === 'function' ? inNewTask(handler) : handler); },
  });
  const size = (a) => (typeof a === 'number' ? a : typeof a === 'string' ? a.length : a?.byteLength);
  log.watch = (what, object, name) => {
    const call = object[name];
    object[name] = function (...args) {
      const entry = { what, task: log.task, start: performance.now(), arg: size(args[0]), inside: [...log.running] };
      log.calls.push(entry);
      log.running.push(what);
      try {
        const out = call.apply(this, args);
        if (typeof out === 'number') entry.ret = out;
        return out;
      } finally {
        log.running.pop();
        entry.ms = performance.now() - entry.start;
      }
    };
  };
}
