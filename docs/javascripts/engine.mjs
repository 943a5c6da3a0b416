/* The engine in the page: one Web Worker running euchre_core under Pyodide, shared by every widget,
   and a second one, with its own Python, for the console's snippets (the reader's code never runs where
   the widgets compute: window.euchreConsole, the same interface, started when a snippet is first run);
   both kept across Material's instant navigation (this module is loaded once per visit; the worker is
   a module-level singleton, and the widgets are found again on each page (window.euchrePage.onPage, theme.js)).

   window.euchreEngine = {
     ready()            → Promise: resolves when Python and the engine are up (starts them if needed)
     call(name, kwargs) → Promise of the JSON result of the Python function `name`
                          ("euchre_core.<module>.<function>", keyword arguments as a JSON object);
                          an engine error rejects with an Error whose message is the engine's, with
                          .laws (numbers), .field and .engine = true; anything else with one short line
     stop()             → terminate the worker (a runaway computation) and start a fresh one
     reset()            → terminate the worker (its memory given back); the next call starts a fresh one
     onStatus(cb)       → cb({phase: "idle" | "loading" | "ready" | "error", message}) now and on
                          each change; returns a function that unsubscribes
     status()           → the current status; stats() → {starts, workers} (how often Python booted)
   }
   window.euchreConsole: the same for the console; it calls only euchre_core.app.web.run_snippet, and its
   answers also carry .refused (the URLs the page's Content-Security-Policy refused to the snippet) and
   .memory (the bytes its Python holds), so that the console can say so and restart it.
   The JavaScript only draws and forwards: every rule is decided by the engine (euchre_core/app/web.py). */

import "./answers.mjs";   // fetches each page's precomputed answers on arrival (no Python)
/* The widgets' modules are imported only when a page has their mount element (WIDGETS, below). */

const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url);

/* Offline, with Python not kept on this device (docs/javascripts/offline.mjs saves it ahead), the
   reader is told so in plain words rather than with the failed request. */
const NOT_SAVED = "The live engine is not saved on this device yet, and you are offline: connect once and " +
  "choose \u201cMake the live examples available offline\u201d (near the top of the home page, or at the foot of any page), or use it once online. " +
  "The page's text, tables and the book's own answers work offline.";

/* An engine: one worker, started on first use. `role` is "widgets" (the page's widgets: euchreEngine) or
   "console" (the reader's snippets: their own worker and Python, so that no snippet can change what a
   widget computes; engine-worker.mjs refuses the other role's calls).
   The worker answers only on a MessageChannel of its own, given to it at start: whatever else reaches the
   Worker object (a snippet's `js.postMessage(...)`) is never read. The console's worker is started from a
   blob: URL that imports engine-worker.mjs, so that it inherits the page's Content-Security-Policy
   (a worker from the site's own URL would take its policy from the HTTP headers, and GitHub Pages sends
   none): a snippet can reach no other host. */
