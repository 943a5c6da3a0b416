/* Answers for the widgets: what the book fixes comes from data computed at build time by the engine;
   only what was not precomputed goes to Python (window.euchreEngine, engine.mjs).

   answer(name, kwargs) → Promise of the same JSON that window.euchreEngine.call(name, kwargs) gives:
                          from the page's precomputed data when it holds that answer, else from the
                          live engine (which starts Python if it is not up). A precomputed engine
                          error rejects with the same Error as the live engine's (.laws, .field,
                          .type, .engine = true).
   has(name, kwargs)    → true when the answer is precomputed (no Python needed); synchronous: it
                          knows the data already loaded (await loaded() first to be sure).
   warm()               → start Python now (on the first sign that the reader is going off the book:
                          a pointer over, focus on or touch of a card whose answer is not precomputed).
   loaded()             → Promise: resolves when the current page's data is in (or is known absent).

   The data: build_scripts/precompute.py writes answers.json beside each page with widgets, every
   entry the JSON of euchre_core.app.web.call(name, kwargs) under the key "name canonical-kwargs"
   (keys sorted, no spaces: the same as precompute.key), and marks the page with
   <div class="euchre-answers" data-src="answers.json" hidden>. The data of the pages seen in this
   visit is kept (this module outlives Material's instant navigation): the engine is deterministic,
   so a key always has the same answer. Nothing here decides anything: it looks up and forwards. */

/* engine-ui.mjs (the widgets' helpers) is imported only by a page that has answers to inflate: a page
   without widgets fetches no widget code (issue 25) */
function gunzipped(response, type) {
  return import("./engine-ui.mjs").then(function (ui) { return ui.gunzipped(response, type); });
}

const table = new Map();        // key → {ok, result} | {ok: false, error}
const files = new Map();        // absolute URL of an answers.json → Promise (settled when merged)
const counts = { precomputed: 0, live: 0 };

function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).filter(function (k) { return value[k] !== undefined; }).sort().map(function (k) {
      return JSON.stringify(k) + ":" + canonical(value[k]);
    }).join(",") + "}";
  }
  return JSON.stringify(value === undefined ? null : value);
}

export function key(name, kwargs) {
  return name + " " + canonical(kwargs || {});
}

/* The data as JSON: from its gzip-compressed copy (answers.json.gz, written beside it by the build)
   inflated here when the browser can (a host that does not compress sends a twentieth of the bytes),
   else, or when that copy is missing or unreadable, from the plain file. A host that already decoded
   the .gz (Content-Encoding) gives plain JSON: the gzip magic number decides. */
function fetchData(url) {
  const plain = function () {
    return fetch(url, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    });
  };
  if (typeof DecompressionStream !== "function") return plain();
  return fetch(url + ".gz", { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) return null;
    return gunzipped(response, "application/json").then(function (r) { return r.json(); });
  }).catch(function () { return null; }).then(function (doc) { return doc === null ? plain() : doc; });
}

function load(url) {
  if (!files.has(url)) {
    files.set(url, fetchData(url).then(function (doc) {
      const answers = (doc && doc.answers) || {};
      Object.keys(answers).forEach(function (k) { table.set(k, answers[k]); });
      performance.mark("euchre:answers");   // for benchmarks/bench_browser.py
    }, function (error) {
      files.delete(url);   // no data: every answer goes to the live engine (and a later visit tries again)
      console.warn("precomputed answers not available (" + url + "): " + error.message);
    }));
  }
  return files.get(url);
}

/* The page's data: every marker in the document (after instant navigation, the new page's). */
export function loaded() {
  const markers = document.querySelectorAll(".euchre-answers[data-src]");
  return Promise.all(Array.prototype.map.call(markers, function (m) {
    return load(new URL(m.getAttribute("data-src"), location.href).href);
  }));
}

function engine() {
  return new Promise(function (resolve) {
    if (window.euchreEngine) resolve(window.euchreEngine);
    else window.addEventListener("euchre-engine", function () { resolve(window.euchreEngine); }, { once: true });
  });
}

function engineError(error) {   // the same Error engine.mjs makes from the live engine's answer
  const result = new Error(error.message);
  result.laws = error.laws || [];
  result.field = error.field || null;
  result.type = error.type || "Error";
  result.engine = true;
  return result;
}

export function has(name, kwargs) {
  return table.has(key(name, kwargs));
}

