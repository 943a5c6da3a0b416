/* The engine in the page: one Web Worker running euchre_core under Pyodide, shared by every widget,
   and kept across Material's instant navigation (this module is loaded once per visit; the worker is
   a module-level singleton, and the widgets are found again on each page (window.euchrePage.onPage, theme.js)).

   window.euchreEngine = {
     ready()            → Promise: resolves when Python and the engine are up (starts them if needed)
     call(name, kwargs) → Promise of the JSON result of the Python function `name`
                          ("euchre_core.<module>.<function>", keyword arguments as a JSON object);
                          an engine error rejects with an Error whose message is the engine's, with
                          .laws (numbers), .field and .engine = true; anything else with one short line
     stop()             → terminate the worker (a runaway computation) and start a fresh one
     onStatus(cb)       → cb({phase: "idle" | "loading" | "ready" | "error", message}) now and on
                          each change; returns a function that unsubscribes
     status()           → the current status; stats() → {starts, workers} (how often Python booted)
   }
   The JavaScript only draws and forwards: every rule is decided by the engine (euchre_core/app/web.py). */

import "./answers.mjs";   // fetches each page's precomputed answers on arrival (no Python)
/* The widgets' modules are imported only when a page has their mount element (WIDGETS, below). */

const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url);

let worker = null;
let current = { phase: "idle", message: "The engine starts when you use it." };
let readyPromise = null;
let settleReady = null;
let nextId = 1;
const pending = new Map();
const listeners = new Set();
const stats = { starts: 0, workers: 0, startedAt: null, readyAt: null };

function setStatus(status) {
  current = status;
  listeners.forEach(function (listener) {
    try {
      listener(current);
    } catch (error) {
      console.error(error);
    }
  });
}

function start() {
  if (worker) return readyPromise;
  stats.workers += 1;
  stats.startedAt = performance.now();
  readyPromise = new Promise(function (resolve, reject) {
    settleReady = { resolve: resolve, reject: reject };
  });
  readyPromise.catch(function () {});  // a failure is reported through the status too
  setStatus({ phase: "loading", message: "" });
  try {
    worker = new Worker(WORKER_URL, { type: "module", name: "euchre-engine" });
  } catch {
    fail("this browser cannot start the engine (no module workers)");
    return readyPromise;
  }
  worker.onmessage = onMessage;
  worker.onerror = function (event) {
    event.preventDefault && event.preventDefault();
    fail("the engine's worker could not start" + (event.message ? " (" + event.message + ")" : ""));
  };
  return readyPromise;
}

/* Offline, with Python not kept on this device (docs/javascripts/offline.mjs saves it ahead), the
   reader is told so in plain words rather than with the failed request. */
const NOT_SAVED = "The live engine is not saved on this device yet, and you are offline: connect once and " +
  "choose \u201cMake the live examples available offline\u201d (at the foot of any page), or use it once online. " +
  "The page's text, tables and the book's own answers work offline.";

function fail(message) {
  if (navigator.onLine === false) {
    setStatus({ phase: "error", offline: true, message: NOT_SAVED });
  } else {
    setStatus({ phase: "error", message: "The engine is not available: " + message + ". The page's text and tables are unaffected." });
  }
  if (settleReady) settleReady.reject(new Error(current.message));
  pending.forEach(function (entry) {
    entry.reject(new Error(current.message));
  });
  pending.clear();
}

function onMessage(event) {
  const message = event.data || {};
  if (message.type === "boot") {
    stats.starts += 1;
  } else if (message.type === "status") {
    if (current.phase === "error") return;   // a failed start stays failed until stop() restarts it
    if (message.phase === "error") {
      fail(message.message);
    } else {
      setStatus({ phase: message.phase, message: message.message, ms: message.ms, importMs: message.importMs });
      if (message.phase === "ready") stats.readyAt = performance.now();
      if (message.phase === "ready" && settleReady) settleReady.resolve();
    }
  } else if (message.type === "result") {
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    if (message.error) {
      entry.reject(engineError(message.error));
      return;
    }
    let answer;
    try {
      answer = JSON.parse(message.json);
    } catch {
      entry.reject(new Error("the engine's answer could not be read"));
      return;
    }
    if (answer.ok) entry.resolve(answer.result);
    else entry.reject(engineError(answer.error));
  }
}

function engineError(error) {
  const result = new Error(error.message);
  result.laws = error.laws || [];
  result.field = error.field || null;
  result.type = error.type || "Error";
  result.engine = ["EngineUnavailable", "EngineFailure", "Stopped"].indexOf(result.type) < 0;
  return result;
}

function call(name, kwargs) {
  if (typeof name !== "string" || name.indexOf("euchre_core.") !== 0) {
    return Promise.reject(new Error("only euchre_core's functions can be called"));
  }
  start();
  if (current.phase === "error") return Promise.reject(new Error(current.message));
  const id = nextId++;
  return new Promise(function (resolve, reject) {
    pending.set(id, { resolve: resolve, reject: reject });
    worker.postMessage({ type: "call", id: id, name: name, kwargs: kwargs || {} });
  });
}