function createEngine(role) {
  let worker = null;
  let port = null;
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

  function workerUrl() {
    if (role !== "console") return WORKER_URL;
    const source = "import " + JSON.stringify(WORKER_URL.href) + ";";
    return URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
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
    let url = null;
    try {
      url = workerUrl();
      worker = new Worker(url, { type: "module", name: role === "console" ? "euchre-console" : "euchre-engine" });
    } catch {
      worker = null;
      fail("this browser cannot start the engine (no module workers)");
      return readyPromise;
    }
    if (url !== WORKER_URL) {
      const made = url;
      setTimeout(function () { URL.revokeObjectURL(made); }, 60000);   // the worker has read it by then
    }
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = onMessage;
    worker.onmessage = null;   // nothing but the channel is listened to
    worker.postMessage({ type: "connect", role: role, port: channel.port2 }, [channel.port2]);
    worker.onerror = function (event) {
      event.preventDefault && event.preventDefault();
      fail("the engine's worker could not start" + (event.message ? " (" + event.message + ")" : ""));
    };
    return readyPromise;
  }

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
      if (!answer.ok) {
        entry.reject(engineError(answer.error));
        return;
      }
      // what the console's worker saw besides the answer: hosts refused, the memory its Python holds
      if (role === "console" && answer.result && typeof answer.result === "object") {
        answer.result.refused = Array.isArray(message.refused) ? message.refused.map(String) : [];
        answer.result.memory = Number(message.memory) || 0;
      }
      entry.resolve(answer.result);
    }
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
      port.postMessage({ type: "call", id: id, name: name, kwargs: kwargs || {} });
    });
  }

  function end() {
    if (worker) worker.terminate();
    if (port) port.close();
    worker = null;
    port = null;
    if (settleReady) settleReady.reject(new Error("stopped"));
    const stopped = { message: "Stopped: the engine was restarted.", type: "Stopped", laws: [], field: null };
    pending.forEach(function (entry) {
      entry.reject(engineError(stopped));
    });
    pending.clear();
  }

  function stop() {
    end();
    return start();
  }

  /* The worker ended and its memory given back; the next call starts a fresh one. */
  function reset() {
    end();
    setStatus({ phase: "idle", message: "The engine starts when you use it." });
  }

  return {
    ready: start,
    call: call,
    stop: stop,
    reset: reset,
    onStatus: function (listener) {
      listeners.add(listener);
      listener(current);
      return function () {
        listeners.delete(listener);
      };
    },
    status: function () {
      return current;
    },
    stats: function () {
      return Object.assign({}, stats);
    },
  };
}

function engineError(error) {
  const result = new Error(error.message);
  result.laws = error.laws || [];
  result.field = error.field || null;
  result.type = error.type || "Error";
  result.engine = ["EngineUnavailable", "EngineFailure", "Stopped"].indexOf(result.type) < 0;
  return result;
}

const engine = createEngine("widgets");
window.euchreEngine = engine;

/* The console's engine (window.euchreConsole): made when a console is mounted, its worker started only
   when the reader first runs a snippet; kept across instant navigation like the widgets' one. */
let consoleEngine = null;
function theConsole() {
  if (!consoleEngine) consoleEngine = createEngine("console");
  return consoleEngine;
}
Object.defineProperty(window, "euchreConsole", { get: theConsole, configurable: true });

// this module is async: a classic script that runs first waits for this event (see ARCHITECTURE.md)
window.dispatchEvent(new Event("euchre-engine"));

/* ------------------------------------------------------------------ the widgets of the page */

const mounted = [];
/* [selector, mount]. None of them starts Python when the page opens: what the book fixes is
   precomputed (answers.mjs); Python starts on the first sign of going off the book (ARCHITECTURE.md,
   "When Python starts"). */
const WIDGETS = [   // [selector, module, its mount function(, its engine)]: the module is imported on first use
  [".case-player[data-case]", function () { return import("./case-player.mjs"); }, "mountCasePlayer"],
  [".penalty-sandbox[data-law]", function () { return import("./penalty-sandbox.mjs"); }, "mountSandbox"],
  [".hint-rerun[data-hint]", function () { return import("./hint-rerun.mjs"); }, "mountHintRerun"],
  [".dealing-example[data-law]", function () { return import("./dealing-sandbox.mjs"); }, "mountDealingSandbox"],
  [".table-example[data-law]", function () { return import("./table-sandbox.mjs"); }, "mountTableSandbox"],
  [".engine-console", function () { return import("./engine-console.mjs"); }, "mountConsole", theConsole],   // its own engine
  [".egn-replay", function () { return import("./egn-replay.mjs"); }, "mountEgnReplay"],
  ["#euchre-table", function () { return import("./learn-table.mjs"); }, "mountPlayTable"],   // Learn, lesson 10: play against the engine (starts Python: it is the engine's game)
  [".live-game", function () { return import("./live-game.mjs"); }, "mountLiveGame"],   // Play under the laws (starts Python when a game is dealt)
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
    if (typeof m.dispose === "function") m.dispose();   // a widget without one must not stop the scan of the next page
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
          mounted.push({ root: root, dispose: module[widget[2]](root, widget[3] ? widget[3]() : engine),
            selector: widget[0], index: all.indexOf(root), path: path });
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
