/* The offline book, in the page: registers the service worker that build_scripts/offline.mjs writes
   with Workbox (a built site only: under `mkdocs serve` the page's switch is off and any worker left
   at this address is removed), and says what is kept:

   - the indicator at the foot of every page ([data-offline-indicator]): "Saving the book for
     offline use…", then "The book is ready offline";
   - "Make the live examples available offline" (the indicator, and [data-offline-runtime] near the
     top of the home page and on the engine page): fetches the Python runtime ahead (about 9 MB), which the worker keeps in this
     build's runtime cache; without it the runtime is kept the first time Python starts;
   - "A newer edition is ready — reload": a new build's worker waits (it never serves its pages
     beside the old build's); the reader's reload lets it take over, then the page reloads.

   The worker's registration and its life (installed, waiting, taking over, the reader's reload
   sent as Workbox's SKIP_WAITING message) are workbox-window's (npm, pinned with workbox-build),
   imported only when the page's switch is on: build_scripts/minify.py bundles it into this file's
   built copy, so the page fetches one script; the sources that `mkdocs serve` serves never import it.

   Nothing here decides anything about the book: it only reports what the browser has kept. */

const meta = document.querySelector('meta[name="euchre-offline"]');
const supported = "serviceWorker" in navigator && "caches" in window;
let workbox = null;             // workbox-window's Workbox, once sw.js is registered through it
let registration = null;
let state = "none";             // none | saving | ready | unsupported | failed
let runtime = "unknown";        // unknown | missing | saving | saved
let runtimeProgress = "";
let reloading = false;
let lastUpdateCheck = 0;

function siteRoot() {
  try {
    return new URL(JSON.parse(document.getElementById("__config").textContent).base + "/", location.href);
  } catch {
    return new URL("../", import.meta.url);
  }
}

const RUNTIME_FILES = [
  "pyodide-lock.json",
  "pyodide.mjs",
  "pyodide.asm.mjs.gz",
  "pyodide.asm.wasm.gz",
  "python_stdlib.zip",
  "python_stdlib_rest.zip",
];

/* The runtime's URLs: the fixed files and the engine's wheel, named in the lock file. */
async function runtimeUrls(fromCacheOnly) {
  const base = new URL("pyodide/", siteRoot());
  const urls = RUNTIME_FILES.map(function (name) { return new URL(name, base).href; });
  const lockUrl = urls[0];
  const response = fromCacheOnly ? await caches.match(lockUrl) : await fetch(lockUrl);
  if (!response || !response.ok) return null;
  const lock = await response.json();
  Object.values(lock.packages || {}).forEach(function (entry) {
    if (entry.file_name) urls.push(new URL(entry.file_name, base).href);
  });
  return urls;
}

async function checkRuntime() {
  if (!supported) return;
  try {
    const urls = await runtimeUrls(true);
    if (!urls) {
      runtime = "missing";
    } else {
      const hits = await Promise.all(urls.map(function (url) { return caches.match(url); }));
      runtime = hits.every(Boolean) ? "saved" : "missing";
    }
  } catch {
    runtime = "missing";
  }
  render();
}

/* Fetch every runtime file through the service worker (which keeps it), reading each body to the end. */
async function saveRuntime() {
  if (runtime === "saving") return;
  runtime = "saving";
  runtimeProgress = "";
  render();
  try {
    if (!navigator.serviceWorker.controller) throw new Error("the book is not saved yet");
    const urls = await runtimeUrls(false);
    if (!urls) throw new Error("the runtime's list could not be fetched");
    let received = 0;
    for (const url of urls) {
      const response = await fetch(url);
      if (!response.ok) throw new Error("HTTP " + response.status + " for " + url.split("/").pop());
      const reader = response.body.getReader();
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += chunk.value.byteLength;
        const text = (received / 1e6).toFixed(1) + " MB";
        if (text !== runtimeProgress) {
          runtimeProgress = text;
          render();
        }
      }
    }
    await checkRuntime();
  } catch (error) {
    runtime = "missing";
    runtimeProgress = "";
    render();
    say("The live examples could not be saved: " + (navigator.onLine === false ? "you are offline." : error.message));
  }
}

