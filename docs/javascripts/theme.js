/* The theme's script on demand, and the page's one "a page is shown" signal.

   Reading a page needs no script: the text, the laws, the drawer and the tables are HTML and CSS.
   Material's own script (search, the colour toggle, instant navigation, the contents that follow
   the scroll) is 35 kB to fetch and, on a phone, a second of work on a long page, and it starts the
   search index's download (114 kB). So it is loaded when the reader first reaches for the page (a
   touch or a click, a key, the mouse moving, the wheel), or at once when the address asks for it
   (a search's highlighting, ?h=). A reader on a phone sees the ruling without waiting for it.
   What the reader did before it was ready is not lost: a tap on the colour toggle is replayed, the
   search field takes the focus, a search key ("/", "s", "f") is replayed.

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
  var pendingClick = null;
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

  function ownSearchWorker() {
    var element = document.getElementById("__config");
    if (!element || !HERE) return;
    try {
      var config = JSON.parse(element.textContent);
      if (!config.search || config.search.indexOf("search-worker.js") >= 0) return;
      var own = new URL("search-worker.js", HERE);
      own.searchParams.set("theme", new URL(config.search, document.baseURI).pathname);  // see search-worker.js
      config.search = own.href;
      element.textContent = JSON.stringify(config);
    } catch (error) {
      console.error(error);  // the theme's own worker, as configured
    }
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
    if (pendingClick) {
      var target = pendingClick;
      pendingClick = null;
      target.click();
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

  /* A tap on the colour toggle before the theme's script runs would change nothing: it is held,
     and replayed once the script is ready. A search key is replayed too. */
  function onTrigger(event) {
    if (event.type === "click") {
      var label = event.target.closest && event.target.closest('[data-md-component="palette"] label');
      if (!label) return;
      event.preventDefault();
      event.stopPropagation();
      pendingClick = label;
      loadTheme();
      return;
    }
    if (event.type === "keydown") {
      var field = event.target && event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
      if (!field && !event.ctrlKey && !event.metaKey && !event.altKey && SEARCH_KEYS.indexOf(event.key) >= 0) {
        pendingKey = event.key;
      }
    }
    loadTheme();
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
    /* the palette's held tap: a click listener that stays until the script is ready */
    window.addEventListener("click", function hold(event) {
      if (state === "ready") {
        window.removeEventListener("click", hold, true);
        return;
      }
      onTrigger(event);
    }, true);
    var toggle = searchToggle();
    if (toggle) toggle.addEventListener("change", onSearchToggle);
  }
})();
