/* The theme's script on demand, and the page's one "a page is shown" signal.

   Reading a page needs no script: the text, the laws, the drawer and the tables are HTML and CSS,
   and the colour toggle is the site's own (colour.js). Material's own script (search, instant
   navigation, the contents that follow the scroll) is 35 kB to fetch and, on a phone, half a second
   of work on a long page in one task. So it is not loaded with the page: it is loaded at once when
   the reader opens search (a tap on its button, a search key) or the address asks for it (a search's
   highlighting, ?h=), and otherwise when the reader first reaches for the page (a touch, a key, the
   mouse, the wheel) and then paused for a second, and, untouched, in idle time 3 s after the page's
   load: so that the theme's set-up (one long task) is neither in the page's load nor behind the
   answer to a tap. A reader on a phone sees the ruling without waiting for it.
   The search index is built ahead (issue 36): in idle time after the page's load, the site's search
   worker is started and fetches and builds the index itself, off the page's thread; the theme's
   script, when it asks for its worker, is handed that one, so the first search does not wait for
   the index (searchAhead below; search-worker.js's WARM).
   What the reader did before the theme was ready is not lost: the search field takes the focus, and
   a search key ("/", "s", "f") is replayed.

   window.euchrePage = {
     onPage(fn)  → fn(document) now (or at DOMContentLoaded), and again after each instant
                   navigation once the theme's script runs. Our scripts use this, never the
                   theme's own signal, so that the theme can be replaced (ARCHITECTURE.md).
     theme()     → "waiting" | "loading" | "ready" | "failed"
     loadTheme() → Promise: resolves when the theme's script has set the page up
   }
   The theme's script is named by <meta name="euchre-theme-script"> (overrides/main.html; the file
   is found by build_scripts/hooks.py). It is in the offline copy like every other file. */