/* A failure told at the foot of the page and beside each "save" of the page (the home page's, near
   its top, where the reader pressed it). */
function say(text) {
  document.querySelectorAll("[data-offline-indicator] .euchre-offline__note, [data-offline-runtime] .euchre-offline__note").forEach(function (note) {
    note.textContent = text;
  });
}

function runtimeButton(inFooter) {
  const button = document.createElement("button");
  button.type = "button";
  // in the footer, not Material's .md-button (the site's red button text is for the page's white)
  button.className = inFooter ? "euchre-offline__save" : "md-button euchre-offline__save";
  button.textContent = "Make the live examples available offline";
  button.title = "Fetch the Python runtime now (about 9 MB), so that the live examples work without a network";
  button.addEventListener("click", saveRuntime);
  return button;
}

function renderInto(root, withBookState) {
  const parts = [];
  if (withBookState) {
    const text = {
      none: "",
      saving: "Saving the book for offline use…",
      ready: "✓ The book is ready offline.",
      unsupported: "This browser cannot keep the book for offline use.",
      failed: "The book could not be saved for offline use.",
    }[state];
    if (text) parts.push(text);
  }
  const key = state + "|" + runtime + "|" + runtimeProgress + "|" + withBookState;
  if (root.getAttribute("data-offline-state") === key) return;
  root.setAttribute("data-offline-state", key);
  root.setAttribute("data-book", state);
  root.setAttribute("data-runtime", runtime);
  root.textContent = "";
  const line = document.createElement("span");
  line.className = "euchre-offline__state";
  line.textContent = parts.join(" ");
  root.appendChild(line);
  if (state === "ready") {
    if (runtime === "saved") {
      const saved = document.createElement("span");
      saved.className = "euchre-offline__runtime";
      saved.textContent = (parts.length ? " " : "") + "The live examples are saved too.";
      root.appendChild(saved);
    } else if (runtime === "saving") {
      const saving = document.createElement("span");
      saving.className = "euchre-offline__runtime";
      saving.textContent = (parts.length ? " " : "") + "Saving the live examples… " + runtimeProgress;
      root.appendChild(saving);
    } else if (runtime === "missing") {
      root.appendChild(document.createTextNode(" "));
      root.appendChild(runtimeButton(withBookState));
    }
  } else if (!withBookState) {
    const wait = document.createElement("span");
    wait.textContent = state === "unsupported"
      ? "This browser cannot keep the book for offline use."
      : "The live examples can be saved for offline use once the book is saved.";
    root.appendChild(wait);
  }
  const note = document.createElement("span");
  note.className = "euchre-offline__note";
  root.appendChild(note);
}

function render() {
  document.querySelectorAll("[data-offline-indicator]").forEach(function (root) { renderInto(root, true); });
  document.querySelectorAll("[data-offline-runtime]").forEach(function (root) { renderInto(root, false); });
}

/* "A newer edition is ready — reload": shown while a new build's worker waits; the button asks it
   to take over (workbox-window's messageSkipWaiting: the registration's waiting worker), and the
   page reloads when it controls the page (the "controlling" event). */
function showUpdate() {
  if (document.querySelector(".euchre-update")) return;
  const notice = document.createElement("div");
  notice.className = "euchre-update";
  notice.setAttribute("role", "alert");
  const text = document.createElement("span");
  text.textContent = "A newer edition is ready — ";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "euchre-update__reload";
  button.textContent = "reload";
  button.addEventListener("click", function () {
    reloading = true;
    button.disabled = true;
    // the waiting worker of the registration itself: workbox-window's messageSkipWaiting() and its
    // "controlling" event know only a worker whose install it saw begin (GoogleChrome/workbox#2218), and a
    // newer build found by the browser's own check on a navigation is not one (the reload then never came)
    const waiting = registration && registration.waiting;
    if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
    else workbox.messageSkipWaiting();
  });
  notice.appendChild(text);
  notice.appendChild(button);
  document.body.appendChild(notice);
}