export function answer(name, kwargs) {
  return loaded().then(function () {
    const hit = table.get(key(name, kwargs));
    if (hit) {
      counts.precomputed += 1;
      // a fresh copy: a widget may change what it is given without changing the data
      return hit.ok ? JSON.parse(JSON.stringify(hit.result)) : Promise.reject(engineError(hit.error));
    }
    counts.live += 1;
    return engine().then(function (e) { return e.call(name, kwargs || {}); });
  });
}

export function warm() {
  return engine().then(function (e) { return e.ready(); });
}

/* For the tests and the benchmark: how many answers came from the data and how many from Python. */
export function stats() {
  return { precomputed: counts.precomputed, live: counts.live, keys: table.size, files: files.size };
}
window.euchreAnswers = { answer: answer, has: has, warm: warm, loaded: loaded, stats: stats, key: key };

/* A link to a page with precomputed answers: when the reader points at it (pointer over, focus,
   touch), its answers are fetched at once, in parallel with the page that Material's instant
   navigation fetches on the click (every page lists the site's answers files:
   <div class="euchre-answers-index" data-files="cases/i/answers.json ..."> from the site's root). */
function siteRoot() {
  try {
    return new URL(JSON.parse(document.getElementById("__config").textContent).base + "/", location.href);
  } catch {
    return null;
  }
}

/* The link under an event and the page it leads to on this site (no hash, no query), or null. */
function linkedPage(event) {
  const link = event.target && event.target.closest && event.target.closest("a[href]");
  if (!link) return null;
  const target = new URL(link.getAttribute("href"), location.href);
  if (target.origin !== location.origin) return null;
  target.hash = "";
  target.search = "";
  return { link: link, target: target };
}

function onPoint(event) {
  const linked = linkedPage(event);
  const index = document.querySelector(".euchre-answers-index[data-files]");
  const root = siteRoot();
  if (!linked || !index || !root) return;
  const target = linked.target;
  const file = new URL("answers.json", target).href;
  const files = index.getAttribute("data-files").split(" ");
  if (files.some(function (f) { return new URL(f, root).href === file; })) load(file);
}
["pointerover", "focusin", "touchstart"].forEach(function (type) {
  document.addEventListener(type, onPoint, { passive: true, capture: true });
});

/* The page itself, fetched on the press, before the click: a pointer or finger pressing a link to
   another page of the site (pointerdown, touchstart) or Enter on a focused one asks the browser to
   prefetch that page at once, so Material's instant navigation, which fetches it on the click, finds
   it already coming (one request: the browser's cache joins the two). Material prefetches only after
   the pointer has rested 25 ms on a link, and never on touch; a press is a near-certain click, so no
   page is fetched for a pointer that only passes over the navigation. Not with Save-Data. */
const pressed = new Set();
function onPress(event) {
  if (event.type === "keydown" && event.key !== "Enter") return;
  if (event.type === "pointerdown" && event.button !== 0) return;
  const linked = linkedPage(event);
  const root = siteRoot();
  if (!linked || !root || linked.link.target || linked.link.hasAttribute("download")) return;
  if (navigator.connection && navigator.connection.saveData) return;
  const target = linked.target;
  const page = target.pathname.endsWith("/") || target.pathname.endsWith(".html");
  if (!page || !target.href.startsWith(root.href)) return;
  if (target.pathname === location.pathname || pressed.has(target.href)) return;
  pressed.add(target.href);
  const hint = document.createElement("link");
  hint.rel = "prefetch";
  hint.href = target.href;
  hint.addEventListener("load", function () { hint.remove(); }, { once: true });
  hint.addEventListener("error", function () { hint.remove(); pressed.delete(target.href); }, { once: true });
  document.head.appendChild(hint);
}
["pointerdown", "touchstart", "keydown"].forEach(function (type) {
  document.addEventListener(type, onPress, { passive: true, capture: true });
});

/* Fetch the data once the page is there (and after each instant navigation), before a widget asks;
   in an idle moment after the page's load, so its inflating and parsing (the director's guide: 250 kB
   of JSON) is no long task of the first load. A widget that asks first loads it at once (answer()). */
function whenIdle() {
  const go = function () {
    if (typeof requestIdleCallback === "function") requestIdleCallback(function () { loaded(); }, { timeout: 2000 });
    else setTimeout(loaded, 200);
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
window.euchrePage.onPage(whenIdle);  /* each page, also after instant navigation (theme.js) */