(function () {
  "use strict";

  var subscribers = [];
  var state = "waiting";
  var ready = null;
  var pendingKey = null;
  var TRIGGERS = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "mousemove"];
  var SEARCH_KEYS = ["/", "s", "S", "f", "F"];

  function run(fn) {
    try {
      fn(document);
    } catch (error) {
      console.error(error);
    }
  }

  function onPage(fn) {
    subscribers.push(fn);
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { run(fn); }, { once: true });
    } else {
      run(fn);
    }
  }

  /* The search worker: the site's own (search-worker.js, beside this script: issue 36), which loads the
     theme's worker named in the page's configuration and puts the reader's words in the index's terms
     (stemmed, stop words dropped) before the theme searches. Set before the theme's script reads it. */
  var HERE = document.currentScript ? document.currentScript.src : null;

  /* The page's configuration with the site's search worker named in it (once); null if the page has
     no search. */
  function ownSearchWorker() {
    var element = document.getElementById("__config");
    if (!element || !HERE) return null;
    try {
      var config = JSON.parse(element.textContent);
      if (!config.search) return null;
      if (config.search.indexOf("search-worker.js") < 0) {
        var own = new URL("search-worker.js", HERE);
        own.searchParams.set("theme", new URL(config.search, document.baseURI).pathname);  // see search-worker.js
        config.search = own.href;
        element.textContent = JSON.stringify(config);
      }
      return config;
    } catch (error) {
      console.error(error);  // the theme's own worker, as configured
      return null;
    }
  }

  /* The search index built ahead, in idle time after the load: the site's worker is started and told
     where the index is (it fetches and builds it itself: WARM, search-worker.js). The theme's script
     creates its search worker with `new Worker(config.search)`: that one address, once, is answered
     with the worker started here (the constructor is the browser's again at once); the worker answers
     the theme's SETUP of the same index without building it again.
     (The theme's script still fetches and parses the index on the page's thread, to send it to the
     worker: that is the theme's own way, left as it is.) */
  var WARM = "euchre-warm";

  function searchAhead() {
    if (state !== "waiting" || !window.Worker || location.protocol === "file:") return;
    var config = ownSearchWorker();
    if (!config || !config.search) return;
    var worker;
    var index;
    try {
      worker = new Worker(config.search);
      index = new URL("search/search_index.json", new URL(config.base || ".", document.baseURI)).href;
      var features = Array.isArray(config.features) ? config.features : [];
      worker.postMessage({
        type: WARM,
        url: index,
        options: { suggest: features.indexOf("search.suggest") >= 0 },  // as the theme sends them
      });
    } catch (error) {
      console.error(error);  // the theme starts its own when it runs
      return;
    }
    var Browser = window.Worker;
    var address = config.search;
    var handover = function (url, options) {
      if (worker && String(url) === address) {
        var ahead = worker;
        worker = null;
        window.Worker = Browser;
        return ahead;
      }
      return new Browser(url, options);
    };
    handover.prototype = Browser.prototype;
    window.Worker = handover;
  }

  function whenIdle(fn, timeout) {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: timeout });
    else setTimeout(fn, 1);
  }

  function scriptUrl() {
    var meta = document.querySelector('meta[name="euchre-theme-script"]');
    return meta ? new URL(meta.getAttribute("content"), document.baseURI).href : null;
  }

  function searchToggle() {
    return document.getElementById("__search");
  }

  function focusSearch() {
    var toggle = searchToggle();
    var input = document.querySelector(".md-search__input");
    if (toggle && toggle.checked && input && document.activeElement !== input) input.focus();
  }

  function whenReady() {
    state = "ready";
    document.documentElement.classList.add("euchre-theme");
    var seen = 0;
    var signal = window.document$;
    if (signal && typeof signal.subscribe === "function") {
      signal.subscribe(function () {
        seen += 1;
        if (seen > 1) subscribers.forEach(run);  // the first is this page, already set up
      });
    }
    focusSearch();
    if (pendingKey) {
      var key = pendingKey;
      pendingKey = null;
      window.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true }));
    }
  }

  function loadTheme() {
    if (ready) return ready;
    var url = scriptUrl();
    if (!url) {
      state = "failed";
      ready = Promise.reject(new Error("the page names no theme script"));
      ready.catch(function () {});
      return ready;
    }
    state = "loading";
    stopListening();
    ownSearchWorker();
    ready = new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = url;
      script.onload = function () {
        /* The theme sets the page up when the document is ready. If it was ready before the
           script came, it is told so once more; our own listeners ran once and are gone. */
        if (document.readyState !== "loading") document.dispatchEvent(new Event("DOMContentLoaded"));
        whenReady();
        resolve();
      };
      script.onerror = function () {
        state = "failed";
        reject(new Error("the theme's script could not be fetched"));
      };
      document.body.appendChild(script);
    });
    ready.catch(function () {});
    return ready;
  }

  /* The reader's reach for the page (a touch, a key, the mouse, the wheel): the theme's script once he
     has paused (QUIET ms without another), in an idle moment, so that its set-up (one long task) is
     neither behind the answer to his tap nor in the middle of his scrolling; at once for a search key,
     which is replayed when the script is ready. */
  var QUIET = 1000;
  var lastReach = 0;  // when the reader last reached for the page (performance.now())
  var pausing = false;  // a timer is waiting for his pause
  /* A reader who does not touch the page (he is reading the ruling) has the theme's script in idle time
     3 s after the page's load: after the load's work (and a phone's first paint of it) is done, so that
     his first search is not kept waiting for the theme's set-up. A test may set
     window.EUCHRE_THEME_AFTER_LOAD before the page's scripts (Infinity: only on the reader's touch). */
  var AFTER_LOAD = 3000;

  function onTrigger(event) {
    if (event.type === "keydown") {
      var field = event.target && event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
      if (!field && !event.ctrlKey && !event.metaKey && !event.altKey && SEARCH_KEYS.indexOf(event.key) >= 0) {
        pendingKey = event.key;
        loadTheme();
        return;
      }
    }
    // one timer, re-armed only when it runs out before the pause (the mouse's moves set a time, no timer)
    lastReach = performance.now();
    if (pausing) return;
    pausing = true;
    setTimeout(waitForPause, QUIET);
  }

  function waitForPause() {
    var left = QUIET - (performance.now() - lastReach);
    if (left > 0) {
      setTimeout(waitForPause, left);
      return;
    }
    pausing = false;
    whenIdle(loadTheme, 1000);
  }

  function onSearchToggle() {
    loadTheme();
    focusSearch();
  }

  function stopListening() {
    TRIGGERS.forEach(function (name) {
      window.removeEventListener(name, onTrigger, { capture: true, passive: true });
    });
  }

  window.euchrePage = {
    onPage: onPage,
    theme: function () { return state; },
    loadTheme: loadTheme,
  };

  if (new URLSearchParams(location.search).has("h")) {
    loadTheme();
  } else {
    TRIGGERS.forEach(function (name) {
      window.addEventListener(name, onTrigger, { capture: true, passive: true });
    });
    var toggle = searchToggle();
    if (toggle) toggle.addEventListener("change", onSearchToggle);
    var ahead = function () {
      whenIdle(searchAhead, 3000);
      // untouched, the theme's script comes in idle time AFTER_LOAD ms after the load (a reader reading)
      var after = typeof window.EUCHRE_THEME_AFTER_LOAD === "number" ? window.EUCHRE_THEME_AFTER_LOAD : AFTER_LOAD;
      if (after >= 0 && after < Infinity) setTimeout(function () { whenIdle(loadTheme, 2000); }, after);
    };
    if (document.readyState === "complete") ahead();
    else window.addEventListener("load", ahead, { once: true });
  }
})();
