/* The theme's script on demand, and the page's one "a page is shown" signal.

   Reading a page needs no script: the text, the laws, the drawer and the tables are HTML and CSS,
   the colour toggle is the site's own (colour.js) and so is search (search.js, with the site's search
   worker: issue 36). Material's own script (instant navigation, the contents that follow the scroll,
   the keys for the next and previous page) is 35 kB to fetch and, on a phone, half a second of work on
   a long page in one task. So it is not loaded with the page: it is loaded when the reader first
   reaches for the page (a touch, a key, the mouse, the wheel) and then paused for a second, not while
   search is open, and, untouched, in idle time 3 s after the page's load: so that the theme's set-up
   (one long task) is neither in the page's load nor behind the answer to a tap. A reader on a phone
   sees the ruling without waiting for it.

   window.euchrePage = {
     onPage(fn)  → fn(document) now (or at DOMContentLoaded), and again after each instant
                   navigation once the theme's script runs. Our scripts use this, never the
                   theme's own signal, so that the theme can be replaced (ARCHITECTURE.md).
     theme()     → "waiting" | "loading" | "ready" | "failed"
     loadTheme() → Promise: resolves when the theme's script has set the page up
     whenQuiet(fn) → fn() in idle time at the page's first quiet moment: the one at which the theme's
                   script is loaded (below); at once (in idle time) if it has come. For the work a
                   reader need not wait for and that must not be in his first tap's way: the offline
                   copy's first download (offline.mjs; measured, it made the first search 2.3x slower)
   }
   The theme's script is named by <meta name="euchre-theme-script"> (overrides/main.html; the file
   is found by build_scripts/hooks.py). It is in the offline copy like every other file. */
(function () {
  "use strict";

  var subscribers = [];
  var state = "waiting";
  var ready = null;
  var TRIGGERS = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "mousemove"];

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

  function whenIdle(fn, timeout) {
    if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: timeout });
    else setTimeout(fn, 1);
  }

  function scriptUrl() {
    var meta = document.querySelector('meta[name="euchre-theme-script"]');
    return meta ? new URL(meta.getAttribute("content"), document.baseURI).href : null;
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
     neither behind the answer to his tap nor in the middle of his scrolling; not while search is open
     (he is reading the results, and may tap one). */
  var QUIET = 1000;
  var lastReach = 0;  // when the reader last reached for the page (performance.now())
  var pausing = false;  // a timer is waiting for his pause
  /* A reader who does not touch the page (he is reading the ruling) has the theme's script in idle time
     3 s after the page's load: after the load's work (and a phone's first paint of it) is done, so that
     his next move (a link: an instant navigation) finds the theme set up. A test may set
     window.EUCHRE_THEME_AFTER_LOAD before the page's scripts (Infinity: only on the reader's touch). */
  var AFTER_LOAD = 3000;

  var quiet = [loadTheme];  // what waits for the page's first quiet moment
  var quietCome = false;

  function whenQuiet(fn) {
    if (quietCome) whenIdle(fn, 2000);
    else quiet.push(fn);
  }

  function becomeQuiet() {
    if (quietCome) return;
    quietCome = true;
    quiet.splice(0).forEach(function (fn) { whenIdle(fn, fn === loadTheme ? 1000 : 2000); });
  }

  function onTrigger() {
    // one timer, re-armed only when it runs out before the pause (the mouse's moves set a time, no timer)
    lastReach = performance.now();
    if (pausing) return;
    pausing = true;
    setTimeout(waitForPause, QUIET);
  }

  function searchOpen() {
    var toggle = document.getElementById("__search");
    return !!(toggle && toggle.checked);
  }

  function waitForPause() {
    var left = searchOpen() ? QUIET : QUIET - (performance.now() - lastReach);
    if (left > 0) {
      setTimeout(waitForPause, left);
      return;
    }
    pausing = false;
    becomeQuiet();
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
    whenQuiet: whenQuiet,
  };

  TRIGGERS.forEach(function (name) {
    window.addEventListener(name, onTrigger, { capture: true, passive: true });
  });
  // untouched, the theme's script comes in idle time AFTER_LOAD ms after the load (a reader reading)
  var afterLoad = function () {
    var after = typeof window.EUCHRE_THEME_AFTER_LOAD === "number" ? window.EUCHRE_THEME_AFTER_LOAD : AFTER_LOAD;
    if (!(after >= 0 && after < Infinity)) return;
    setTimeout(function () {
      if (searchOpen()) onTrigger();  // not while he reads the results: once search is closed and he paused
      else becomeQuiet();
    }, after);
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
})();