function stop() {
  if (worker) worker.terminate();
  worker = null;
  if (settleReady) settleReady.reject(new Error("stopped"));
  const stopped = { message: "Stopped: the engine was restarted.", type: "Stopped", laws: [], field: null };
  pending.forEach(function (entry) {
    entry.reject(engineError(stopped));
  });
  pending.clear();
  return start();
}

function onStatus(listener) {
  listeners.add(listener);
  listener(current);
  return function () {
    listeners.delete(listener);
  };
}

const engine = {
  ready: start,
  call: call,
  stop: stop,
  onStatus: onStatus,
  status: function () {
    return current;
  },
  stats: function () {
    return Object.assign({}, stats);
  },
};
window.euchreEngine = engine;
// this module is async: a classic script that runs first waits for this event (see ARCHITECTURE.md)
window.dispatchEvent(new Event("euchre-engine"));

/* ------------------------------------------------------------------ the widgets of the page */

const mounted = [];
/* [selector, mount]. None of them starts Python when the page opens: what the book fixes is
   precomputed (answers.mjs); Python starts on the first sign of going off the book (ARCHITECTURE.md,
   "When Python starts"). */
const WIDGETS = [   // [selector, module, its mount function]: the module is imported on first use
  [".case-player[data-case]", function () { return import("./case-player.mjs"); }, "mountCasePlayer"],
  [".penalty-sandbox[data-law]", function () { return import("./penalty-sandbox.mjs"); }, "mountSandbox"],
  [".hint-rerun[data-hint]", function () { return import("./hint-rerun.mjs"); }, "mountHintRerun"],
  [".dealing-example[data-law]", function () { return import("./dealing-sandbox.mjs"); }, "mountDealingSandbox"],
  [".table-example[data-law]", function () { return import("./table-sandbox.mjs"); }, "mountTableSandbox"],
  [".engine-console", function () { return import("./engine-console.mjs"); }, "mountConsole"],
  [".egn-replay", function () { return import("./egn-replay.mjs"); }, "mountEgnReplay"],
  ["#euchre-table", function () { return import("./learn-table.mjs"); }, "mountPlayTable"],   // Learn, lesson 10: play against the engine (starts Python: it is the engine's game)
];   // mounted: {root, dispose, selector, index (the root's place among the page's roots of its kind), path}

/* The same page fetched again by the theme: Material's instant navigation fetches the page it is on
   afresh at the first change of the address it sees (a tap on a link to a law of this page, a hash
   change, the back button after one), and swaps the content. A widget the reader was using would be
   started over: instead, the widget as he left it takes the place of its fresh copy (the same page:
   the same roots in the same order). A page the reader left is disposed of. */
function keepOrDispose() {
  for (let i = mounted.length - 1; i >= 0; i--) {
    const m = mounted[i];
    if (m.root.isConnected) continue;
    const twin = m.path === location.pathname ? document.querySelectorAll(m.selector)[m.index] : null;
    if (twin && !twin.hasAttribute("data-engine-bound")) {
      twin.replaceWith(m.root);
      continue;
    }
    m.dispose();
    mounted.splice(i, 1);
  }
}

function scan() {
  performance.mark("euchre:scan");   // a page announced by Material (benchmarks/bench_browser.py)
  // Material's search box is a dialog without a name (axe: aria-dialog-name); give it one
  const search = document.querySelector('.md-search[role="dialog"]:not([aria-label])');
  if (search) search.setAttribute("aria-label", "Search");
  keepOrDispose();
  const path = location.pathname;
  WIDGETS.forEach(function (widget) {
    const all = Array.prototype.slice.call(document.querySelectorAll(widget[0]));
    const roots = all.filter(function (root) { return !root.hasAttribute("data-engine-bound"); });
    if (!roots.length) return;
    roots.forEach(function (root) { root.setAttribute("data-engine-bound", ""); });
    widget[1]().then(function (module) {
      roots.forEach(function (root) {
        // one task a widget (issue 25): a law page's four sandboxes and its console mounted in one
        // task made a long task of the first load on a phone; each alone is short
        setTimeout(function () {
          if (!root.isConnected) return;   // the reader left the page while the module came
          mounted.push({ root: root, dispose: module[widget[2]](root, engine), selector: widget[0],
            index: all.indexOf(root), path: path });
        }, 0);
      });
    }, function (error) {
      console.error("the widget's module could not be loaded (" + widget[0] + "): " + error.message);
      roots.forEach(function (root) { root.removeAttribute("data-engine-bound"); });
    });
  });
}

/* This module runs as soon as it arrives (async); it never starts Python by itself: a page that is
   only read, or stepped through the book's line and its first branches, fetches no wasm. The widgets
   are mounted on each page (window.euchrePage, theme.js: also after instant navigation). */

window.euchrePage.onPage(scan);  /* each page, also after instant navigation (theme.js) */