/* A worker installed and waiting: a new build's, when an older one controls this page. */
function onWaiting() {
  if (navigator.serviceWorker.controller) showUpdate();
  update();
}

/* The book's state from the registration: kept (an active worker), being saved, or failed. */
function update() {
  if (!registration) return;
  if (registration.active) {
    if (state !== "ready") {
      state = "ready";
      checkRuntime();
    }
  } else {
    state = registration.installing || registration.waiting ? "saving" : "failed";
  }
  render();
}

/* workbox-window's events: its "waiting" comes for a worker found waiting at registration, and for
   one whose install it saw begin (its own or a later build's, isExternal). */
function listen(wb) {
  wb.addEventListener("waiting", onWaiting);
  ["installed", "activated", "redundant"].forEach(function (type) { wb.addEventListener(type, update); });
  wb.addEventListener("controlling", function () {
    if (reloading) location.reload();
    else update();
  });
  // the same for a worker workbox-window did not see installing (see showUpdate): the page's own event
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading) location.reload();
  });
}

/* A worker already installing when this page registered (the browser's own update check on the
   navigation found a new sw.js): workbox-window follows only the installs it sees begin
   (GoogleChrome/workbox#2218), so this one is followed to its waiting here. */
function followInstalling(reg) {
  const worker = reg.installing;
  if (!worker) return;
  worker.addEventListener("statechange", function () {
    if (worker.state === "installed" && reg.waiting === worker) onWaiting();
    else update();
  });
}

async function start() {
  if (!meta) return;
  if (!supported) {
    state = meta.content === "on" ? "unsupported" : "none";
    render();
    return;
  }
  if (meta.content !== "on") {
    // mkdocs serve (or a build without the offline copy): no worker may answer for this site
    const regs = await navigator.serviceWorker.getRegistrations();
    regs.forEach(function (reg) {
      if (reg.scope.indexOf(siteRoot().href) === 0) reg.unregister();
    });
    return;
  }
  if (!navigator.serviceWorker.controller && window.euchrePage && window.euchrePage.whenQuiet) {
    // the first visit: the book's download (every page and file, 5.6 MB, stored by the worker) waits for
    // the page's first quiet moment (theme.js: the reader's first pause, or 3 s after the load untouched),
    // so that it is not in the way of his first tap (issue 36: at 4x CPU it made a search tapped a second
    // after the load 2.3x slower, and the colour toggle 1.4x)
    await new Promise(function (resolve) { window.euchrePage.whenQuiet(resolve); });
  }
  state = "saving";
  render();
  try {
    const { Workbox } = await import("workbox-window");
    const url = new URL(meta.getAttribute("data-sw"), location.href);
    workbox = new Workbox(url.href, { scope: siteRoot().href, updateViaCache: "none" });
    listen(workbox);
    // after the page's own load (register() waits for it): the book's download does not compete
    // with the first page
    registration = await workbox.register();
    lastUpdateCheck = Date.now();
    followInstalling(registration);
    update();
  } catch (error) {
    state = "failed";
    render();
    console.warn("the offline copy could not be registered: " + error.message);
  }
}

/* Each page Material announces (instant navigation too): draw the indicators of the new page; at
   most every ten minutes, ask whether a newer edition was published. */
function onPage() {
  render();
  if (workbox && registration && Date.now() - lastUpdateCheck > 600000 && navigator.onLine !== false) {
    lastUpdateCheck = Date.now();
    workbox.update().catch(function () {});
  }
}

window.euchreOffline = {
  state: function () { return { book: state, runtime: runtime }; },
  saveRuntime: saveRuntime,
};

start();
window.euchrePage.onPage(onPage);  /* each page, also after instant navigation (theme.js) */
